/**
 * The referral program (spec products-programs sections 2 "Programs", 3 "Referral", 9 "Referral
 * and loyalty"): its rules, shown on the program page and applied by the server
 * (server/domain/programs/referral-rules.ts), and the member's record.
 *
 * Member (session):
 * - `GET /api/v1/user/referral/program`  the record: code, the reward the next friend's first
 *                                        purchase earns, BCNT paid and waiting, friends counted
 *                                        this month against the cap, the next distribution
 *
 * The referred members (level-1 date, qualified flag) are `GET /api/v1/user/referral/history`
 * (shared/api/referral.ts). Amounts are BCNT decimal strings (18 decimals at most); times ISO
 * 8601 (UTC).
 */
import * as z from 'zod/mini';

const int = () => z.number().check(z.int());

/** The reward rules, whole BCNT (spec section 9). */
export const REFERRAL_RULES = {
  /** the friend, on joining through a referral code (paid once the friend reaches level 1) */
  signupBcnt: 50,
  /** the friend and the referrer each, when the friend reaches level 1 (the qualification) */
  level1Bcnt: 100,
  /** the referrer, when a qualified friend first subscribes to a product: by the friend's rank */
  firstPurchaseTiers: [
    { fromRank: 1, toRank: 3, bcnt: 100 },
    { fromRank: 4, toRank: 7, bcnt: 200 },
    { fromRank: 8, toRank: null, bcnt: 500 },
  ],
  /** friends counted per referrer per calendar month (UTC+8) */
  monthlyCap: 35,
  /** the program's pool, whole BCNT: never paid beyond what is in it */
  poolBcnt: 100_000,
  /** distributions: every Wednesday and the 5th of each month, until 17:00 UTC+8 */
  distributionWeekday: 3,
  distributionMonthDay: 5,
  distributionEndHour: 17,
} as const;

export const referralProgramSchema = z.object({
  /** the member's referral code */
  code: z.string(),
  /** BCNT the next qualified friend's first purchase earns the member (the current tier) */
  rate: z.string(),
  /** BCNT paid to the member by the program, and accrued waiting for a distribution */
  totalRewards: z.string(),
  pendingRewards: z.string(),
  /** members who registered with the code, those at level 1, those counted (qualified) */
  referred: int(),
  level1: int(),
  qualified: int(),
  /** friends counted this UTC+8 month, against `monthlyCap` */
  countedThisMonth: int(),
  monthlyCap: int(),
  /** the start of the next distribution window (ISO) */
  nextDistribution: z.string(),
});
export type ReferralProgram = z.infer<typeof referralProgramSchema>;

/**
 * Campaigns (spec sections 1, 2 "Event, LimitEvent", 8 "Airdrop", 9 "Airdrop"), defined by
 * operators:
 * - `GET /api/v1/common/CampaignList`          every campaign, running and upcoming first
 * - `GET /api/v1/common/Campaign?slug=`        one campaign (public)
 * - `GET /api/v1/user/campaign/Airdrop?slug=`  the member's airdrop qualification: qualified by
 *   a subscription held at least the minimum days with at least the minimum amount; otherwise
 *   disqualified, with the BCNT the member may withdraw now
 */
export const CAMPAIGN_KINDS = ['event', 'limit_event'] as const;
export const CAMPAIGN_STATES = ['upcoming', 'running', 'ended'] as const;
export type CampaignState = (typeof CAMPAIGN_STATES)[number];

export const campaignSlugSchema = z
  .string()
  .check(z.trim(), z.regex(/^[a-z0-9][a-z0-9-]{1,39}$/, 'campaign_slug_invalid'));

const localized = z.object({ 'en-US': z.string(), 'zh-TW': z.string(), 'zh-CN': z.string() });

export const campaignSchema = z.object({
  slug: z.string(),
  kind: z.enum(CAMPAIGN_KINDS),
  title: localized,
  summary: localized,
  startsAt: z.string(),
  endsAt: z.string(),
  state: z.enum(CAMPAIGN_STATES),
  /** an airdrop: its pool (BCNT), the minimum holding days and amounts by currency */
  airdrop: z.nullable(
    z.object({
      poolBcnt: z.string(),
      minSubscriptionDays: int(),
      minAmounts: z.record(z.string(), z.string()),
    }),
  ),
});
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignListSchema = z.object({ list: z.array(campaignSchema) });
export type CampaignList = z.infer<typeof campaignListSchema>;

export const campaignQuerySchema = z.object({ slug: campaignSlugSchema });

export const airdropStatusSchema = z.object({
  qualified: z.boolean(),
  /** the subscriptions that qualify (product serial number, currency, amount, since) */
  qualifying: z.array(
    z.object({
      serialNumber: z.string(),
      currency: z.string(),
      amount: z.string(),
      since: z.string(),
    }),
  ),
  /** BCNT the member may withdraw now (rewards of young subscriptions stay) */
  withdrawableBcnt: z.string(),
});
export type AirdropStatus = z.infer<typeof airdropStatusSchema>;

export const CampaignError = { notFound: 'campaign_not_found' } as const;

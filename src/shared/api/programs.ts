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

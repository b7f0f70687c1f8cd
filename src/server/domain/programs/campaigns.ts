import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { campaigns, earnProducts, earnSubscriptions } from '../../db/schema';
import type { CampaignKind } from '../../db/schema/programs';
import {
  type AirdropStatus,
  type Campaign,
  CampaignError,
  type CampaignState,
} from '../../../shared/api/programs';
import type { LocalizedText } from '../../../shared/api/earn';
import { CURRENCIES } from '../../../shared/constants/currencies';
import { formatAtomic, parseAmount } from '../../../shared/money/decimal';
import { AppError } from '../../errors';
import { bcntRewardCredits, withdrawableBcnt } from '../wallet/bcnt-rewards';
import { accountBalance, memberAccount } from '../wallet/ledger';
import type { ProgramsDeps } from './referral-rewards';

/**
 * Campaigns (Event and LimitEvent pages), defined by operators (`campaign create`). The state
 * is the clock's: upcoming before `startsAt`, running until `endsAt`, then ended (the page keeps
 * showing an ended campaign as ended).
 *
 * Airdrop qualification (spec sections 8 and 9): the member qualifies with an earn subscription
 * (not failed or cancelled) in a currency the campaign names, of at least its minimum amount
 * (what the member invested), held at least `minSubscriptionDays` days by now (from its
 * creation to its return, or to now while it runs). Otherwise the airdrop rewards are
 * disqualified and the page shows the BCNT the member may withdraw now (the wallet's rule:
 * rewards of subscriptions younger than 30 days stay, wallet/bcnt-rewards.ts). After the end the
 * `airdrop-payout` job shares the pool among the members qualified then (airdrop-payout.ts).
 */

const DAY_MS = 24 * 3600 * 1000;
const BCNT_DECIMALS = 18;

type CampaignRow = typeof campaigns.$inferSelect;

export function campaignState(row: Pick<CampaignRow, 'startsAt' | 'endsAt'>, now: Date) {
  const state: CampaignState =
    now.getTime() < row.startsAt.getTime()
      ? 'upcoming'
      : now.getTime() < row.endsAt.getTime()
        ? 'running'
        : 'ended';
  return state;
}

function view(row: CampaignRow, now: Date): Campaign {
  return {
    slug: row.slug,
    kind: row.kind,
    title: row.title,
    summary: row.summary,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    state: campaignState(row, now),
    airdrop:
      row.airdropBcnt !== null
        ? {
            poolBcnt: formatAtomic(BigInt(row.airdropBcnt), BCNT_DECIMALS),
            minSubscriptionDays: row.minSubscriptionDays ?? 0,
            minAmounts: row.minAmounts ?? {},
          }
        : null,
  };
}

/** The earn subscription states that count (not failed or cancelled). */
export const QUALIFYING_SUBSCRIPTION_STATES = [
  'raising',
  'running',
  'ended',
  'asset_return',
] as const;

/**
 * Whether a subscription qualifies for the campaign's airdrop at `at`: a currency the campaign
 * names, at least its minimum invested, held at least the minimum days by `at` (from its
 * creation to its return, or to `at`).
 */
export function heldSubscriptionQualifies(
  campaign: Pick<CampaignRow, 'minAmounts' | 'minSubscriptionDays'>,
  sub: { currency: string; invested: string; createdAt: Date; returnedAt: Date | null },
  at: Date,
): boolean {
  const minimum = (campaign.minAmounts ?? {})[sub.currency];
  const decimals = CURRENCIES.find((c) => c.code === sub.currency)?.decimals;
  if (minimum === undefined || decimals === undefined) return false;
  const min = parseAmount(minimum, decimals);
  if (min === null || BigInt(sub.invested) < min) return false;
  const heldUntil = sub.returnedAt && sub.returnedAt < at ? sub.returnedAt : at;
  return (
    heldUntil.getTime() - sub.createdAt.getTime() >= (campaign.minSubscriptionDays ?? 0) * DAY_MS
  );
}

const ORDER: Record<CampaignState, number> = { running: 0, upcoming: 1, ended: 2 };

export async function campaignList(deps: ProgramsDeps): Promise<{ list: Campaign[] }> {
  const now = deps.clock.now();
  const rows = await deps.db.select().from(campaigns).orderBy(asc(campaigns.endsAt));
  const list = rows.map((row) => view(row, now));
  list.sort((a, b) => ORDER[a.state] - ORDER[b.state]);
  return { list };
}

async function campaignRow(db: Db, slug: string): Promise<CampaignRow> {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.slug, slug));
  if (!row) throw new AppError(404, CampaignError.notFound);
  return row;
}

export async function campaignDetail(deps: ProgramsDeps, slug: string): Promise<Campaign> {
  return view(await campaignRow(deps.db, slug), deps.clock.now());
}

export async function airdropStatus(
  deps: ProgramsDeps,
  memberId: number,
  slug: string,
): Promise<AirdropStatus> {
  const row = await campaignRow(deps.db, slug);
  if (row.airdropBcnt === null) throw new AppError(404, CampaignError.notFound);
  const now = deps.clock.now();
  const subscriptions = await deps.db
    .select({
      serialNumber: earnProducts.serialNumber,
      currency: earnProducts.currency,
      invested: earnSubscriptions.invested,
      createdAt: earnSubscriptions.createdAt,
      returnedAt: earnSubscriptions.returnedAt,
    })
    .from(earnSubscriptions)
    .innerJoin(earnProducts, eq(earnProducts.id, earnSubscriptions.productId))
    .where(
      and(
        eq(earnSubscriptions.memberId, memberId),
        inArray(earnSubscriptions.state, [...QUALIFYING_SUBSCRIPTION_STATES]),
      ),
    )
    .orderBy(asc(earnSubscriptions.createdAt));
  const qualifying = subscriptions.filter((sub) => heldSubscriptionQualifies(row, sub, now));
  const available = await accountBalance(deps.db, memberAccount(memberId), 'BCNT');
  const withdrawable = withdrawableBcnt(available, await bcntRewardCredits(deps.db, memberId), now);
  return {
    qualified: qualifying.length > 0,
    qualifying: qualifying.map((sub) => ({
      serialNumber: sub.serialNumber,
      currency: sub.currency,
      amount: formatAtomic(
        BigInt(sub.invested),
        CURRENCIES.find((c) => c.code === sub.currency)!.decimals,
      ),
      since: sub.createdAt.toISOString(),
    })),
    withdrawableBcnt: formatAtomic(withdrawable, BCNT_DECIMALS),
  };
}

export interface CampaignInput {
  slug: string;
  kind: CampaignKind;
  title: LocalizedText;
  summary: LocalizedText;
  startsAt: Date;
  endsAt: Date;
  airdrop?: { poolBcnt: bigint; minSubscriptionDays: number; minAmounts: Record<string, string> };
}

/** `campaign create`: a new campaign (the slug must be free). */
export async function createCampaign(deps: ProgramsDeps, input: CampaignInput): Promise<Campaign> {
  const [row] = await deps.db
    .insert(campaigns)
    .values({
      slug: input.slug,
      kind: input.kind,
      title: input.title,
      summary: input.summary,
      startsAt: input.startsAt,
      endsAt: input.endsAt,
      airdropBcnt: input.airdrop ? input.airdrop.poolBcnt.toString() : null,
      minSubscriptionDays: input.airdrop ? input.airdrop.minSubscriptionDays : null,
      minAmounts: input.airdrop ? input.airdrop.minAmounts : null,
      createdAt: deps.clock.now(),
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError(409, 'campaign_slug_taken', { slug: input.slug });
  return view(row, deps.clock.now());
}

import { and, asc, count, eq, inArray, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import { formatAtomic } from '../../../shared/money/decimal';
import type { Db } from '../../db/database';
import { airdropPayouts, campaigns, earnProducts, earnSubscriptions } from '../../db/schema';
import { memberAccount, platformAccount, postLedgerTransaction, transfer } from '../wallet/ledger';
import { heldSubscriptionQualifies, QUALIFYING_SUBSCRIPTION_STATES } from './campaigns';
import type { ProgramsDeps } from './referral-rewards';

/**
 * Paying out an ended airdrop (spec products-programs sections 8 and 9: the pool, e.g. 2 million
 * BCNT, the 30-day minimum subscription and the minimum amounts; the spec does not say how the
 * pool is shared). Decisions:
 *
 * - Who: the members qualified when the campaign ENDS (the same rule as the campaign page's
 *   status, campaigns.ts, judged at `endsAt`: an earn subscription created before the end, not
 *   failed or cancelled, of at least the currency's minimum, held at least the minimum days by
 *   the end).
 * - How much: the pool in equal shares, rounded down to the BCNT atom (the remainder stays in
 *   the pool). Equal, not by amount: the minimums are per currency, and one BTC subscription is
 *   not comparable with a USDT one without a price.
 * - Allocation: once per campaign, at the first run after its end, in ONE database transaction
 *   (the campaign's `airdropAllocatedAt` set conditionally, and one `airdrop_payouts` row per
 *   qualified member), so a later change of a subscription does not change the shares.
 * - Payment: one database transaction per member, with the `airdrop_pool` ledger row locked:
 *   the payout moves from allocated to paid (conditional) and ONE balanced ledger transaction
 *   `airdrop:<campaign>:<member>` (type `airdrop`) moves the BCNT from the pool to the member's
 *   available balance. A share the pool does not hold stops the run: it and everything after it
 *   wait for operators to fund the pool (`fundAirdropPool`); the pool never goes below zero.
 *
 * A run killed anywhere leaves each campaign allocated whole or not at all, and each share either
 * paid with its ledger transaction or allocated, so the next run pays nothing twice.
 */

export const AIRDROP_PAYOUT_TASK = 'airdrop-payout';
const BCNT_DECIMALS = 18;
const PAGE = 200;

async function rowsOf<T>(db: Db, statement: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}

/** The airdrop pool's balance, its row locked until the transaction ends (0 before funding). */
async function lockedPoolBalance(tx: Db): Promise<bigint> {
  const [row] = await rowsOf<{ balance: string }>(
    tx,
    sql`select balance from ledger_accounts
      where member_id is null and currency = 'BCNT' and kind = 'airdrop_pool'
      for update`,
  );
  return row ? BigInt(row.balance) : 0n;
}

export interface AllocationReport {
  campaigns: number;
  members: number;
}

/** Step 1: share every ended, unallocated airdrop among the members qualified at its end. */
export async function allocateEndedAirdrops(
  deps: ProgramsDeps,
  now: Date,
): Promise<AllocationReport> {
  const report: AllocationReport = { campaigns: 0, members: 0 };
  const ended = await deps.db
    .select()
    .from(campaigns)
    .where(
      and(
        isNotNull(campaigns.airdropBcnt),
        lte(campaigns.endsAt, now),
        isNull(campaigns.airdropAllocatedAt),
      ),
    )
    .orderBy(asc(campaigns.id));
  for (const campaign of ended) {
    const subscriptions = await deps.db
      .select({
        memberId: earnSubscriptions.memberId,
        currency: earnProducts.currency,
        invested: earnSubscriptions.invested,
        createdAt: earnSubscriptions.createdAt,
        returnedAt: earnSubscriptions.returnedAt,
      })
      .from(earnSubscriptions)
      .innerJoin(earnProducts, eq(earnProducts.id, earnSubscriptions.productId))
      .where(
        and(
          inArray(earnSubscriptions.state, [...QUALIFYING_SUBSCRIPTION_STATES]),
          lt(earnSubscriptions.createdAt, campaign.endsAt),
        ),
      );
    const qualified = [
      ...new Set(
        subscriptions
          .filter((sub) => heldSubscriptionQualifies(campaign, sub, campaign.endsAt))
          .map((sub) => sub.memberId),
      ),
    ].sort((a, b) => a - b);
    const pool = BigInt(campaign.airdropBcnt ?? '0');
    const share = qualified.length > 0 ? pool / BigInt(qualified.length) : 0n;
    const allocated = await deps.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const marked = await tx
        .update(campaigns)
        .set({ airdropAllocatedAt: now })
        .where(and(eq(campaigns.id, campaign.id), isNull(campaigns.airdropAllocatedAt)))
        .returning({ id: campaigns.id });
      if (marked.length === 0 || share === 0n) return marked.length > 0 ? 0 : -1;
      for (let start = 0; start < qualified.length; start += PAGE) {
        await tx.insert(airdropPayouts).values(
          qualified.slice(start, start + PAGE).map((memberId) => ({
            campaignId: campaign.id,
            memberId,
            amount: share.toString(),
            state: 'allocated' as const,
            allocatedAt: now,
          })),
        );
      }
      return qualified.length;
    });
    if (allocated >= 0) {
      report.campaigns += 1;
      report.members += allocated;
    }
  }
  return report;
}

export interface PaymentReport {
  paid: number;
  paidBcnt: string;
  /** shares that wait because the pool cannot pay them */
  waitingForPool: number;
}

export interface PaymentHooks {
  /** tests: called after each payment committed (a crash right there) */
  afterPayment?(payoutId: number): void;
}

/** Step 2: pay the allocated shares, oldest first, while the pool holds them. */
export async function payAirdropShares(
  deps: ProgramsDeps,
  now: Date,
  hooks: PaymentHooks = {},
): Promise<PaymentReport> {
  const report: PaymentReport = { paid: 0, paidBcnt: '0', waitingForPool: 0 };
  let total = 0n;
  for (;;) {
    const due = await deps.db
      .select()
      .from(airdropPayouts)
      .where(eq(airdropPayouts.state, 'allocated'))
      .orderBy(asc(airdropPayouts.id))
      .limit(PAGE);
    if (due.length === 0) break;
    for (const payout of due) {
      const amount = BigInt(payout.amount);
      const outcome = await deps.db.transaction(async (t) => {
        const tx = t as unknown as Db;
        if ((await lockedPoolBalance(tx)) < amount) return 'pool' as const;
        const moved = await tx
          .update(airdropPayouts)
          .set({ state: 'paid', paidAt: now })
          .where(and(eq(airdropPayouts.id, payout.id), eq(airdropPayouts.state, 'allocated')))
          .returning({ id: airdropPayouts.id });
        if (moved.length === 0) return 'gone' as const;
        const posted = await postLedgerTransaction(tx, deps.clock, {
          idempotencyKey: `airdrop:${payout.campaignId}:${payout.memberId}`,
          type: 'airdrop',
          memberId: payout.memberId,
          reference: `campaign:${payout.campaignId}`,
          postings: transfer(
            platformAccount('airdrop_pool'),
            memberAccount(payout.memberId),
            'BCNT',
            amount,
          ),
        });
        await tx
          .update(airdropPayouts)
          .set({ ledgerTransactionId: posted.transactionId })
          .where(eq(airdropPayouts.id, payout.id));
        return 'paid' as const;
      });
      if (outcome === 'pool') {
        const [left] = await deps.db
          .select({ n: count() })
          .from(airdropPayouts)
          .where(eq(airdropPayouts.state, 'allocated'));
        report.waitingForPool = left?.n ?? 0;
        report.paidBcnt = formatAtomic(total, BCNT_DECIMALS);
        return report;
      }
      if (outcome === 'paid') {
        report.paid += 1;
        total += amount;
        hooks.afterPayment?.(payout.id);
      }
    }
  }
  report.paidBcnt = formatAtomic(total, BCNT_DECIMALS);
  return report;
}

/** The job's run: allocation of ended airdrops, then the payments. */
export async function runAirdropPayout(deps: ProgramsDeps, now: Date, hooks?: PaymentHooks) {
  const allocation = await allocateEndedAirdrops(deps, now);
  const payment = await payAirdropShares(deps, now, hooks);
  return { allocation, payment };
}

/**
 * Operators fund the airdrop pool from the hot wallet: one ledger transaction per reference (a
 * retry with the same reference moves nothing). Answers the pool's balance.
 */
export async function fundAirdropPool(
  deps: ProgramsDeps,
  input: { amount: bigint; reference: string },
): Promise<{ created: boolean; poolBcnt: string }> {
  return deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const before = await lockedPoolBalance(tx);
    const posted = await postLedgerTransaction(tx, deps.clock, {
      idempotencyKey: `airdrop-pool-fund:${input.reference}`,
      type: 'airdrop_pool_fund',
      reference: input.reference,
      postings: transfer(
        platformAccount('hot_wallet'),
        platformAccount('airdrop_pool'),
        'BCNT',
        input.amount,
      ),
    });
    const balance = posted.created ? before + input.amount : before;
    return { created: posted.created, poolBcnt: formatAtomic(balance, BCNT_DECIMALS) };
  });
}

import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  exchangeApiKeys,
  lendingDeals,
  lendingInterest,
  lendingStrategies,
  lendingSubscriptions,
} from '../../db/schema';
import {
  type ExchangeCredentials,
  ExchangeFailure,
  type FundingCredit,
} from '../../exchange/adapter';
import { credentialsOf } from '../../exchange/api-keys';
import { mulUnits } from '../../exchange/decimal';
import {
  CYCLE_INTERVAL_MS,
  LIVE_STATES,
  type LendingDeps,
  type LendingStrategyRow,
  type LendingSubscriptionRow,
} from './context';
import { notifyOnce } from './mail';
import { keepStanding, type SpreadParams, spreadOffers } from './spread';

/**
 * The lending bot's cycle (the `lending-bot` job), per subscription about every 10 minutes of
 * the clock, on the member's own funding wallet through their key:
 *
 * 1. Record: the exchange's active credits opened since the subscription began become deals
 *    (once each, by credit id); deals no longer active are closed; the funding ledger's interest
 *    payments since the cursor are recorded once each (by ledger entry id) and added to their
 *    deal's reward, with the exchange's 15 % fee = the day's gross interest (amount x rate)
 *    minus the net paid.
 * 2. Suspended, or ended (the billing ended it): cancel the member's open offers, lend nothing.
 * 3. Otherwise cancel the unfilled offers (an offer below the exchange's minimum is left
 *    standing: it could not be placed again), then lend min(idle amount - what is out (credits
 *    and standing offers), the free balance) spread by `spreadOffers` (spread.ts).
 * 4. The figures the page shows (total, idle, locked in offers, lent) are stored with the time.
 *
 * A key the exchange refuses (authentication, permission, nonce), or whose last check
 * (`exchange-api-keys` job, hourly) says incorrect, pauses lending (`pause_reason` api_key;
 * nothing is cancelled or lost; e-mailed once per period) until the key passes again. An
 * exchange that does not answer leaves the subscription for the next cycle. Every step reads
 * the exchange again, so a crash anywhere is repaired by the next cycle.
 */

export const LENDING_BOT_TASK = 'lending-bot';

export function spreadParamsOf(strategy: LendingStrategyRow): SpreadParams {
  return {
    minDailyRate: BigInt(strategy.params.minDailyRate),
    bottomDepth: BigInt(strategy.params.bottomDepth),
    topDepth: BigInt(strategy.params.topDepth),
    spreadCount: strategy.params.spreadCount,
    minimumOffer: BigInt(strategy.minimumOffer),
    periodDays: strategy.params.periodDays,
    longPeriodRate: BigInt(strategy.params.longPeriodRate),
    longPeriodDays: strategy.params.longPeriodDays,
  };
}

/** Record the credits as deals and the interest paid since the cursor (once each). */
async function recordDeals(
  deps: LendingDeps,
  sub: LendingSubscriptionRow,
  credentials: ExchangeCredentials,
  currency: string,
  credits: FundingCredit[],
): Promise<void> {
  const since = sub.createdAt.getTime();
  const cursor = sub.ledgerCursor ?? sub.createdAt;
  // credits opened and returned between two cycles (a clock that jumped, a stopped server)
  const closed = await deps.exchange.fundingCreditHistory(
    credentials,
    currency,
    Math.max(since, cursor.getTime() - 3_600_000),
  );
  const mine = credits.filter((credit) => credit.openedAt >= since);
  for (const credit of [...mine, ...closed.filter((credit) => credit.openedAt >= since)]) {
    await deps.db
      .insert(lendingDeals)
      .values({
        subscriptionId: sub.id,
        creditId: credit.id,
        currency,
        amount: credit.amount.toString(),
        rate: credit.rate.toString(),
        periodDays: credit.period,
        status: credit.status,
        openedAt: new Date(credit.openedAt),
        closedAt: credit.closedAt === null ? null : new Date(credit.closedAt),
      })
      .onConflictDoNothing();
  }
  const activeIds = new Set(mine.map((credit) => credit.id));
  const open = await deps.db
    .select()
    .from(lendingDeals)
    .where(and(eq(lendingDeals.subscriptionId, sub.id), eq(lendingDeals.status, 'active')));
  const now = deps.clock.now();
  for (const deal of open) {
    if (activeIds.has(deal.creditId)) continue;
    // gone from the active credits: returned at the end of its period (or closed early)
    const term = new Date(deal.openedAt.getTime() + deal.periodDays * 86_400_000);
    await deps.db
      .update(lendingDeals)
      .set({ status: 'closed', closedAt: term < now ? term : now })
      .where(eq(lendingDeals.id, deal.id));
  }
  // interest from the funding ledger, from an hour before the cursor (entries are unique)
  const entries = await deps.exchange.fundingLedger(
    credentials,
    currency,
    Math.max(since, cursor.getTime() - 3_600_000),
  );
  let newest = cursor.getTime();
  for (const entry of entries) {
    if (!entry.interest || entry.amount <= 0n) continue;
    newest = Math.max(newest, entry.timestamp);
    await deps.db.transaction(async (tx) => {
      const [deal] = entry.creditId
        ? await tx
            .select()
            .from(lendingDeals)
            .where(
              and(
                eq(lendingDeals.subscriptionId, sub.id),
                eq(lendingDeals.creditId, entry.creditId),
              ),
            )
        : [];
      const gross = deal ? mulUnits(BigInt(deal.amount), BigInt(deal.rate)) : entry.amount;
      const fee = gross > entry.amount ? gross - entry.amount : 0n;
      const [inserted] = await tx
        .insert(lendingInterest)
        .values({
          subscriptionId: sub.id,
          ledgerEntryId: entry.id,
          creditId: entry.creditId,
          amount: entry.amount.toString(),
          exchangeFee: fee.toString(),
          paidAt: new Date(entry.timestamp),
        })
        .onConflictDoNothing()
        .returning({ id: lendingInterest.id });
      if (!inserted || !deal) return;
      await tx
        .update(lendingDeals)
        .set({
          reward: sql`${lendingDeals.reward} + ${entry.amount.toString()}::numeric`,
          exchangeFee: sql`${lendingDeals.exchangeFee} + ${fee.toString()}::numeric`,
        })
        .where(eq(lendingDeals.id, deal.id));
    });
  }
  if (newest > cursor.getTime()) {
    await deps.db
      .update(lendingSubscriptions)
      .set({ ledgerCursor: new Date(newest) })
      .where(eq(lendingSubscriptions.id, sub.id));
  }
}

export interface CycleResult {
  subscriptionId: number;
  outcome: 'lent' | 'idle' | 'suspended' | 'ended' | 'paused' | 'unavailable';
  placed: number;
}

/** One cycle of one subscription (see the module comment). */
export async function runCycle(
  deps: LendingDeps,
  sub: LendingSubscriptionRow,
  strategy: LendingStrategyRow,
): Promise<CycleResult> {
  const now = deps.clock.now();
  const done = async (
    outcome: CycleResult['outcome'],
    placed: number,
    extra: Partial<typeof lendingSubscriptions.$inferInsert> = {},
  ): Promise<CycleResult> => {
    await deps.db
      .update(lendingSubscriptions)
      .set({ lastCycleAt: now, ...extra })
      .where(eq(lendingSubscriptions.id, sub.id));
    return { subscriptionId: sub.id, outcome, placed };
  };
  const pause = async () => {
    if (sub.state !== 'ended') {
      await notifyOnce(deps, sub, 'api_key', sub.periodNumber, {});
    }
    return done('paused', 0, { pauseReason: 'api_key' });
  };
  if (!sub.apiKeyId) return done('paused', 0, { pauseReason: 'api_key' });
  const [key] = await deps.db
    .select()
    .from(exchangeApiKeys)
    .where(eq(exchangeApiKeys.id, sub.apiKeyId));
  if (!key || key.status !== 'correct') return pause();
  const currency = strategy.currency;
  try {
    const credentials = credentialsOf(deps, key);
    const credits = await deps.exchange.fundingCredits(credentials, currency);
    await recordDeals(deps, sub, credentials, currency, credits);
    const offers = await deps.exchange.fundingOffers(credentials, currency);
    const stopping = sub.state === 'ended' || sub.suspended;
    let standing = 0n;
    for (const offer of offers) {
      if (!stopping && keepStanding(offer.amount, BigInt(strategy.minimumOffer))) {
        standing += offer.amount;
        continue;
      }
      await deps.exchange.cancelFundingOffer(credentials, offer.id);
    }
    const balance = (await deps.exchange.fundingBalances(credentials)).find(
      (row) => row.currency === currency,
    );
    const total = balance?.total ?? 0n;
    const free = balance?.free ?? 0n;
    const lent = credits.reduce((sum, credit) => sum + credit.amount, 0n);
    const figures = (locked: bigint) => ({
      totalAssets: total.toString(),
      idleAssets: (total - lent).toString(),
      lockedIdleAssets: locked.toString(),
      lentAssets: lent.toString(),
      assetsReadAt: now,
      pauseReason: null,
    });
    if (stopping) return done(sub.state === 'ended' ? 'ended' : 'suspended', 0, figures(0n));
    const out = lent + standing;
    const room = BigInt(sub.idleAmount) - out;
    const lendable = room < free ? room : free;
    const book = lendable > 0n ? await deps.exchange.fundingBook(currency, 25) : undefined;
    const plan = book ? spreadOffers(book.asks, lendable, spreadParamsOf(strategy)) : [];
    let locked = standing;
    let placed = 0;
    for (const offer of plan) {
      try {
        const answer = await deps.exchange.submitFundingOffer(credentials, {
          currency,
          amount: offer.amount,
          rate: offer.rate,
          period: offer.period,
        });
        locked += answer.amount;
        placed += 1;
      } catch (error) {
        if (
          error instanceof ExchangeFailure &&
          (error.kind === 'invalid_order' || error.kind === 'insufficient_funds')
        ) {
          deps.log.warn({ subscriptionId: sub.id, error: error.message }, 'lending offer refused');
          continue;
        }
        throw error;
      }
    }
    return done(placed > 0 || standing > 0n ? 'lent' : 'idle', placed, figures(locked));
  } catch (error) {
    if (error instanceof ExchangeFailure) {
      if (
        error.kind === 'authentication' ||
        error.kind === 'permission' ||
        error.kind === 'nonce'
      ) {
        return pause();
      }
      deps.log.warn({ subscriptionId: sub.id, error: error.message }, 'lending cycle: exchange');
      return done('unavailable', 0);
    }
    throw error;
  }
}

/** Subscriptions whose cycle is due: live ones every 10 minutes, ended ones once after the end. */
async function dueSubscriptions(db: Db, now: Date) {
  const before = new Date(now.getTime() - CYCLE_INTERVAL_MS);
  return db
    .select({ sub: lendingSubscriptions, strategy: lendingStrategies })
    .from(lendingSubscriptions)
    .innerJoin(lendingStrategies, eq(lendingStrategies.id, lendingSubscriptions.strategyId))
    .where(
      or(
        and(
          inArray(lendingSubscriptions.state, [...LIVE_STATES]),
          or(
            isNull(lendingSubscriptions.lastCycleAt),
            lte(lendingSubscriptions.lastCycleAt, before),
          ),
        ),
        and(
          eq(lendingSubscriptions.state, 'ended'),
          or(
            isNull(lendingSubscriptions.lastCycleAt),
            sql`${lendingSubscriptions.lastCycleAt} < ${lendingSubscriptions.endedAt}`,
          ),
        ),
      ),
    )
    .orderBy(lendingSubscriptions.id);
}

/** The `lending-bot` job: every due subscription's cycle, one after another. */
export async function runBot(deps: LendingDeps, now: Date): Promise<CycleResult[]> {
  const results: CycleResult[] = [];
  for (const { sub, strategy } of await dueSubscriptions(deps.db, now)) {
    results.push(await runCycle(deps, sub, strategy));
  }
  return results;
}

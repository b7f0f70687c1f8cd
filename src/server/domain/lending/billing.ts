import { and, eq, inArray, lte } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { lendingPeriods, lendingStrategies, lendingSubscriptions } from '../../db/schema';
import type { LendingFeeCurrency } from '../../db/schema/lending';
import { formatAtomic, mulDivCeil, parseAmount } from '../../../shared/money/decimal';
import {
  accountBalance,
  InsufficientBalance,
  memberAccount,
  platformAccount,
  postLedgerTransaction,
  transfer,
} from '../wallet/ledger';
import { PRICE_DECIMALS } from '../wallet/price-feed';
import {
  DAY_MS,
  FEE_DECIMALS,
  LIVE_STATES,
  type LendingDeps,
  type LendingStrategyRow,
  type LendingSubscriptionRow,
  PAYMENT_NOTICE_MS,
} from './context';
import { notifyOnce } from './mail';

/**
 * Billing of lending subscriptions (spec sections 4 and 9): a 14-day free trial, then a prepaid
 * fee per 30-day period from the custodial wallet, renewed automatically.
 *
 * - Fee: the strategy's USDT fee (5 USDT); in BCNT 20 % less, converted at the price feed's
 *   BCNT price: ceil(fee x (10,000 - 2,000) / 10,000 x 10^18 / price) BCNT atomic units (a fee
 *   the platform charges rounds up, as every fee does here). The USDT fee is exact.
 * - A charge is one ledger transaction (type `lending_fee`, the member's available -> the
 *   platform's `fees`, key `lending-fee:<subscription>:<period number>`) written in the same
 *   database transaction as the period's `lending_periods` row (unique per subscription and
 *   number) and the subscription's new period: a retried or concurrent run charges a period
 *   once.
 * - Renewal at the period end: auto-renew on -> the next period is charged then; a wallet short
 *   of the fee ends the subscription at that moment (`unpaid`). From 2 days before the end the
 *   job checks the balance on every run: short -> `payment_failed_at` is set (the page shows
 *   "Insufficient Balance.") and the member is e-mailed once; enough again -> the flag clears.
 * - Unsubscribe turns auto-renew off: the service runs to the period end, then ends
 *   (`unsubscribed`). Resubscribe before the end turns it back on.
 * - The job catches up: a subscription whose end passed long ago (a stopped server) renews
 *   period after period until it reaches the clock, each charged once.
 */

export const LENDING_BILLING_TASK = 'lending-billing';

export interface FeeQuote {
  currency: LendingFeeCurrency;
  /** atomic units of the fee currency */
  amount: bigint;
  discountBps: number;
  priceUsdt: string;
}

/** The fee of one period in a currency (see the module comment for the rounding). */
export async function feeQuote(
  deps: Pick<LendingDeps, 'prices'>,
  strategy: Pick<LendingStrategyRow, 'feeUsdt' | 'bcntDiscountBps'>,
  currency: LendingFeeCurrency,
): Promise<FeeQuote> {
  const feeUsdt = BigInt(strategy.feeUsdt);
  if (currency === 'USDT') return { currency, amount: feeUsdt, discountBps: 0, priceUsdt: '1' };
  const quote = await deps.prices.quote('BCNT');
  const price = parseAmount(quote.priceUsdt, PRICE_DECIMALS);
  if (price === null || price <= 0n) throw new Error(`bad BCNT price ${quote.priceUsdt}`);
  const discounted = feeUsdt * BigInt(10_000 - strategy.bcntDiscountBps);
  // discounted [1e-6 USDT x 1e4] -> BCNT [1e-18]: x 10^12 / 10^4 x 10^18 / price[1e-18]
  const amount = mulDivCeil(discounted, 10n ** (12n + BigInt(PRICE_DECIMALS)), price * 10_000n);
  return { currency, amount, discountBps: strategy.bcntDiscountBps, priceUsdt: quote.priceUsdt };
}

export const formatFee = (quote: Pick<FeeQuote, 'currency' | 'amount'>) =>
  formatAtomic(quote.amount, FEE_DECIMALS[quote.currency]);

/**
 * Charge period `number` (from `startsAt`, `periodDays` long) and make it the subscription's
 * current one, in one transaction; nothing when the period was charged already. Throws
 * `InsufficientBalance` (nothing written) when the wallet cannot pay.
 */
export async function chargePeriod(
  tx: Db,
  deps: Pick<LendingDeps, 'clock'>,
  sub: Pick<LendingSubscriptionRow, 'id' | 'memberId'>,
  period: { number: number; startsAt: Date; periodDays: number; quote: FeeQuote },
): Promise<boolean> {
  const endsAt = new Date(period.startsAt.getTime() + period.periodDays * DAY_MS);
  const [row] = await tx
    .insert(lendingPeriods)
    .values({
      subscriptionId: sub.id,
      number: period.number,
      kind: 'paid',
      startsAt: period.startsAt,
      endsAt,
      currency: period.quote.currency,
      amount: period.quote.amount.toString(),
      priceUsdt: period.quote.priceUsdt,
      createdAt: deps.clock.now(),
    })
    .onConflictDoNothing()
    .returning({ id: lendingPeriods.id });
  if (!row) return false;
  const posted = await postLedgerTransaction(tx, deps.clock, {
    idempotencyKey: `lending-fee:${sub.id}:${period.number}`,
    type: 'lending_fee',
    memberId: sub.memberId,
    reference: `lending:${sub.id}`,
    memo: { period: period.number, priceUsdt: period.quote.priceUsdt },
    postings: transfer(
      memberAccount(sub.memberId),
      platformAccount('fees'),
      period.quote.currency,
      period.quote.amount,
    ),
  });
  await tx
    .update(lendingPeriods)
    .set({ ledgerTransactionId: posted.transactionId })
    .where(eq(lendingPeriods.id, row.id));
  await tx
    .update(lendingSubscriptions)
    .set({
      state: 'active',
      periodNumber: period.number,
      periodStartsAt: period.startsAt,
      periodEndsAt: endsAt,
      paymentFailedAt: null,
    })
    .where(eq(lendingSubscriptions.id, sub.id));
  return true;
}

export interface BillingReport {
  renewed: number;
  ended: number;
  warned: number;
}

export interface BillingHooks {
  /** tests: called after each renewal committed (a crash right there) */
  afterRenewal?(subscriptionId: number): void;
}

/** End a subscription at its period end (the bot then cancels its offers) and e-mail it. */
async function endSubscription(
  deps: LendingDeps,
  sub: LendingSubscriptionRow,
  reason: 'unsubscribed' | 'unpaid',
): Promise<boolean> {
  const [ended] = await deps.db
    .update(lendingSubscriptions)
    .set({ state: 'ended', endReason: reason, endedAt: sub.periodEndsAt, autoRenew: false })
    .where(
      and(
        eq(lendingSubscriptions.id, sub.id),
        eq(lendingSubscriptions.periodNumber, sub.periodNumber),
        inArray(lendingSubscriptions.state, [...LIVE_STATES]),
      ),
    )
    .returning({ id: lendingSubscriptions.id });
  if (!ended) return false;
  await notifyOnce(deps, sub, 'stopped', sub.periodNumber, {
    date: sub.periodEndsAt.toISOString().slice(0, 10),
    reason,
  });
  return true;
}

/** The `lending-billing` job: renewals and ends due at `now`, the notices before them. */
export async function runBilling(
  deps: LendingDeps,
  now: Date,
  hooks: BillingHooks = {},
): Promise<BillingReport> {
  const report: BillingReport = { renewed: 0, ended: 0, warned: 0 };
  const strategies = new Map(
    (await deps.db.select().from(lendingStrategies)).map((row) => [row.id, row]),
  );
  const due = await deps.db
    .select()
    .from(lendingSubscriptions)
    .where(
      and(
        inArray(lendingSubscriptions.state, [...LIVE_STATES]),
        lte(lendingSubscriptions.periodEndsAt, new Date(now.getTime() + PAYMENT_NOTICE_MS)),
      ),
    )
    .orderBy(lendingSubscriptions.id);
  for (const first of due) {
    const strategy = strategies.get(first.strategyId);
    if (!strategy) continue;
    let sub = first;
    // catch up period after period (each one charged once)
    while (sub.periodEndsAt.getTime() <= now.getTime()) {
      if (!sub.autoRenew) {
        if (await endSubscription(deps, sub, 'unsubscribed')) report.ended += 1;
        break;
      }
      const quote = await feeQuote(deps, strategy, sub.feeCurrency);
      try {
        await deps.db.transaction((tx) =>
          chargePeriod(tx as unknown as Db, deps, sub, {
            number: sub.periodNumber + 1,
            startsAt: sub.periodEndsAt,
            periodDays: strategy.periodDays,
            quote,
          }),
        );
      } catch (error) {
        if (!(error instanceof InsufficientBalance)) throw error;
        if (await endSubscription(deps, sub, 'unpaid')) report.ended += 1;
        break;
      }
      report.renewed += 1;
      hooks.afterRenewal?.(sub.id);
      const [next] = await deps.db
        .select()
        .from(lendingSubscriptions)
        .where(eq(lendingSubscriptions.id, sub.id));
      if (!next || next.periodNumber === sub.periodNumber) break;
      sub = next;
    }
    if (sub.state === 'ended' || sub.periodEndsAt.getTime() <= now.getTime()) continue;
    // within 2 days of the end: can the wallet pay the renewal?
    if (!sub.autoRenew || sub.periodEndsAt.getTime() - now.getTime() > PAYMENT_NOTICE_MS) continue;
    const quote = await feeQuote(deps, strategy, sub.feeCurrency);
    const balance = await accountBalance(deps.db, memberAccount(sub.memberId), quote.currency);
    if (balance >= quote.amount) {
      if (sub.paymentFailedAt) {
        await deps.db
          .update(lendingSubscriptions)
          .set({ paymentFailedAt: null })
          .where(eq(lendingSubscriptions.id, sub.id));
      }
      continue;
    }
    if (!sub.paymentFailedAt) {
      await deps.db
        .update(lendingSubscriptions)
        .set({ paymentFailedAt: now })
        .where(eq(lendingSubscriptions.id, sub.id));
    }
    const sent = await notifyOnce(deps, sub, 'payment_failed', sub.periodNumber, {
      date: sub.periodEndsAt.toISOString().slice(0, 10),
      fee: formatFee(quote),
      currency: quote.currency,
    });
    if (sent) report.warned += 1;
  }
  return report;
}

import { and, asc, eq, inArray, lt, notExists, sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import {
  autotradeFeeSettlements,
  autotradeMarginMovements,
  autotradeSubscriptions,
} from '../../db/schema';
import type { AutotradeFeeKind } from '../../db/schema/autotrade-margin';
import { ExchangeFailure } from '../../exchange/adapter';
import { formatAtomic } from '../../../shared/money/decimal';
import { memberAccount, platformAccount, postLedgerTransaction, transfer } from '../wallet/ledger';
import { stopMirroring } from './book';
import {
  type AutotradeDeps,
  discountBpsOf,
  loadStrategy,
  MARGIN_DECIMALS,
  marginPrice,
  notifyOnce,
  processOperatorTxs,
  queueOperatorTx,
  RUNNING_STATES,
  type StrategyRow,
  type SubscriptionRow,
  subscriptionEquity,
} from './margin';

/**
 * Smart Autotrade performance fees (spec sections 4 and 9: on the 1st of each month, UTC+8, or
 * at the end of the subscription; only on profit above the high-water mark; 20 % less with a
 * BCNT margin; taken from the margin).
 *
 * fee (quote, 1e-8) = floor(floor((equity - HWM) x feeBps / 10,000) x (10,000 - discount) / 10,000)
 * when equity > HWM, else 0; discount 2,000 bps with BCNT. In the margin currency:
 * floor(fee x 10^decimals x 10^18 / (10^8 x price)), price = the price feed's USDT price of the
 * margin currency (18 decimals; USDT is 1): every rounding is down, in the member's favour.
 * The HWM becomes the equity when that is higher.
 *
 * The fee is taken from the margin, never more than there is: custodial -> one ledger
 * transaction margin -> the platform's `fees` account (key `autotrade-fee:<sub>:<period>`);
 * on chain -> the operator's MarginVault.settle(member, token, fee, fee) (margin.ts). One
 * `autotrade_fee_settlements` row per subscription and period (unique), written in the same
 * database transaction as the ledger move or the operator's transaction row and the
 * subscription's new margin and HWM, so a re-run, a crash half way or a second process charges
 * each subscription once per month. A margin that cannot pay the whole fee is taken whole and
 * the subscription is cancelled (spec: "auto-cancelled if the margin falls below the fee").
 */

export const AUTOTRADE_FEES_TASK = 'autotrade-fees';
const UTC8_MS = 8 * 3600 * 1000;
/** the minimum stake covers the fee on a 10 % gain of the allocation */
export const MIN_STAKE_GAIN_BPS = 1_000;

/** `YYYY-MM` of a time in UTC+8. */
export function monthOf(date: Date): string {
  return new Date(date.getTime() + UTC8_MS).toISOString().slice(0, 7);
}

/** The first instant of a `YYYY-MM` month in UTC+8. */
export function monthStart(month: string): Date {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, mon - 1, 1) - UTC8_MS);
}

/** The month before a `YYYY-MM` month. */
export function previousMonth(month: string): string {
  const start = monthStart(month);
  return monthOf(new Date(start.getTime() - 1));
}

export interface FeeInput {
  equity: bigint;
  highWaterMark: bigint;
  performanceFeeBps: number;
  marginCurrency: keyof typeof MARGIN_DECIMALS;
  /** USDT per margin token, 18 decimals */
  priceUsdt: bigint;
}

export interface FeeComputation {
  profit: bigint;
  discountBps: number;
  /** after the discount, 1e-8 quote units */
  feeQuote: bigint;
  /** margin token units */
  feeDue: bigint;
  highWaterMarkAfter: bigint;
}

/** quote (1e-8 units, quote = USDT) -> margin token units at the price, rounded down */
export function quoteToMargin(
  quoteUnits: bigint,
  currency: keyof typeof MARGIN_DECIMALS,
  priceUsdt: bigint,
  roundUp = false,
): bigint {
  const numerator = quoteUnits * 10n ** BigInt(MARGIN_DECIMALS[currency]) * 10n ** 18n;
  const denominator = 10n ** 8n * priceUsdt;
  const floor = numerator / denominator;
  return roundUp && floor * denominator < numerator ? floor + 1n : floor;
}

export function computeFee(input: FeeInput): FeeComputation {
  const profit = input.equity > input.highWaterMark ? input.equity - input.highWaterMark : 0n;
  const discountBps = discountBpsOf(input.marginCurrency);
  const gross = (profit * BigInt(input.performanceFeeBps)) / 10_000n;
  const feeQuote = (gross * BigInt(10_000 - discountBps)) / 10_000n;
  return {
    profit,
    discountBps,
    feeQuote,
    feeDue: quoteToMargin(feeQuote, input.marginCurrency, input.priceUsdt),
    highWaterMarkAfter: input.equity > input.highWaterMark ? input.equity : input.highWaterMark,
  };
}

/**
 * The minimum stake (margin units): the fee, after the discount, on a gain of 10 % of the
 * allocation, at the margin currency's price, rounded up to a whole token.
 */
export function minimumStake(
  allocation: bigint,
  performanceFeeBps: number,
  currency: keyof typeof MARGIN_DECIMALS,
  priceUsdt: bigint,
): bigint {
  const gain = (allocation * BigInt(MIN_STAKE_GAIN_BPS)) / 10_000n;
  const gross = (gain * BigInt(performanceFeeBps) + 9_999n) / 10_000n;
  const discount = discountBpsOf(currency);
  const feeQuote = (gross * BigInt(10_000 - discount) + 9_999n) / 10_000n;
  const units = quoteToMargin(feeQuote, currency, priceUsdt, true);
  const whole = 10n ** BigInt(MARGIN_DECIMALS[currency]);
  const rounded = ((units + whole - 1n) / whole) * whole;
  return rounded > 0n ? rounded : whole;
}

export interface SettlementResult {
  settled: boolean;
  fee: FeeComputation;
  feeTaken: bigint;
  /** the margin could not pay the whole fee */
  short: boolean;
  marginAfter: bigint;
}

/** Lock the subscription row for the rest of the transaction. */
export async function lockSubscription(tx: Db, id: number): Promise<SubscriptionRow | undefined> {
  const [row] = await tx
    .select()
    .from(autotradeSubscriptions)
    .where(eq(autotradeSubscriptions.id, id))
    .for('update');
  return row;
}

/**
 * Inside the caller's transaction, on a locked running subscription: record the settlement of
 * `period`, take the fee from the margin (ledger or the operator's settle) and move the HWM.
 * Answers settled: false when the period was already settled (nothing done).
 */
export async function settleFeeInTx(
  tx: Db,
  deps: Pick<AutotradeDeps, 'clock' | 'config'>,
  sub: SubscriptionRow,
  strategy: StrategyRow,
  input: { kind: AutotradeFeeKind; period: string; equity: bigint; priceUsdt: bigint },
): Promise<SettlementResult> {
  const fee = computeFee({
    equity: input.equity,
    highWaterMark: BigInt(sub.highWaterMark),
    performanceFeeBps: strategy.performanceFeeBps,
    marginCurrency: sub.marginCurrency,
    priceUsdt: input.priceUsdt,
  });
  const margin = BigInt(sub.marginAmount);
  const feeTaken = fee.feeDue < margin ? fee.feeDue : margin;
  const now = deps.clock.now();
  const [settlement] = await tx
    .insert(autotradeFeeSettlements)
    .values({
      subscriptionId: sub.id,
      memberId: sub.memberId,
      kind: input.kind,
      period: input.period,
      equity: input.equity.toString(),
      highWaterMarkBefore: sub.highWaterMark,
      highWaterMarkAfter: fee.highWaterMarkAfter.toString(),
      feeQuote: fee.feeQuote.toString(),
      priceUsdt: input.priceUsdt.toString(),
      discountBps: fee.discountBps,
      feeDue: fee.feeDue.toString(),
      feeTaken: feeTaken.toString(),
      marginCurrency: sub.marginCurrency,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: autotradeFeeSettlements.id });
  if (!settlement) {
    return { settled: false, fee, feeTaken: 0n, short: false, marginAfter: margin };
  }
  const key = `autotrade-fee:${sub.id}:${input.period}`;
  if (feeTaken > 0n) {
    let ledgerTransactionId: number | null = null;
    if (sub.marginSource === 'custodial') {
      const posted = await postLedgerTransaction(tx, deps.clock, {
        idempotencyKey: key,
        type: 'autotrade_fee',
        memberId: sub.memberId,
        reference: `autotrade:${sub.id}`,
        memo: { period: input.period, equity: input.equity.toString() },
        postings: transfer(
          memberAccount(sub.memberId, 'margin'),
          platformAccount('fees'),
          sub.marginCurrency,
          feeTaken,
        ),
      });
      ledgerTransactionId = posted.transactionId;
    } else if (input.kind === 'monthly') {
      // at the end, the final settle pays fee and return in one transaction (fees.ts endInTx)
      const operatorTxId = await queueOperatorTx(tx, deps.clock, {
        subscriptionId: sub.id,
        purpose: `fee:${sub.id}:${input.period}`,
        chainId: deps.config.chainId,
        member: sub.marginWallet ?? '',
        currency: sub.marginCurrency,
        amount: feeTaken,
        performanceFee: feeTaken,
      });
      await tx
        .update(autotradeFeeSettlements)
        .set({ operatorTxId })
        .where(eq(autotradeFeeSettlements.id, settlement.id));
    }
    await tx
      .insert(autotradeMarginMovements)
      .values({
        subscriptionId: sub.id,
        memberId: sub.memberId,
        kind: 'fee',
        currency: sub.marginCurrency,
        amount: (-feeTaken).toString(),
        movementKey: key,
        ledgerTransactionId,
        createdAt: now,
      })
      .onConflictDoNothing();
  }
  const marginAfter = margin - feeTaken;
  await tx
    .update(autotradeSubscriptions)
    .set({
      marginAmount: marginAfter.toString(),
      highWaterMark: fee.highWaterMarkAfter.toString(),
    })
    .where(eq(autotradeSubscriptions.id, sub.id));
  return { settled: true, fee, feeTaken, short: feeTaken < fee.feeDue, marginAfter };
}

export interface EndResult {
  ended: boolean;
  state: 'ended' | 'cancelled';
  fee: FeeComputation;
  feeTaken: bigint;
  returned: bigint;
}

/**
 * The end of a running subscription, inside the caller's transaction on the locked row: the
 * final fee (period `final`), the rest of the margin returned (custodial: margin -> available;
 * on chain: ONE operator transaction, settle(margin, fee) or release(margin) when no fee), the
 * state `ended` (the member) or `cancelled` (the platform). Mirroring stops with the state.
 */
export async function endInTx(
  tx: Db,
  deps: Pick<AutotradeDeps, 'clock' | 'config'>,
  sub: SubscriptionRow,
  strategy: StrategyRow,
  input: { state: 'ended' | 'cancelled'; equity: bigint; priceUsdt: bigint },
): Promise<EndResult> {
  const settlement = await settleFeeInTx(tx, deps, sub, strategy, {
    kind: 'final',
    period: 'final',
    equity: input.equity,
    priceUsdt: input.priceUsdt,
  });
  const returned = settlement.marginAfter;
  const now = deps.clock.now();
  const key = `autotrade-release:${sub.id}`;
  if (sub.marginSource === 'custodial') {
    if (returned > 0n) {
      const posted = await postLedgerTransaction(tx, deps.clock, {
        idempotencyKey: key,
        type: 'autotrade_margin_release',
        memberId: sub.memberId,
        reference: `autotrade:${sub.id}`,
        postings: transfer(
          memberAccount(sub.memberId, 'margin'),
          memberAccount(sub.memberId),
          sub.marginCurrency,
          returned,
        ),
      });
      await recordRelease(tx, sub, returned, key, posted.transactionId, now);
    }
  } else if (returned > 0n || settlement.feeTaken > 0n) {
    await queueOperatorTx(tx, deps.clock, {
      subscriptionId: sub.id,
      purpose: `end:${sub.id}`,
      chainId: deps.config.chainId,
      member: sub.marginWallet ?? '',
      currency: sub.marginCurrency,
      amount: returned + settlement.feeTaken,
      performanceFee: settlement.feeTaken,
    });
    if (returned > 0n) await recordRelease(tx, sub, returned, key, null, now);
  }
  await tx
    .update(autotradeSubscriptions)
    .set({ state: input.state, marginAmount: '0', endedAt: now })
    .where(eq(autotradeSubscriptions.id, sub.id));
  return {
    ended: true,
    state: input.state,
    fee: settlement.fee,
    feeTaken: settlement.feeTaken,
    returned,
  };
}

async function recordRelease(
  tx: Db,
  sub: SubscriptionRow,
  amount: bigint,
  key: string,
  ledgerTransactionId: number | null,
  now: Date,
) {
  await tx
    .insert(autotradeMarginMovements)
    .values({
      subscriptionId: sub.id,
      memberId: sub.memberId,
      kind: 'release',
      currency: sub.marginCurrency,
      amount: (-amount).toString(),
      movementKey: key,
      ledgerTransactionId,
      createdAt: now,
    })
    .onConflictDoNothing();
}

export interface FeeRunReport {
  period: string;
  settled: number;
  cancelled: number;
  /** the exchange could not be read: tried again on the next run */
  waiting: number;
}

export interface FeeRunHooks {
  /** tests: called after each subscription's settlement committed (a crash is a throw here) */
  afterSettlement?(subscriptionId: number): void | Promise<void>;
}

/** Cancel a subscription whose margin could not pay its fee (the settlement took it all). */
async function cancelShort(tx: Db, clock: Clock, sub: SubscriptionRow) {
  await tx
    .update(autotradeSubscriptions)
    .set({ state: 'cancelled', endedAt: clock.now() })
    .where(eq(autotradeSubscriptions.id, sub.id));
}

/**
 * The `autotrade-fees` job: from the 1st of each month (UTC+8) on, every running subscription
 * activated before the month began and not yet settled for the month before is settled once
 * (see the module comment), then the operator's transactions are sent.
 */
export async function runMonthlyFees(
  deps: AutotradeDeps,
  now: Date,
  hooks: FeeRunHooks = {},
): Promise<FeeRunReport> {
  const current = monthOf(now);
  const period = previousMonth(current);
  const report: FeeRunReport = { period, settled: 0, cancelled: 0, waiting: 0 };
  const due = await deps.db
    .select()
    .from(autotradeSubscriptions)
    .where(
      and(
        inArray(autotradeSubscriptions.state, [...RUNNING_STATES]),
        lt(autotradeSubscriptions.activatedAt, monthStart(current)),
        notExists(
          deps.db
            .select({ one: sql`1` })
            .from(autotradeFeeSettlements)
            .where(
              and(
                eq(autotradeFeeSettlements.subscriptionId, autotradeSubscriptions.id),
                eq(autotradeFeeSettlements.period, period),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(autotradeSubscriptions.id));
  for (const candidate of due) {
    const strategy = await loadStrategy(deps.db, candidate.strategyId);
    if (!strategy) continue;
    let equity: bigint;
    let priceUsdt: bigint;
    try {
      // read outside the transaction (on PGlite a transaction holds the only connection)
      equity = await subscriptionEquity(deps, candidate);
      priceUsdt = await marginPrice(deps, candidate.marginCurrency);
    } catch (error) {
      if (!(error instanceof ExchangeFailure)) throw error;
      report.waiting += 1;
      continue;
    }
    const outcome = await deps.db.transaction(async (handle) => {
      const tx = handle as unknown as Db;
      const sub = await lockSubscription(tx, candidate.id);
      if (!sub || !RUNNING_STATES.includes(sub.state as (typeof RUNNING_STATES)[number])) {
        return undefined;
      }
      const result = await settleFeeInTx(tx, deps, sub, strategy, {
        kind: 'monthly',
        period,
        equity,
        priceUsdt,
      });
      if (result.settled && result.short) await cancelShort(tx, deps.clock, sub);
      return { result, sub };
    });
    if (outcome?.result.settled) {
      report.settled += 1;
      if (outcome.result.short) {
        report.cancelled += 1;
        await stopMirroring(deps, outcome.sub.id);
        const decimals = MARGIN_DECIMALS[outcome.sub.marginCurrency];
        await notifyOnce(deps, outcome.sub, 'cancelled', 'end', {
          id: String(outcome.sub.id),
          currency: outcome.sub.marginCurrency,
          margin: formatAtomic(BigInt(outcome.sub.marginAmount), decimals),
          fee: formatAtomic(outcome.result.fee.feeDue, decimals),
          taken: formatAtomic(outcome.result.feeTaken, decimals),
          returned: '0',
        });
      }
    }
    await hooks.afterSettlement?.(candidate.id);
  }
  await processOperatorTxs(deps);
  return report;
}

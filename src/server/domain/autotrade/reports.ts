import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  lt,
  notExists,
  or,
  sql,
} from 'drizzle-orm';
import {
  AutotradeSubscriptionError,
  type StrategyReport,
} from '../../../shared/api/autotrade-subscriptions';
import { ErrorCode } from '../../../shared/api/envelope';
import { formatAtomic } from '../../../shared/money/decimal';
import type { Db } from '../../db/database';
import {
  autotradeFeeSettlements,
  autotradeMarginMovements,
  autotradeOrders,
  autotradeReports,
  autotradeSubscriptions,
} from '../../db/schema';
import { AppError } from '../../errors';
import { fromUnits } from '../../exchange/decimal';
import { monthOf, monthStart, previousMonth } from './fees';
import {
  type AutotradeDeps,
  loadStrategy,
  MARGIN_DECIMALS,
  marginStateOf,
  notifyOnce,
  quoteOf,
} from './margin';

/**
 * Smart Autotrade monthly reports (spec section 9: "Reports on the 5th of the following
 * month", UTC+8). From the 5th on, the `autotrade-reports` job makes one report per
 * subscription that was running during the month before and has none yet (unique per
 * subscription and month), stores it and e-mails it (once: the notice row):
 *
 * - start equity: the equity of the month before's fee settlement (the 1st of this month), or
 *   the allocation when the subscription started within the month;
 * - end equity: the equity of this month's settlement (made on the 1st of the next month by the
 *   fee job), or of the final one when it ended within the month; a month whose settlement is
 *   not made yet (the exchange was down on the 1st) waits;
 * - PnL = end - start; trades = the subscription's mirrored orders (the executor's) that filled,
 *   wholly or partly, within the month;
 * - fee = the fees taken for the month (and the final one); margin in / out = the margin
 *   movements dated within the month.
 */

export const AUTOTRADE_REPORTS_TASK = 'autotrade-reports';
const REPORT_DAY = 5;
const UTC8_MS = 8 * 3600 * 1000;

export interface ReportRunReport {
  month: string;
  made: number;
  waiting: number;
}

async function settlementOf(db: Db, subscriptionId: number, period: string) {
  const [row] = await db
    .select()
    .from(autotradeFeeSettlements)
    .where(
      and(
        eq(autotradeFeeSettlements.subscriptionId, subscriptionId),
        eq(autotradeFeeSettlements.period, period),
      ),
    );
  return row;
}

/** the subscription's mirrored orders that filled (wholly or partly) within the month */
async function tradesIn(db: Db, subscriptionId: number, from: Date, to: Date) {
  const [row] = await db
    .select({ trades: count() })
    .from(autotradeOrders)
    .where(
      and(
        eq(autotradeOrders.subscriptionId, subscriptionId),
        inArray(autotradeOrders.status, ['filled', 'partial']),
        gte(autotradeOrders.doneAt, from),
        lt(autotradeOrders.doneAt, to),
      ),
    );
  return row?.trades ?? 0;
}

/** The `autotrade-reports` job (see the module comment). */
export async function runMonthlyReports(deps: AutotradeDeps, now: Date): Promise<ReportRunReport> {
  const current = monthOf(now);
  const month = previousMonth(current);
  const report: ReportRunReport = { month, made: 0, waiting: 0 };
  const day = new Date(now.getTime() + UTC8_MS).getUTCDate();
  if (day < REPORT_DAY) return report;
  const from = monthStart(month);
  const to = monthStart(current);
  const due = await deps.db
    .select()
    .from(autotradeSubscriptions)
    .where(
      and(
        lt(autotradeSubscriptions.activatedAt, to),
        or(isNull(autotradeSubscriptions.endedAt), gte(autotradeSubscriptions.endedAt, from)),
        notExists(
          deps.db
            .select({ one: sql`1` })
            .from(autotradeReports)
            .where(
              and(
                eq(autotradeReports.subscriptionId, autotradeSubscriptions.id),
                eq(autotradeReports.month, month),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(autotradeSubscriptions.id));
  for (const sub of due) {
    const strategy = await loadStrategy(deps.db, sub.strategyId);
    if (!strategy) continue;
    const state = await marginStateOf(deps.db, sub.id);
    const monthly = await settlementOf(deps.db, sub.id, month);
    const final = await settlementOf(deps.db, sub.id, 'final');
    const finalInMonth =
      final && final.createdAt >= from && final.createdAt < to ? final : undefined;
    const end = monthly ?? finalInMonth;
    if (!end) {
      report.waiting += 1;
      continue;
    }
    const startedInMonth = sub.activatedAt !== null && sub.activatedAt >= from;
    const before = startedInMonth
      ? undefined
      : await settlementOf(deps.db, sub.id, previousMonth(month));
    const startEquity = BigInt(before?.equity ?? state.startEquity ?? sub.allocation);
    const endEquity = BigInt(end.equity);
    const trades = await tradesIn(deps.db, sub.id, from, to);
    const fee =
      BigInt(monthly?.feeTaken ?? '0') +
      BigInt(finalInMonth && finalInMonth !== monthly ? finalInMonth.feeTaken : '0');
    const [moves] = await deps.db
      .select({
        in: sql<string>`coalesce(sum(case when ${autotradeMarginMovements.amount} > 0 then ${autotradeMarginMovements.amount} else 0 end), 0)::text`,
        out: sql<string>`coalesce(sum(case when ${autotradeMarginMovements.amount} < 0 then -${autotradeMarginMovements.amount} else 0 end), 0)::text`,
      })
      .from(autotradeMarginMovements)
      .where(
        and(
          eq(autotradeMarginMovements.subscriptionId, sub.id),
          gte(autotradeMarginMovements.createdAt, from),
          lt(autotradeMarginMovements.createdAt, to),
        ),
      );
    const [inserted] = await deps.db
      .insert(autotradeReports)
      .values({
        subscriptionId: sub.id,
        memberId: sub.memberId,
        month,
        startEquity: startEquity.toString(),
        endEquity: endEquity.toString(),
        pnl: (endEquity - startEquity).toString(),
        trades,
        fee: fee.toString(),
        marginCurrency: sub.marginCurrency,
        marginIn: moves?.in ?? '0',
        marginOut: moves?.out ?? '0',
        createdAt: deps.clock.now(),
      })
      .onConflictDoNothing()
      .returning();
    if (!inserted) continue;
    report.made += 1;
    const decimals = MARGIN_DECIMALS[sub.marginCurrency];
    const sent = await notifyOnce(deps, sub, 'report', month, {
      id: String(sub.id),
      month,
      quote: quoteOf(strategy),
      startEquity: fromUnits(startEquity),
      endEquity: fromUnits(endEquity),
      pnl: signed(endEquity - startEquity),
      trades: String(trades),
      currency: sub.marginCurrency,
      fee: formatAtomic(fee, decimals),
      marginIn: formatAtomic(BigInt(inserted.marginIn), decimals),
      marginOut: formatAtomic(BigInt(inserted.marginOut), decimals),
    });
    if (sent) {
      await deps.db
        .update(autotradeReports)
        .set({ emailedAt: deps.clock.now() })
        .where(eq(autotradeReports.id, inserted.id));
    }
  }
  return report;
}

const signed = (units: bigint) => (units < 0n ? `-${fromUnits(-units)}` : fromUnits(units));

/** GET /user/StrategyReport?id=: the subscription's reports, newest first. */
export async function strategyReports(
  deps: Pick<AutotradeDeps, 'db'>,
  memberId: number,
  id: number,
): Promise<StrategyReport> {
  const [sub] = await deps.db
    .select()
    .from(autotradeSubscriptions)
    .where(and(eq(autotradeSubscriptions.id, id), eq(autotradeSubscriptions.memberId, memberId)));
  if (!sub) {
    throw new AppError(ErrorCode.notFound, AutotradeSubscriptionError.subscriptionNotFound, {
      field: 'id',
    });
  }
  const strategy = await loadStrategy(deps.db, sub.strategyId);
  const rows = await deps.db
    .select()
    .from(autotradeReports)
    .where(inArray(autotradeReports.subscriptionId, [sub.id]))
    .orderBy(desc(autotradeReports.month));
  return {
    id: sub.id,
    list: rows.map((r) => {
      const decimals = MARGIN_DECIMALS[r.marginCurrency];
      return {
        month: r.month,
        quoteCurrency: strategy ? quoteOf(strategy) : 'USDT',
        startEquity: fromUnits(BigInt(r.startEquity)),
        endEquity: fromUnits(BigInt(r.endEquity)),
        pnl: signed(BigInt(r.pnl)),
        trades: r.trades,
        marginCurrency: r.marginCurrency,
        fee: formatAtomic(BigInt(r.fee), decimals),
        marginIn: formatAtomic(BigInt(r.marginIn), decimals),
        marginOut: formatAtomic(BigInt(r.marginOut), decimals),
        createdAt: r.createdAt.toISOString(),
      };
    }),
  };
}

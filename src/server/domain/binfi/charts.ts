import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { formatUnits } from 'viem';
import type {
  BinfiEquityChart,
  BinfiEstimatedReturn,
  BinfiProfitLossChart,
  BinfiSideType,
  BinfiSupplierReturnChart,
} from '../../../shared/api/binfi';
import { ErrorCode, ErrorMessage } from '../../../shared/api/envelope';
import type { Db } from '../../db/database';
import { binfiFlameBooks, binfiPeriods, binfiPnlSnapshots, binfiRounds } from '../../db/schema';
import { AppError } from '../../errors';
import {
  MONTH_SECONDS,
  WAD,
  YEAR_SECONDS,
  breakEvenBps,
  platformFeePerUnit,
  rockMonthlyPerUnit,
  roundTerms,
} from './terms';

/**
 * The chart calls and the calculator of BinFi (shared/api/binfi.ts "charts"), from the PnL
 * snapshots the binfi-flame job writes and the round's terms. Public rounds only.
 */

const DAY_MS = 24 * 3600 * 1000;
const usdt = (atomic: bigint) => formatUnits(atomic, 6);
/** a ratio in % with two decimals, rounded toward zero */
const percentOf = (part: bigint, whole: bigint) =>
  whole === 0n ? '0' : formatUnits((part * 10_000n) / whole, 2);

async function publicRound(db: Db, chainId: number, fundId: number) {
  const [row] = await db
    .select()
    .from(binfiRounds)
    .where(and(eq(binfiRounds.chainId, chainId), eq(binfiRounds.fundId, fundId)));
  if (!row || row.isPrivate) throw new AppError(ErrorCode.notFound, ErrorMessage.notFound);
  return row;
}

/** The round's snapshots, thinned to the last of each hour or day when there are many. */
async function points(db: Db, chainId: number, fundId: number) {
  const where = and(eq(binfiPnlSnapshots.chainId, chainId), eq(binfiPnlSnapshots.fundId, fundId));
  const [span] = await db
    .select({
      first: sql<string | null>`min(${binfiPnlSnapshots.at})`,
      last: sql<string | null>`max(${binfiPnlSnapshots.at})`,
    })
    .from(binfiPnlSnapshots)
    .where(where);
  if (!span?.first || !span.last) return [];
  const days = (new Date(span.last).getTime() - new Date(span.first).getTime()) / DAY_MS;
  const columns = {
    at: binfiPnlSnapshots.at,
    pnl: binfiPnlSnapshots.pnl,
    equity: binfiPnlSnapshots.equity,
  };
  if (days <= 2)
    return db
      .select(columns)
      .from(binfiPnlSnapshots)
      .where(where)
      .orderBy(asc(binfiPnlSnapshots.at));
  const bucket = sql`date_trunc(${days <= 30 ? 'hour' : 'day'}, ${binfiPnlSnapshots.at})`;
  return db
    .selectDistinctOn([bucket], columns)
    .from(binfiPnlSnapshots)
    .where(where)
    .orderBy(bucket, desc(binfiPnlSnapshots.at));
}

export async function profitLossChart(
  db: Db,
  chainId: number,
  fundId: number,
): Promise<BinfiProfitLossChart> {
  const round = await publicRound(db, chainId, fundId);
  const terms = await roundTerms(db, chainId, fundId);
  const [book] = await db
    .select({ symbol: binfiFlameBooks.symbol })
    .from(binfiFlameBooks)
    .where(and(eq(binfiFlameBooks.chainId, chainId), eq(binfiFlameBooks.fundId, fundId)));
  const flameCapital = BigInt(round.matchedFlame) * BigInt(round.unitPrice);
  const rows = await points(db, chainId, fundId);
  return {
    fundId,
    symbol: book?.symbol ?? terms.symbol,
    flameCapital: usdt(flameCapital),
    points: rows.map((row) => ({
      time: row.at.toISOString(),
      pnl: usdt(BigInt(row.pnl)),
      pnlRate: percentOf(BigInt(row.pnl), flameCapital),
    })),
  };
}

export async function equityAndDrawdownChart(
  db: Db,
  chainId: number,
  fundId: number,
): Promise<BinfiEquityChart> {
  await publicRound(db, chainId, fundId);
  const rows = await points(db, chainId, fundId);
  let peak: bigint | null = null;
  let max = 0n;
  const list = rows.map((row) => {
    const equity = BigInt(row.equity);
    if (peak === null || equity > peak) peak = equity;
    const down = peak > 0n ? ((peak - equity) * 10_000n) / peak : 0n;
    if (down > max) max = down;
    return { time: row.at.toISOString(), equity: usdt(equity), drawdown: formatUnits(down, 2) };
  });
  return { fundId, points: list, maxDrawdown: formatUnits(max, 2) };
}

/** The calculator (see binfiEstimatedReturnSchema for the rules). */
export async function estimatedReturn(
  db: Db,
  chainId: number,
  query: { fundId: number; type: BinfiSideType; units: number; change: number },
): Promise<BinfiEstimatedReturn> {
  const round = await publicRound(db, chainId, query.fundId);
  const terms = await roundTerms(db, chainId, query.fundId);
  const unitPrice = BigInt(round.unitPrice);
  const k = BigInt(round.rockPerFlame);
  const months = BigInt(Math.round(round.termSeconds / MONTH_SECONDS));
  const interest = rockMonthlyPerUnit(unitPrice, terms) * months;
  const fee = platformFeePerUnit(unitPrice, terms, round.termSeconds);
  // the move in basis points (two decimals of a percent)
  let moveBps = BigInt(Math.round(query.change * 100));
  let stoppedOut = false;
  const trading = (bps: bigint) => ((k + 1n) * unitPrice * bps) / 10_000n;
  if (-trading(moveBps) >= (unitPrice * BigInt(terms.stopLossBps)) / 10_000n) {
    stoppedOut = true;
    moveBps = -(BigInt(terms.stopLossBps) / (k + 1n));
  }
  let perUnit: bigint;
  if (query.type === 'supply') {
    perUnit = unitPrice + interest;
  } else {
    const result = unitPrice + trading(moveBps) - k * interest - (k + 1n) * fee;
    perUnit = result > 0n ? result : 0n;
  }
  const units = BigInt(query.units);
  const invested = unitPrice * units;
  const payout = perUnit * units;
  const profit = payout - invested;
  const annual = (profit * 10_000n * BigInt(YEAR_SECONDS)) / (invested * BigInt(round.termSeconds));
  return {
    fundId: query.fundId,
    type: query.type,
    units: query.units,
    change: query.change,
    invested: usdt(invested),
    payout: usdt(payout),
    profit: usdt(profit),
    returnRate: percentOf(profit, invested),
    annualized: formatUnits(annual, 2),
    stoppedOut,
    breakEven: formatUnits(
      breakEvenBps(unitPrice, round.rockPerFlame, round.termSeconds, terms),
      2,
    ),
  };
}

export async function supplierReturnChart(
  db: Db,
  chainId: number,
  fundId: number,
): Promise<BinfiSupplierReturnChart> {
  const round = await publicRound(db, chainId, fundId);
  const terms = await roundTerms(db, chainId, fundId);
  const unitPrice = BigInt(round.unitPrice);
  const monthly = rockMonthlyPerUnit(unitPrice, terms);
  const months = Math.round(round.termSeconds / MONTH_SECONDS);
  const periods = await db
    .select()
    .from(binfiPeriods)
    .where(and(eq(binfiPeriods.chainId, chainId), eq(binfiPeriods.fundId, fundId)))
    .orderBy(asc(binfiPeriods.period));
  const paidByMonth: bigint[] = [];
  for (const period of periods) {
    if (period.kind === 'reward') paidByMonth.push(BigInt(period.rockRate) / WAD);
    if (period.kind === 'settlement') {
      const last = BigInt(period.rockRate) / WAD - unitPrice;
      paidByMonth.push(last > 0n ? last : 0n);
    }
  }
  let paid = 0n;
  return {
    fundId,
    unitPrice: usdt(unitPrice),
    rockApr: formatUnits(BigInt(terms.rockAprBps), 2),
    points: Array.from({ length: months }, (_, i) => {
      const month = i + 1;
      const got = paidByMonth[i];
      if (got !== undefined) paid += got;
      return {
        month,
        expected: usdt(monthly * BigInt(month)),
        paid: got === undefined ? null : usdt(paid),
      };
    }),
  };
}

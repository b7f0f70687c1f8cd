import type { ChartPoint } from '../../../components/chart-points';
import type {
  BinfiEquityChart,
  BinfiProfitLossChart,
  BinfiSupplierReturnChart,
} from '../../../shared/api/binfi';

/**
 * The numbers behind BinFi's charts, from the chart calls' answers (the binfi-flame job's
 * 5-minute snapshots, thinned by the server past 2 and 30 days; Rock's reward months). Pure, so
 * they are tested without a DOM. Plotted values are numbers (the answers' decimal text has at
 * most 6 places, exact in a double at these sizes); the figures in sentences stay decimal text.
 */

const instant = (iso: string) => Date.parse(iso);
const inOrder = (points: ChartPoint[]) =>
  points
    .filter((p) => Number.isFinite(p.at) && Number.isFinite(p.value))
    .sort((a, b) => a.at - b.at);

/** Flame's profit and loss in USDT and in % of its capital, in time order. */
export function profitLossPoints(chart: BinfiProfitLossChart): {
  pnl: ChartPoint[];
  rate: ChartPoint[];
} {
  return {
    pnl: inOrder(chart.points.map((p) => ({ at: instant(p.time), value: Number(p.pnl) }))),
    rate: inOrder(chart.points.map((p) => ({ at: instant(p.time), value: Number(p.pnlRate) }))),
  };
}

/**
 * Flame's equity (USDT) and its drawdown from the peak so far, drawn below 0 (the answer gives
 * it as a positive %; a drawdown of 0 stays 0, never "-0").
 */
export function equityPoints(chart: BinfiEquityChart): {
  equity: ChartPoint[];
  drawdown: ChartPoint[];
} {
  return {
    equity: inOrder(chart.points.map((p) => ({ at: instant(p.time), value: Number(p.equity) }))),
    drawdown: inOrder(
      chart.points.map((p) => {
        const value = Number(p.drawdown);
        return { at: instant(p.time), value: value === 0 ? 0 : -value };
      }),
    ),
  };
}

/** `months` calendar months after `start` (the same day of the month, UTC). */
export function addMonths(start: number, months: number): number {
  const date = new Date(start);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.getTime();
}

/**
 * Rock's reward per unit added up month by month: expected from the terms for every month, and
 * paid for the months the pool funded (a month not paid yet has no paid point). Month k sits k
 * months after the term's start; before the start, after the raise's end (the term starts with
 * the next day's refund, so the dates are about a day early until then).
 */
export function supplierReturnPoints(
  chart: BinfiSupplierReturnChart,
  anchor: string,
): { expected: ChartPoint[]; paid: ChartPoint[]; months: Map<number, number> } {
  const start = instant(anchor);
  const months = new Map<number, number>();
  const expected: ChartPoint[] = [];
  const paid: ChartPoint[] = [];
  for (const point of chart.points) {
    const at = addMonths(start, point.month);
    months.set(at, point.month);
    expected.push({ at, value: Number(point.expected) });
    if (point.paid !== null) paid.push({ at, value: Number(point.paid) });
  }
  return { expected: inOrder(expected), paid: inOrder(paid), months };
}

/** The lowest and the highest point of a line (the first of equals), for a summary. */
export function extremes(points: readonly ChartPoint[]) {
  let low: ChartPoint | undefined;
  let high: ChartPoint | undefined;
  for (const point of points) {
    if (!low || point.value < low.value) low = point;
    if (!high || point.value > high.value) high = point;
  }
  return { low, high };
}

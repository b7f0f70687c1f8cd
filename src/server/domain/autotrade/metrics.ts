import { daysBetween } from '../../../shared/time/platform-days';

/**
 * A strategy's (or a subscription's) figures from its daily equity series (snapshots.ts), as
 * pure functions so a test can check them against a hand-computed series. Ratios are computed
 * in floating point (they are shown, never moved as money) and answered as percent with two
 * decimals.
 *
 * - since inception: last equity / starting equity - 1
 * - annual return: since inception x 365 / running days (simple annualisation: a compounded one
 *   explodes on a young strategy)
 * - past-year net: the return over the last 365 days (since inception when younger), less the
 *   performance fee when positive
 * - max drawdown: the deepest fall of the equity from its running peak (the start included)
 * - Sharpe: mean / sample standard deviation of the day-to-day returns x sqrt(365), risk-free
 *   rate 0; null under two returns or without variation
 */

export interface EquityPoint {
  day: string;
  equity: bigint;
}

export interface SeriesFigures {
  sinceInception: number;
  annualReturn: number;
  pastYear: number;
  pastYearNet: number;
  maxDrawdown: number;
  sharpe: number | null;
}

export const percent = (ratio: number) => Math.round(ratio * 10_000) / 100;

export function seriesFigures(
  start: { day: string; equity: bigint },
  points: EquityPoint[],
  feeBps: number,
): SeriesFigures {
  const base = Number(start.equity);
  const values = points.map((p) => Number(p.equity));
  const last = values.at(-1) ?? base;
  const sinceInception = base > 0 ? last / base - 1 : 0;
  const lastDay = points.at(-1)?.day ?? start.day;
  const days = Math.max(1, daysBetween(start.day, lastDay));
  const annualReturn = (sinceInception * 365) / days;

  const yearAgo = points.find((p) => daysBetween(p.day, lastDay) <= 365);
  const yearBase = daysBetween(start.day, lastDay) > 365 && yearAgo ? Number(yearAgo.equity) : base;
  const pastYear = yearBase > 0 ? last / yearBase - 1 : 0;
  const pastYearNet = pastYear > 0 ? pastYear * (1 - feeBps / 10_000) : pastYear;

  let peak = base;
  let maxDrawdown = 0;
  for (const value of values) {
    if (value > peak) peak = value;
    if (peak > 0) maxDrawdown = Math.max(maxDrawdown, (peak - value) / peak);
  }

  const chain = [base, ...values];
  const returns: number[] = [];
  for (let i = 1; i < chain.length; i += 1) {
    if (chain[i - 1]! > 0) returns.push(chain[i]! / chain[i - 1]! - 1);
  }
  let sharpe: number | null = null;
  if (returns.length >= 2) {
    const mean = returns.reduce((a, b) => a + b, 0) / returns.length;
    const variance = returns.reduce((a, r) => a + (r - mean) ** 2, 0) / (returns.length - 1);
    const std = Math.sqrt(variance);
    if (std > 0) sharpe = Math.round((mean / std) * Math.sqrt(365) * 100) / 100;
  }

  return {
    sinceInception: percent(sinceInception),
    annualReturn: percent(annualReturn),
    pastYear: percent(pastYear),
    pastYearNet: percent(pastYearNet),
    maxDrawdown: percent(maxDrawdown),
    sharpe,
  };
}

/** The drawdown of each point below its running peak (start included), percent, <= 0. */
export function drawdowns(startEquity: bigint, points: EquityPoint[]): number[] {
  let peak = Number(startEquity);
  return points.map((p) => {
    const value = Number(p.equity);
    if (value > peak) peak = value;
    return peak > 0 && value < peak ? -percent((peak - value) / peak) : 0;
  });
}

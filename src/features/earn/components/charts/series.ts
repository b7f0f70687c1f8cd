import type { EarnEvent, EarnNav } from '../../../../shared/api/earn';
import { dayTimestamp, type DayPoint } from '../../../../components/chart-points';
import { amountUnits } from '../../utils/amounts';

export { dayTimestamp, formatAxisDay, type DayPoint } from '../../../../components/chart-points';

/**
 * The numbers behind the earn charts, as pure functions (tested without a DOM or apexcharts).
 * A point is one day (`YYYY-MM-DD`, a UTC+8 day as the API gives it) and a value
 * (`DayPoint`, src/components/chart-points.ts).
 */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** YYYY/MM/DD of an API day. */
export const formatDay = (day: string) => day.replaceAll('-', '/');

/** The posted NAV as points in day order (an unparsable or non-positive value is left out). */
export function navPoints(nav: EarnNav['list']): DayPoint[] {
  return nav
    .map((point) => ({ day: point.day, value: Number(point.nav) }))
    .filter((point) => DAY.test(point.day) && Number.isFinite(point.value) && point.value > 0)
    .sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
}

/**
 * Drawdown in percent at each day: how far the NAV is below its highest value so far,
 * (nav - peak) / peak x 100, so 0 at a new high and negative below it.
 */
export function drawdownPoints(nav: readonly DayPoint[]): DayPoint[] {
  let peak = 0;
  return nav.map(({ day, value }) => {
    peak = Math.max(peak, value);
    const drawdown = peak > 0 ? ((value - peak) / peak) * 100 : 0;
    // -0 would print as "-0%"
    return { day, value: drawdown === 0 ? 0 : drawdown };
  });
}

/** The deepest drawdown of a NAV series in percent (0 or negative; 0 for no data). */
export function maxDrawdown(nav: readonly DayPoint[]): number {
  return drawdownPoints(nav).reduce((lowest, point) => Math.min(lowest, point.value), 0);
}

const MS_PER_DAY = 86_400_000;
/** Fewer days than this make an annualised figure meaningless (a 1 % week reads as 68 % a year). */
export const ANNUALISE_MIN_DAYS = 30;

/**
 * The annualised return since the first posted NAV, in percent, at each day from
 * `ANNUALISE_MIN_DAYS` after it: ((nav / first) ^ (365 / days) - 1) x 100.
 */
export function annualisedReturnPoints(
  nav: readonly DayPoint[],
  minDays = ANNUALISE_MIN_DAYS,
): DayPoint[] {
  const first = nav[0];
  if (!first) return [];
  const start = dayTimestamp(first.day);
  return nav.flatMap(({ day, value }) => {
    const days = (dayTimestamp(day) - start) / MS_PER_DAY;
    if (!(days >= minDays)) return [];
    return [{ day, value: (Math.pow(value / first.value, 365 / days) - 1) * 100 }];
  });
}

/** Reward events: a paid reward day, or a compounded one (Pro). */
const REWARD_KINDS: readonly EarnEvent['kind'][] = ['reward', 'compound'];

/** The UTC+8 day of an event: its reward day, else the day of its time. */
function eventDay(event: EarnEvent): string | null {
  if (event.day) return event.day;
  const time = new Date(event.at).getTime();
  if (Number.isNaN(time)) return null;
  return new Date(time + 8 * 3_600_000).toISOString().slice(0, 10);
}

/**
 * The yearly rate applied on each reward day of a subscription (the member's level rate that
 * day), from its reward events; one point per day, in day order.
 */
export function appliedRatePoints(events: readonly EarnEvent[]): DayPoint[] {
  const byDay = new Map<string, number>();
  for (const event of events) {
    if (!REWARD_KINDS.includes(event.kind) || event.rate === null) continue;
    const day = eventDay(event);
    if (day) byDay.set(day, event.rate);
  }
  return [...byDay.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([day, value]) => ({ day, value }));
}

export interface AccumulatedPoint {
  day: string;
  /** the running total in atomic units of the currency (exact) */
  total: bigint;
}

/**
 * The running total of a subscription's rewards by day: every reward (and compounded reward)
 * event added up in atomic units, one point per day that had one, in day order. Events of other
 * kinds (subscribe, add, return, fee, ...) are not rewards and are left out.
 */
export function accumulatedRewardPoints(
  events: readonly EarnEvent[],
  currency: string,
): AccumulatedPoint[] {
  const byDay = new Map<string, bigint>();
  for (const event of events) {
    if (!REWARD_KINDS.includes(event.kind)) continue;
    const day = eventDay(event);
    const units = amountUnits(event.amount.replace(/^-/, ''), currency);
    if (!day || units === null) continue;
    const signed = event.amount.startsWith('-') ? -units : units;
    byDay.set(day, (byDay.get(day) ?? 0n) + signed);
  }
  let total = 0n;
  return [...byDay.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([day, amount]) => {
      total += amount;
      return { day, total };
    });
}

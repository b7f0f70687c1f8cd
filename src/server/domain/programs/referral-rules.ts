import { REFERRAL_RULES } from '../../../shared/api/programs';
import { dayStart, platformDay } from '../../../shared/time/platform-days';

/**
 * The referral program's rules as pure functions (spec section 9, REFERRAL_RULES): amounts in
 * BCNT atomic units (18 decimals), months and distribution days in UTC+8.
 */

export const BCNT_DECIMALS = 18;
const BCNT = 10n ** BigInt(BCNT_DECIMALS);
const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;

export const bcnt = (whole: number): bigint => BigInt(whole) * BCNT;

export const SIGNUP_REWARD = bcnt(REFERRAL_RULES.signupBcnt);
export const LEVEL1_REWARD = bcnt(REFERRAL_RULES.level1Bcnt);
export const POOL_SIZE = bcnt(REFERRAL_RULES.poolBcnt);

/**
 * What the referrer earns when a qualified friend first subscribes: the friend's rank among the
 * referrer's friends who purchased (1st-3rd 100, 4th-7th 200, 8th on 500 BCNT).
 */
export function firstPurchaseReward(rank: number): bigint {
  if (!Number.isInteger(rank) || rank < 1) throw new RangeError(`bad purchase rank ${rank}`);
  const tier = REFERRAL_RULES.firstPurchaseTiers.find(
    (t) => rank >= t.fromRank && (t.toRank === null || rank <= t.toRank),
  );
  return bcnt(tier!.bcnt);
}

/** The UTC+8 month (YYYY-MM) of a moment: the cap's month. */
export const capMonth = (time: Date): string => platformDay(time).slice(0, 7);

/**
 * Whether a friend reaching level 1 is counted for the referrer (qualified): fewer than the
 * monthly cap (35) already counted in that month.
 */
export const withinMonthlyCap = (countedThisMonth: number): boolean =>
  countedThisMonth < REFERRAL_RULES.monthlyCap;

/** Wednesdays and the 5th of each month (UTC+8) are distribution days. */
export function isDistributionDay(day: string): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return (
    weekday === REFERRAL_RULES.distributionWeekday ||
    Number(day.slice(8, 10)) === REFERRAL_RULES.distributionMonthDay
  );
}

export interface DistributionWindow {
  /** 00:00 UTC+8 of the distribution day: rewards accrued before it are paid in the window */
  opensAt: Date;
  /** 17:00 UTC+8 of that day: nothing is paid at or after it */
  closesAt: Date;
}

/** The distribution window `now` falls in, or null outside every window. */
export function distributionWindowAt(now: Date): DistributionWindow | null {
  const day = platformDay(now);
  if (!isDistributionDay(day)) return null;
  const opensAt = dayStart(day);
  const closesAt = new Date(opensAt.getTime() + REFERRAL_RULES.distributionEndHour * HOUR_MS);
  return now.getTime() < closesAt.getTime() ? { opensAt, closesAt } : null;
}

/** The start of the next window after `now` (the current one's start when inside one). */
export function nextDistribution(now: Date): Date {
  const current = distributionWindowAt(now);
  if (current) return current.opensAt;
  let day = platformDay(new Date(now.getTime() + DAY_MS));
  while (!isDistributionDay(day)) day = platformDay(new Date(dayStart(day).getTime() + DAY_MS));
  return dayStart(day);
}

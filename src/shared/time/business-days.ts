/**
 * Business days in the platform's time zone (UTC+8, spec section 9 "Times shown in UTC+8"):
 * Monday to Friday. Public holidays are not modelled (README decision): an operator can run the
 * queues by hand (`ops withdrawals run`, `ops store deliver`).
 */

/** UTC+8 in milliseconds; Taiwan has no daylight-saving time. */
export const PLATFORM_UTC_OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Monday (1) to Friday (5) in UTC+8. */
export function isBusinessDay(time: Date): boolean {
  const day = new Date(time.getTime() + PLATFORM_UTC_OFFSET_MS).getUTCDay();
  return day >= 1 && day <= 5;
}

/**
 * The first business day after `now`'s calendar day (UTC+8), at `hour:minute` UTC+8.
 * Friday 18:00 -> Monday at `hour`; Saturday or Sunday -> Monday; Monday 09:00 -> Tuesday.
 */
export function nextBusinessDayAt(now: Date, hour: number, minute = 0): Date {
  if (!Number.isInteger(hour) || hour < 0 || hour > 23) throw new RangeError('hour 0-23');
  if (!Number.isInteger(minute) || minute < 0 || minute > 59) throw new RangeError('minute 0-59');
  const local = new Date(now.getTime() + PLATFORM_UTC_OFFSET_MS);
  const midnightLocalAsUtc = Date.UTC(
    local.getUTCFullYear(),
    local.getUTCMonth(),
    local.getUTCDate(),
  );
  let day = midnightLocalAsUtc + DAY_MS;
  while (![1, 2, 3, 4, 5].includes(new Date(day).getUTCDay())) day += DAY_MS;
  return new Date(day + (hour * 60 + minute) * 60 * 1000 - PLATFORM_UTC_OFFSET_MS);
}

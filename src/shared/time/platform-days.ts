/**
 * Calendar days in the platform's time zone (UTC+8, spec "Times are UTC+8"): a day is
 * `YYYY-MM-DD` and starts at 00:00 UTC+8 (16:00 UTC the day before). Contracts start at the
 * beginning of a day and run whole calendar months.
 */
import { isBusinessDay, PLATFORM_UTC_OFFSET_MS } from './business-days';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC+8 calendar day of a moment. */
export function platformDay(time: Date): string {
  return new Date(time.getTime() + PLATFORM_UTC_OFFSET_MS).toISOString().slice(0, 10);
}

/** 00:00 UTC+8 of a day. */
export function dayStart(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) - PLATFORM_UTC_OFFSET_MS);
}

export function addDays(day: string, days: number): string {
  return platformDay(new Date(dayStart(day).getTime() + days * DAY_MS));
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((dayStart(to).getTime() - dayStart(from).getTime()) / DAY_MS);
}

/**
 * The same moment `months` calendar months later in UTC+8; a day past the month's end is the
 * month's last day (Jan 31 + 1 month = Feb 28/29).
 */
export function addMonths(time: Date, months: number): Date {
  const local = new Date(time.getTime() + PLATFORM_UTC_OFFSET_MS);
  const year = local.getUTCFullYear();
  const month = local.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(local.getUTCDate(), lastDay);
  const shifted = Date.UTC(
    year,
    month,
    day,
    local.getUTCHours(),
    local.getUTCMinutes(),
    local.getUTCSeconds(),
    local.getUTCMilliseconds(),
  );
  return new Date(shifted - PLATFORM_UTC_OFFSET_MS);
}

/** `days` business days (Monday to Friday, UTC+8) after `time`, at the same time of day. */
export function addWorkingDays(time: Date, days: number): Date {
  let current = time.getTime();
  let left = days;
  while (left > 0) {
    current += DAY_MS;
    if (isBusinessDay(new Date(current))) left -= 1;
  }
  return new Date(current);
}

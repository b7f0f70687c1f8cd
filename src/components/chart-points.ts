/**
 * Points on a chart's time axis. A day point is a calendar day (`YYYY-MM-DD`, a UTC+8 day as
 * the API gives it) placed at midnight UTC of that date, so the axis (formatted with UTC
 * getters) shows the same day whatever the viewer's own time zone.
 */
export interface DayPoint {
  day: string;
  value: number;
}

/** A point at an instant (milliseconds since the epoch). */
export interface ChartPoint {
  at: number;
  value: number;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A day's position on a chart's time axis: midnight UTC of that calendar day. */
export function dayTimestamp(day: string): number {
  const match = DAY.exec(day);
  if (!match) return Number.NaN;
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

const pad = (value: number) => String(value).padStart(2, '0');

/** YYYY/MM/DD (the platform's date format) of an axis position. */
export function formatAxisDay(timestamp: number): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getUTCFullYear()}/${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())}`;
}

const UTC8_MS = 8 * 3_600_000;

/** YYYY/MM/DD HH:mm in UTC+8 (the platform's time zone) of an instant. */
export function formatUtc8Time(timestamp: number): string {
  if (!Number.isFinite(timestamp)) return '';
  const day = formatAxisDay(timestamp + UTC8_MS);
  const date = new Date(timestamp + UTC8_MS);
  return `${day} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
}

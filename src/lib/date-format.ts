/**
 * Dates as the platform shows them (spec section 5): YYYY/MM/DD, times in UTC+8 whatever the
 * viewer's own time zone, and the Republic of China year (year - 1911) where needed.
 */

export const PLATFORM_UTC_OFFSET_MINUTES = 8 * 60;

const pad = (value: number) => String(value).padStart(2, '0');

/** The parts of an instant as seen in UTC+8; null for an unparsable input. */
function partsInPlatformZone(input: Date | string | number): Date | null {
  const date = input instanceof Date ? input : new Date(input);
  const time = date.getTime();
  if (Number.isNaN(time)) return null;
  return new Date(time + PLATFORM_UTC_OFFSET_MINUTES * 60_000);
}

/** 'YYYY/MM/DD' in UTC+8; '' for an invalid date. */
export function formatDate(input: Date | string | number): string {
  const shifted = partsInPlatformZone(input);
  if (!shifted) return '';
  return `${shifted.getUTCFullYear()}/${pad(shifted.getUTCMonth() + 1)}/${pad(shifted.getUTCDate())}`;
}

/** 'YYYY/MM/DD HH:mm' in UTC+8; '' for an invalid date. */
export function formatDateTime(input: Date | string | number): string {
  const shifted = partsInPlatformZone(input);
  if (!shifted) return '';
  return `${formatDate(input)} ${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())}`;
}

/** Republic of China (Minguo) year: 2024 -> 113. */
export function toRocYear(gregorianYear: number): number {
  return gregorianYear - 1911;
}

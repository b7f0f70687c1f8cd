import { formatDate } from '../../../lib/date-format';

/** Today as YYYY-MM-DD in the platform's time zone (UTC+8), for the date rules of the form. */
export function platformToday(now: number = Date.now()): string {
  return formatDate(now).replaceAll('/', '-');
}

/** A form date (YYYY-MM-DD) as the platform shows dates (YYYY/MM/DD); '' stays ''. */
export function showFormDate(value: string | undefined | null): string {
  return value ? value.replaceAll('-', '/') : '';
}

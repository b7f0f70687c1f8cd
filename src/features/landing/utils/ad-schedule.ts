import type { Advertisement } from '../../../services/advertisements';

/**
 * The advertisement popup's rules (products-programs.md sections 2, 4 and 9):
 * - the ad is the first web ad by sortOrder (the server sorts; an ended campaign is skipped);
 * - it shows when no `ad-next-time` is stored or the stored time has passed;
 * - Hide today stores the next local midnight (the brief's "until local midnight"; the spec's
 *   "a time one day ahead" read as the end of today, so the popup returns the next day);
 * - never during onboarding (`mode=new`), the spec's campaign popup rule;
 * - two products rotate every 8 s, and 12 s after a dot click.
 */
export const AD_ROTATE_MS = 8_000;
export const AD_ROTATE_AFTER_DOT_MS = 12_000;

/** The ad the web shows now: the first web one whose campaign has not ended. */
export function webAdvertisement(
  ads: readonly Advertisement[],
  now: number,
): Advertisement | undefined {
  return ads.find((ad) => ad.isWeb && (ad.endsAt === null || Date.parse(ad.endsAt) > now));
}

/** No `ad-next-time` stored, an unreadable one, or its time has passed. */
export function adPopupDue(stored: string | null, now: number): boolean {
  if (!stored) return true;
  const next = Number(stored);
  return !Number.isFinite(next) || next <= now;
}

/** The next local midnight after `now` (ms): what Hide today stores as `ad-next-time`. */
export function nextLocalMidnight(now: number): number {
  const date = new Date(now);
  date.setHours(24, 0, 0, 0);
  return date.getTime();
}

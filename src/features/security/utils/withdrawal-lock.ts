import type { TwoFactorSettings } from '../../../shared/api/auth';

/** The withdrawal lock time (ISO) if it is still ahead, else null. */
export function activeLockUntil(settings: TwoFactorSettings, now = Date.now()): string | null {
  const until = settings.withdrawalLockedUntil;
  if (!until) return null;
  const time = new Date(until).getTime();
  return Number.isNaN(time) || time <= now ? null : until;
}

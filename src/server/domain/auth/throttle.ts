import { eq, lt, sql } from 'drizzle-orm';
import { AuthError } from '../../../shared/api/auth';
import { ErrorCode } from '../../../shared/api/envelope';
import { loginThrottle } from '../../db/schema';
import { AppError } from '../../errors';
import { addMs, type AuthDeps, HOUR } from './context';
import { hmacHex } from './crypto';

/**
 * Failed-login throttling per account (per IP limits are the route's rate-limit preset).
 *
 * Failures are counted in hourly windows per bucket. After THROTTLE_FREE_FAILURES failures,
 * the next attempt must wait 2^(n-5) seconds after the last failure (capped at
 * THROTTLE_MAX_DELAY_S); at THROTTLE_MAX_FAILURES failures the bucket refuses until its window
 * ends. While delayed, an attempt is answered `login_delayed` with `retryAfter` without the
 * password being checked.
 *
 * Buckets are keyed by the e-mail as typed (HMAC'd), not the member, so an unknown e-mail is
 * throttled exactly like a registered one. Failures from a device the account has authorised
 * (known client id) count in that device's own bucket: a stranger can slow down strangers, but
 * cannot lock the member out of the devices they already use.
 */
export const THROTTLE_WINDOW_MS = HOUR;
export const THROTTLE_MAX_FAILURES = 100;
export const THROTTLE_FREE_FAILURES = 5;
export const THROTTLE_MAX_DELAY_S = 30;

export function throttleKey(deps: AuthDeps, email: string, knownClientId: string | null): string {
  const account = hmacHex(deps.keys.codes, `login-throttle:${email}`);
  return knownClientId ? `k:${account}:${knownClientId}` : `s:${account}`;
}

/** Seconds the bucket must still wait, or 0. */
function waitSeconds(
  row: { failures: number; windowStart: Date; lastFailureAt: Date } | undefined,
  now: Date,
): number {
  if (!row) return 0;
  const windowEnd = row.windowStart.getTime() + THROTTLE_WINDOW_MS;
  if (windowEnd <= now.getTime()) return 0;
  if (row.failures >= THROTTLE_MAX_FAILURES) return (windowEnd - now.getTime()) / 1000;
  if (row.failures < THROTTLE_FREE_FAILURES) return 0;
  const delay = Math.min(2 ** (row.failures - THROTTLE_FREE_FAILURES), THROTTLE_MAX_DELAY_S);
  return (row.lastFailureAt.getTime() + delay * 1000 - now.getTime()) / 1000;
}

/** Throws `login_delayed` (HTTP 429, data.retryAfter seconds) while the bucket must wait. */
export async function assertLoginAllowed(deps: AuthDeps, key: string): Promise<void> {
  const [row] = await deps.db.select().from(loginThrottle).where(eq(loginThrottle.key, key));
  const wait = waitSeconds(row, deps.clock.now());
  if (wait > 0) {
    throw new AppError(ErrorCode.rateLimited, AuthError.loginDelayed, {
      retryAfter: Math.ceil(wait),
    });
  }
}

/** Count one failure (one atomic upsert; a new window starts when the old one is over). */
export async function recordLoginFailure(deps: AuthDeps, key: string): Promise<void> {
  const now = deps.clock.now();
  const windowOver = sql`${loginThrottle.windowStart} <= ${addMs(now, -THROTTLE_WINDOW_MS).toISOString()}::timestamptz`;
  await deps.db
    .insert(loginThrottle)
    .values({ key, failures: 1, windowStart: now, lastFailureAt: now })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: sql`case when ${windowOver} then 1 else ${loginThrottle.failures} + 1 end`,
        windowStart: sql`case when ${windowOver} then ${now.toISOString()}::timestamptz else ${loginThrottle.windowStart} end`,
        lastFailureAt: now,
      },
    });
  cleanup(deps, now);
}

export async function clearLoginFailures(deps: AuthDeps, key: string): Promise<void> {
  await deps.db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}

/** After a password reset the account starts afresh (every bucket of that e-mail). */
export async function clearAllLoginFailures(deps: AuthDeps, email: string): Promise<void> {
  const account = hmacHex(deps.keys.codes, `login-throttle:${email}`);
  await deps.db
    .delete(loginThrottle)
    .where(
      sql`${loginThrottle.key} = ${`s:${account}`} or ${loginThrottle.key} like ${`k:${account}:%`}`,
    );
}

let lastCleanup = 0;
function cleanup(deps: AuthDeps, now: Date) {
  if (now.getTime() - lastCleanup < 10 * 60_000) return;
  lastCleanup = now.getTime();
  deps.db
    .delete(loginThrottle)
    .where(lt(loginThrottle.windowStart, addMs(now, -THROTTLE_WINDOW_MS)))
    .catch(() => undefined);
}

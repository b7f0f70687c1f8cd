import { eq, sql } from 'drizzle-orm';
import { AuthError } from '../../../shared/api/auth';
import { ErrorCode } from '../../../shared/api/envelope';
import { loginThrottle } from '../../db/schema';
import { AppError } from '../../errors';
import { CODE_HOURLY_CAP, CODE_MAX_ATTEMPTS, CODE_RESEND_SECONDS, CODE_TTL_MS } from './codes';
import { addMs, type AuthDeps, HOUR } from './context';
import { hmacHex } from './crypto';

/**
 * No account enumeration through contact verification: `sendVerifyEmailCode`,
 * `sendVerifySmsCode` and `activation` answer an e-mail that has no account exactly as they
 * answer a member's: the same fields (a masked mobile of the member's shape), the same resend
 * cooldown (60 s) and hourly cap (5), "The code is wrong." with attemptsLeft for up to 5 codes
 * within 10 minutes of a "send", then `code_expired`. Nothing is sent. The emulation keeps its
 * counters in the login throttle's table under keys derived (HMAC) from the typed e-mail.
 */
type Channel = 'email' | 'sms';

function keys(deps: AuthDeps, email: string, channel: Channel) {
  const id = hmacHex(deps.keys.codes, `contact:${email}:${channel}`);
  return { send: `cs:${id}`, tries: `ct:${id}`, id };
}

function tooSoon(seconds: number): AppError {
  return new AppError(ErrorCode.rateLimited, AuthError.resendTooSoon, {
    resendAfter: Math.max(1, Math.ceil(seconds)),
  });
}

/** What a member's masked mobile looks like (`+8869****123`), stable for the e-mail. */
function fakeMaskedMobile(id: string): string {
  const digits = String(parseInt(id.slice(0, 8), 16) % 1000).padStart(3, '0');
  return `+8869****${digits}`;
}

export async function pretendSendCode(
  deps: AuthDeps,
  email: string,
  channel: Channel,
  maskedEmail: string,
): Promise<{ resendAfter: number; sentTo: string }> {
  const now = deps.clock.now();
  const k = keys(deps, email, channel);
  const [row] = await deps.db.select().from(loginThrottle).where(eq(loginThrottle.key, k.send));
  const windowLive = row && row.windowStart.getTime() + HOUR > now.getTime();
  if (row && windowLive) {
    const wait = CODE_RESEND_SECONDS - (now.getTime() - row.lastFailureAt.getTime()) / 1000;
    if (wait > 0) throw tooSoon(wait);
    if (row.failures >= CODE_HOURLY_CAP) {
      throw tooSoon((row.windowStart.getTime() + HOUR - now.getTime()) / 1000);
    }
  }
  const windowOver = sql`${loginThrottle.windowStart} <= ${addMs(now, -HOUR).toISOString()}::timestamptz`;
  await deps.db
    .insert(loginThrottle)
    .values({ key: k.send, failures: 1, windowStart: now, lastFailureAt: now })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: sql`case when ${windowOver} then 1 else ${loginThrottle.failures} + 1 end`,
        windowStart: sql`case when ${windowOver} then ${now.toISOString()}::timestamptz else ${loginThrottle.windowStart} end`,
        lastFailureAt: now,
      },
    });
  // a new "code": its attempts start afresh, like a member's new code
  await deps.db.delete(loginThrottle).where(eq(loginThrottle.key, k.tries));
  return {
    resendAfter: CODE_RESEND_SECONDS,
    sentTo: channel === 'email' ? maskedEmail : fakeMaskedMobile(k.id),
  };
}

/** activation for an e-mail without an account: always refused, like a wrong or dead code. */
export async function pretendCheckCode(
  deps: AuthDeps,
  email: string,
  channel: Channel,
  field = 'code',
): Promise<never> {
  const now = deps.clock.now();
  const k = keys(deps, email, channel);
  const [sent] = await deps.db.select().from(loginThrottle).where(eq(loginThrottle.key, k.send));
  const live = sent && sent.lastFailureAt.getTime() + CODE_TTL_MS > now.getTime();
  if (live) {
    const [tries] = await deps.db
      .insert(loginThrottle)
      .values({ key: k.tries, failures: 1, windowStart: now, lastFailureAt: now })
      .onConflictDoUpdate({
        target: loginThrottle.key,
        set: { failures: sql`${loginThrottle.failures} + 1`, lastFailureAt: now },
      })
      .returning({ failures: loginThrottle.failures });
    if (tries && tries.failures <= CODE_MAX_ATTEMPTS) {
      throw new AppError(ErrorCode.badRequest, AuthError.codeWrong, {
        field,
        attemptsLeft: CODE_MAX_ATTEMPTS - tries.failures,
      });
    }
  }
  throw new AppError(ErrorCode.badRequest, AuthError.codeExpired, { field });
}

import { and, eq, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { authenticator } from 'otplib';
import {
  AuthError,
  type Set2FABody,
  type Set2FAResult,
  type TwoFactorSettings,
} from '../../../shared/api/auth';
import { ErrorCode } from '../../../shared/api/envelope';
import { loginThrottle, members } from '../../db/schema';
import { AppError } from '../../errors';
import { type ActivityOrigin, logActivity } from './activity';
import { checkCode, consumeCode, issueCode } from './codes';
import { addMs, type AuthDeps, DAY, MINUTE } from './context';
import { decryptAtRest, encryptAtRest, maskMobile } from './crypto';
import { loadMember, type MemberRow } from './members';
import { confirmPassword } from './reauth';
import { sendSecurityNotice } from './security-notice';

/**
 * Two-step verification: SMS codes or an authenticator app (TOTP, RFC 6238: 30-second steps,
 * 6 digits, one step of clock drift either way). A TOTP code is accepted once: the last
 * accepted time step is stored and only a later step passes (one conditional UPDATE, so of
 * concurrent submissions exactly one wins). Any change needs the password (re-authentication)
 * and the factor that is on, and locks withdrawals for 24 hours.
 */
export const TOTP_ISSUER = 'BCNT Platform';
export const TOTP_STEP_SECONDS = 30;
export const TOTP_WINDOW = 1;
export const WITHDRAWAL_LOCK_MS = DAY;
/** wrong authenticator codes per account, over every route that takes one */
export const TOTP_MAX_FAILURES = 5;
export const TOTP_FAILURE_WINDOW_MS = 15 * MINUTE;

function totpAt(now: Date) {
  return authenticator.clone({
    epoch: now.getTime(),
    step: TOTP_STEP_SECONDS,
    window: TOTP_WINDOW,
  });
}

/** The time step a code matches at `now` (window ±1), or null. */
export function matchTotpStep(secret: string, code: string, now: Date): number | null {
  const delta = totpAt(now).checkDelta(code, secret);
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / TOTP_STEP_SECONDS) + delta;
}

/** For tests and tools: the current code of a secret at `now`. */
export function totpCode(secret: string, now: Date): string {
  return totpAt(now).generate(secret);
}

function totpContext(memberId: number) {
  return `totp:${memberId}`;
}

export function sealTotpSecret(deps: AuthDeps, memberId: number, secret: string): string {
  return encryptAtRest(deps.keys.data, secret, totpContext(memberId));
}

export function openTotpSecret(deps: AuthDeps, memberId: number, sealed: string): string {
  return decryptAtRest(deps.keys.data, sealed, totpContext(memberId));
}

function codeWrong(field: string) {
  return new AppError(ErrorCode.badRequest, AuthError.codeWrong, { field });
}

function totpThrottleKey(memberId: number): string {
  return `totp:${memberId}`;
}

/**
 * Take one of the account's authenticator attempts (a row of the login throttle's table, key
 * `totp:<member>`, windows of 15 minutes from the first failure). Taken before the code is
 * compared, in one atomic upsert, so concurrent requests cannot compare more than 5 codes; a
 * right code gives its attempt back. Over the limit: `login_delayed` (429) with `retryAfter`
 * seconds and `retryAt` (ISO) when the window ends. So more than 5 submissions in flight at
 * once for one account are refused too.
 */
async function takeTotpAttempt(deps: AuthDeps, memberId: number, field: string): Promise<void> {
  const now = deps.clock.now();
  const windowOver = sql`${loginThrottle.windowStart} <= ${addMs(now, -TOTP_FAILURE_WINDOW_MS).toISOString()}::timestamptz`;
  const [row] = await deps.db
    .insert(loginThrottle)
    .values({ key: totpThrottleKey(memberId), failures: 1, windowStart: now, lastFailureAt: now })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: sql`case when ${windowOver} then 1 else ${loginThrottle.failures} + 1 end`,
        windowStart: sql`case when ${windowOver} then ${now.toISOString()}::timestamptz else ${loginThrottle.windowStart} end`,
        lastFailureAt: now,
      },
    })
    .returning({ failures: loginThrottle.failures, windowStart: loginThrottle.windowStart });
  if (row && row.failures > TOTP_MAX_FAILURES) {
    // not compared: the refusal does not count
    await giveBackTotpAttempt(deps, memberId);
    const retryAt = addMs(row.windowStart, TOTP_FAILURE_WINDOW_MS);
    throw new AppError(ErrorCode.rateLimited, AuthError.loginDelayed, {
      field,
      retryAfter: Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000)),
      retryAt: retryAt.toISOString(),
    });
  }
}

async function giveBackTotpAttempt(deps: AuthDeps, memberId: number): Promise<void> {
  await deps.db
    .update(loginThrottle)
    .set({ failures: sql`greatest(${loginThrottle.failures} - 1, 0)` })
    .where(eq(loginThrottle.key, totpThrottleKey(memberId)));
}

/**
 * Accept a TOTP code of the member's authenticator once; throws "The code is wrong.". At most
 * 5 wrong codes per account in 15 minutes over every route (login, two-step changes, wallet
 * link and unlink, addresses, withdrawals), then `login_delayed` until the window ends.
 */
export async function consumeTotp(
  deps: AuthDeps,
  member: Pick<MemberRow, 'id' | 'totpSecret'>,
  code: string,
  field: string,
): Promise<void> {
  if (!member.totpSecret) throw codeWrong(field);
  await takeTotpAttempt(deps, member.id, field);
  const step = matchTotpStep(
    openTotpSecret(deps, member.id, member.totpSecret),
    code,
    deps.clock.now(),
  );
  if (step === null) throw codeWrong(field);
  // A code of the secret (even a replayed step) is no guess: its attempt is given back.
  await giveBackTotpAttempt(deps, member.id);
  const accepted = await deps.db
    .update(members)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(members.id, member.id),
        or(isNull(members.totpLastStep), lt(members.totpLastStep, step)),
      ),
    )
    .returning({ id: members.id });
  if (accepted.length === 0) throw codeWrong(field);
}

/**
 * The factor that is on (TOTP or an SMS code sent for `two_factor`), spent once. Nothing when
 * 2FA is off, unless `required` (then `two_factor_required`).
 */
export async function verifyCurrentFactor(
  deps: AuthDeps,
  member: MemberRow,
  code: string | undefined,
  field: string,
  options: { required?: boolean } = {},
): Promise<void> {
  if (member.twoFactorMethod === 'none') {
    if (options.required) {
      throw new AppError(ErrorCode.forbidden, AuthError.twoFactorRequired, { field });
    }
    return;
  }
  if (!code) throw new AppError(ErrorCode.forbidden, AuthError.twoFactorRequired, { field });
  if (member.twoFactorMethod === 'totp') return consumeTotp(deps, member, code, field);
  return consumeCode(
    deps,
    { memberId: member.id, channel: 'sms', purpose: 'two_factor' },
    code,
    field,
  );
}

/**
 * The settings as get2FASettings answers them. `withdrawalLockedUntil` only while the lock lasts
 * by the server's clock (the browser's may differ): null once it has ended.
 */
export function twoFactorSettings(member: MemberRow, now: Date): TwoFactorSettings {
  const lock = member.withdrawalLockedUntil;
  return {
    method: member.twoFactorMethod,
    mobile: member.mobile ? maskMobile(member.mobile) : null,
    mobileVerified: member.mobileVerifiedAt !== null,
    withdrawalLockedUntil: lock && lock > now ? lock.toISOString() : null,
  };
}

export async function getTwoFactorSettings(deps: AuthDeps, memberId: number) {
  return twoFactorSettings(await loadMember(deps.db, memberId), deps.clock.now());
}

function requireVerifiedMobile(member: MemberRow): string {
  if (!member.mobile || !member.mobileVerifiedAt) {
    throw new AppError(ErrorCode.forbidden, AuthError.mobileNotVerified, { field: 'mobile' });
  }
  return member.mobile;
}

export async function setTwoFactor(
  deps: AuthDeps,
  memberId: number,
  body: Set2FABody,
  origin: ActivityOrigin,
): Promise<Set2FAResult> {
  const member = await loadMember(deps.db, memberId);
  const smsTarget = { memberId, channel: 'sms' as const, purpose: 'two_factor' as const };

  switch (body.action) {
    case 'send-sms': {
      const mobile = requireVerifiedMobile(member);
      const sent = await issueCode(deps, smsTarget, mobile);
      return {
        settings: twoFactorSettings(member, deps.clock.now()),
        totp: null,
        sms: { resendAfter: sent.resendAfter, sentTo: maskMobile(mobile) },
      };
    }
    case 'totp-setup': {
      const secret = authenticator.generateSecret(20);
      await deps.db
        .update(members)
        .set({
          totpPendingSecret: sealTotpSecret(deps, memberId, secret),
          updatedAt: deps.clock.now(),
        })
        .where(eq(members.id, memberId));
      return {
        settings: twoFactorSettings(member, deps.clock.now()),
        totp: { secret, otpauthUrl: authenticator.keyuri(member.email, TOTP_ISSUER, secret) },
        sms: null,
      };
    }
    case 'enable-totp': {
      if (!member.totpPendingSecret) {
        throw new AppError(ErrorCode.badRequest, AuthError.codeExpired, { field: 'code' });
      }
      const secret = openTotpSecret(deps, memberId, member.totpPendingSecret);
      // Check the new code first (it costs nothing), then spend the current factor.
      const step = matchTotpStep(secret, body.code, deps.clock.now());
      if (step === null) throw codeWrong('code');
      await confirmPassword(deps, member, body.password);
      await verifyCurrentFactor(deps, member, body.currentCode, 'currentCode');
      return change(
        deps,
        member,
        origin,
        {
          twoFactorMethod: 'totp',
          totpSecret: sealTotpSecret(deps, memberId, secret),
          totpPendingSecret: null,
          // the confirming code cannot be used again to log in
          totpLastStep: step,
        },
        // of concurrent confirmations of one pending secret, one wins
        eq(members.totpPendingSecret, member.totpPendingSecret),
      );
    }
    case 'enable-sms': {
      requireVerifiedMobile(member);
      await checkCode(deps, smsTarget, body.code, 'code');
      await confirmPassword(deps, member, body.password);
      if (member.twoFactorMethod === 'totp') {
        await verifyCurrentFactor(deps, member, body.currentCode, 'currentCode');
      }
      await consumeCode(deps, smsTarget, body.code, 'code');
      return change(deps, member, origin, {
        twoFactorMethod: 'sms',
        totpSecret: null,
        totpPendingSecret: null,
        totpLastStep: null,
      });
    }
    case 'disable': {
      if (member.twoFactorMethod === 'none') {
        return { settings: twoFactorSettings(member, deps.clock.now()), totp: null, sms: null };
      }
      await confirmPassword(deps, member, body.password);
      await verifyCurrentFactor(deps, member, body.currentCode, 'currentCode');
      return change(deps, member, origin, {
        twoFactorMethod: 'none',
        totpSecret: null,
        totpPendingSecret: null,
        totpLastStep: null,
      });
    }
  }
}

async function change(
  deps: AuthDeps,
  member: MemberRow,
  origin: ActivityOrigin,
  set: Partial<typeof members.$inferInsert>,
  condition?: SQL,
): Promise<Set2FAResult> {
  const now = deps.clock.now();
  const [updated] = await deps.db
    .update(members)
    .set({ ...set, withdrawalLockedUntil: addMs(now, WITHDRAWAL_LOCK_MS), updatedAt: now })
    .where(and(eq(members.id, member.id), condition))
    .returning();
  if (!updated) throw codeWrong('code');
  await logActivity(deps, {
    memberId: member.id,
    action: 'two_factor_changed',
    ...origin,
    detail: { from: member.twoFactorMethod, to: updated.twoFactorMethod },
  });
  const names = { none: 'off', sms: 'SMS', totp: 'authenticator app' } as const;
  await sendSecurityNotice(
    deps,
    member,
    'two_factor_changed',
    origin,
    `from ${names[member.twoFactorMethod]} to ${names[updated.twoFactorMethod]}`,
  );
  return { settings: twoFactorSettings(updated, deps.clock.now()), totp: null, sms: null };
}

import { and, eq, isNull, lt, or, type SQL } from 'drizzle-orm';
import { authenticator } from 'otplib';
import {
  AuthError,
  type Set2FABody,
  type Set2FAResult,
  type TwoFactorSettings,
} from '../../../shared/api/auth';
import { ErrorCode } from '../../../shared/api/envelope';
import { members } from '../../db/schema';
import { AppError } from '../../errors';
import { type ActivityOrigin, logActivity } from './activity';
import { checkCode, consumeCode, issueCode } from './codes';
import { addMs, type AuthDeps, DAY } from './context';
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

/** Accept a TOTP code of the member's authenticator once; throws "The code is wrong.". */
export async function consumeTotp(
  deps: AuthDeps,
  member: Pick<MemberRow, 'id' | 'totpSecret'>,
  code: string,
  field: string,
): Promise<void> {
  if (!member.totpSecret) throw codeWrong(field);
  const step = matchTotpStep(
    openTotpSecret(deps, member.id, member.totpSecret),
    code,
    deps.clock.now(),
  );
  if (step === null) throw codeWrong(field);
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

export function twoFactorSettings(member: MemberRow): TwoFactorSettings {
  return {
    method: member.twoFactorMethod,
    mobile: member.mobile ? maskMobile(member.mobile) : null,
    mobileVerified: member.mobileVerifiedAt !== null,
    withdrawalLockedUntil: member.withdrawalLockedUntil?.toISOString() ?? null,
  };
}

export async function getTwoFactorSettings(deps: AuthDeps, memberId: number) {
  return twoFactorSettings(await loadMember(deps.db, memberId));
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
        settings: twoFactorSettings(member),
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
        settings: twoFactorSettings(member),
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
        return { settings: twoFactorSettings(member), totp: null, sms: null };
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
  return { settings: twoFactorSettings(updated), totp: null, sms: null };
}

import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { AuthError } from '../../../shared/api/auth';
import { ErrorCode } from '../../../shared/api/envelope';
import { verificationCodes } from '../../db/schema';
import { AppError } from '../../errors';
import { addMs, type AuthDeps, HOUR, MINUTE } from './context';
import { hmacHex, randomCode } from './crypto';

/**
 * 6-digit codes sent by e-mail or SMS. Stored as an HMAC (a leaked table does not give the
 * codes away), valid 10 minutes, single use (an atomic `UPDATE ... WHERE used_at IS NULL
 * RETURNING`), at most 5 submissions compared per code (counted in that same UPDATE), a new code at most every 60 seconds and
 * at most 5 per hour for one member, channel and purpose. Sending a new code retires the old.
 */
export const CODE_TTL_MS = 10 * MINUTE;
export const CODE_MAX_ATTEMPTS = 5;
export const CODE_RESEND_SECONDS = 60;
export const CODE_HOURLY_CAP = 5;

export type CodeChannel = 'email' | 'sms';
/** activation: contact verification; login: SMS second step; two_factor: 2FA changes, unlink */
export type CodePurpose = 'activation' | 'login' | 'two_factor';

export interface CodeTarget {
  memberId: number;
  channel: CodeChannel;
  purpose: CodePurpose;
}

function codeHash(deps: AuthDeps, target: CodeTarget, code: string): string {
  return hmacHex(deps.keys.codes, `${target.memberId}:${target.channel}:${target.purpose}:${code}`);
}

const MESSAGES: Record<CodePurpose, { subject: string; text: string }> = {
  activation: {
    subject: 'Verify your contact details',
    text: 'Your BCNT Platform verification code is {code}. It expires in 10 minutes.',
  },
  login: {
    subject: 'Your login code',
    text: 'Your BCNT Platform login code is {code}. It expires in 10 minutes. Never share it.',
  },
  two_factor: {
    subject: 'Confirm a security change',
    text: 'Your BCNT Platform security code is {code}. It expires in 10 minutes. Never share it.',
  },
};

function tooSoon(resendAfter: number): AppError {
  return new AppError(ErrorCode.rateLimited, AuthError.resendTooSoon, {
    resendAfter: Math.max(1, Math.ceil(resendAfter)),
  });
}

/**
 * Create, store and send a code to `destination`; answers the seconds until the next one may
 * be sent. Refuses with `resend_too_soon` (429, data.resendAfter) within the cooldown or over
 * the hourly cap.
 */
export async function issueCode(
  deps: AuthDeps,
  target: CodeTarget,
  destination: string,
): Promise<{ resendAfter: number }> {
  const now = deps.clock.now();
  const scope = and(
    eq(verificationCodes.memberId, target.memberId),
    eq(verificationCodes.channel, target.channel),
    eq(verificationCodes.purpose, target.purpose),
  );
  const [latest] = await deps.db
    .select({ createdAt: verificationCodes.createdAt })
    .from(verificationCodes)
    .where(scope)
    .orderBy(desc(verificationCodes.id))
    .limit(1);
  if (latest) {
    const wait = CODE_RESEND_SECONDS - (now.getTime() - latest.createdAt.getTime()) / 1000;
    if (wait > 0) throw tooSoon(wait);
  }
  const hourAgo = addMs(now, -HOUR);
  const recent = await deps.db
    .select({ createdAt: verificationCodes.createdAt })
    .from(verificationCodes)
    .where(and(scope, gt(verificationCodes.createdAt, hourAgo)))
    .orderBy(verificationCodes.createdAt)
    .limit(CODE_HOURLY_CAP);
  if (recent.length >= CODE_HOURLY_CAP && recent[0]) {
    throw tooSoon((recent[0].createdAt.getTime() + HOUR - now.getTime()) / 1000);
  }

  // Retire the codes sent before this one.
  await deps.db
    .update(verificationCodes)
    .set({ expiresAt: now })
    .where(and(scope, isNull(verificationCodes.usedAt), gt(verificationCodes.expiresAt, now)));
  const code = randomCode();
  await deps.db.insert(verificationCodes).values({
    memberId: target.memberId,
    channel: target.channel,
    purpose: target.purpose,
    destination,
    codeHash: codeHash(deps, target, code),
    createdAt: now,
    expiresAt: addMs(now, CODE_TTL_MS),
  });
  const message = MESSAGES[target.purpose];
  await deps.outbox.send({
    channel: target.channel,
    to: destination,
    subject: target.channel === 'email' ? message.subject : null,
    body: message.text.replace('{code}', code),
    code,
  });
  return { resendAfter: CODE_RESEND_SECONDS };
}

function liveScope(target: CodeTarget, now: Date) {
  return and(
    eq(verificationCodes.memberId, target.memberId),
    eq(verificationCodes.channel, target.channel),
    eq(verificationCodes.purpose, target.purpose),
    isNull(verificationCodes.usedAt),
    gt(verificationCodes.expiresAt, now),
    lt(verificationCodes.attempts, CODE_MAX_ATTEMPTS),
  );
}

/**
 * One attempt at the live code, counted in the same conditional UPDATE that checks it: the row
 * is only touched while it has attempts left, and concurrent submissions queue on its row lock
 * (PostgreSQL re-checks `attempts < 5` on the updated row), so no more than 5 codes are ever
 * compared, however many arrive at once. `spend` also marks a matching code used.
 */
async function attemptCode(
  deps: AuthDeps,
  target: CodeTarget,
  code: string,
  field: string,
  spend: boolean,
): Promise<void> {
  const now = deps.clock.now();
  const hash = codeHash(deps, target, code);
  const matches = sql`${verificationCodes.codeHash} = ${hash}`;
  const [row] = await deps.db
    .update(verificationCodes)
    .set({
      attempts: spend
        ? sql`${verificationCodes.attempts} + 1`
        : sql`${verificationCodes.attempts} + (case when ${matches} then 0 else 1 end)`,
      ...(spend
        ? { usedAt: sql`case when ${matches} then ${now.toISOString()}::timestamptz else null end` }
        : {}),
    })
    .where(liveScope(target, now))
    .returning({ attempts: verificationCodes.attempts, matched: sql<boolean>`${matches}` });
  if (!row) throw new AppError(ErrorCode.badRequest, AuthError.codeExpired, { field });
  if (row.matched) return;
  throw new AppError(ErrorCode.badRequest, AuthError.codeWrong, {
    field,
    attemptsLeft: Math.max(0, CODE_MAX_ATTEMPTS - row.attempts),
  });
}

/**
 * Spend a code: exactly one of any number of concurrent submissions of a valid code succeeds.
 * Throws "The code is wrong." (with attemptsLeft) or `code_expired` (no live code: expired,
 * used, replaced or out of attempts).
 */
export async function consumeCode(
  deps: AuthDeps,
  target: CodeTarget,
  code: string,
  field = 'code',
): Promise<void> {
  await attemptCode(deps, target, code, field, true);
}

/** Check a code without spending it (a wrong one still counts as an attempt). */
export async function checkCode(
  deps: AuthDeps,
  target: CodeTarget,
  code: string,
  field = 'code',
): Promise<void> {
  await attemptCode(deps, target, code, field, false);
}

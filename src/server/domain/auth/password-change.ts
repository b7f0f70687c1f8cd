import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import { getAddress } from 'viem';
import { AuthError } from '../../../shared/api/auth';
import { ErrorCode } from '../../../shared/api/envelope';
import { AccountMessage } from '../../../shared/validation/account';
import { linkedWallets, members, passwordResets } from '../../db/schema';
import { AppError, validationError } from '../../errors';
import { type ActivityOrigin, logActivity } from './activity';
import { verifyCaptcha } from './captcha';
import { addMs, type AuthDeps, MINUTE } from './context';
import { hashToken, randomToken } from './crypto';
import { findMemberByEmail, loadMember } from './members';
import { hashPassword, verifyPassword } from './passwords';
import { sendSecurityNotice } from './security-notice';
import { revokeMemberSessions } from './sessions';
import { clearAllLoginFailures } from './throttle';
import { WITHDRAWAL_LOCK_MS } from './two-factor';
import type { CaptchaSolution } from '../../../shared/api/auth';

/**
 * Forgotten and changed passwords. A reset link is single use and valid 30 minutes; asking for
 * one answers the same whether or not the e-mail is registered. A reset ends every session (the
 * second factor is still asked at the next login); a change ends the member's other sessions.
 * Either locks withdrawals and new withdrawal addresses for 24 hours, like a two-step change:
 * whoever learnt the old password or took over the e-mail cannot send the money away at once.
 */
export const RESET_LINK_TTL_MS = 30 * MINUTE;
/** a new reset e-mail for the same member at most this often (silently) */
export const RESET_LINK_RESEND_MS = MINUTE;

function confirmMatches(password: string, confirm: string) {
  if (password !== confirm) {
    throw validationError([{ field: 'confirmPassword', message: AccountMessage.passwordMismatch }]);
  }
}

export async function requestPasswordReset(
  deps: AuthDeps,
  body: { email: string; captcha: CaptchaSolution },
): Promise<{ sent: true }> {
  await verifyCaptcha(deps, body.captcha);
  const member = await findMemberByEmail(deps.db, body.email);
  if (!member) return { sent: true };
  const now = deps.clock.now();
  const [recent] = await deps.db
    .select({ id: passwordResets.id })
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.memberId, member.id),
        isNull(passwordResets.usedAt),
        gt(passwordResets.createdAt, addMs(now, -RESET_LINK_RESEND_MS)),
      ),
    )
    .limit(1);
  if (recent) return { sent: true };
  // Older links stop working: only the newest one resets.
  await deps.db
    .update(passwordResets)
    .set({ expiresAt: now })
    .where(and(eq(passwordResets.memberId, member.id), isNull(passwordResets.usedAt)));
  const token = randomToken();
  await deps.db.insert(passwordResets).values({
    memberId: member.id,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: addMs(now, RESET_LINK_TTL_MS),
  });
  const link = `${deps.config.appOrigin}/reset-password?token=${encodeURIComponent(token)}`;
  await deps.outbox.send({
    channel: 'email',
    to: member.email,
    subject: 'Reset your password',
    body:
      `Someone asked to reset the password of your BCNT Platform account. ` +
      `Use this link within 30 minutes: ${link}\nIf it was not you, ignore this e-mail.`,
    link,
  });
  return { sent: true };
}

/**
 * A reset with the link. `unlinkWallets` (the default) unlinks every wallet of the account;
 * keeping them suspends wallet sign-in until the member opens the link e-mailed now
 * (confirmWalletLogin): whoever reset the password through a taken-over mailbox... would also
 * get that link, but a member who reset it themselves decides, and a wallet an attacker linked
 * earlier is not trusted silently.
 */
export async function resetPassword(
  deps: AuthDeps,
  body: { token: string; password: string; confirmPassword: string; unlinkWallets?: boolean },
  ip: string,
): Promise<{ reset: true; unlinkedWallets: number; walletLoginSuspended: boolean }> {
  confirmMatches(body.password, body.confirmPassword);
  const now = deps.clock.now();
  const [reset] = await deps.db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResets.tokenHash, hashToken(body.token)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    )
    .returning({ memberId: passwordResets.memberId });
  if (!reset) throw new AppError(ErrorCode.badRequest, AuthError.linkInvalid, { field: 'token' });
  const passwordHash = await hashPassword(body.password);
  const [member] = await deps.db
    .update(members)
    .set({
      passwordHash,
      passwordChangedAt: now,
      withdrawalLockedUntil: addMs(now, WITHDRAWAL_LOCK_MS),
      updatedAt: now,
    })
    .where(eq(members.id, reset.memberId))
    .returning({ id: members.id, email: members.email });
  if (!member) throw new AppError(ErrorCode.badRequest, AuthError.linkInvalid, { field: 'token' });
  await revokeMemberSessions(deps, member.id, 'password_reset');
  await clearAllLoginFailures(deps, member.email);
  await logActivity(deps, { memberId: member.id, action: 'password_reset', ip });
  await sendSecurityNotice(deps, member, 'password_reset', { ip });
  const wallets = await resetWallets(deps, member, body.unlinkWallets ?? true, ip);
  return { reset: true, ...wallets };
}

/** The wallets after a reset: unlinked (each with its notice), or suspended until confirmed. */
async function resetWallets(
  deps: AuthDeps,
  member: { id: number; email: string },
  unlink: boolean,
  ip: string,
): Promise<{ unlinkedWallets: number; walletLoginSuspended: boolean }> {
  if (unlink) {
    const removed = await deps.db
      .delete(linkedWallets)
      .where(eq(linkedWallets.memberId, member.id))
      .returning({ address: linkedWallets.address });
    for (const wallet of removed) {
      const address = getAddress(wallet.address);
      await logActivity(deps, {
        memberId: member.id,
        action: 'wallet_unlinked',
        ip,
        detail: { address, reason: 'password_reset' },
      });
      await sendSecurityNotice(deps, member, 'wallet_unlinked', { ip }, address);
    }
    return { unlinkedWallets: removed.length, walletLoginSuspended: false };
  }
  const [kept] = await deps.db
    .select({ id: linkedWallets.id })
    .from(linkedWallets)
    .where(eq(linkedWallets.memberId, member.id))
    .limit(1);
  if (!kept) return { unlinkedWallets: 0, walletLoginSuspended: false };
  const token = randomToken();
  await deps.db
    .update(members)
    .set({ walletLoginSuspendedAt: deps.clock.now(), walletLoginConfirmHash: hashToken(token) })
    .where(eq(members.id, member.id));
  const link = `${deps.config.appOrigin}/confirm-wallet-login?token=${encodeURIComponent(token)}`;
  await deps.outbox.send({
    channel: 'email',
    to: member.email,
    subject: 'Confirm sign-in with your wallets',
    body:
      'Your password was reset and you kept the wallets linked to your account. Signing in ' +
      `with them is paused until you confirm it was you: ${link}
` +
      'If it was not you, do not open the link: change your password at once and unlink the ' +
      `wallets on the Security page: ${deps.config.appOrigin}/security`,
    link,
  });
  return { unlinkedWallets: 0, walletLoginSuspended: true };
}

/** The link e-mailed by a reset that kept the wallets: wallet sign-in works again. */
export async function confirmWalletLogin(
  deps: AuthDeps,
  token: string,
  ip: string,
): Promise<{ confirmed: true }> {
  const [member] = await deps.db
    .update(members)
    .set({ walletLoginSuspendedAt: null, walletLoginConfirmHash: null })
    .where(
      and(
        eq(members.walletLoginConfirmHash, hashToken(token)),
        isNotNull(members.walletLoginSuspendedAt),
      ),
    )
    .returning({ id: members.id });
  if (!member) throw new AppError(ErrorCode.badRequest, AuthError.linkInvalid, { field: 'token' });
  await logActivity(deps, { memberId: member.id, action: 'wallet_login_confirmed', ip });
  return { confirmed: true };
}

export async function updatePassword(
  deps: AuthDeps,
  memberId: number,
  familyId: string,
  body: { oldPassword: string; password: string; confirmPassword: string },
  origin: ActivityOrigin,
): Promise<{ endedSessions: number }> {
  confirmMatches(body.password, body.confirmPassword);
  const member = await loadMember(deps.db, memberId);
  if (!(await verifyPassword(member.passwordHash, body.oldPassword))) {
    throw new AppError(ErrorCode.badRequest, AuthError.invalidCredentials, {
      field: 'oldPassword',
    });
  }
  const now = deps.clock.now();
  await deps.db
    .update(members)
    .set({
      passwordHash: await hashPassword(body.password),
      passwordChangedAt: now,
      withdrawalLockedUntil: addMs(now, WITHDRAWAL_LOCK_MS),
      updatedAt: now,
    })
    .where(eq(members.id, memberId));
  const endedSessions = await revokeMemberSessions(deps, memberId, 'password_changed', familyId);
  await logActivity(deps, { memberId, action: 'password_changed', ...origin });
  await sendSecurityNotice(deps, member, 'password_changed', origin);
  return { endedSessions };
}

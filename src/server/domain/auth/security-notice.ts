import { and, eq, ne } from 'drizzle-orm';
import { devices, memberActivity } from '../../db/schema';
import type { ActivityOrigin } from './activity';
import type { AuthDeps } from './context';

/**
 * The e-mail a member gets after every change that could keep someone else in the account and
 * after every sign-in from a new device or with a wallet: what happened, when (UTC+8), from
 * which device and address, and a link to the Security page to act on it. Sent through the
 * outbox after the change is written (a failed send never undoes the change).
 */
export type SecurityNotice =
  | 'password_changed'
  | 'password_reset'
  | 'two_factor_changed'
  | 'wallet_linked'
  | 'wallet_unlinked'
  | 'withdrawal_address_added'
  | 'new_device_login'
  | 'wallet_login';

const SUBJECTS: Record<SecurityNotice, string> = {
  password_changed: 'Your password was changed',
  password_reset: 'Your password was reset',
  two_factor_changed: 'Your two-step verification was changed',
  wallet_linked: 'A wallet was linked to your account',
  wallet_unlinked: 'A wallet was unlinked from your account',
  withdrawal_address_added: 'A withdrawal address was added',
  new_device_login: 'New sign-in to your account',
  wallet_login: 'Sign-in with your wallet',
};

/** 2025/03/01 12:00 (UTC+8) */
export function formatUtc8(date: Date): string {
  const t = new Date(date.getTime() + 8 * 3600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    `${t.getUTCFullYear()}/${pad(t.getUTCMonth() + 1)}/${pad(t.getUTCDate())} ` +
    `${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())} (UTC+8)`
  );
}

export interface NoticeOrigin extends ActivityOrigin {
  /** a device description when there is no device row */
  agent?: string | null;
}

async function deviceDescription(
  deps: Pick<AuthDeps, 'db'>,
  origin: NoticeOrigin,
): Promise<string> {
  let agent = origin.agent ?? null;
  if (origin.deviceRowId) {
    const [row] = await deps.db
      .select({ agent: devices.agent, position: devices.position })
      .from(devices)
      .where(eq(devices.id, origin.deviceRowId));
    if (row) agent = row.position ? `${row.agent}, ${row.position}` : row.agent;
  }
  return `${agent ?? 'an unknown device'} (IP ${origin.ip})`;
}

export async function sendSecurityNotice(
  deps: Pick<AuthDeps, 'db' | 'clock' | 'config' | 'outbox'>,
  member: { id: number; email: string },
  notice: SecurityNotice,
  origin: NoticeOrigin,
  detail?: string,
): Promise<void> {
  const link = `${deps.config.appOrigin}/security`;
  const what = detail ? `${SUBJECTS[notice]}: ${detail}.` : `${SUBJECTS[notice]}.`;
  await deps.outbox.send({
    channel: 'email',
    to: member.email,
    subject: SUBJECTS[notice],
    body:
      `${what}\nWhen: ${formatUtc8(deps.clock.now())}\n` +
      `From: ${await deviceDescription(deps, origin)}\n` +
      `If this was you, nothing needs doing. If it was not, change your password at once and ` +
      `review your devices, wallets and withdrawal addresses: ${link}`,
    link,
  });
}

/**
 * Whether a successful login from this device row is its first one while the account already
 * has another device (the very first device of an account is not news to anyone).
 */
export async function isNewDeviceLogin(
  deps: Pick<AuthDeps, 'db'>,
  memberId: number,
  deviceRowId: number,
): Promise<boolean> {
  const [seen] = await deps.db
    .select({ id: memberActivity.id })
    .from(memberActivity)
    .where(
      and(
        eq(memberActivity.memberId, memberId),
        eq(memberActivity.deviceRowId, deviceRowId),
        eq(memberActivity.action, 'login'),
      ),
    )
    .limit(1);
  if (seen) return false;
  const [other] = await deps.db
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.memberId, memberId), ne(devices.id, deviceRowId)))
    .limit(1);
  return Boolean(other);
}

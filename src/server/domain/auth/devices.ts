import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, gt, isNull } from 'drizzle-orm';
import { AuthError, type ListQuery, type LoginDevice } from '../../../shared/api/auth';
import { ErrorCode, ErrorMessage } from '../../../shared/api/envelope';
import type { Db } from '../../db/database';
import { deviceAuthorizations, devices } from '../../db/schema';
import { AppError } from '../../errors';
import { logActivity } from './activity';
import { addMs, type AuthDeps, DAY, MINUTE, type RequestOrigin } from './context';
import { hashToken, randomToken } from './crypto';
import { authoriseDeviceToken, revokeDeviceTokens } from './device-tokens';
import { revokeDeviceSessions } from './sessions';

/**
 * Devices a member logs in from, identified by the browser's client id. The first device of an
 * account is authorised at once (at registration when it sends a client id, else at the first
 * login); any other needs the link e-mailed at login (single use, 24 hours). A revoked device
 * loses its sessions and its device tokens at once and must be authorised again. Wallet
 * sign-in also needs the device's token (device-tokens.ts): the client id alone is public.
 */
export const DEVICE_STATUS = { pending: 0, authorised: 1, revoked: 2 } as const;
export const DEVICE_LINK_TTL_MS = DAY;
/** a new authorisation e-mail for the same device at most this often */
export const DEVICE_LINK_RESEND_MS = MINUTE;

export type DeviceRow = typeof devices.$inferSelect;

export async function findDevice(db: Db, memberId: number, clientId: string) {
  const [row] = await db
    .select()
    .from(devices)
    .where(and(eq(devices.memberId, memberId), eq(devices.clientId, clientId)))
    .limit(1);
  return row;
}

export async function hasAuthorisedDevice(db: Db, memberId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.memberId, memberId), eq(devices.status, DEVICE_STATUS.authorised)))
    .limit(1);
  return Boolean(row);
}

/**
 * Insert or update the member's device for this client id with what the request says about it.
 * `status` is set only when given (an authorised device stays authorised otherwise).
 */
export async function recordDevice(
  deps: AuthDeps,
  memberId: number,
  origin: RequestOrigin,
  status?: number,
): Promise<DeviceRow> {
  const now = deps.clock.now();
  const described = {
    deviceType: origin.deviceType,
    os: origin.os,
    agent: origin.agent,
    ip: origin.ip,
    position: origin.position,
    lastLoginAt: now,
  };
  const authorised = status === DEVICE_STATUS.authorised ? { authorisedAt: now } : {};
  const [row] = await deps.db
    .insert(devices)
    .values({
      memberId,
      deviceId: randomUUID(),
      clientId: origin.clientId,
      ...described,
      status: status ?? DEVICE_STATUS.pending,
      ...authorised,
      createdAt: now,
    })
    .onConflictDoUpdate({
      target: [devices.memberId, devices.clientId],
      set: { ...described, ...(status === undefined ? {} : { status }), ...authorised },
    })
    .returning();
  if (!row) throw new Error('device upsert returned no row');
  return row;
}

/**
 * E-mail a device-authorisation link (not more than once a minute per device, or per device
 * token when the link authorises one: a wallet sign-in from a browser without a valid token).
 */
export async function sendDeviceAuthorization(
  deps: AuthDeps,
  member: { id: number; email: string },
  device: DeviceRow,
  deviceTokenId?: number,
): Promise<void> {
  const now = deps.clock.now();
  const [recent] = await deps.db
    .select({ id: deviceAuthorizations.id })
    .from(deviceAuthorizations)
    .where(
      and(
        eq(deviceAuthorizations.deviceRowId, device.id),
        deviceTokenId === undefined
          ? undefined
          : eq(deviceAuthorizations.deviceTokenId, deviceTokenId),
        isNull(deviceAuthorizations.usedAt),
        gt(deviceAuthorizations.createdAt, addMs(now, -DEVICE_LINK_RESEND_MS)),
      ),
    )
    .limit(1);
  if (recent) return;
  const token = randomToken();
  await deps.db.insert(deviceAuthorizations).values({
    memberId: member.id,
    deviceRowId: device.id,
    deviceTokenId: deviceTokenId ?? null,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: addMs(now, DEVICE_LINK_TTL_MS),
  });
  const link = `${deps.config.appOrigin}/authorizeLoginDevice?token=${encodeURIComponent(token)}`;
  await deps.outbox.send({
    channel: 'email',
    to: member.email,
    subject: 'Authorise a new device',
    body:
      `Someone (we hope you) signed in to BCNT Platform from ${device.agent} ` +
      `(IP ${device.ip}${device.position ? `, ${device.position}` : ''}). ` +
      `If it was you, authorise this device within 24 hours: ${link}\n` +
      'If it was not you, change your password now.',
    link,
  });
}

/** The e-mailed link: authorise the device (single use). */
export async function authorizeDevice(deps: AuthDeps, token: string, ip: string) {
  const now = deps.clock.now();
  const [used] = await deps.db
    .update(deviceAuthorizations)
    .set({ usedAt: now })
    .where(
      and(
        eq(deviceAuthorizations.tokenHash, hashToken(token)),
        isNull(deviceAuthorizations.usedAt),
        gt(deviceAuthorizations.expiresAt, now),
      ),
    )
    .returning({
      memberId: deviceAuthorizations.memberId,
      deviceRowId: deviceAuthorizations.deviceRowId,
      deviceTokenId: deviceAuthorizations.deviceTokenId,
    });
  if (!used) throw new AppError(ErrorCode.badRequest, AuthError.linkInvalid);
  const [device] = await deps.db
    .update(devices)
    .set({ status: DEVICE_STATUS.authorised, authorisedAt: now })
    .where(and(eq(devices.id, used.deviceRowId), eq(devices.memberId, used.memberId)))
    .returning();
  if (!device) throw new AppError(ErrorCode.badRequest, AuthError.linkInvalid);
  if (used.deviceTokenId !== null) await authoriseDeviceToken(deps, used.deviceTokenId);
  await logActivity(deps, { memberId: used.memberId, action: 'device_authorized', ip, device });
  return { authorized: true as const };
}

export async function listDevices(
  db: Db,
  memberId: number,
  query: Required<Pick<ListQuery, 'pageSize' | 'pageNow' | 'sortDir'>> &
    Pick<ListQuery, 'status' | 'deviceID'>,
  currentDeviceRowId: number | null,
): Promise<{ list: LoginDevice[]; total: number }> {
  const where = and(
    eq(devices.memberId, memberId),
    query.status === undefined ? undefined : eq(devices.status, query.status),
    query.deviceID ? eq(devices.deviceId, query.deviceID) : undefined,
  );
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(devices)
      .where(where)
      .orderBy(query.sortDir === 'asc' ? asc(devices.id) : desc(devices.id))
      .limit(query.pageSize)
      .offset((query.pageNow - 1) * query.pageSize),
    db.select({ n: count() }).from(devices).where(where),
  ]);
  return {
    list: rows.map((row) => ({
      id: row.id,
      deviceID: row.deviceId,
      clientId: row.clientId,
      deviceType: row.deviceType,
      device: row.agent,
      os: row.os,
      ip: row.ip,
      position: row.position,
      loginTime: row.lastLoginAt.toISOString(),
      status: row.status,
      current: row.id === currentDeviceRowId,
    })),
    total: totals[0]?.n ?? 0,
  };
}

/** Revoke one of the member's devices by client id: its sessions end now. */
export async function revokeDevice(
  deps: AuthDeps,
  memberId: number,
  clientId: string,
  ip: string,
): Promise<{ revokedSessions: number }> {
  const [device] = await deps.db
    .update(devices)
    .set({ status: DEVICE_STATUS.revoked })
    .where(and(eq(devices.memberId, memberId), eq(devices.clientId, clientId)))
    .returning();
  if (!device) throw new AppError(ErrorCode.notFound, ErrorMessage.notFound, { field: 'clientId' });
  // Links already e-mailed for it no longer work.
  await deps.db
    .update(deviceAuthorizations)
    .set({ usedAt: deps.clock.now() })
    .where(
      and(eq(deviceAuthorizations.deviceRowId, device.id), isNull(deviceAuthorizations.usedAt)),
    );
  await revokeDeviceTokens(deps, device.id);
  const revokedSessions = await revokeDeviceSessions(deps, memberId, device.id, 'device_revoked');
  await logActivity(deps, { memberId, action: 'device_revoked', ip, device });
  return { revokedSessions };
}

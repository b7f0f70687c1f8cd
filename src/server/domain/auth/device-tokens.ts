import { and, eq, isNotNull } from 'drizzle-orm';
import { deviceTokens } from '../../db/schema';
import type { AuthDeps } from './context';
import { hashToken, randomToken } from './crypto';

/**
 * Device tokens: a device is recognised for wallet sign-in by a random secret the server gave
 * that browser, not by its client id (which the browser makes up and the device list shows, so
 * anyone who read the list could send it). Every successful login answers a new token unless
 * the request carried a valid one; the browser keeps it and sends it back in `x-device-token`.
 * A wallet sign-in without a valid token is a new device: it gets a token that is not
 * authorised yet and the device-authorisation e-mail; opening that link authorises the token.
 * Tokens are stored as SHA-256 hex and end with their device (revoked, or the row deleted).
 */

export type DeviceTokenRow = typeof deviceTokens.$inferSelect;

/** A new token for the device (authorised at once, or waiting for the e-mailed link). */
export async function issueDeviceToken(
  deps: Pick<AuthDeps, 'db' | 'clock'>,
  memberId: number,
  deviceRowId: number,
  authorised: boolean,
): Promise<{ token: string; row: DeviceTokenRow }> {
  const token = randomToken();
  const now = deps.clock.now();
  const [row] = await deps.db
    .insert(deviceTokens)
    .values({
      memberId,
      deviceRowId,
      tokenHash: hashToken(token),
      createdAt: now,
      authorisedAt: authorised ? now : null,
    })
    .returning();
  if (!row) throw new Error('device token insert returned no row');
  return { token, row };
}

/** The device's token row for `token` (authorised or not), or undefined. */
export async function findDeviceToken(
  deps: Pick<AuthDeps, 'db'>,
  memberId: number,
  deviceRowId: number,
  token: string | undefined,
): Promise<DeviceTokenRow | undefined> {
  if (!token) return undefined;
  const [row] = await deps.db
    .select()
    .from(deviceTokens)
    .where(
      and(
        eq(deviceTokens.tokenHash, hashToken(token)),
        eq(deviceTokens.memberId, memberId),
        eq(deviceTokens.deviceRowId, deviceRowId),
      ),
    )
    .limit(1);
  return row;
}

/** Whether `token` is an authorised token of this device (and note its use). */
export async function deviceTokenValid(
  deps: Pick<AuthDeps, 'db' | 'clock'>,
  memberId: number,
  deviceRowId: number,
  token: string | undefined,
): Promise<boolean> {
  if (!token) return false;
  const [used] = await deps.db
    .update(deviceTokens)
    .set({ lastUsedAt: deps.clock.now() })
    .where(
      and(
        eq(deviceTokens.tokenHash, hashToken(token)),
        eq(deviceTokens.memberId, memberId),
        eq(deviceTokens.deviceRowId, deviceRowId),
        isNotNull(deviceTokens.authorisedAt),
      ),
    )
    .returning({ id: deviceTokens.id });
  return Boolean(used);
}

/** The opened authorisation link authorises the token it was sent for. */
export async function authoriseDeviceToken(
  deps: Pick<AuthDeps, 'db' | 'clock'>,
  tokenId: number,
): Promise<void> {
  await deps.db
    .update(deviceTokens)
    .set({ authorisedAt: deps.clock.now() })
    .where(eq(deviceTokens.id, tokenId));
}

/** A revoked device's tokens stop working. */
export async function revokeDeviceTokens(
  deps: Pick<AuthDeps, 'db'>,
  deviceRowId: number,
): Promise<void> {
  await deps.db.delete(deviceTokens).where(eq(deviceTokens.deviceRowId, deviceRowId));
}

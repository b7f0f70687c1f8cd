import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { ListQuery, LoginDeviceLog } from '../../../shared/api/auth';
import type { LOGIN_LOG_ACTIONS } from '../../../shared/api/auth';
import type { Db } from '../../db/database';
import { devices, memberActivity } from '../../db/schema';
import type { AuthDeps } from './context';

export type ActivityAction = (typeof LOGIN_LOG_ACTIONS)[number];

/** Where an action came from: the request's IP and, for a member's request, its device row. */
export interface ActivityOrigin {
  ip: string;
  deviceRowId?: number | null;
}

export interface ActivityEntry extends ActivityOrigin {
  memberId: number;
  action: ActivityAction;
  device?: { id: number; deviceId: string; agent: string } | null;
  /** a device description when there is no device row (e.g. a failed login) */
  agent?: string | null;
  detail?: Record<string, unknown>;
}

/** Append to the member's security activity (shown by getLoginDeviceLogs). */
export async function logActivity(deps: Pick<AuthDeps, 'db' | 'clock'>, entry: ActivityEntry) {
  let device = entry.device ?? null;
  if (!device && entry.deviceRowId) {
    const [row] = await deps.db
      .select({ id: devices.id, deviceId: devices.deviceId, agent: devices.agent })
      .from(devices)
      .where(eq(devices.id, entry.deviceRowId));
    device = row ?? null;
  }
  await deps.db.insert(memberActivity).values({
    memberId: entry.memberId,
    deviceRowId: device?.id ?? null,
    deviceId: device?.deviceId ?? null,
    action: entry.action,
    device: device?.agent ?? entry.agent ?? null,
    ip: entry.ip.slice(0, 64),
    detail: entry.detail ?? null,
    createdAt: deps.clock.now(),
  });
}

/** The member's activity, 10 per page by default, oldest first (spec section 7). */
export async function listActivity(
  db: Db,
  memberId: number,
  query: Required<Pick<ListQuery, 'pageSize' | 'pageNow' | 'sortDir'>> & {
    deviceID?: string | undefined;
  },
): Promise<{ list: LoginDeviceLog[]; total: number }> {
  const where = and(
    eq(memberActivity.memberId, memberId),
    query.deviceID ? eq(memberActivity.deviceId, query.deviceID) : undefined,
  );
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(memberActivity)
      .where(where)
      .orderBy(query.sortDir === 'desc' ? desc(memberActivity.id) : asc(memberActivity.id))
      .limit(query.pageSize)
      .offset((query.pageNow - 1) * query.pageSize),
    db.select({ n: count() }).from(memberActivity).where(where),
  ]);
  return {
    list: rows.map((row) => ({
      id: row.id,
      deviceID: row.deviceId,
      action: row.action as ActivityAction,
      device: row.device,
      ip: row.ip,
      time: row.createdAt.toISOString(),
    })),
    total: totals[0]?.n ?? 0,
  };
}

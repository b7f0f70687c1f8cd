import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { MaintainStatus } from '../../shared/api/common';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { settings } from '../db/schema';
import { validationError } from '../errors';

/**
 * Maintenance mode, stored as the `maintenance` settings row and switched by operators
 * (`npm run ops -- maintenance on|off`).
 *
 * Decisions (the spec only shows the window's start and end):
 * - On without a start time: in maintenance at once.
 * - On with a start time in the future: a scheduled window; users see maintenance only once
 *   the start time has passed (until then `MaintainStatus` reports null).
 * - The end time is the announced expected end, shown to users. It does not switch
 *   maintenance off by itself: the platform comes back when an operator turns it off, so an
 *   overrunning job never exposes a half-migrated platform.
 */
export const MAINTENANCE_SETTING_KEY = 'maintenance';

const storedSchema = z.object({
  enabled: z.boolean(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
});
type StoredMaintenance = z.infer<typeof storedSchema>;

export interface MaintenanceState extends StoredMaintenance {
  /** true when users are in maintenance right now (enabled and the start time has passed) */
  active: boolean;
  /** true when enabled with a start time still in the future */
  scheduled: boolean;
  updatedAt: string | null;
}

const OFF: StoredMaintenance = { enabled: false, startTime: null, endTime: null };

async function readStored(db: Db): Promise<{ value: StoredMaintenance; updatedAt: Date | null }> {
  const rows = await db
    .select()
    .from(settings)
    .where(eq(settings.key, MAINTENANCE_SETTING_KEY))
    .limit(1);
  const row = rows[0];
  if (!row) return { value: OFF, updatedAt: null };
  const parsed = storedSchema.safeParse(row.value);
  // A malformed row is treated as "off" rather than taking the platform down.
  return { value: parsed.success ? parsed.data : OFF, updatedAt: row.updatedAt };
}

function toState(value: StoredMaintenance, updatedAt: Date | null, now: Date): MaintenanceState {
  const startsInFuture =
    value.startTime !== null && new Date(value.startTime).getTime() > now.getTime();
  return {
    ...value,
    active: value.enabled && !startsInFuture,
    scheduled: value.enabled && startsInFuture,
    updatedAt: updatedAt ? updatedAt.toISOString() : null,
  };
}

export async function getMaintenance(db: Db, clock: Clock): Promise<MaintenanceState> {
  const { value, updatedAt } = await readStored(db);
  return toState(value, updatedAt, clock.now());
}

/** What `GET /api/v1/setting/MaintainStatus` returns: null when users are not in maintenance. */
export async function maintainStatus(db: Db, clock: Clock): Promise<MaintainStatus> {
  const state = await getMaintenance(db, clock);
  return state.active ? { startTime: state.startTime, endTime: state.endTime } : null;
}

async function write(db: Db, clock: Clock, value: StoredMaintenance): Promise<MaintenanceState> {
  const now = clock.now();
  await db
    .insert(settings)
    .values({ key: MAINTENANCE_SETTING_KEY, value, updatedAt: now })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } });
  return toState(value, now, now);
}

export interface MaintenanceWindow {
  start?: Date | undefined;
  end?: Date | undefined;
}

export async function turnMaintenanceOn(
  db: Db,
  clock: Clock,
  window: MaintenanceWindow = {},
): Promise<MaintenanceState> {
  const now = clock.now();
  const { start, end } = window;
  if (start && Number.isNaN(start.getTime())) {
    throw validationError([{ field: 'start', message: 'start is not a valid time' }]);
  }
  if (end && Number.isNaN(end.getTime())) {
    throw validationError([{ field: 'end', message: 'end is not a valid time' }]);
  }
  if (end && end.getTime() <= now.getTime()) {
    throw validationError([{ field: 'end', message: 'end must be in the future' }]);
  }
  if (start && end && end.getTime() <= start.getTime()) {
    throw validationError([{ field: 'end', message: 'end must be after start' }]);
  }
  return write(db, clock, {
    enabled: true,
    startTime: start ? start.toISOString() : null,
    endTime: end ? end.toISOString() : null,
  });
}

export async function turnMaintenanceOff(db: Db, clock: Clock): Promise<MaintenanceState> {
  return write(db, clock, OFF);
}

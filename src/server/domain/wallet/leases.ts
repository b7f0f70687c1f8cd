import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { schedulerLeases } from '../../db/schema/scheduler';

/** This process, as a lease holder. */
export const PROCESS_HOLDER = `${process.pid}-${randomBytes(6).toString('hex')}`;

/** How long a lease lasts when its holder does not give it back (a crash). */
export const LEASE_TTL_MS = 5 * 60 * 1000;

/**
 * Take the leases of `tasks` that are free or expired (see `scheduler_leases`), in one statement;
 * answers the tasks taken. A live lease of another holder is left alone.
 */
export async function takeLeases(
  db: Db,
  clock: Clock,
  tasks: readonly string[],
  options: { holder?: string; ttlMs?: number } = {},
): Promise<Set<string>> {
  if (tasks.length === 0) return new Set();
  const holder = options.holder ?? PROCESS_HOLDER;
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + (options.ttlMs ?? LEASE_TTL_MS));
  const taken = await db
    .insert(schedulerLeases)
    .values(tasks.map((task) => ({ task, holder, expiresAt })))
    .onConflictDoUpdate({
      target: schedulerLeases.task,
      set: { holder, expiresAt },
      setWhere: sql`${schedulerLeases.expiresAt} <= ${now.toISOString()}::timestamptz`,
    })
    .returning({ task: schedulerLeases.task });
  return new Set(taken.map((row) => row.task));
}

/** Give back the leases of `tasks` this holder has. */
export async function releaseLeases(
  db: Db,
  tasks: readonly string[],
  holder: string = PROCESS_HOLDER,
): Promise<void> {
  if (tasks.length === 0) return;
  await db
    .delete(schedulerLeases)
    .where(and(inArray(schedulerLeases.task, [...tasks]), eq(schedulerLeases.holder, holder)));
}

/**
 * Run `work` holding the lease of `task`: taken when free or expired, given back when `work`
 * settles. Another holder's live lease: `work` does not run and the answer is `{ ran: false }`.
 * Not re-entrant: a process serialises its own tasks (scheduler.ts).
 */
export async function withLease<T>(
  db: Db,
  clock: Clock,
  task: string,
  work: () => Promise<T>,
  options: { holder?: string; ttlMs?: number } = {},
): Promise<{ ran: true; result: T } | { ran: false }> {
  const holder = options.holder ?? PROCESS_HOLDER;
  const taken = await takeLeases(db, clock, [task], { ...options, holder });
  if (!taken.has(task)) return { ran: false };
  try {
    return { ran: true, result: await work() };
  } finally {
    await releaseLeases(db, [task], holder).catch(() => undefined);
  }
}

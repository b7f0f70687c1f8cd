import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { schedulerLeases } from '../../db/schema/scheduler';

/** This process, as a lease holder. */
export const PROCESS_HOLDER = `${process.pid}-${randomBytes(6).toString('hex')}`;

/** How long a lease lasts when its holder does not give it back (a crash). */
export const LEASE_TTL_MS = 5 * 60 * 1000;

/**
 * Run `work` holding the lease of `task` (see `scheduler_leases`): taken when free or expired,
 * given back when `work` settles. Another holder's live lease: `work` does not run and the answer
 * is `{ ran: false }`. Not re-entrant: a process serialises its own tasks (scheduler.ts).
 */
export async function withLease<T>(
  db: Db,
  clock: Clock,
  task: string,
  work: () => Promise<T>,
  options: { holder?: string; ttlMs?: number } = {},
): Promise<{ ran: true; result: T } | { ran: false }> {
  const holder = options.holder ?? PROCESS_HOLDER;
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + (options.ttlMs ?? LEASE_TTL_MS));
  const taken = await db
    .insert(schedulerLeases)
    .values({ task, holder, expiresAt })
    .onConflictDoUpdate({
      target: schedulerLeases.task,
      set: { holder, expiresAt },
      setWhere: sql`${schedulerLeases.expiresAt} <= ${now.toISOString()}::timestamptz`,
    })
    .returning({ task: schedulerLeases.task });
  if (taken.length === 0) return { ran: false };
  try {
    return { ran: true, result: await work() };
  } finally {
    await db
      .delete(schedulerLeases)
      .where(and(eq(schedulerLeases.task, task), eq(schedulerLeases.holder, holder)))
      .catch(() => undefined);
  }
}

import { pgTable, varchar } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

/**
 * Who runs a scheduler task right now (src/server/scheduler.ts): a process takes the lease of a task before
 * running it and gives it back after, so with several API processes (or the operator CLI next
 * to them) one runs a task at a time - the hot wallet's nonces need exactly one sender. A lease
 * left by a crashed process expires.
 */
export const schedulerLeases = pgTable('scheduler_leases', {
  task: varchar('task', { length: 64 }).primaryKey(),
  holder: varchar('holder', { length: 64 }).notNull(),
  expiresAt: timestamptz('expires_at').notNull(),
});

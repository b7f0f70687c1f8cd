import { index, integer, jsonb, smallint, text, pgTable, varchar } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

/** The platform itself: operator settings, contact requests, rate-limit counters. */

/** Operator-controlled settings, one JSON value per key (e.g. `maintenance`). */
export const settings = pgTable('settings', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedAt: timestamptz('updated_at').notNull(),
});

/** Requests sent through the contact-us dialog. */
export const contactRequests = pgTable(
  'contact_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: 100 }).notNull(),
    phone: varchar('phone', { length: 30 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    message: text('message').notNull(),
    /** 1-4, 4 = other services (spec section 3) */
    product: smallint('product').notNull(),
    locale: varchar('locale', { length: 10 }).notNull(),
    createdAt: timestamptz('created_at').notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
  },
  (table) => [index('contact_requests_created_at_idx').on(table.createdAt)],
);

/**
 * Fixed-window rate-limit counters shared by every API process (see
 * plugins/rate-limit-store.ts). `key` = route scope + client key.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamptz('reset_at').notNull(),
  },
  (table) => [index('rate_limits_reset_at_idx').on(table.resetAt)],
);

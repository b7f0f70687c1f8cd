import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { members } from './auth';
import { timestamptz, units } from './columns';

/**
 * Conversions (USDT <-> BCNT) and the custodial BCNT stake. The money itself moves in
 * the ledger (wallet.ts); these tables hold what the ledger does not: the price of a
 * conversion, the daily quota counters, the unstake cooldowns. Amounts are atomic units
 * (NUMERIC(78, 0)): USDT 6 decimals, BCNT 18. See domain/wallet/convert.ts and
 * custodial-stake.ts.
 */

/** One conversion; written with its `convert` ledger transaction. Never updated. */
export const conversions = pgTable(
  'conversions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'restrict' }),
    fromCurrency: varchar('from_currency', { length: 8 }).$type<'USDT' | 'BCNT'>().notNull(),
    toCurrency: varchar('to_currency', { length: 8 }).$type<'USDT' | 'BCNT'>().notNull(),
    fromAmount: units('from_amount').notNull(),
    toAmount: units('to_amount').notNull(),
    /** USDT per BCNT as a decimal string */
    price: varchar('price', { length: 80 }).notNull(),
    priceVersion: varchar('price_version', { length: 64 }).notNull(),
    /** the USDT equivalent counted against the member's daily quota (6 decimals) */
    usdtValue: units('usdt_value').notNull(),
    /** the conversion day, YYYY-MM-DD in UTC+8 */
    day: varchar('day', { length: 10 }).notNull(),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'number' }).notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [index('conversions_member_idx').on(table.memberId, table.id)],
);

/**
 * Daily conversion counters, one row per (day, holder): holder `platform` counts the BCNT
 * given out (USDT -> BCNT), holder `member:<id>` the member's USDT equivalent. Rows are locked
 * (`for update`) while a conversion checks and raises them, so concurrent conversions on
 * PostgreSQL cannot together exceed a limit.
 */
export const conversionDailyUsage = pgTable(
  'conversion_daily_usage',
  {
    day: varchar('day', { length: 10 }).notNull(),
    holder: varchar('holder', { length: 32 }).notNull(),
    usdtValue: units('usdt_value').notNull().default('0'),
    bcntOut: units('bcnt_out').notNull().default('0'),
  },
  (table) => [primaryKey({ columns: [table.day, table.holder] })],
);

/**
 * The custodial stake's history: `stake` rows (available -> staking, ledger `stake`) and
 * `unstake` requests (the amount stays staked until `unlockAt`, then the `custodial-unstake`
 * task moves it back to available, ledger `unstake`, and sets `releasedAt`).
 */
export const custodialStakeRecords = pgTable(
  'custodial_stake_records',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'restrict' }),
    kind: varchar('kind', { length: 8 }).$type<'stake' | 'unstake'>().notNull(),
    amount: units('amount').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    /** unstake: when the amount returns to available */
    unlockAt: timestamptz('unlock_at'),
    /** unstake: when it did */
    releasedAt: timestamptz('released_at'),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'number' }),
  },
  (table) => [
    index('custodial_stake_records_member_idx').on(table.memberId, table.id),
    index('custodial_stake_records_due_idx')
      .on(table.unlockAt)
      .where(sql`${table.kind} = 'unstake' and ${table.releasedAt} is null`),
  ],
);

import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { members } from './auth';
import { timestamptz, units } from './columns';
import type { LedgerCurrency } from './wallet';
import type { WithdrawalStatus } from '../../../shared/api/wallet-withdraw';

/**
 * Withdrawals and the saved-address book. Amounts in atomic units of the currency
 * (NUMERIC(78, 0)), like the ledger. See domain/wallet/address-book.ts and withdrawals.ts.
 */

/**
 * Saved withdrawal addresses, at most MAX_SAVED_ADDRESSES per member (all currencies). One
 * default per member, currency and network (a partial unique index backs the rule).
 */
export const withdrawalAddresses = pgTable(
  'withdrawal_addresses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 30 }).notNull(),
    currency: varchar('currency', { length: 8 }).$type<LedgerCurrency>().notNull(),
    /** network id of shared/constants/networks.ts */
    network: varchar('network', { length: 24 }).notNull(),
    /** normalizeWithdrawalAddress form */
    address: varchar('address', { length: 120 }).notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    index('withdrawal_addresses_member_idx').on(table.memberId, table.id),
    uniqueIndex('withdrawal_addresses_entry_key').on(
      table.memberId,
      table.currency,
      table.network,
      table.address,
    ),
    uniqueIndex('withdrawal_addresses_default_key')
      .on(table.memberId, table.currency, table.network)
      .where(sql`${table.isDefault}`),
  ],
);

/**
 * Withdrawal requests. Life: queued (amount + fee moved available -> pending_withdrawal) ->
 * processing (claimed by one processor; for EVM the signed raw transaction, its nonce and hash
 * are stored before it is sent) -> broadcast (sent, waiting for confirmations) -> completed
 * (pending -> hot wallet and fees); or -> failed (pending -> available, reason stored).
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'restrict' }),
    currency: varchar('currency', { length: 8 }).$type<LedgerCurrency>().notNull(),
    network: varchar('network', { length: 24 }).notNull(),
    address: varchar('address', { length: 120 }).notNull(),
    /** the saved address it was sent to, if one was picked */
    addressId: integer('address_id'),
    amount: units('amount').notNull(),
    fee: units('fee').notNull(),
    /** the amount's USDT value at request time (6 decimals), counted in the 24-hour limit */
    usdtValue: units('usdt_value').notNull(),
    status: varchar('status', { length: 12 }).$type<WithdrawalStatus>().notNull(),
    /** processing starts at or after this time */
    dueAt: timestamptz('due_at').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    claimedAt: timestamptz('claimed_at'),
    /** EVM: the hot wallet nonce and the signed raw transaction, stored before sending */
    nonce: integer('nonce'),
    signedTx: text('signed_tx'),
    txHash: varchar('tx_hash', { length: 100 }),
    broadcastAt: timestamptz('broadcast_at'),
    blockNumber: bigint('block_number', { mode: 'number' }),
    confirmations: integer('confirmations').notNull().default(0),
    completedAt: timestamptz('completed_at'),
    failureReason: varchar('failure_reason', { length: 300 }),
  },
  (table) => [
    index('withdrawals_member_idx').on(table.memberId, table.createdAt),
    index('withdrawals_status_idx').on(table.status, table.dueAt),
  ],
);

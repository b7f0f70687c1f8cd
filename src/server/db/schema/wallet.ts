import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { members } from './auth';
import { timestamptz, units } from './columns';

/**
 * Custodial wallet: the double-entry ledger, idempotency records, deposit addresses
 * and deposits. Amounts are atomic units of the currency (CURRENCIES[].decimals: ETH 18, BTC 8,
 * USDT 6, USDC 6, BCNT 18) as NUMERIC(78, 0), read as decimal strings, handled as bigint.
 * See domain/wallet/ledger.ts for the rules.
 */

/** Currency codes of the wallet (CURRENCIES[].code). */
export type LedgerCurrency = 'ETH' | 'BTC' | 'USDC' | 'BCNT' | 'USDT';

/**
 * Account kinds. Member accounts (member_id set) never go below zero (a CHECK constraint);
 * platform accounts (member_id null) may: `hot_wallet` is the counterpart of every deposit and
 * withdrawal, so minus its balance is what the platform's addresses should hold on chain.
 */
export type LedgerAccountKind =
  // member
  | 'available'
  | 'staking'
  | 'pending_withdrawal'
  /** principal subscribed to earn products, from Join to its return */
  | 'earn'
  /** Smart Autotrade margins posted from the custodial wallet, from Subscribe to the end */
  | 'margin'
  // platform
  | 'hot_wallet'
  | 'fees'
  | 'conversion'
  | 'store'
  /** earn rewards paid (its balance is minus everything paid) */
  | 'earn_rewards'
  /**
   * the earn NAV products' trading book: pays a NAV gain and the Flagship excess share at
   * expiry or checkpoint, keeps a NAV loss (domain/earn/nav-settlement.ts)
   */
  | 'earn_fund'
  /** the referral program's BCNT pool: funded by operators, pays the rewards, never below zero */
  | 'referral_pool'
  /** the campaigns' airdrop BCNT: funded by operators, pays the qualified members' shares, never below zero */
  | 'airdrop_pool'
  /** partner referral rebates accrued (minus everything accrued) and owed to partners until paid out */
  | 'partner_rebates'
  | 'partner_rebates_payable';

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** null = a platform account */
    memberId: integer('member_id').references(() => members.id, { onDelete: 'restrict' }),
    currency: varchar('currency', { length: 8 }).$type<LedgerCurrency>().notNull(),
    kind: varchar('kind', { length: 24 }).$type<LedgerAccountKind>().notNull(),
    /** the sum of the account's postings, kept in step by every ledger transaction */
    balance: units('balance').notNull().default('0'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('ledger_accounts_member_key')
      .on(table.memberId, table.currency, table.kind)
      .where(sql`${table.memberId} is not null`),
    uniqueIndex('ledger_accounts_platform_key')
      .on(table.currency, table.kind)
      .where(sql`${table.memberId} is null`),
    check(
      'ledger_accounts_member_not_negative',
      sql`${table.memberId} is null or ${table.balance} >= 0`,
    ),
  ],
);

/**
 * One balanced movement of money. `idempotencyKey` is unique: posting the same key twice moves
 * money once. Rows of this table and of ledger_postings are never updated or deleted (database
 * triggers refuse it); a correction is a new transaction.
 */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    idempotencyKey: varchar('idempotency_key', { length: 200 }).notNull(),
    /** deposit, withdrawal, withdrawal_fee, withdrawal_refund, convert, stake, unstake, ... */
    type: varchar('type', { length: 32 }).notNull(),
    /** the member the movement is for (null for platform-only movements) */
    memberId: integer('member_id').references(() => members.id, { onDelete: 'restrict' }),
    /** what it belongs to, e.g. `withdrawal:12`, `deposit:7`, `order:3` */
    reference: varchar('reference', { length: 100 }),
    memo: jsonb('memo').$type<Record<string, unknown>>(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('ledger_transactions_idempotency_key').on(table.idempotencyKey),
    index('ledger_transactions_member_idx').on(table.memberId, table.createdAt),
    index('ledger_transactions_reference_idx').on(table.reference),
  ],
);

/** The legs of a transaction: signed amounts; per transaction and currency they sum to zero. */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
    currency: varchar('currency', { length: 8 }).$type<LedgerCurrency>().notNull(),
    amount: units('amount').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    index('ledger_postings_transaction_idx').on(table.transactionId),
    index('ledger_postings_account_idx').on(table.accountId, table.id),
    check('ledger_postings_not_zero', sql`${table.amount} <> 0`),
  ],
);

/**
 * Answers of money-moving calls by (member, call, client key): a retry with the same key gets
 * the stored answer and moves nothing. `requestHash` refuses the same key with another body.
 */
export const idempotencyRecords = pgTable(
  'idempotency_records',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** the call, e.g. `withdraw`, `convert`, `stake`, `unstake`, `store-order` */
    scope: varchar('scope', { length: 40 }).notNull(),
    key: varchar('key', { length: 100 }).notNull(),
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    response: jsonb('response').$type<unknown>().notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.scope, table.key] })],
);

/** The kinds of deposit address: one per member and chain family, or one per store order. */
export type DepositAddressChain = 'evm' | 'bitcoin' | 'tron';
export type DepositAddressPurpose = 'wallet' | 'store';

/**
 * Addresses derived from the server's HD seed (domain/wallet/hd.ts). `wallet` addresses: one
 * per member and chain (EVM serves ETH, USDT, USDC and BCNT on ERC20). `store` addresses: one
 * per BCNT store order (EVM, USDT). Addresses are stored lower-case for EVM, as encoded for
 * Bitcoin (bech32, lower-case) and TRON (Base58Check).
 */
export const depositAddresses = pgTable(
  'deposit_addresses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'restrict' }),
    chain: varchar('chain', { length: 12 }).$type<DepositAddressChain>().notNull(),
    purpose: varchar('purpose', { length: 12 }).$type<DepositAddressPurpose>().notNull(),
    /** the store order the address belongs to (purpose `store`) */
    orderId: integer('order_id'),
    /** the BIP-32 path the address was derived at */
    derivationPath: varchar('derivation_path', { length: 64 }).notNull(),
    address: varchar('address', { length: 100 }).notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('deposit_addresses_address_key').on(table.chain, table.address),
    uniqueIndex('deposit_addresses_wallet_key')
      .on(table.memberId, table.chain)
      .where(sql`${table.purpose} = 'wallet'`),
    uniqueIndex('deposit_addresses_order_key')
      .on(table.orderId)
      .where(sql`${table.purpose} = 'store'`),
  ],
);

export type DepositStatus =
  /** seen on chain, waiting for its confirmations */
  | 'confirming'
  /** confirmed and credited (wallet) or handed to the store (store order) */
  | 'credited'
  /** left the chain before it was confirmed (a reorg) */
  | 'orphaned'
  /** confirmed but refused (over the level-1 deposit limit): held by the platform for support */
  | 'held';

/**
 * Transfers into deposit addresses, one row per (network, tx hash, output/log index): EVM rows
 * come from the deposit watcher (chain/deposit-watcher.ts), Bitcoin and TRON rows from their
 * network adapters (the local simulators, driven by the operator CLI).
 */
export const deposits = pgTable(
  'deposits',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'restrict' }),
    depositAddressId: integer('deposit_address_id')
      .notNull()
      .references(() => depositAddresses.id, { onDelete: 'restrict' }),
    currency: varchar('currency', { length: 8 }).$type<LedgerCurrency>().notNull(),
    /** network id of shared/constants/networks.ts (ERC20, ETH, TRC20, BTC_NATIVE_SEGWIT) */
    network: varchar('network', { length: 24 }).notNull(),
    amount: units('amount').notNull(),
    txHash: varchar('tx_hash', { length: 100 }).notNull(),
    /**
     * ERC-20: the transfer's position among its transaction's deposit transfers (0, 1, ...;
     * stable when the transaction is re-mined elsewhere); -1 for a native ETH transfer; Bitcoin
     * and TRON: the output index
     */
    logIndex: integer('log_index').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }),
    blockHash: varchar('block_hash', { length: 100 }),
    fromAddress: varchar('from_address', { length: 100 }),
    confirmations: integer('confirmations').notNull().default(0),
    requiredConfirmations: integer('required_confirmations').notNull(),
    status: varchar('status', { length: 12 }).$type<DepositStatus>().notNull(),
    seenAt: timestamptz('seen_at').notNull(),
    creditedAt: timestamptz('credited_at'),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'number' }),
  },
  (table) => [
    uniqueIndex('deposits_tx_key').on(table.network, table.txHash, table.logIndex),
    index('deposits_member_idx').on(table.memberId, table.seenAt),
    index('deposits_status_idx').on(table.status),
  ],
);

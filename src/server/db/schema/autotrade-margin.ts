import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { members } from './auth';
import { type AutotradeMarginCurrency, autotradeSubscriptions } from './autotrade';
import { timestamptz, units } from './columns';

/**
 * Smart Autotrade margins, performance fees, warnings and monthly reports
 * (domain/autotrade/subscriptions.ts, margin.ts, fees.ts, reports.ts). Units as in ./autotrade.ts:
 * equity, high-water marks and fees in the quote currency are 1e-8 units; margin amounts are
 * atomic units of the margin token (custodial decimals for a custodial margin, the token's
 * on-chain decimals for a MarginVault margin; BCNT 18 and USDT 6 in both).
 */

/**
 * What the margin watch and the fee job keep per subscription: the required stake (fixed at
 * subscribe, in margin units), the equity at activation and the low-margin episode.
 */
export const autotradeMarginStates = pgTable('autotrade_margin_states', {
  subscriptionId: integer('subscription_id')
    .primaryKey()
    .references(() => autotradeSubscriptions.id),
  /** the minimum stake asked at subscribe (margin token units) */
  requiredMargin: units('required_margin').notNull(),
  /** equity at activation (1e-8 quote units): the start of the first report month */
  startEquity: units('start_equity'),
  /** set while the margin is below 30 % of the required stake (the banner); null otherwise */
  lowMarginSince: timestamptz('low_margin_since'),
  updatedAt: timestamptz('updated_at').notNull(),
});

export type AutotradeMarginMovementKind =
  /** the first margin (custodial ledger move or a matched Deposited) */
  | 'deposit'
  /** more margin added by the member (StakeStrategy, or another Deposited) */
  | 'add'
  /** the automatic top-up of a shortfall from the custodial wallet */
  | 'top_up'
  /** a performance fee taken from the margin */
  | 'fee'
  /** margin returned to the member at the end */
  | 'release';

/**
 * Every change of a subscription's margin, one row each, unique on `movementKey` (the ledger's
 * idempotency key for a custodial one, `chain:<chain>:<tx>:<log>` for a Deposited). `amount` is
 * positive in, negative out (margin token units).
 */
export const autotradeMarginMovements = pgTable(
  'autotrade_margin_movements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => autotradeSubscriptions.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    kind: varchar('kind', { length: 12 }).$type<AutotradeMarginMovementKind>().notNull(),
    currency: varchar('currency', { length: 8 }).$type<AutotradeMarginCurrency>().notNull(),
    amount: units('amount').notNull(),
    movementKey: varchar('movement_key', { length: 200 }).notNull(),
    /** custodial: the ledger transaction */
    ledgerTransactionId: integer('ledger_transaction_id'),
    /** on chain: the Deposited log's block (a reorg below it undoes the row) or the operator's tx */
    blockNumber: bigint('block_number', { mode: 'number' }),
    txHash: varchar('tx_hash', { length: 66 }),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('autotrade_margin_movements_key_uq').on(table.movementKey),
    index('autotrade_margin_movements_sub_idx').on(table.subscriptionId, table.createdAt),
  ],
);

/**
 * Deposited events the indexer could not match to a pending or live subscription of the
 * depositing wallet's member (unknown id, another member's wallet, wrong token): the tokens sit
 * in the vault under that address until an operator releases them.
 */
export const autotradeUnmatchedDeposits = pgTable(
  'autotrade_unmatched_deposits',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    chainId: integer('chain_id').notNull(),
    txHash: varchar('tx_hash', { length: 66 }).notNull(),
    logIndex: integer('log_index').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    member: varchar('member', { length: 42 }).notNull(),
    token: varchar('token', { length: 42 }).notNull(),
    strategyId: units('strategy_id').notNull(),
    amount: units('amount').notNull(),
    reason: varchar('reason', { length: 24 }).notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('autotrade_unmatched_deposits_log_uq').on(
      table.chainId,
      table.txHash,
      table.logIndex,
    ),
  ],
);

/** monthly: the 1st (UTC+8) for the month before; final: at unsubscribe or cancellation */
export type AutotradeFeeKind = 'monthly' | 'final';

/**
 * One performance-fee settlement per subscription and period (`YYYY-MM` of the month settled, or
 * `final`): unique, written in the same transaction as the ledger move or the operator's
 * transaction row, so a re-run or a second process charges nothing twice.
 */
export const autotradeFeeSettlements = pgTable(
  'autotrade_fee_settlements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => autotradeSubscriptions.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    kind: varchar('kind', { length: 8 }).$type<AutotradeFeeKind>().notNull(),
    period: varchar('period', { length: 8 }).notNull(),
    /** equity read for the settlement and the high-water mark before and after (1e-8 quote) */
    equity: units('equity').notNull(),
    highWaterMarkBefore: units('high_water_mark_before').notNull(),
    highWaterMarkAfter: units('high_water_mark_after').notNull(),
    /** fee in the quote currency after the BCNT discount (1e-8 quote) */
    feeQuote: units('fee_quote').notNull(),
    /** the USDT price of the margin token used (18 decimals) */
    priceUsdt: units('price_usdt').notNull(),
    discountBps: integer('discount_bps').notNull(),
    /** the fee due in margin units and what was taken (less when the margin was short) */
    feeDue: units('fee_due').notNull(),
    feeTaken: units('fee_taken').notNull(),
    marginCurrency: varchar('margin_currency', { length: 8 })
      .$type<AutotradeMarginCurrency>()
      .notNull(),
    /** the operator's transaction (on-chain margin) */
    operatorTxId: integer('operator_tx_id'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('autotrade_fee_settlements_period_uq').on(table.subscriptionId, table.period),
    index('autotrade_fee_settlements_member_idx').on(table.memberId, table.createdAt),
  ],
);

export type AutotradeOperatorTxKind = 'settle' | 'release';
/**
 * prepared: to sign; signed: the signed transaction and its hash stored, maybe sent; broadcast:
 * the node took it; confirmed: mined (the indexer saw Settled/Released, or a receipt with the
 * confirmations); failed: reverted or refused before sending (a new attempt signs again).
 */
export type AutotradeOperatorTxState = 'prepared' | 'signed' | 'broadcast' | 'confirmed' | 'failed';

/**
 * MarginVault.settle / release sent by the operator account (the hot wallet) for on-chain
 * margins. Unique on `purpose` (`fee:<sub>:<period>`, `end:<sub>`): one per movement. The signed
 * transaction is stored before it is sent, so a restart sends the same one again, never a second.
 */
export const autotradeOperatorTxs = pgTable(
  'autotrade_operator_txs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** the subscription it ends or charges; null for an unmatched deposit given back */
    subscriptionId: integer('subscription_id').references(() => autotradeSubscriptions.id),
    purpose: varchar('purpose', { length: 60 }).notNull(),
    kind: varchar('kind', { length: 8 }).$type<AutotradeOperatorTxKind>().notNull(),
    chainId: integer('chain_id').notNull(),
    vault: varchar('vault', { length: 42 }).notNull(),
    /** the member's wallet (lower case) and the token */
    member: varchar('member', { length: 42 }).notNull(),
    token: varchar('token', { length: 42 }).notNull(),
    amount: units('amount').notNull(),
    performanceFee: units('performance_fee').notNull(),
    state: varchar('state', { length: 10 }).$type<AutotradeOperatorTxState>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    nonce: integer('nonce'),
    signedTx: text('signed_tx'),
    txHash: varchar('tx_hash', { length: 66 }),
    lastError: text('last_error'),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
    confirmedAt: timestamptz('confirmed_at'),
  },
  (table) => [
    uniqueIndex('autotrade_operator_txs_purpose_uq').on(table.purpose),
    index('autotrade_operator_txs_state_idx')
      .on(table.state, table.id)
      .where(sql`${table.state} <> 'confirmed'`),
    index('autotrade_operator_txs_hash_idx').on(table.txHash),
  ],
);

export type AutotradeNoticeKind = 'low_margin' | 'cancelled' | 'topped_up' | 'report';

/** E-mails sent about a subscription: one per (subscription, kind, episode), unique. */
export const autotradeNotices = pgTable(
  'autotrade_notices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => autotradeSubscriptions.id),
    kind: varchar('kind', { length: 12 }).$type<AutotradeNoticeKind>().notNull(),
    /** the episode: the low-margin start time, the report month, the top-up key */
    episode: varchar('episode', { length: 40 }).notNull(),
    details: jsonb('details').$type<Record<string, string>>().notNull(),
    sentAt: timestamptz('sent_at').notNull(),
  },
  (table) => [
    uniqueIndex('autotrade_notices_uq').on(table.subscriptionId, table.kind, table.episode),
  ],
);

/**
 * The monthly report of a subscription (made on the 5th, UTC+8, for the month before): equity at
 * the start and end (1e-8 quote), PnL, trades, fee (margin units), margin in and out.
 */
export const autotradeReports = pgTable(
  'autotrade_reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => autotradeSubscriptions.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    month: varchar('month', { length: 7 }).notNull(),
    startEquity: units('start_equity').notNull(),
    endEquity: units('end_equity').notNull(),
    pnl: units('pnl').notNull(),
    trades: integer('trades').notNull(),
    fee: units('fee').notNull(),
    marginCurrency: varchar('margin_currency', { length: 8 })
      .$type<AutotradeMarginCurrency>()
      .notNull(),
    marginIn: units('margin_in').notNull(),
    marginOut: units('margin_out').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    emailedAt: timestamptz('emailed_at'),
  },
  (table) => [
    uniqueIndex('autotrade_reports_month_uq').on(table.subscriptionId, table.month),
    index('autotrade_reports_member_idx').on(table.memberId, table.month),
  ],
);

import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { members } from './auth';
import { autotradeStrategies, autotradeSubscriptions } from './autotrade';
import { timestamptz, units } from './columns';
import { exchangeApiKeys } from './exchange';

/**
 * Smart Autotrade trading (domain/autotrade): what the strategies do on their own exchange
 * accounts and how the executor mirrors it onto the members' accounts.
 *
 * Amounts and prices are units of 1e-8 (exchange/decimal.ts): quote amounts of the strategy's
 * quote currency, base amounts of its base currency. A share is a fraction in units of 1e-8
 * (100000000 = all of it).
 */

export type AutotradeSide = 'buy' | 'sell';

/**
 * The running state of a strategy: its algorithm's memory (builtin sources), the last fill read
 * from its account (every source), its equity at start and the last price it saw.
 */
export const autotradeStrategyState = pgTable('autotrade_strategy_state', {
  strategyId: integer('strategy_id')
    .primaryKey()
    .references(() => autotradeStrategies.id),
  /** the builtin algorithm's memory (EMAs, grid anchor, an order in flight) */
  algorithm: jsonb('algorithm')
    .$type<Record<string, unknown>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  /** the newest fill turned into a signal: time (ms) and exchange id */
  lastFillAt: bigint('last_fill_at', { mode: 'number' }).notNull().default(0),
  lastFillId: varchar('last_fill_id', { length: 40 }),
  /** the account's equity (quote units) when the strategy started: returns are measured on it */
  startEquity: units('start_equity').notNull(),
  /** the last price the strategy's market showed (quote units per base unit) */
  lastPrice: units('last_price').notNull(),
  lastRunAt: timestamptz('last_run_at'),
  updatedAt: timestamptz('updated_at').notNull(),
});

/**
 * One row per order the strategy placed (a group of fills of one order read together): what
 * every subscriber mirrors. `share` is the fraction of the strategy's quote balance a buy spent,
 * or of its base position a sell sold.
 */
export const autotradeSignals = pgTable(
  'autotrade_signals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    strategyId: integer('strategy_id')
      .notNull()
      .references(() => autotradeStrategies.id),
    /** 1, 2, 3 ... per strategy */
    signalNo: integer('signal_no').notNull(),
    side: varchar('side', { length: 4 }).$type<AutotradeSide>().notNull(),
    symbol: varchar('symbol', { length: 20 }).notNull(),
    /** fraction (1e-8) of the quote balance spent (buy) or of the position sold (sell) */
    share: units('share').notNull(),
    /** base units the strategy traded and their average price */
    amount: units('amount').notNull(),
    price: units('price').notNull(),
    /** the strategy account's exchange order id and its first fill id in this signal */
    sourceRef: varchar('source_ref', { length: 90 }).notNull(),
    /** when the strategy's order filled (the exchange's time) */
    executedAt: timestamptz('executed_at').notNull(),
    /** set when every subscriber got its outbox row */
    fannedOutAt: timestamptz('fanned_out_at'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('autotrade_signals_no_uq').on(table.strategyId, table.signalNo),
    uniqueIndex('autotrade_signals_source_uq').on(table.strategyId, table.sourceRef),
    index('autotrade_signals_pending_idx')
      .on(table.id)
      .where(sql`${table.fannedOutAt} is null`),
    index('autotrade_signals_strategy_time_idx').on(table.strategyId, table.executedAt),
  ],
);

/**
 * A subscriber's mirrored order: the outbox row written before the request (with the client
 * order id the exchange echoes back), then the order's outcome. One row per (signal,
 * subscription), and one per rebalance (`purpose`): `dedupe_key` is `signal:<id>`, `open`,
 * `resume:<ms>` or `close`.
 *
 * status: pending (not sent; sized when sent), sending (request may have reached the exchange:
 * look the client id up before sending again), filled, partial (IOC partly filled), unfilled
 * (IOC nothing filled), skipped (below the market minimum or nothing to do: not sent), missed
 * (the subscription was paused or stopped: never replayed), failed (the exchange refused it).
 */
export type AutotradeOrderStatus =
  'pending' | 'sending' | 'filled' | 'partial' | 'unfilled' | 'skipped' | 'missed' | 'failed';
export type AutotradeOrderPurpose = 'signal' | 'open' | 'resume' | 'close';

export const autotradeOrders = pgTable(
  'autotrade_orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => autotradeSubscriptions.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    strategyId: integer('strategy_id')
      .notNull()
      .references(() => autotradeStrategies.id),
    /** null once the member deleted the key (after its subscription ended; see autotrade.ts) */
    apiKeyId: integer('api_key_id').references(() => exchangeApiKeys.id, { onDelete: 'set null' }),
    signalId: integer('signal_id').references(() => autotradeSignals.id),
    purpose: varchar('purpose', { length: 8 }).$type<AutotradeOrderPurpose>().notNull(),
    dedupeKey: varchar('dedupe_key', { length: 40 }).notNull(),
    /** the order's id given to the exchange (Bitfinex cid, 45 bits) */
    clientOrderId: bigint('client_order_id', { mode: 'number' }).notNull(),
    status: varchar('status', { length: 8 }).$type<AutotradeOrderStatus>().notNull(),
    /** why skipped, missed or failed (below_minimum, paused, key_rejected, ...) */
    reason: varchar('reason', { length: 40 }),
    symbol: varchar('symbol', { length: 20 }).notNull(),
    /** decided when sized (a rebalance's side depends on the positions then) */
    side: varchar('side', { length: 4 }).$type<AutotradeSide>(),
    /** the order type sent: IOC limit */
    orderType: varchar('order_type', { length: 16 }).notNull().default('limit_ioc'),
    leverageX100: integer('leverage_x100').notNull(),
    /** base units asked, the limit price (with the slippage cap), filled and average price */
    amount: units('amount'),
    limitPrice: units('limit_price'),
    filled: units('filled').notNull().default('0'),
    averagePrice: units('average_price').notNull().default('0'),
    /** quote units paid (buy) or received before fees (sell) */
    quoteAmount: units('quote_amount').notNull().default('0'),
    /** fees charged, in base units (a buy's) and in quote units (a sell's) */
    feeBase: units('fee_base').notNull().default('0'),
    feeQuote: units('fee_quote').notNull().default('0'),
    exchangeOrderId: varchar('exchange_order_id', { length: 40 }),
    attempts: smallint('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamptz('created_at').notNull(),
    sentAt: timestamptz('sent_at'),
    doneAt: timestamptz('done_at'),
  },
  (table) => [
    uniqueIndex('autotrade_orders_dedupe_uq').on(table.subscriptionId, table.dedupeKey),
    uniqueIndex('autotrade_orders_signal_uq')
      .on(table.signalId, table.subscriptionId)
      .where(sql`${table.signalId} is not null`),
    index('autotrade_orders_open_idx')
      .on(table.apiKeyId, table.id)
      .where(sql`${table.status} in ('pending', 'sending')`),
    index('autotrade_orders_subscription_idx').on(table.subscriptionId, table.id),
  ],
);

/** The fills of a mirrored order on the member's account (from the exchange's trade history). */
export const autotradeFills = pgTable(
  'autotrade_fills',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => autotradeOrders.id),
    exchangeFillId: varchar('exchange_fill_id', { length: 40 }).notNull(),
    amount: units('amount').notNull(),
    price: units('price').notNull(),
    fee: units('fee').notNull(),
    feeCurrency: varchar('fee_currency', { length: 12 }).notNull(),
    executedAt: timestamptz('executed_at').notNull(),
  },
  (table) => [uniqueIndex('autotrade_fills_uq').on(table.orderId, table.exchangeFillId)],
);

/**
 * The part of a member's exchange account a subscription mirrors with: quote cash and base
 * position, opened with the allocation, moved by every mirrored fill (fees included).
 */
export const autotradeBooks = pgTable('autotrade_books', {
  subscriptionId: integer('subscription_id')
    .primaryKey()
    .references(() => autotradeSubscriptions.id),
  strategyId: integer('strategy_id')
    .notNull()
    .references(() => autotradeStrategies.id),
  symbol: varchar('symbol', { length: 20 }).notNull(),
  /** the allocation the book opened with (quote units) */
  invested: units('invested').notNull(),
  cash: units('cash').notNull(),
  position: units('position').notNull(),
  /** fees paid on the exchange so far, in quote units (base fees valued at their fill price) */
  feesPaid: units('fees_paid').notNull().default('0'),
  openedAt: timestamptz('opened_at').notNull(),
  /** when mirroring was paused (a failing key); resumed once the key checks correct after it */
  pausedAt: timestamptz('paused_at'),
  closedAt: timestamptz('closed_at'),
  updatedAt: timestamptz('updated_at').notNull(),
});

/** Daily equity of a strategy's account or a subscription's book (the charts' series). */
export type AutotradeSnapshotKind = 'strategy' | 'subscription';
export const autotradeEquitySnapshots = pgTable(
  'autotrade_equity_snapshots',
  {
    kind: varchar('kind', { length: 12 }).$type<AutotradeSnapshotKind>().notNull(),
    /** the strategy id or the subscription id */
    ownerId: integer('owner_id').notNull(),
    /** the day in UTC+8 (YYYY-MM-DD); the row is rewritten through the day, its last value stays */
    day: varchar('day', { length: 10 }).notNull(),
    equity: units('equity').notNull(),
    cash: units('cash').notNull(),
    position: units('position').notNull(),
    price: units('price').notNull(),
    takenAt: timestamptz('taken_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.kind, table.ownerId, table.day] })],
);

export const autotradeFavorites = pgTable(
  'autotrade_favorites',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    strategyId: integer('strategy_id')
      .notNull()
      .references(() => autotradeStrategies.id),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.strategyId] })],
);

/** A member's rating (1-5) and comment of a strategy: one per member and strategy, editable. */
export const autotradeReviews = pgTable(
  'autotrade_reviews',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    strategyId: integer('strategy_id')
      .notNull()
      .references(() => autotradeStrategies.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    rating: smallint('rating').notNull(),
    comment: varchar('comment', { length: 500 }).notNull(),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (table) => [
    uniqueIndex('autotrade_reviews_member_uq').on(table.strategyId, table.memberId),
    index('autotrade_reviews_strategy_idx').on(table.strategyId, table.updatedAt),
  ],
);

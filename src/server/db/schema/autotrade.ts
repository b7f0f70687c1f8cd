import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { LocalizedText } from '../../../shared/api/earn';
import { members } from './auth';
import { timestamptz, units } from './columns';
import { exchangeApiKeys } from './exchange';

/**
 * Smart Autotrade (mirror trading): the strategies partner traders supply and the members'
 * subscriptions to them. A strategy trades its own exchange account (its signal source); every
 * order it places becomes a signal that the executor mirrors onto each active subscriber's own
 * exchange account through the member's API key, in proportion to the subscriber's allocation.
 * The member posts a margin (BCNT or USDT) from which the monthly performance fee is taken.
 *
 * Exchange amounts (allocation, equity, high-water mark, minimum invest) are units of 1e-8 of the
 * strategy's quote currency (exchange/decimal.ts); margin amounts are atomic units of the margin
 * token (the custodial wallet's decimals for a custodial margin, the token's on-chain decimals
 * for a MarginVault margin). Rates are basis points; leverage is x100.
 */

export type AutotradeRiskLevel = 'low' | 'medium' | 'high';
/** draft: not listed; running: listed, subscribable, trading; closed: historical, no trading */
export type AutotradeStrategyStatus = 'draft' | 'running' | 'closed';
export type AutotradeMarginCurrency = 'BCNT' | 'USDT';
/** custodial: a ledger move from the member's custodial wallet; chain: MarginVault.deposit */
export type AutotradeMarginSource = 'custodial' | 'chain';
/**
 * pending_margin: created, waiting for the on-chain margin (Deposited, after confirmations);
 * active: mirrored; paused: not mirrored (key failing; reason in pause_reason), signals missed
 * are logged; ended: unsubscribed and settled; cancelled: stopped by the platform (margin below
 * the fee) or never funded.
 */
export type AutotradeSubscriptionState =
  'pending_margin' | 'active' | 'paused' | 'ended' | 'cancelled';

export const autotradeStrategies = pgTable(
  'autotrade_strategies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    description: jsonb('description').$type<LocalizedText>().notNull(),
    /** the partner trader who supplies it */
    trader: varchar('trader', { length: 60 }).notNull(),
    category: varchar('category', { length: 24 }).notNull(),
    exchange: varchar('exchange', { length: 24 }).notNull(),
    /** unified symbol, e.g. BTC/USDT */
    symbol: varchar('symbol', { length: 20 }).notNull(),
    riskLevel: varchar('risk_level', { length: 8 }).$type<AutotradeRiskLevel>().notNull(),
    leverageX100: integer('leverage_x100').notNull().default(100),
    performanceFeeBps: integer('performance_fee_bps').notNull(),
    /** margin tokens accepted */
    marginCurrencies: jsonb('margin_currencies').$type<AutotradeMarginCurrency[]>().notNull(),
    /** the smallest allocation a member may mirror with (1e-8 quote units) */
    minInvest: units('min_invest').notNull(),
    status: varchar('status', { length: 8 })
      .$type<AutotradeStrategyStatus>()
      .notNull()
      .default('draft'),
    featured: boolean('featured').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    /**
     * Where its signals come from: `builtin:<algorithm>` (trend, mean_reversion, grid: run by the
     * platform on the strategy's account with `params`), or `orders` (the partner trades the
     * account by hand; the platform reads its fills).
     */
    signalSource: varchar('signal_source', { length: 40 }).notNull(),
    params: jsonb('params')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** the strategy account's API key and sealed secret (encryptAtRest, never returned) */
    sourceApiKey: varchar('source_api_key', { length: 128 }),
    sourceSecretSealed: text('source_secret_sealed'),
    startedAt: timestamptz('started_at'),
    closedAt: timestamptz('closed_at'),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (table) => [index('autotrade_strategies_status_idx').on(table.status, table.sortOrder)],
);

export const autotradeSubscriptions = pgTable(
  'autotrade_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    strategyId: integer('strategy_id')
      .notNull()
      .references(() => autotradeStrategies.id),
    /**
     * null once the member deleted the key: possible only after the subscription ended (a live
     * one holds its key: registerApiKeyUsage), so the history stays and the key can go
     */
    apiKeyId: integer('api_key_id').references(() => exchangeApiKeys.id, { onDelete: 'set null' }),
    /** the key's exchange and account (`main` / `sub:<name>`): one product per exchange account */
    exchange: varchar('exchange', { length: 24 }).notNull(),
    account: varchar('account', { length: 60 }).notNull(),
    state: varchar('state', { length: 16 }).$type<AutotradeSubscriptionState>().notNull(),
    pauseReason: varchar('pause_reason', { length: 24 }),
    /** the part of the member's exchange balance mirrored (1e-8 quote units) */
    allocation: units('allocation').notNull(),
    /** equity at the last fee settlement (1e-8 quote units); the fee is due only above it */
    highWaterMark: units('high_water_mark').notNull(),
    marginCurrency: varchar('margin_currency', { length: 8 })
      .$type<AutotradeMarginCurrency>()
      .notNull(),
    marginSource: varchar('margin_source', { length: 10 }).$type<AutotradeMarginSource>().notNull(),
    /** the margin the platform holds now (atomic units of the margin token) */
    marginAmount: units('margin_amount').notNull(),
    /** the browser wallet that deposited an on-chain margin (lower case) */
    marginWallet: varchar('margin_wallet', { length: 42 }),
    /** top up a shortfall from the custodial wallet */
    autoTopUp: boolean('auto_top_up').notNull().default(false),
    createdAt: timestamptz('created_at').notNull(),
    activatedAt: timestamptz('activated_at'),
    endedAt: timestamptz('ended_at'),
  },
  (table) => [
    index('autotrade_subscriptions_member_idx').on(table.memberId, table.createdAt),
    index('autotrade_subscriptions_strategy_idx').on(table.strategyId, table.state),
    // one product per exchange account at a time (spec section 5)
    uniqueIndex('autotrade_subscriptions_account_uq')
      .on(table.memberId, table.exchange, table.account)
      .where(sql`${table.state} in ('pending_margin', 'active', 'paused')`),
  ],
);

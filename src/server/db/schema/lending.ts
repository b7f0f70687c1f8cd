import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { LocalizedText } from '../../../shared/api/earn';
import { members } from './auth';
import { timestamptz, units } from './columns';
import { exchangeApiKeys } from './exchange';
import { ledgerTransactions } from './wallet';

/**
 * The lending bot: lending products (a currency lent on one exchange's funding market with the
 * bot's parameters) and the members' subscriptions to them. The bot lends from the member's
 * own funding wallet through their API key; the platform charges a prepaid fee per period from
 * the custodial wallet after a free trial.
 *
 * Exchange amounts (idle amount, assets, deals, interest) and daily rates are units of 1e-8
 * (exchange/decimal.ts); fees are atomic units of the fee currency in the custodial wallet (USDT
 * 6, BCNT 18 decimals).
 */

/** the bot's parameters (domain/lending/spread.ts) */
export interface LendingBotParams {
  /** below this daily rate (1e-8 units) the bot keeps the funds */
  minDailyRate: string;
  /** where offers go in the book: from this cumulative depth to the top one (1e-8 units) */
  bottomDepth: string;
  topDepth: string;
  /** how many offers the idle amount is spread into at most */
  spreadCount: number;
  /** the default offer period (days) and the longer one above `longPeriodRate` */
  periodDays: number;
  longPeriodRate: string;
  longPeriodDays: number;
}

export type LendingStrategyStatus = 'open' | 'closed';
export type LendingSubscriptionState = 'trial' | 'active' | 'ended';
export type LendingEndReason = 'unsubscribed' | 'unpaid';
export type LendingFeeCurrency = 'USDT' | 'BCNT';

export const lendingStrategies = pgTable('lending_strategies', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: jsonb('name').$type<LocalizedText>().notNull(),
  description: jsonb('description').$type<LocalizedText>().notNull(),
  exchange: varchar('exchange', { length: 24 }).notNull(),
  /** the lending asset, unified code (USDT) */
  currency: varchar('currency', { length: 10 }).notNull(),
  /** the fee per period in USDT atomic units (6 decimals) */
  feeUsdt: units('fee_usdt').notNull(),
  bcntDiscountBps: integer('bcnt_discount_bps').notNull(),
  trialDays: integer('trial_days').notNull(),
  periodDays: integer('period_days').notNull(),
  /** the exchange's smallest offer and the idle amount recommended (1e-8 units) */
  minimumOffer: units('minimum_offer').notNull(),
  recommendedMinimum: units('recommended_minimum').notNull(),
  params: jsonb('params').$type<LendingBotParams>().notNull(),
  status: varchar('status', { length: 8 }).$type<LendingStrategyStatus>().notNull(),
  createdAt: timestamptz('created_at').notNull(),
});

export const lendingSubscriptions = pgTable(
  'lending_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    strategyId: integer('strategy_id')
      .notNull()
      .references(() => lendingStrategies.id),
    /** null once the member deleted the key after the end */
    apiKeyId: integer('api_key_id').references(() => exchangeApiKeys.id, { onDelete: 'set null' }),
    /** the key's exchange and account (`main` / `sub:<name>`): one product per exchange account */
    exchange: varchar('exchange', { length: 24 }).notNull(),
    account: varchar('account', { length: 60 }).notNull(),
    state: varchar('state', { length: 8 }).$type<LendingSubscriptionState>().notNull(),
    endReason: varchar('end_reason', { length: 16 }).$type<LendingEndReason>(),
    /** the most the bot has offered and lent at once (1e-8 units) */
    idleAmount: units('idle_amount').notNull(),
    /** the currency of the next charge */
    feeCurrency: varchar('fee_currency', { length: 8 }).$type<LendingFeeCurrency>().notNull(),
    referrerMemberId: integer('referrer_member_id').references(() => members.id),
    autoRenew: boolean('auto_renew').notNull().default(true),
    suspended: boolean('suspended').notNull().default(false),
    /** the bot is paused because the key's last check failed (`api_key`), else null */
    pauseReason: varchar('pause_reason', { length: 16 }),
    /** the current period (lending_periods.number) and its bounds */
    periodNumber: integer('period_number').notNull(),
    periodStartsAt: timestamptz('period_starts_at').notNull(),
    periodEndsAt: timestamptz('period_ends_at').notNull(),
    /** the renewal charge was refused for want of balance (first time), e-mailed once */
    paymentFailedAt: timestamptz('payment_failed_at'),
    /** the bot's last read of the funding wallet (1e-8 units) */
    totalAssets: units('total_assets').notNull().default('0'),
    idleAssets: units('idle_assets').notNull().default('0'),
    lockedIdleAssets: units('locked_idle_assets').notNull().default('0'),
    lentAssets: units('lent_assets').notNull().default('0'),
    assetsReadAt: timestamptz('assets_read_at'),
    /** the bot's last cycle and the time of the newest funding ledger entry recorded */
    lastCycleAt: timestamptz('last_cycle_at'),
    ledgerCursor: timestamptz('ledger_cursor'),
    createdAt: timestamptz('created_at').notNull(),
    endedAt: timestamptz('ended_at'),
  },
  (table) => [
    // one subscription per member and product; Resubscribe reuses it
    uniqueIndex('lending_subscriptions_member_strategy_uq').on(table.memberId, table.strategyId),
    // one lending product per exchange account at a time (spec section 5)
    uniqueIndex('lending_subscriptions_account_uq')
      .on(table.memberId, table.exchange, table.account)
      .where(sql`${table.state} in ('trial', 'active')`),
    index('lending_subscriptions_state_idx').on(table.state, table.periodEndsAt),
  ],
);

/** The periods of a subscription: the free trial and every paid period, once each. */
export const lendingPeriods = pgTable(
  'lending_periods',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => lendingSubscriptions.id),
    number: integer('number').notNull(),
    kind: varchar('kind', { length: 6 }).$type<'trial' | 'paid'>().notNull(),
    startsAt: timestamptz('starts_at').notNull(),
    endsAt: timestamptz('ends_at').notNull(),
    /** the fee charged (null and 0 for the trial) and the BCNT price used */
    currency: varchar('currency', { length: 8 }).$type<LendingFeeCurrency>(),
    amount: units('amount').notNull(),
    priceUsdt: varchar('price_usdt', { length: 40 }),
    ledgerTransactionId: integer('ledger_transaction_id').references(() => ledgerTransactions.id),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [uniqueIndex('lending_periods_number_uq').on(table.subscriptionId, table.number)],
);

/** Deals: the member's offers borrowers took (the exchange's credits), with their interest. */
export const lendingDeals = pgTable(
  'lending_deals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => lendingSubscriptions.id),
    /** the exchange's credit id */
    creditId: varchar('credit_id', { length: 40 }).notNull(),
    currency: varchar('currency', { length: 10 }).notNull(),
    amount: units('amount').notNull(),
    rate: units('rate').notNull(),
    periodDays: integer('period_days').notNull(),
    /** interest received net of the exchange's fee, and that fee (1e-8 units) */
    reward: units('reward').notNull().default('0'),
    exchangeFee: units('exchange_fee').notNull().default('0'),
    status: varchar('status', { length: 8 }).$type<'active' | 'closed'>().notNull(),
    openedAt: timestamptz('opened_at').notNull(),
    closedAt: timestamptz('closed_at'),
  },
  (table) => [
    uniqueIndex('lending_deals_credit_uq').on(table.subscriptionId, table.creditId),
    index('lending_deals_opened_idx').on(table.subscriptionId, table.openedAt),
  ],
);

/** Interest payments read from the exchange's funding ledger, once each. */
export const lendingInterest = pgTable(
  'lending_interest',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => lendingSubscriptions.id),
    ledgerEntryId: varchar('ledger_entry_id', { length: 40 }).notNull(),
    creditId: varchar('credit_id', { length: 40 }),
    amount: units('amount').notNull(),
    exchangeFee: units('exchange_fee').notNull(),
    paidAt: timestamptz('paid_at').notNull(),
  },
  (table) => [
    uniqueIndex('lending_interest_entry_uq').on(table.subscriptionId, table.ledgerEntryId),
  ],
);

/** E-mails sent once: (subscription, kind, period). */
export const lendingNotices = pgTable(
  'lending_notices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => lendingSubscriptions.id),
    kind: varchar('kind', { length: 24 })
      .$type<'payment_failed' | 'stopped' | 'api_key'>()
      .notNull(),
    periodNumber: integer('period_number').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('lending_notices_uq').on(table.subscriptionId, table.kind, table.periodNumber),
  ],
);

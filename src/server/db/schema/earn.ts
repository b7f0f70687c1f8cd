import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type {
  EarnConsent,
  EarnCurrency,
  EarnDcaCurrency,
  EarnKind,
  MixedStrategy,
} from '../../../shared/constants/earn';
import type {
  EarnEventDetail,
  EarnSubscriptionState,
  LocalizedText,
} from '../../../shared/api/earn';
import { members } from './auth';
import { timestamptz, units } from './columns';

/**
 * Earn products (Stable Income, Pro, Pro+, Mixed Quant, Flagship, Trader Alliance, premium
 * funds) and the members' subscriptions. The money moves in the ledger (wallet.ts): a
 * subscription's principal sits in the member's `earn` account from Join to its return; rewards
 * come from the platform's `earn_rewards` account. See domain/earn/.
 *
 * Rates and percentages are integers in basis points (8.5 % = 850); amounts are atomic units of
 * the product's currency (NUMERIC(78, 0)); days are `YYYY-MM-DD` in UTC+8.
 */

/** Operator state: draft (not listed), open (listed; joinable while raising), closed (no more). */
export type EarnProductStatus = 'draft' | 'open' | 'closed';

export const earnProducts = pgTable(
  'earn_products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    serialNumber: varchar('serial_number', { length: 12 }).notNull(),
    kind: varchar('kind', { length: 12 }).$type<EarnKind>().notNull(),
    strategy: varchar('strategy', { length: 12 }).$type<MixedStrategy>(),
    currency: varchar('currency', { length: 8 }).$type<EarnCurrency>().notNull(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    description: jsonb('description').$type<LocalizedText>().notNull(),
    status: varchar('status', { length: 8 }).$type<EarnProductStatus>().notNull().default('draft'),
    sortOrder: integer('sort_order').notNull().default(0),
    periodMonth: integer('period_month').notNull(),
    raiseStart: timestamptz('raise_start').notNull(),
    raiseEnd: timestamptz('raise_end').notNull(),
    /** the contract's first moment (00:00 UTC+8 of its first day) */
    startAt: timestamptz('start_at').notNull(),
    /** null: the section 9 fallback is shown */
    annualReturnBps: integer('annual_return_bps'),
    maxDrawdownBps: integer('max_drawdown_bps'),
    riskLevel: integer('risk_level').notNull().default(1),
    minUnit: integer('min_unit').notNull(),
    maxUnit: integer('max_unit').notNull(),
    /** atomic units of the currency per unit */
    perUnit: units('per_unit').notNull(),
    capacityUnits: integer('capacity_units'),
    softCapUnits: integer('soft_cap_units'),
    minRenewUnits: integer('min_renew_units').notNull().default(1),
    limited: boolean('limited').notNull().default(false),
    premiumOnly: boolean('premium_only').notNull().default(false),
    settlement: varchar('settlement', { length: 8 }).$type<'daily' | 'monthly'>().notNull(),
    renewable: boolean('renewable').notNull().default(true),
    /** x100: 2.5x = 250 */
    leverageX100: integer('leverage_x100'),
    sharpeX100: integer('sharpe_x100'),
    managementFeeBps: integer('management_fee_bps'),
    performanceFeeBps: integer('performance_fee_bps'),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (table) => [uniqueIndex('earn_products_serial_idx').on(table.serialNumber)],
);

/** Net asset values posted by the operator (`ops product nav`), 1.0 at the start. */
export const earnNav = pgTable(
  'earn_nav',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => earnProducts.id, { onDelete: 'cascade' }),
    day: varchar('day', { length: 10 }).notNull(),
    /** a decimal with up to 18 places */
    nav: numeric('nav', { precision: 38, scale: 18 }).notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.productId, table.day] })],
);

/**
 * One row per member and product (adding more raises its units). `term` counts renewals;
 * `settledThrough` is the last day whose reward is written (the settlement job's cursor).
 */
export const earnSubscriptions = pgTable(
  'earn_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'restrict' }),
    productId: integer('product_id')
      .notNull()
      .references(() => earnProducts.id, { onDelete: 'restrict' }),
    state: varchar('state', { length: 16 }).$type<EarnSubscriptionState>().notNull(),
    units: integer('units').notNull(),
    /** what the member paid in (first subscription plus additions), atomic units */
    invested: units('invested').notNull(),
    added: units('added').notNull().default('0'),
    /** the principal in the member's earn account for this subscription (Pro compounds) */
    principal: units('principal').notNull(),
    accumulatedReward: units('accumulated_reward').notNull().default('0'),
    autoRenew: boolean('auto_renew').notNull(),
    assetReturnUnits: integer('asset_return_units'),
    /** the member's level when the Asset Return request was made (a change cancels it) */
    assetReturnLevel: integer('asset_return_level'),
    consents: jsonb('consents').$type<EarnConsent[]>().notNull(),
    term: integer('term').notNull().default(1),
    termStart: timestamptz('term_start'),
    termEnd: timestamptz('term_end'),
    settledThrough: varchar('settled_through', { length: 10 }),
    /** the loyalty level whose rate is paid, and since when a lower level has been seen */
    rateLevel: integer('rate_level'),
    lowerLevelSince: varchar('lower_level_since', { length: 10 }),
    returnDueAt: timestamptz('return_due_at'),
    returnAmount: units('return_amount'),
    returnedAt: timestamptz('returned_at'),
    redeemedAt: timestamptz('redeemed_at'),
    redeemedBcnt: units('redeemed_bcnt'),
    reminderTerm: integer('reminder_term'),
    /**
     * NAV products (lifecycle nav-settlement): the NAV the term is valued from (the last posted
     * on or before its first day) and at its expiry; `navThrough` the last NAV checkpoint
     * settled (the 15th for Flagship, a quarter's first day for Alliance, the expiry day)
     */
    startNav: numeric('start_nav', { precision: 38, scale: 18 }),
    endNav: numeric('end_nav', { precision: 38, scale: 18 }),
    navThrough: varchar('nav_through', { length: 10 }),
    /** Alliance: the high-water mark NAV (starts at startNav, only rises) */
    highWatermark: numeric('high_watermark', { precision: 38, scale: 18 }),
    /** Alliance: fees deducted from the principal so far (atomic units) */
    managementFee: units('management_fee').notNull().default('0'),
    performanceFee: units('performance_fee').notNull().default('0'),
    /** Flagship: the share of the NAV excess credited so far; the early termination fee */
    excessReward: units('excess_reward').notNull().default('0'),
    terminationFee: units('termination_fee'),
    /**
     * Smart DCA (X-saving): the currency the rewards are converted into (null: off); rewards
     * credited while it was off (`dcaBase`), converted so far (reward currency), bought (the
     * target currency's atomic units) and the number of conversions, since the target was set
     */
    dcaCurrency: varchar('dca_currency', { length: 8 }).$type<EarnDcaCurrency>(),
    dcaBase: units('dca_base').notNull().default('0'),
    dcaConverted: units('dca_converted').notNull().default('0'),
    dcaAcquired: units('dca_acquired').notNull().default('0'),
    dcaCount: integer('dca_count').notNull().default(0),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (table) => [
    uniqueIndex('earn_subscriptions_member_product_idx').on(table.memberId, table.productId),
    index('earn_subscriptions_product_state_idx').on(table.productId, table.state),
    index('earn_subscriptions_state_idx').on(table.state),
  ],
);

export type EarnEventKind =
  | 'subscribe'
  | 'add'
  | 'reward'
  | 'compound'
  | 'renew'
  | 'return'
  | 'refund'
  | 'redeem'
  | 'fee'
  | 'dca';

/**
 * A subscription's history. `eventKey` is unique (`reward:<sub>:<day>`, `return:<sub>:<term>`,
 * ...): a job that runs again after a crash inserts nothing twice. Monthly rewards are written
 * each day unpaid (`ledgerTransactionId` null) and paid at the month's end.
 */
export const earnEvents = pgTable(
  'earn_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    eventKey: varchar('event_key', { length: 80 }).notNull(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => earnSubscriptions.id, { onDelete: 'restrict' }),
    memberId: integer('member_id').notNull(),
    kind: varchar('kind', { length: 10 }).$type<EarnEventKind>().notNull(),
    /** signed atomic units: positive to the member */
    amount: numeric('amount', { precision: 78, scale: 0 }).notNull(),
    currency: varchar('currency', { length: 8 }).notNull(),
    day: varchar('day', { length: 10 }),
    level: integer('level'),
    rateBps: integer('rate_bps'),
    term: integer('term').notNull(),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'number' }),
    /** what a reward, fee or return was (excess, management, performance, ...) */
    detail: varchar('detail', { length: 20 }).$type<EarnEventDetail>(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('earn_events_key_idx').on(table.eventKey),
    index('earn_events_subscription_idx').on(table.subscriptionId, table.id),
    index('earn_events_unpaid_idx')
      .on(table.subscriptionId)
      .where(sql`${table.kind} = 'reward' and ${table.ledgerTransactionId} is null`),
  ],
);

/**
 * Smart DCA conversions of earn rewards (premium2 XSavingHistory): one per subscription and UTC+8
 * day at most (`event_key` `dca:<sub>:<day>` unique), written with its ledger transaction (the
 * reward currency from the member's wallet to the platform's conversion account, the target
 * currency back) and its earn_events row.
 */
export const earnDcaConversions = pgTable(
  'earn_dca_conversions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    eventKey: varchar('event_key', { length: 80 }).notNull(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => earnSubscriptions.id, { onDelete: 'restrict' }),
    memberId: integer('member_id').notNull(),
    fromCurrency: varchar('from_currency', { length: 8 }).$type<EarnCurrency>().notNull(),
    fromAmount: units('from_amount').notNull(),
    toCurrency: varchar('to_currency', { length: 8 }).$type<EarnDcaCurrency>().notNull(),
    toAmount: units('to_amount').notNull(),
    /** the price feed's USDT prices of both currencies used */
    fromPriceUsdt: numeric('from_price_usdt', { precision: 60, scale: 18 }).notNull(),
    toPriceUsdt: numeric('to_price_usdt', { precision: 60, scale: 18 }).notNull(),
    day: varchar('day', { length: 10 }).notNull(),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'number' }).notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('earn_dca_conversions_key_idx').on(table.eventKey),
    index('earn_dca_conversions_member_idx').on(table.memberId, table.id),
    index('earn_dca_conversions_subscription_idx').on(table.subscriptionId, table.id),
  ],
);

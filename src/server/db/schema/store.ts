import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { deposits } from './wallet';
import { members } from './auth';
import { timestamptz, units } from './columns';

/**
 * BCNT store orders (token service). An order's payment state is NOT stored: it is
 * derived from the `deposits` rows of its own deposit address (deposit_addresses purpose
 * `store`, order_id = id), see domain/store/order-state.ts. Only the delivery is recorded here.
 * Amounts: USDT and BCNT atomic units (6 and 18 decimals) as NUMERIC(78, 0).
 */

export const storeOrders = pgTable(
  'store_orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** "BC" + UTC+8 date (YYYYMMDD) + the id padded to 6 digits */
    orderNumber: varchar('order_number', { length: 32 }).notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'restrict' }),
    /** USDT asked for (atomic units) */
    usdtAmount: units('usdt_amount').notNull(),
    /** USDT per BCNT at creation, decimal text (up to 18 places), fixed for the order */
    priceUsdt: varchar('price_usdt', { length: 80 }).notNull(),
    /** the quotation version the price came from */
    priceVersion: varchar('price_version', { length: 32 }).notNull(),
    /** BCNT the asked USDT buys at the price (atomic units) */
    bcntAmount: units('bcnt_amount').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    /**
     * the price holds for payments seen before this time (created + STORE_QUOTE_MINUTES);
     * null on orders made before quotes expired: created + 30 minutes
     */
    quoteExpiresAt: timestamptz('quote_expires_at'),
    /** set once, with the delivery's ledger transaction */
    deliveredAt: timestamptz('delivered_at'),
    /** USDT the delivery was computed from and the BCNT delivered (atomic units) */
    deliveredUsdt: units('delivered_usdt'),
    deliveredBcnt: units('delivered_bcnt'),
    deliveryTransactionId: bigint('delivery_transaction_id', { mode: 'number' }),
  },
  (table) => [
    uniqueIndex('store_orders_number_key').on(table.orderNumber),
    index('store_orders_member_idx').on(table.memberId, table.id),
    index('store_orders_undelivered_idx')
      .on(table.id)
      .where(sql`${table.deliveredAt} is null`),
  ],
);

/**
 * Store payments that did not buy BCNT: paid after the order's quote expired, or taking the
 * order above the store maximum. Each was credited to the member's USDT balance by one ledger
 * transaction (`store_payment_credited`, key `deposit:<network>:<tx>:<log>`) and does not count
 * toward its order.
 */
export const storePaymentCredits = pgTable(
  'store_payment_credits',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => storeOrders.id, { onDelete: 'restrict' }),
    depositId: integer('deposit_id')
      .notNull()
      .references(() => deposits.id, { onDelete: 'restrict' }),
    reason: varchar('reason', { length: 16 }).$type<'quote_expired' | 'above_maximum'>().notNull(),
    usdtAmount: units('usdt_amount').notNull(),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'number' }).notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('store_payment_credits_deposit_key').on(table.depositId),
    index('store_payment_credits_order_idx').on(table.orderId),
  ],
);

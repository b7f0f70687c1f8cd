import {
  bigint,
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { timestamptz, units } from './columns';

/**
 * BinFi: the state of BinFiPool rounds as the chain indexer saw it (chain/decoders/binfi.ts,
 * domain/binfi/projection.ts). These tables are a projection of the pool's `chain_events` rows:
 * a round's rows are rebuilt from its events whenever a tick brings new ones and after a reorg
 * removed some, so they never hold anything the events do not. Amounts are USDT (or BCNT)
 * atomic units; rates per unit are WAD-scaled (1e18) atomic units, as on chain.
 */

/** Round statuses, the contract's `Status` names in snake case. */
export const BINFI_ROUND_STATUSES = [
  'raising',
  'matched',
  'unmatched',
  'running',
  'stopped_out',
  'matured',
  'settled',
] as const;
export type BinfiRoundStatus = (typeof BINFI_ROUND_STATUSES)[number];

export const binfiRounds = pgTable(
  'binfi_rounds',
  {
    chainId: integer('chain_id').notNull(),
    fundId: integer('fund_id').notNull(),
    /** the pool, lower-case */
    contract: varchar('contract', { length: 42 }).notNull(),
    unitPrice: units('unit_price').notNull(),
    /** Flame units; Rock's capacity is capacity x rockPerFlame */
    capacity: integer('capacity').notNull(),
    rockPerFlame: smallint('rock_per_flame').notNull(),
    accountCap: integer('account_cap').notNull(),
    lockPerUnit: units('lock_per_unit').notNull(),
    raiseStart: timestamptz('raise_start').notNull(),
    raiseEnd: timestamptz('raise_end').notNull(),
    termSeconds: integer('term_seconds').notNull(),
    isPrivate: boolean('is_private').notNull(),
    status: varchar('status', { length: 12 }).$type<BinfiRoundStatus>().notNull(),
    /** the stop-loss deadline passed without a settlement */
    defaulted: boolean('defaulted').notNull().default(false),
    rockUnits: integer('rock_units').notNull().default(0),
    flameUnits: integer('flame_units').notNull().default(0),
    matchedRock: integer('matched_rock').notNull().default(0),
    matchedFlame: integer('matched_flame').notNull().default(0),
    redeemedRock: integer('redeemed_rock').notNull().default(0),
    deposited: units('deposited').notNull().default('0'),
    matchedValue: units('matched_value').notNull().default('0'),
    refundTotal: units('refund_total').notNull().default('0'),
    /** all funded periods, the refund included */
    funded: units('funded').notNull().default('0'),
    /** paid out or credited as owed */
    distributed: units('distributed').notNull().default('0'),
    redemptionPaid: units('redemption_paid').notNull().default('0'),
    createdAt: timestamptz('created_at').notNull(),
    matchedAt: timestamptz('matched_at'),
    startAt: timestamptz('start_at'),
    maturity: timestamptz('maturity'),
    stoppedAt: timestamptz('stopped_at'),
    stopDeadline: timestamptz('stop_deadline'),
    maturedAt: timestamptz('matured_at'),
    settledAt: timestamptz('settled_at'),
    /** the settlement period's rates (WAD-scaled per unit) */
    rockFinalRate: units('rock_final_rate'),
    flameFinalRate: units('flame_final_rate'),
    /** the highest block of the events this row was built from (rebuilt after a reorg below it) */
    lastBlock: bigint('last_block', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.chainId, table.fundId] }),
    index('binfi_rounds_status_idx').on(table.chainId, table.status),
  ],
);

export const BINFI_SIDES = ['rock', 'flame'] as const;
export type BinfiSide = (typeof BINFI_SIDES)[number];
export const BINFI_PASSES = ['general', 'hodl', 'locking'] as const;
export type BinfiPass = (typeof BINFI_PASSES)[number];

/** One order (non-transferable units) with what it has received so far. */
export const binfiOrders = pgTable(
  'binfi_orders',
  {
    chainId: integer('chain_id').notNull(),
    orderId: integer('order_id').notNull(),
    fundId: integer('fund_id').notNull(),
    /** the wallet, lower-case */
    owner: varchar('owner', { length: 42 }).notNull(),
    side: varchar('side', { length: 5 }).$type<BinfiSide>().notNull(),
    pass: varchar('pass', { length: 7 }).$type<BinfiPass>().notNull(),
    /** lower-case; null without a referrer */
    referrer: varchar('referrer', { length: 42 }),
    units: integer('units').notNull(),
    unitsBefore: integer('units_before').notNull(),
    amount: units('amount').notNull(),
    bcntLocked: units('bcnt_locked').notNull(),
    /** from the round's cutoff once matched (0 before) */
    matchedUnits: integer('matched_units').notNull().default(0),
    /** the unmatched value (0 before the match) */
    refundAmount: units('refund_amount').notNull().default('0'),
    /** the next period the order has not received */
    cursor: integer('cursor').notNull().default(0),
    /** USDT transferred by the payout path */
    paid: units('paid').notNull().default('0'),
    /** USDT credited as owed (a transfer that failed) */
    owed: units('owed').notNull().default('0'),
    /** what the refund period paid it (transferred or owed); null until paid */
    refundPaid: units('refund_paid'),
    refundPaidAt: timestamptz('refund_paid_at'),
    bcntReleasedAt: timestamptz('bcnt_released_at'),
    redeemedAt: timestamptz('redeemed_at'),
    /** the first period it receives nothing from (redeemed) */
    exitPeriod: integer('exit_period'),
    queueIndex: integer('queue_index'),
    redemptionAmount: units('redemption_amount'),
    redemptionPaidAt: timestamptz('redemption_paid_at'),
    placedAt: timestamptz('placed_at').notNull(),
    txHash: varchar('tx_hash', { length: 66 }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.chainId, table.orderId] }),
    index('binfi_orders_round_idx').on(table.chainId, table.fundId),
    index('binfi_orders_owner_idx').on(table.chainId, table.owner),
  ],
);

export const BINFI_PERIOD_KINDS = ['refund', 'reward', 'settlement'] as const;
export type BinfiPeriodKind = (typeof BINFI_PERIOD_KINDS)[number];

/** The payout periods of a round: 0 the refund, then reward months, last the settlement. */
export const binfiPeriods = pgTable(
  'binfi_periods',
  {
    chainId: integer('chain_id').notNull(),
    fundId: integer('fund_id').notNull(),
    period: integer('period').notNull(),
    kind: varchar('kind', { length: 10 }).$type<BinfiPeriodKind>().notNull(),
    rockRate: units('rock_rate').notNull(),
    flameRate: units('flame_rate').notNull(),
    total: units('total').notNull(),
    fundedAt: timestamptz('funded_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.chainId, table.fundId, table.period] })],
);

/** Each payment of the payout path (an OrderPaid log): periods [fromPeriod, toPeriod). */
export const binfiPayouts = pgTable(
  'binfi_payouts',
  {
    chainId: integer('chain_id').notNull(),
    txHash: varchar('tx_hash', { length: 66 }).notNull(),
    logIndex: integer('log_index').notNull(),
    fundId: integer('fund_id').notNull(),
    orderId: integer('order_id').notNull(),
    owner: varchar('owner', { length: 42 }).notNull(),
    fromPeriod: integer('from_period').notNull(),
    toPeriod: integer('to_period').notNull(),
    amount: units('amount').notNull(),
    owedAmount: units('owed_amount').notNull(),
    paidAt: timestamptz('paid_at').notNull(),
  },
  (table) => [
    uniqueIndex('binfi_payouts_log_key').on(table.chainId, table.txHash, table.logIndex),
    index('binfi_payouts_order_idx').on(table.chainId, table.orderId),
    index('binfi_payouts_round_idx').on(table.chainId, table.fundId),
  ],
);

/**
 * The off-chain product fields of a round (spec section 3), set by `binfi create` (defaults in
 * domain/binfi/terms.ts): Rock's interest a year and the platform fee a year (basis points of the
 * matched capital of Rock, resp. both sides), Flame's stop-loss rate (its loss in basis points of
 * its matched capital), the pair the matched capital trades on the paper exchange. The leverage
 * and the funding results are on chain (binfi_rounds).
 */
export const binfiRoundTerms = pgTable(
  'binfi_round_terms',
  {
    chainId: integer('chain_id').notNull(),
    fundId: integer('fund_id').notNull(),
    rockAprBps: integer('rock_apr_bps').notNull(),
    platformFeeBps: integer('platform_fee_bps').notNull(),
    stopLossBps: integer('stop_loss_bps').notNull(),
    /** the exchange symbol, e.g. BTC/USDT */
    symbol: varchar('symbol', { length: 20 }).notNull(),
    createdAt: timestamptz('created_at').notNull(),
    /** the referral rebates of the round's orders were posted to the ledger */
    rebatesPaidAt: timestamptz('rebates_paid_at'),
  },
  (table) => [primaryKey({ columns: [table.chainId, table.fundId] })],
);

/**
 * A wallet's BCNT at a round's snapshot block (the block of its creation), read once, and the
 * HODL pass signed for it (EIP-712 Pass(account, fundId, expiry)), issued again unchanged.
 */
export const binfiPasses = pgTable(
  'binfi_passes',
  {
    chainId: integer('chain_id').notNull(),
    fundId: integer('fund_id').notNull(),
    /** lower-case */
    wallet: varchar('wallet', { length: 42 }).notNull(),
    memberId: integer('member_id').notNull(),
    snapshotBlock: bigint('snapshot_block', { mode: 'number' }).notNull(),
    bcntBalance: units('bcnt_balance').notNull(),
    readAt: timestamptz('read_at').notNull(),
    expiry: timestamptz('expiry'),
    signature: varchar('signature', { length: 132 }),
    issuedAt: timestamptz('issued_at'),
  },
  (table) => [primaryKey({ columns: [table.chainId, table.fundId, table.wallet] })],
);

/**
 * Flame's position of a running round on the exchange's market: the matched capital of both
 * sides (Flame's at the round's leverage) bought at the ask when the term started, marked at the
 * bid; closed at the stop-loss or the maturity. Prices and the position in 1e-8 units.
 */
export const binfiFlameBooks = pgTable(
  'binfi_flame_books',
  {
    chainId: integer('chain_id').notNull(),
    fundId: integer('fund_id').notNull(),
    symbol: varchar('symbol', { length: 20 }).notNull(),
    /** USDT atomic units traded (matched Rock + Flame value) */
    capital: units('capital').notNull(),
    position: units('position').notNull(),
    entryPrice: units('entry_price').notNull(),
    openedAt: timestamptz('opened_at').notNull(),
    closePrice: units('close_price'),
    closedAt: timestamptz('closed_at'),
    closeReason: varchar('close_reason', { length: 10 }).$type<'stop_loss' | 'maturity'>(),
  },
  (table) => [primaryKey({ columns: [table.chainId, table.fundId] })],
);

/** Flame's result every 5 minutes of the clock: the mark price, PnL and Flame's equity (USDT atomic, signed). */
export const binfiPnlSnapshots = pgTable(
  'binfi_pnl_snapshots',
  {
    chainId: integer('chain_id').notNull(),
    fundId: integer('fund_id').notNull(),
    at: timestamptz('at').notNull(),
    price: units('price').notNull(),
    pnl: numeric('pnl', { precision: 78, scale: 0 }).notNull(),
    equity: numeric('equity', { precision: 78, scale: 0 }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.chainId, table.fundId, table.at] })],
);

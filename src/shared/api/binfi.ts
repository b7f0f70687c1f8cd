/**
 * BinFi read calls of the gateway (spec products-programs sections 3, 4, 7 "BinFi", 9). Every
 * answer is read from the indexed state of the BinFiPool contract (the binfi tables the chain
 * indexer keeps), never from the chain per request.
 *
 * - `GET /api/v1/binfi/FundList?variant=&status=` (public): public rounds of a variant
 *   (`binfi` six-month, `galaxy` the three-month plus variant), newest first; private rounds
 *   are never listed.
 * - `GET /api/v1/binfi/SupplierDetail?fundId=` / `TakerDetail?fundId=` (public): a six-month
 *   round from the Rock (supplier) or Flame (taker) side; `SupplierDetail2` / `TakerDetail2`
 *   the same for a Galaxy (plus) round; `SupplierDetail3` / `TakerDetail3?fundId=&invite=` a
 *   private round (member, shown only to a member whose wallet holds an order in it or who
 *   has the operator's invite).
 * - `GET /api/v1/binfi/CheckJoin?fundId=&type=` (member): whether and how many units the member
 *   may order on that side now, and why not.
 * - `GET /api/v1/binfi/user/funds` (member): the orders of the member's linked wallets.
 * - `GET /api/v1/binfi/HistoryFundList?variant=&page=` (public): ended public rounds.
 * - `GET /api/v1/binfi/PlusInfo` (public): the Galaxy (plus) variant at a glance.
 *
 * Amounts are decimal strings in whole USDT (BCNT for the locking pass); times ISO 8601 (UTC).
 */
import * as z from 'zod/mini';
import { PG_INT_MAX, rowId } from './common';

const int = () => z.number().check(z.int());
const nonNegativeInt = () => z.number().check(z.int(), z.nonnegative());
const decimalText = z.string().check(z.regex(/^\d+(\.\d+)?$/));
const isoTime = z.string();

export const BINFI_VARIANTS = ['binfi', 'galaxy'] as const;
export const binfiVariantSchema = z.enum(BINFI_VARIANTS);
export type BinfiVariant = z.infer<typeof binfiVariantSchema>;

/**
 * A round's status in the spec's words (section 4): fundraising, raised (matched, before the
 * term starts), unsuccessful_match, running, stop_loss (executed; funds back within 3 days),
 * ended (matured, waiting for the settlement), settled.
 */
export const BINFI_ROUND_STATES = [
  'fundraising',
  'raised',
  'unsuccessful_match',
  'running',
  'stop_loss',
  'ended',
  'settled',
] as const;
export const binfiRoundStateSchema = z.enum(BINFI_ROUND_STATES);
export type BinfiRoundState = z.infer<typeof binfiRoundStateSchema>;

export const BINFI_SIDE_TYPES = ['supply', 'take'] as const;
export const binfiSideTypeSchema = z.enum(BINFI_SIDE_TYPES);
export type BinfiSideType = z.infer<typeof binfiSideTypeSchema>;

export const binfiPassSchema = z.enum(['general', 'hodl', 'locking']);

/**
 * The off-chain product fields of a round (spec section 3; server domain/binfi/terms.ts):
 * percentages as decimal text ("8" = 8 %), amounts in whole USDT per unit.
 */
export const binfiRoundTermsSchema = z.object({
  /** Rock's interest a year (of its capital), paid monthly */
  rockApr: decimalText,
  /** the platform fee a year of the matched capital of both sides, charged to Flame's result */
  platformFeeRate: decimalText,
  /** Flame's loss, in % of its capital, at which the stop-loss executes */
  stopLossRate: decimalText,
  /** the market Flame's capital trades, e.g. BTC/USDT */
  symbol: z.string(),
  /** Rock's reward per unit and month */
  rockRewardPerUnit: decimalText,
  /** the platform fee per matched unit over the full term */
  platformFeePerUnit: decimalText,
  /** the market's move over the full term (%) at which Flame gets its capital back */
  breakEven: decimalText,
  /** % of an order's platform fee back to each party of a referral (owner and referrer) */
  referralRebate: decimalText,
  /** settlement cycle: Rock paid monthly, Flame at the maturity */
  rockSettlement: z.literal('monthly'),
  flameSettlement: z.literal('maturity'),
});
export type BinfiRoundTerms = z.infer<typeof binfiRoundTermsSchema>;

export const binfiRoundSchema = z.object({
  fundId: int(),
  variant: binfiVariantSchema,
  state: binfiRoundStateSchema,
  isPrivate: z.boolean(),
  /** the stop-loss deadline passed without the funds returned */
  defaulted: z.boolean(),
  unitPrice: decimalText,
  /** Rock units per Flame unit; Flame's leverage is this + 1 */
  rockPerFlame: int(),
  leverage: int(),
  /** Flame units on offer; Rock's capacity is this x rockPerFlame */
  flameCapacity: int(),
  rockCapacity: int(),
  maxUnitsPerOrder: int(),
  accountCap: int(),
  /** BCNT per unit held by the locking pass */
  lockPerUnit: decimalText,
  termMonths: int(),
  raiseStart: isoTime,
  raiseEnd: isoTime,
  startAt: z.nullable(isoTime),
  maturity: z.nullable(isoTime),
  stopLossAt: z.nullable(isoTime),
  stopLossDeadline: z.nullable(isoTime),
  settledAt: z.nullable(isoTime),
  rockUnits: int(),
  flameUnits: int(),
  matchedRock: int(),
  matchedFlame: int(),
  redeemedRock: int(),
  /** funding results (USDT) */
  deposited: decimalText,
  matchedValue: decimalText,
  refundTotal: decimalText,
  /** the settlement's payout per unit (capital and result), null before it */
  rockPayoutPerUnit: z.nullable(decimalText),
  flamePayoutPerUnit: z.nullable(decimalText),
  terms: binfiRoundTermsSchema,
});
export type BinfiRound = z.infer<typeof binfiRoundSchema>;

export const binfiFundListQuerySchema = z.object({
  variant: z._default(binfiVariantSchema, 'binfi'),
  status: z.optional(binfiRoundStateSchema),
});
export const binfiFundListSchema = z.object({ list: z.array(binfiRoundSchema) });
export type BinfiFundList = z.infer<typeof binfiFundListSchema>;

export const binfiFundIdQuerySchema = z.object({
  fundId: rowId(),
});

/** The operator's invite to a private round (`binfi invite <fundId>`): a 65-byte signature. */
export const binfiInviteSchema = z.string().check(z.regex(/^0x[0-9a-fA-F]{130}$/));

/** SupplierDetail3 / TakerDetail3: a private round, for a member holding an order or invited. */
export const binfiPrivateDetailQuerySchema = z.object({
  fundId: rowId(),
  invite: z.optional(binfiInviteSchema),
});

/** One payout period of the side: 0 the refund, reward months, the settlement. */
export const binfiPeriodSchema = z.object({
  period: nonNegativeInt(),
  kind: z.enum(['refund', 'reward', 'settlement']),
  /** USDT per unit of this side (the refund: per unmatched unit) */
  perUnit: decimalText,
  total: decimalText,
  fundedAt: isoTime,
});

export const binfiSideDetailSchema = z.object({
  round: binfiRoundSchema,
  side: binfiSideTypeSchema,
  /** units ordered, matched and still open on this side */
  units: int(),
  matchedUnits: int(),
  available: int(),
  periods: z.array(binfiPeriodSchema),
  /** Rock: the reward paid per unit so far (USDT); Flame: 0 until the settlement */
  paidPerUnit: decimalText,
  /** Flame's latest result (the binfi-flame job's last 5-minute snapshot), null before the start */
  flameResult: z.nullable(
    z.object({
      time: isoTime,
      /** USDT, signed; pnlRate in % of Flame's capital */
      pnl: z.string().check(z.regex(/^-?\d+(\.\d+)?$/)),
      pnlRate: z.string().check(z.regex(/^-?\d+(\.\d+)?$/)),
      equity: z.string().check(z.regex(/^-?\d+(\.\d+)?$/)),
    }),
  ),
});
export type BinfiSideDetail = z.infer<typeof binfiSideDetailSchema>;

export const binfiCheckJoinQuerySchema = z.object({
  fundId: rowId(),
  type: binfiSideTypeSchema,
  /** a private round's invite (else only a member already holding an order may join it) */
  invite: z.optional(binfiInviteSchema),
});

export const BINFI_JOIN_REFUSALS = [
  'premier_required',
  'not_raising',
  'private',
  'full',
  'account_cap',
] as const;
export const binfiCheckJoinSchema = z.object({
  fundId: int(),
  type: binfiSideTypeSchema,
  canJoin: z.boolean(),
  reason: z.nullable(z.enum(BINFI_JOIN_REFUSALS)),
  /** 1..maxUnits may be ordered now (0 when it cannot join) */
  maxUnits: nonNegativeInt(),
  /** units the member's wallets already hold in the round (both sides) */
  unitsHeld: nonNegativeInt(),
  unitPrice: decimalText,
  lockPerUnit: decimalText,
  raiseEnd: isoTime,
});
export type BinfiCheckJoin = z.infer<typeof binfiCheckJoinSchema>;

/** An order's own status: the round's, or redeemed (early) for a redeemed Rock order. */
export const binfiOrderSchema = z.object({
  orderId: nonNegativeInt(),
  fundId: int(),
  variant: binfiVariantSchema,
  wallet: z.string(),
  type: binfiSideTypeSchema,
  pass: binfiPassSchema,
  state: z.union([binfiRoundStateSchema, z.literal('redeemed')]),
  units: int(),
  matchedUnits: int(),
  amount: decimalText,
  bcntLocked: decimalText,
  bcntReleased: z.boolean(),
  /** the unmatched part and when it came back (null until paid) */
  refundAmount: decimalText,
  refundPaidAt: z.nullable(isoTime),
  /** USDT received through the payout path, credited as owed, and claimable now */
  received: decimalText,
  owed: decimalText,
  claimable: decimalText,
  redeemedAt: z.nullable(isoTime),
  redemptionAmount: z.nullable(decimalText),
  redemptionPaidAt: z.nullable(isoTime),
  placedAt: isoTime,
  txHash: z.string(),
  /**
   * Rock: the latest reward month the pool funded for this order (period 1.., USDT per unit, the
   * order's amount = matched units x per unit, when); null for Flame orders, before the first
   * month and for the months after a redemption.
   */
  lastReward: z.nullable(
    z.object({ period: int(), perUnit: decimalText, amount: decimalText, fundedAt: isoTime }),
  ),
  /**
   * The round's settlement: each side's payout per unit (capital and result) and this order's
   * amount (matched units x its side's per unit), when it was funded; null before it and for a
   * Rock order redeemed before it.
   */
  settlement: z.nullable(
    z.object({
      rockPerUnit: decimalText,
      flamePerUnit: decimalText,
      amount: decimalText,
      settledAt: isoTime,
    }),
  ),
  /**
   * A Flame order's share of Flame's latest result (the round's last 5-minute snapshot times
   * the order's matched units / Flame's matched units, cut towards zero; pnlRate the round's);
   * null for Rock orders, before the start and without matched units.
   */
  flameResult: z.nullable(
    z.object({
      time: isoTime,
      pnl: z.string().check(z.regex(/^-?\d+(\.\d+)?$/)),
      pnlRate: z.string().check(z.regex(/^-?\d+(\.\d+)?$/)),
      equity: z.string().check(z.regex(/^-?\d+(\.\d+)?$/)),
    }),
  ),
});
export type BinfiOrder = z.infer<typeof binfiOrderSchema>;

export const binfiUserFundsSchema = z.object({
  list: z.array(binfiOrderSchema),
  /** USDT the pool could not transfer to the member's wallets (withdrawOwed) */
  owed: decimalText,
});
export type BinfiUserFunds = z.infer<typeof binfiUserFundsSchema>;

export const binfiHistoryQuerySchema = z.object({
  variant: z._default(binfiVariantSchema, 'binfi'),
  page: z._default(z.coerce.number().check(z.int(), z.positive()), 1),
});
export const binfiHistorySchema = z.object({
  list: z.array(binfiRoundSchema),
  page: int(),
  total: nonNegativeInt(),
});

export const binfiPlusInfoSchema = z.object({
  termMonths: int(),
  raising: nonNegativeInt(),
  running: nonNegativeInt(),
  ended: nonNegativeInt(),
  /** matched capital of every Galaxy round so far (USDT) */
  totalMatched: decimalText,
  /** the Galaxy round taking orders now, else the latest one */
  current: z.nullable(binfiRoundSchema),
});
export type BinfiPlusInfo = z.infer<typeof binfiPlusInfoSchema>;

export const BINFI_HISTORY_PAGE_SIZE = 10;

// ---- joining: Supply / Take (POST), the referral check -----------------------------------------

/**
 * `POST /api/v1/binfi/Supply` (Rock) and `POST /api/v1/binfi/Take` (Flame) (member): the
 * server checks the order (CheckJoin's rules, 1..5 units, the referral code, the pass) and
 * answers the pool call the member's wallet signs: approve `amount` USDT (and `bcntLock` BCNT
 * for the locking pass) to `contract`, then `functionName(...args)`. Nothing is recorded as an
 * order until the indexer sees it on chain (user/funds).
 *
 * - `orderType` is the pass: `general`, `hodl` (the server checks the wallet's BCNT at the
 *   round's snapshot block, its creation block, read once and stored: at least
 *   `BINFI_HODL_MIN_BCNT`, and signs the EIP-712 pass for (wallet, round, expiry = the raise's
 *   end); one per wallet and round), `locking` (units x lockPerUnit BCNT held by the pool until
 *   the stake ends). Private rounds get a signed pass for any type.
 * - `referralCode`: another member's code; the order carries that member's linked wallet
 *   (the oldest) as referrer. 10 % of the order's platform fee goes back to each party after
 *   the settlement, to their custodial USDT.
 * - `wallet`: the member's linked wallet that sends the order.
 */
export const binfiJoinBodySchema = z.object({
  fundId: z.number().check(z.int(), z.positive(), z.maximum(PG_INT_MAX)),
  units: z.number().check(z.int(), z.positive()),
  orderType: binfiPassSchema,
  referralCode: z.optional(z.string().check(z.maxLength(32))),
  wallet: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)),
  /** a private round's invite, as CheckJoin */
  invite: z.optional(binfiInviteSchema),
});
export type BinfiJoinBody = z.infer<typeof binfiJoinBodySchema>;

/** BCNT a wallet holds at the round's snapshot block for the HODL pass */
export const BINFI_HODL_MIN_BCNT = '10000';

/** Refusals of Supply / Take / CheckReferral; the spec's texts verbatim where it gives one. */
export const BinfiError = {
  /** more than 5 units in one order (spec section 8) */
  unitsMax: '5 units max per subscription',
  /** not a member's code, the member's own, or a referrer without a linked wallet */
  referralInvalid: 'The referral code is invalid.',
  /** `wallet` is not one of the member's linked wallets (data.field wallet) */
  walletNotLinked: 'binfi_wallet_not_linked',
  /** CheckJoin refuses; data { reason } (BINFI_JOIN_REFUSALS) */
  cannotJoin: 'binfi_cannot_join',
  /** more units than the side or the account cap leaves; data { maxUnits } */
  unitsOver: 'binfi_units_over',
  /** the wallet held less BCNT than the HODL pass needs at the snapshot; data { required, balance, snapshotBlock } */
  hodlBalanceShort: 'binfi_hodl_balance_short',
  /** the wallet already ordered with its HODL pass in this round */
  passUsed: 'binfi_pass_used',
  /** the round's creation is not indexed yet or the chain did not answer: try again */
  snapshotUnavailable: 'binfi_snapshot_unavailable',
} as const;
export type BinfiError = (typeof BinfiError)[keyof typeof BinfiError];

const address = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/));

export const binfiJoinSchema = z.object({
  fundId: int(),
  type: binfiSideTypeSchema,
  chainId: int(),
  /** the pool, and the tokens to approve to it */
  contract: address,
  usdt: address,
  bcnt: address,
  functionName: z.enum(['supply', 'take']),
  /** the call's arguments in order: fundId, units, pass (0 general, 1 hodl, 2 locking),
   * referrer (zero address without one), passExpiry (unix seconds, 0 without a pass),
   * signature (0x without a pass) */
  args: z.tuple([z.string(), z.string(), int(), address, z.string(), z.string()]),
  units: int(),
  orderType: binfiPassSchema,
  referrer: z.nullable(address),
  passExpiry: z.nullable(isoTime),
  /** USDT to approve and pay (whole USDT, and atomic units) */
  amount: decimalText,
  amountAtomic: z.string(),
  /** BCNT the locking pass holds (0 otherwise) */
  bcntLock: decimalText,
  bcntLockAtomic: z.string(),
});
export type BinfiJoin = z.infer<typeof binfiJoinSchema>;

/** `GET /api/v1/binfi/CheckReferral?fundId=&referralCode=` (member): 400 referralInvalid or the referrer's wallet. */
export const binfiCheckReferralQuerySchema = z.object({
  fundId: rowId(),
  referralCode: z.string().check(z.minLength(1), z.maxLength(32)),
});
export const binfiCheckReferralSchema = z.object({
  referralCode: z.string(),
  /** the wallet the order carries as referrer */
  referrer: address,
  /** % of the order's platform fee back to each party */
  rebate: decimalText,
});
export type BinfiCheckReferral = z.infer<typeof binfiCheckReferralSchema>;

// ---- charts and the calculator (public; private rounds answer 404) ------------------------------

const signedDecimalText = z.string().check(z.regex(/^-?\d+(\.\d+)?$/));

/**
 * `GET /api/v1/binfi/ProfitLossChart?fundId=`: Flame's PnL on the matched capital, a point every
 * 5 minutes of the clock (hourly past 2 days of data, daily past 30), in USDT and in % of
 * Flame's capital; empty before the term starts.
 */
export const binfiChartQuerySchema = z.object({
  fundId: rowId(),
});
export const binfiProfitLossChartSchema = z.object({
  fundId: int(),
  symbol: z.string(),
  /** Flame's capital (USDT) the rates are of */
  flameCapital: decimalText,
  points: z.array(z.object({ time: isoTime, pnl: signedDecimalText, pnlRate: signedDecimalText })),
});
export type BinfiProfitLossChart = z.infer<typeof binfiProfitLossChartSchema>;

/** `GET /api/v1/binfi/EquityAndDrawdownChart?fundId=`: Flame's equity (capital + PnL) and its drawdown from the peak so far (%, >= 0). */
export const binfiEquityChartSchema = z.object({
  fundId: int(),
  points: z.array(z.object({ time: isoTime, equity: signedDecimalText, drawdown: decimalText })),
  maxDrawdown: decimalText,
});
export type BinfiEquityChart = z.infer<typeof binfiEquityChartSchema>;

/**
 * `GET /api/v1/binfi/EstimatedReturn?fundId=&type=&units=&change=`: the calculator. `change` is
 * the traded market's move over the full term in % (-100 .. 1000). Rock: capital + the monthly
 * interest for the term, whatever the market does (unless Flame's loss passes its capital).
 * Flame: capital + (leverage x capital x change) - Rock's interest - the platform fee of both
 * sides, rounded down per unit and never below 0; a fall reaching the stop-loss rate is counted
 * at that rate (`stoppedOut`).
 */
export const binfiEstimatedReturnQuerySchema = z.object({
  fundId: rowId(),
  type: binfiSideTypeSchema,
  units: z._default(z.coerce.number().check(z.int(), z.positive(), z.lte(5)), 1),
  change: z._default(z.coerce.number().check(z.gte(-100), z.lte(1000)), 0),
});
export const binfiEstimatedReturnSchema = z.object({
  fundId: int(),
  type: binfiSideTypeSchema,
  units: int(),
  change: z.number(),
  invested: decimalText,
  payout: decimalText,
  profit: signedDecimalText,
  /** profit / invested over the term and a year (%) */
  returnRate: signedDecimalText,
  annualized: signedDecimalText,
  stoppedOut: z.boolean(),
  breakEven: decimalText,
});
export type BinfiEstimatedReturn = z.infer<typeof binfiEstimatedReturnSchema>;

/**
 * `GET /api/v1/binfi/SupplierReturnChart?fundId=`: Rock's reward per unit month by month,
 * cumulative: expected from the terms, paid from the funded periods (null for a month not paid).
 */
export const binfiSupplierReturnChartSchema = z.object({
  fundId: int(),
  unitPrice: decimalText,
  rockApr: decimalText,
  points: z.array(z.object({ month: int(), expected: decimalText, paid: z.nullable(decimalText) })),
});
export type BinfiSupplierReturnChart = z.infer<typeof binfiSupplierReturnChartSchema>;

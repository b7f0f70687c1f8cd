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
 *   the same for a Galaxy (plus) round; `SupplierDetail3` / `TakerDetail3` a private round
 *   (member, shown only to a member whose wallet holds an order in it).
 * - `GET /api/v1/binfi/CheckJoin?fundId=&type=` (member): whether and how many units the member
 *   may order on that side now, and why not.
 * - `GET /api/v1/binfi/user/funds` (member): the orders of the member's linked wallets.
 * - `GET /api/v1/binfi/HistoryFundList?variant=&page=` (public): ended public rounds.
 * - `GET /api/v1/binfi/PlusInfo` (public): the Galaxy (plus) variant at a glance.
 *
 * Amounts are decimal strings in whole USDT (BCNT for the locking pass); times ISO 8601 (UTC).
 */
import * as z from 'zod/mini';

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
});
export type BinfiRound = z.infer<typeof binfiRoundSchema>;

export const binfiFundListQuerySchema = z.object({
  variant: z._default(binfiVariantSchema, 'binfi'),
  status: z.optional(binfiRoundStateSchema),
});
export const binfiFundListSchema = z.object({ list: z.array(binfiRoundSchema) });
export type BinfiFundList = z.infer<typeof binfiFundListSchema>;

export const binfiFundIdQuerySchema = z.object({
  fundId: z.coerce.number().check(z.int(), z.positive()),
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
});
export type BinfiSideDetail = z.infer<typeof binfiSideDetailSchema>;

export const binfiCheckJoinQuerySchema = z.object({
  fundId: z.coerce.number().check(z.int(), z.positive()),
  type: binfiSideTypeSchema,
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

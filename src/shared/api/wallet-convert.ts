/**
 * Conversion between USDT and BCNT and the custodial BCNT stake (spec
 * platform-account-wallet sections 5, 7, 8): one source for the server's validation and the
 * browser's response parsing.
 *
 * - `GET /quotation/bcnt/price` (public): the BCNT price in USDT and its version.
 * - `GET /api/v1/common/convertCurrency/bcnt` (public): the quote, the minimums, the daily
 *   limits and what the platform has left today (no member data: it may be cached).
 * - `GET /api/v1/user/ConvertInfo` (member): the same plus the member's remaining quota and
 *   available USDT and BCNT.
 * - `POST /api/v1/user/ConvertCurrency` (member, identity verified, Idempotency-Key).
 * - `GET /api/v1/user/ConvertHistory?page=&pageSize=` (member).
 * - `POST /api/v1/user/wallet/stake` (member, identity verified, Idempotency-Key):
 *   `{ action: 'stake' | 'unstake', amount }`.
 * - `GET /api/v1/user/wallet/stake/record?page=&pageSize=` (member): the stake summary, stakes
 *   and unstake requests.
 *
 * Amounts are decimal strings in whole units ("12.5"), prices are USDT per BCNT ("0.5"),
 * times ISO 8601 (UTC). Rules and numbers: src/shared/constants/convert-rules.ts.
 */
import * as z from 'zod/mini';
import { walletAmountSchema } from './wallet';

const int = () => z.number().check(z.int());
const pageQuery = {
  /** 1-based */
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000)), 1),
  pageSize: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 10),
};

export const CONVERT_CURRENCIES = ['USDT', 'BCNT'] as const;
export const convertCurrencySchema = z.enum(CONVERT_CURRENCIES);

/** Refusals of the conversion and stake calls; the spec's texts verbatim where it gives one. */
export const ConvertError = {
  /** the quote the member saw is not the current one; data: the new `BcntQuote` */
  priceUpdated: 'BCNT price has been updated. Please send your request again.',
  /** the request is more than the member's or the platform's remaining daily quota */
  quotaInsufficient: 'BCNT quota is insufficient. Please send your request again.',
  /** nothing of the platform's daily BCNT is left (USDT -> BCNT) */
  allConverted: 'All available BCNT have been converted.',
  /** below "Min Conversion Quantity"; data { currency, minimum } */
  belowMinimum: 'convert_below_minimum',
  /** from and to are not USDT -> BCNT or BCNT -> USDT */
  unsupportedPair: 'convert_unsupported_pair',
  /** the amount has more decimals than the currency */
  tooManyDecimals: 'amount_too_many_decimals',
  /** the conversion would give nothing at the current price */
  nothingToReceive: 'convert_nothing_to_receive',
  /** stake/unstake below the minimum; data { minimum } */
  stakeBelowMinimum: 'stake_below_minimum',
  /** unstake more than is staked and not already being unstaked */
  unstakeExceedsStaked: 'unstake_exceeds_staked',
} as const;

// ---- GET /quotation/bcnt/price -----------------------------------------------------------------
export const bcntQuoteSchema = z.object({
  /** USDT per BCNT, e.g. "0.5" */
  price: z.string(),
  /** changes whenever the price does; send it back with ConvertCurrency */
  version: z.string(),
  quotedAt: z.string(),
});
export type BcntQuote = z.infer<typeof bcntQuoteSchema>;

// ---- GET /api/v1/common/convertCurrency/bcnt ---------------------------------------------------
export const convertPairSchema = z.object({
  from: convertCurrencySchema,
  to: convertCurrencySchema,
  /** "Min Conversion Quantity", in the from-currency */
  minimum: walletAmountSchema,
});
export type ConvertPair = z.infer<typeof convertPairSchema>;

export const convertRulesSchema = z.object({
  quote: bcntQuoteSchema,
  pairs: z.array(convertPairSchema),
  /** a member's daily quota in USDT equivalent (both directions together) */
  memberDailyQuotaUsdt: walletAmountSchema,
  /** BCNT the platform offers for USDT -> BCNT per day */
  platformDailySupply: walletAmountSchema,
  /** BCNT left of it today */
  platformRemaining: walletAmountSchema,
  /** the conversion day (YYYY-MM-DD, UTC+8) and when it ends (00:00 UTC+8) */
  day: z.string(),
  resetsAt: z.string(),
});
export type ConvertRules = z.infer<typeof convertRulesSchema>;

// ---- GET /api/v1/user/ConvertInfo --------------------------------------------------------------
export const convertInfoSchema = z.object({
  ...convertRulesSchema.shape,
  /** USDT equivalent the member may still convert today */
  memberRemainingUsdt: walletAmountSchema,
  /** the member's available balances of the two currencies */
  available: z.object({ USDT: walletAmountSchema, BCNT: walletAmountSchema }),
});
export type ConvertInfo = z.infer<typeof convertInfoSchema>;

// ---- POST /api/v1/user/ConvertCurrency ---------------------------------------------------------
export const convertBodySchema = z.object({
  from: convertCurrencySchema,
  to: convertCurrencySchema,
  /** in the from-currency, e.g. "100.5" */
  amount: walletAmountSchema,
  /** the `version` of the quote the member saw */
  priceVersion: z.string().check(z.minLength(1), z.maxLength(64)),
});
export type ConvertBody = z.infer<typeof convertBodySchema>;

export const conversionSchema = z.object({
  id: int(),
  from: convertCurrencySchema,
  to: convertCurrencySchema,
  fromAmount: walletAmountSchema,
  toAmount: walletAmountSchema,
  /** USDT per BCNT the conversion was made at */
  price: z.string(),
  createdAt: z.string(),
});
export type Conversion = z.infer<typeof conversionSchema>;

// ---- GET /api/v1/user/ConvertHistory -----------------------------------------------------------
export const convertHistoryQuerySchema = z.object(pageQuery);
export type ConvertHistoryQuery = z.infer<typeof convertHistoryQuerySchema>;
export const convertHistorySchema = z.object({
  /** newest first */
  items: z.array(conversionSchema),
  total: int(),
  page: int(),
  pageSize: int(),
});
export type ConvertHistory = z.infer<typeof convertHistorySchema>;

// ---- POST /api/v1/user/wallet/stake ------------------------------------------------------------
export const STAKE_ACTIONS = ['stake', 'unstake'] as const;
export type StakeAction = (typeof STAKE_ACTIONS)[number];
export const stakeBodySchema = z.object({
  action: z.enum(STAKE_ACTIONS),
  /** BCNT */
  amount: walletAmountSchema,
});
export type StakeBody = z.infer<typeof stakeBodySchema>;

/** The member's custodial BCNT stake. */
export const stakeSummarySchema = z.object({
  /** BCNT available to stake */
  available: walletAmountSchema,
  /** BCNT in the staking account (counts for the level), cooling included */
  staking: walletAmountSchema,
  /** of `staking`, in unstake requests still in their cooldown */
  cooling: walletAmountSchema,
  /** of `staking`, what can still be requested for unstake */
  unstakable: walletAmountSchema,
  minimum: walletAmountSchema,
  unstakeDays: int(),
});
export type StakeSummary = z.infer<typeof stakeSummarySchema>;

/**
 * A stake (`staked`) or an unstake request: `cooling` until `unlockAt`, `released` once the
 * amount is back in the available balance.
 */
export const stakeRecordEntrySchema = z.object({
  id: int(),
  kind: z.enum(STAKE_ACTIONS),
  amount: walletAmountSchema,
  createdAt: z.string(),
  unlockAt: z.nullable(z.string()),
  releasedAt: z.nullable(z.string()),
  state: z.enum(['staked', 'cooling', 'released']),
});
export type StakeRecordEntry = z.infer<typeof stakeRecordEntrySchema>;

export const stakeResultSchema = z.object({
  record: stakeRecordEntrySchema,
  summary: stakeSummarySchema,
});
export type StakeResult = z.infer<typeof stakeResultSchema>;

// ---- GET /api/v1/user/wallet/stake/record ------------------------------------------------------
export const stakeRecordQuerySchema = z.object(pageQuery);
export type StakeRecordQuery = z.infer<typeof stakeRecordQuerySchema>;
export const stakeRecordSchema = z.object({
  summary: stakeSummarySchema,
  /** newest first */
  items: z.array(stakeRecordEntrySchema),
  total: int(),
  page: int(),
  pageSize: int(),
});
export type StakeRecord = z.infer<typeof stakeRecordSchema>;

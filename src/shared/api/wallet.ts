/**
 * Custodial wallet calls shared by every wallet area (spec platform-account-wallet sections 3
 * and 7): the balances (`GET /api/v1/user/WalletInfo`), the transaction history
 * (`GET /api/v1/user/WalletHistory`) and the errors every money-moving call can answer.
 * The area calls have their own files: wallet-deposit.ts, wallet-withdraw.ts,
 * wallet-convert.ts, store.ts.
 *
 * Amounts are decimal strings in whole units of the currency ("12.5" USDT), never floats.
 * Times are ISO 8601 (UTC). Money-moving calls carry an `Idempotency-Key` header (8-100 URL-safe
 * characters, a UUID made once per user action): a retry with the same key gets the same answer
 * and moves nothing.
 */
import * as z from 'zod/mini';

const int = () => z.number().check(z.int());

export const WALLET_CURRENCIES = ['BCNT', 'USDT', 'USDC', 'BTC', 'ETH'] as const;
export type WalletCurrency = (typeof WALLET_CURRENCIES)[number];
export const walletCurrencySchema = z.enum(WALLET_CURRENCIES);

/** a non-negative decimal string in whole units, e.g. "10000" or "0.25" */
export const walletAmountSchema = z.string().check(z.regex(/^\d+(\.\d+)?$/));

/** The header that carries the idempotency key of a money-moving call. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** Message keys of wallet refusals; spec texts are used verbatim where the spec gives one. */
export const WalletError = {
  idempotencyKeyRequired: 'idempotency_key_required',
  idempotencyKeyReused: 'idempotency_key_reused',
  insufficientBalance: 'Not enough available balance',
} as const;

// ---- GET /api/v1/user/WalletInfo ---------------------------------------------------------------
export const walletBalanceSchema = z.object({
  currency: walletCurrencySchema,
  /** available + staking + pending withdrawal */
  total: walletAmountSchema,
  available: walletAmountSchema,
  staking: walletAmountSchema,
  /** requested withdrawals not yet sent */
  pendingWithdrawal: walletAmountSchema,
});
export type WalletBalance = z.infer<typeof walletBalanceSchema>;

export const walletInfoSchema = z.object({
  /** every wallet currency, in WALLET_CURRENCIES order (zero when never used) */
  balances: z.array(walletBalanceSchema),
});
export type WalletInfo = z.infer<typeof walletInfoSchema>;

// ---- GET /api/v1/user/WalletHistory ------------------------------------------------------------
/** Transaction types of spec section 3: Invest 1, Deposit 2, Withdraw 3, Fee 4, Balance 5, Interest 6. */
export const walletHistoryQuerySchema = z.object({
  currency: z.optional(walletCurrencySchema),
  /** 1-based */
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000)), 1),
  pageSize: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 10),
});
export type WalletHistoryQuery = z.infer<typeof walletHistoryQuerySchema>;

export const walletHistoryEntrySchema = z.object({
  id: int(),
  /** ledger transaction type: deposit, withdrawal, withdrawal_fee, withdrawal_refund, convert, stake, unstake, store_delivery ... */
  kind: z.string(),
  /** spec section 3 transaction type (1-6) used for the decimal places */
  transactionType: int(),
  currency: walletCurrencySchema,
  /** signed change of the member's available balance, e.g. "-12.5" */
  amount: z.string(),
  /** tx hash, withdrawal id, order number... */
  reference: z.nullable(z.string()),
  createdAt: z.string(),
});
export type WalletHistoryEntry = z.infer<typeof walletHistoryEntrySchema>;

export const walletHistorySchema = z.object({
  items: z.array(walletHistoryEntrySchema),
  total: int(),
  page: int(),
  pageSize: int(),
});
export type WalletHistory = z.infer<typeof walletHistorySchema>;

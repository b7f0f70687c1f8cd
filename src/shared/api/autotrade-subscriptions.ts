/**
 * Smart Autotrade subscribing, margins, fees and reports (spec products-programs sections 3, 4
 * "Smart Autotrade subscription", 5, 7, 8, 9): the contract between the gateway and the
 * browser. All calls are authenticated members' calls under `/api/v1`; the money-moving POSTs
 * carry an `Idempotency-Key`.
 *
 * - `GET  /strategy/MinStakeAmount?strategyId=&allocation=&marginCurrency=`  the minimum stake
 * - `GET  /strategy/CheckSubscription?strategyId=`  the member's live subscription to it (state,
 *   margin, the low-margin banner) and which of the member's keys are free for it
 * - `POST /strategy/Subscribe`   (identity verified, Idempotency-Key)
 * - `POST /strategy/Unsubscribe` (Idempotency-Key) body { id }
 * - `GET  /user/UnsubscribeInfo?id=`  fees due and the margin to be returned
 * - `POST /user/StakeStrategy`   (identity verified, Idempotency-Key) add custodial margin and/or
 *   set the automatic top-up
 * - `GET  /user/StrategyHistory`       the member's ended and cancelled subscriptions
 * - `GET  /user/StrategyFollowHistory?id=`  margin movements and fees of one subscription
 * - `GET  /user/AssetUnderManagement`  allocations, equity and margins of live subscriptions
 * - `GET  /user/ExchangeBalance?apiKeyId=`  balances of the key's exchange account
 * - `GET  /user/StrategyReport?id=`    the monthly reports of a subscription
 *
 * Amounts are decimal strings: exchange amounts (allocation, equity, fees in the quote) in the
 * strategy's quote currency (8 decimals at most), margin amounts in the margin token (BCNT 18,
 * USDT 6 decimals). Times are ISO 8601 (UTC); months are `YYYY-MM` in UTC+8.
 */
import * as z from 'zod/mini';
import { rowId } from './common';

const int = () => z.number().check(z.int());
const id = rowId;
/** a non-negative decimal text (checked against the currency's decimals by the server) */
const decimalText = () => z.string().check(z.trim(), z.regex(/^\d{1,30}(\.\d{1,18})?$/));

export const AUTOTRADE_MARGIN_CURRENCIES = ['BCNT', 'USDT'] as const;
export type AutotradeMarginCurrencyCode = (typeof AUTOTRADE_MARGIN_CURRENCIES)[number];
export const AUTOTRADE_MARGIN_SOURCES = ['custodial', 'chain'] as const;
export const AUTOTRADE_SUBSCRIPTION_STATES = [
  'pending_margin',
  'active',
  'paused',
  'ended',
  'cancelled',
] as const;
/** The states of a subscription that has not ended (the member can still unsubscribe). */
export const AUTOTRADE_LIVE_STATES: readonly string[] = ['pending_margin', 'active', 'paused'];

/** Refusals of these calls; the spec's texts verbatim where it gives one. */
export const AutotradeSubscriptionError = {
  strategyNotFound: 'autotrade_strategy_not_found',
  /** the strategy is not running (draft or closed) */
  strategyClosed: 'autotrade_strategy_closed',
  subscriptionNotFound: 'autotrade_subscription_not_found',
  /** the member has no such key (data.field apiKeyId) */
  apiKeyNotFound: 'api_key_not_found',
  /** the key's last check failed: reset it on the exchange (spec section 4, lending wording) */
  apiKeyIncorrect: 'autotrade_api_key_incorrect',
  /** another live product on the key's exchange account (spec sections 5 and 8) */
  oneProductPerAccount: 'Only one product per exchange account.',
  /** the key's exchange account has less free quote currency than the allocation */
  exchangeInsufficientBalance: 'Exchange Insufficient Balance.',
  /** the custodial wallet has less than the margin (or the top-up) */
  insufficientBalance: 'Insufficient Balance.',
  /** allocation below the strategy's minimum invest amount; data { minimum } */
  belowMinimum: 'autotrade_below_minimum',
  /** margin below the minimum stake; data { minimum, currency } */
  marginBelowMinimum: 'autotrade_margin_below_minimum',
  /** the strategy does not take this margin currency */
  marginCurrencyNotAccepted: 'autotrade_margin_currency_not_accepted',
  /** the browser wallet is not one of the member's linked wallets */
  walletNotLinked: 'autotrade_wallet_not_linked',
  /** the terms were not accepted */
  consentRequired: 'autotrade_consent_required',
  /** the amount has more decimals than the currency */
  tooManyDecimals: 'amount_too_many_decimals',
  /** the call does not fit the subscription's state (e.g. unsubscribing an ended one) */
  wrongState: 'autotrade_subscription_state',
  /** StakeStrategy from the custodial wallet on an on-chain margin (add it from the wallet) */
  marginSourceMismatch: 'autotrade_margin_source_mismatch',
  /** the exchange did not answer (balances, equity): nothing was done */
  exchangeUnavailable: 'exchange_unavailable',
} as const;
export type AutotradeSubscriptionError =
  (typeof AutotradeSubscriptionError)[keyof typeof AutotradeSubscriptionError];

// ---- GET /strategy/MinStakeAmount ---------------------------------------------------------------
export const minStakeQuerySchema = z.object({
  strategyId: id(),
  allocation: decimalText(),
  marginCurrency: z.enum(AUTOTRADE_MARGIN_CURRENCIES),
});
export type MinStakeQuery = z.infer<typeof minStakeQuerySchema>;

export const minStakeSchema = z.object({
  strategyId: int(),
  marginCurrency: z.enum(AUTOTRADE_MARGIN_CURRENCIES),
  /** the allocation asked about (quote currency) and the strategy's minimum */
  allocation: z.string(),
  minInvest: z.string(),
  quoteCurrency: z.string(),
  performanceFeeBps: int(),
  /** 2000 (20 %) with a BCNT margin, 0 with USDT */
  discountBps: int(),
  /** the USDT price of the margin currency used */
  priceUsdt: z.string(),
  /** the minimum stake (margin currency) */
  minStake: z.string(),
  /** below this margin the subscription shows the low-margin warning (30 % of minStake) */
  warningBelow: z.string(),
});
export type MinStake = z.infer<typeof minStakeSchema>;

// ---- subscription as the member sees it ---------------------------------------------------------
export const marginVaultDepositSchema = z.object({
  chainId: int(),
  vault: z.string(),
  token: z.string(),
  /** atomic units of the token to approve and deposit */
  amount: z.string(),
  /** MarginVault.deposit's third argument: the subscription id */
  strategyId: z.string(),
  /** the wallet that must send it (lower case) */
  wallet: z.string(),
  /** a pending subscription not funded by then is cancelled */
  expiresAt: z.string(),
});
export type MarginVaultDeposit = z.infer<typeof marginVaultDepositSchema>;

export const operatorTxViewSchema = z.object({
  kind: z.enum(['settle', 'release']),
  state: z.enum(['prepared', 'signed', 'broadcast', 'confirmed', 'failed']),
  txHash: z.nullable(z.string()),
  amount: z.string(),
  performanceFee: z.string(),
});
export type OperatorTxView = z.infer<typeof operatorTxViewSchema>;

export const autotradeSubscriptionSchema = z.object({
  id: int(),
  strategyId: int(),
  /** null once the member deleted the key (only after the subscription ended) */
  apiKeyId: z.nullable(int()),
  exchange: z.string(),
  account: z.string(),
  state: z.enum(AUTOTRADE_SUBSCRIPTION_STATES),
  pauseReason: z.nullable(z.string()),
  quoteCurrency: z.string(),
  allocation: z.string(),
  highWaterMark: z.string(),
  marginCurrency: z.enum(AUTOTRADE_MARGIN_CURRENCIES),
  marginSource: z.enum(AUTOTRADE_MARGIN_SOURCES),
  margin: z.string(),
  requiredMargin: z.string(),
  /** the banner: the margin is below 30 % of the required stake */
  marginWarning: z.boolean(),
  lowMarginSince: z.nullable(z.string()),
  autoTopUp: z.boolean(),
  marginWallet: z.nullable(z.string()),
  createdAt: z.string(),
  activatedAt: z.nullable(z.string()),
  endedAt: z.nullable(z.string()),
  /**
   * a live on-chain margin: what the browser deposits into MarginVault (pending: the stake still
   * missing; running: the shortfall below the stake, 0 when none; any amount deposited under the
   * subscription id adds margin)
   */
  deposit: z.nullable(marginVaultDepositSchema),
  /** the last MarginVault transaction of the operator for it (settle or release) */
  operatorTx: z.nullable(operatorTxViewSchema),
});
export type AutotradeSubscription = z.infer<typeof autotradeSubscriptionSchema>;

// ---- GET /strategy/CheckSubscription ------------------------------------------------------------
export const checkSubscriptionQuerySchema = z.object({ strategyId: id() });
export const checkSubscriptionSchema = z.object({
  strategyId: int(),
  /** the member's live (pending, active or paused) subscription to this strategy */
  subscription: z.nullable(autotradeSubscriptionSchema),
  /** each of the member's keys: whether it can be chosen (correct and its account free) */
  keys: z.array(
    z.object({
      apiKeyId: int(),
      status: z.enum(['correct', 'incorrect']),
      /** the live subscription using the key's exchange account, if any */
      usedBySubscriptionId: z.nullable(int()),
      available: z.boolean(),
    }),
  ),
});
export type CheckSubscription = z.infer<typeof checkSubscriptionSchema>;

// ---- POST /strategy/Subscribe -------------------------------------------------------------------
export const subscribeBodySchema = z.object({
  strategyId: int().check(z.minimum(1)),
  apiKeyId: int().check(z.minimum(1)),
  /** the part of the exchange balance mirrored (quote currency) */
  allocation: decimalText(),
  marginCurrency: z.enum(AUTOTRADE_MARGIN_CURRENCIES),
  marginSource: z.enum(AUTOTRADE_MARGIN_SOURCES),
  /** the margin (margin currency), at least the minimum stake */
  margin: decimalText(),
  /** chain: the browser wallet that will deposit (one of the member's linked wallets) */
  wallet: z.optional(z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))),
  autoTopUp: z.optional(z.boolean()),
  /** the terms of /terms-autotrade and the high-risk disclaimer */
  consent: z.boolean(),
  /** the member acknowledges subscribing above their risk type or without a valid questionnaire */
  riskAcknowledged: z.optional(z.boolean()),
});
export type SubscribeBody = z.infer<typeof subscribeBodySchema>;

// ---- Unsubscribe, UnsubscribeInfo ---------------------------------------------------------------
export const subscriptionIdBodySchema = z.object({ id: int().check(z.minimum(1)) });
export const subscriptionIdQuerySchema = z.object({ id: id() });

export const unsubscribeInfoSchema = z.object({
  id: int(),
  state: z.enum(AUTOTRADE_SUBSCRIPTION_STATES),
  quoteCurrency: z.string(),
  equity: z.string(),
  highWaterMark: z.string(),
  /** equity above the high-water mark (0 when none) */
  profit: z.string(),
  performanceFeeBps: int(),
  discountBps: int(),
  marginCurrency: z.enum(AUTOTRADE_MARGIN_CURRENCIES),
  margin: z.string(),
  /** the fee due now in the margin currency (at most the margin) */
  feeDue: z.string(),
  /** margin - fee due */
  marginReturned: z.string(),
  marginSource: z.enum(AUTOTRADE_MARGIN_SOURCES),
});
export type UnsubscribeInfo = z.infer<typeof unsubscribeInfoSchema>;

// ---- POST /user/StakeStrategy -------------------------------------------------------------------
export const stakeStrategyBodySchema = z.object({
  id: int().check(z.minimum(1)),
  /** custodial margin to add (margin currency); leave out to only set autoTopUp */
  amount: z.optional(decimalText()),
  autoTopUp: z.optional(z.boolean()),
});
export type StakeStrategyBody = z.infer<typeof stakeStrategyBodySchema>;

// ---- StrategyHistory, StrategyFollowHistory -----------------------------------------------------
export const strategyHistorySchema = z.object({
  list: z.array(
    z.object({
      subscription: autotradeSubscriptionSchema,
      /** fees charged over the subscription (margin currency) */
      feesPaid: z.string(),
      /** margin returned at the end (margin currency) */
      marginReturned: z.string(),
    }),
  ),
});
export type StrategyHistory = z.infer<typeof strategyHistorySchema>;

export const AUTOTRADE_MOVEMENT_KINDS = ['deposit', 'add', 'top_up', 'fee', 'release'] as const;
export const strategyFollowHistorySchema = z.object({
  id: int(),
  marginCurrency: z.enum(AUTOTRADE_MARGIN_CURRENCIES),
  movements: z.array(
    z.object({
      kind: z.enum(AUTOTRADE_MOVEMENT_KINDS),
      /** signed: positive into the margin */
      amount: z.string(),
      txHash: z.nullable(z.string()),
      time: z.string(),
    }),
  ),
  fees: z.array(
    z.object({
      kind: z.enum(['monthly', 'final']),
      period: z.string(),
      equity: z.string(),
      highWaterMarkBefore: z.string(),
      highWaterMarkAfter: z.string(),
      feeDue: z.string(),
      feeTaken: z.string(),
      time: z.string(),
    }),
  ),
});
export type StrategyFollowHistory = z.infer<typeof strategyFollowHistorySchema>;

// ---- AssetUnderManagement -----------------------------------------------------------------------
export const assetUnderManagementSchema = z.object({
  /** per quote currency: allocations and equity of the live subscriptions */
  byQuote: z.array(z.object({ currency: z.string(), allocation: z.string(), equity: z.string() })),
  /** margins held, per margin currency */
  margins: z.array(z.object({ currency: z.enum(AUTOTRADE_MARGIN_CURRENCIES), amount: z.string() })),
  subscriptions: int(),
});
export type AssetUnderManagement = z.infer<typeof assetUnderManagementSchema>;

// ---- ExchangeBalance ----------------------------------------------------------------------------
export const exchangeBalanceQuerySchema = z.object({ apiKeyId: id() });
export const exchangeBalanceSchema = z.object({
  apiKeyId: int(),
  balances: z.array(z.object({ currency: z.string(), total: z.string(), free: z.string() })),
});
export type ExchangeBalance = z.infer<typeof exchangeBalanceSchema>;

// ---- StrategyReport -----------------------------------------------------------------------------
export const strategyReportSchema = z.object({
  id: int(),
  list: z.array(
    z.object({
      month: z.string(),
      quoteCurrency: z.string(),
      startEquity: z.string(),
      endEquity: z.string(),
      pnl: z.string(),
      trades: int(),
      marginCurrency: z.enum(AUTOTRADE_MARGIN_CURRENCIES),
      fee: z.string(),
      marginIn: z.string(),
      marginOut: z.string(),
      createdAt: z.string(),
    }),
  ),
});
export type StrategyReport = z.infer<typeof strategyReportSchema>;

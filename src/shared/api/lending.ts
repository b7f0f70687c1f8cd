/**
 * The lending bot (spec products-programs sections 2 "Lending", 3 "Lending", 4 "Lending
 * subscription", 5, 7 "Lending" and the user reads LendingExchangeBalance, LendingStrategyList,
 * LendingInterestHistory, 8, 9 "Lending"): the contract between the gateway and the browser.
 * All under `/api/v1`.
 *
 * Public (no session):
 * - `GET  /lending/StrategyDetail?strategyId=`   the lending product: asset, exchange, fee,
 *                                                trial, period, recommended minimum
 * - `GET  /lending/SubscriptionFee?strategyId=`  the fee per period in each fee currency (USDT,
 *                                                and BCNT 20 % less at the price feed's rate)
 * Member (session; writes identity verified and carrying an `Idempotency-Key`):
 * - `GET  /lending/CheckSubscription?strategyId=`  the member's subscription (or null) and which
 *                                                  of the member's keys can be chosen
 * - `POST /lending/Subscribe`    { idleAmount, keyId, feeCurrencyId, referralCode?, strategyId }
 * - `POST /lending/Unsubscribe`  { strategyId }: auto-renew off, the service runs to the period end
 * - `POST /lending/Resubscribe`  { strategyId }: auto-renew back on while the period runs; after
 *                                the end a new paid period (open offers and orders on the
 *                                exchange must be cleared first)
 * - `POST /lending/IdleAmount`   { strategyId, idleAmount }
 * - `POST /lending/Suspend`      { strategyId, suspend }
 * - `POST /lending/FeeCurrency`  { strategyId, feeCurrencyId }: the currency of the next charge
 * - `GET  /user/LendingStrategyList`               the member's lending subscriptions
 * - `GET  /user/LendingExchangeBalance?strategyId=` the funding wallet through the member's key,
 *                                                  read now (total, idle, locked, lent)
 * - `GET  /user/LendingInterestHistory?strategyId=` the 10 latest deals and the interest totals
 *
 * Amounts are decimal strings in whole units (exchange amounts 8 decimals at most, the USDT fee
 * 6, the BCNT fee 18). Daily rates are decimal strings (0.0002 = 0.02 % a day); `returnX365` is
 * the daily rate x 365 in percent with 2 decimals (7.3 = 7.3 % a year). Times ISO 8601 (UTC).
 * Currency ids are the platform's (spec section 3): USDT 28, BCNT 27.
 */
import * as z from 'zod/mini';
import { rowId } from './common';
import { localizedTextSchema } from './earn';

const int = () => z.number().check(z.int());
const id = rowId;
/** a positive decimal text of at most 8 decimals (exchange amounts) */
const amountText = () => z.string().check(z.trim(), z.regex(/^\d{1,20}(\.\d{1,8})?$/));

/** fee currencies by the platform's currency id: USDT 28, BCNT 27 (20 % less) */
export const LENDING_FEE_CURRENCY_IDS = [28, 27] as const;
export type LendingFeeCurrencyId = (typeof LENDING_FEE_CURRENCY_IDS)[number];
export const LENDING_FEE_CURRENCIES = ['USDT', 'BCNT'] as const;
export type LendingFeeCurrency = (typeof LENDING_FEE_CURRENCIES)[number];

/**
 * `trial` the free 14 days, `active` a paid period, `ended` stopped (cancelled and past its
 * period end, or a renewal that could not be paid).
 */
export const LENDING_SUBSCRIPTION_STATES = ['trial', 'active', 'ended'] as const;
export type LendingSubscriptionState = (typeof LENDING_SUBSCRIPTION_STATES)[number];
/** why an ended subscription ended */
export const LENDING_END_REASONS = ['unsubscribed', 'unpaid'] as const;
/**
 * why the bot does not lend now (null: it does): the member suspended it, the key's last check
 * failed (reset it on the exchange; lending resumes when it passes), the service ended
 */
export const LENDING_PAUSE_REASONS = ['suspended', 'api_key', 'ended'] as const;

/** Refusals of these calls; the spec's texts verbatim where it gives one (section 8). */
export const LendingError = {
  strategyNotFound: 'lending_strategy_not_found',
  /** the member has no subscription to this strategy (or none live for the call) */
  subscriptionNotFound: 'lending_subscription_not_found',
  /** Subscribe while a live (trial or active) subscription exists */
  alreadySubscribed: 'lending_already_subscribed',
  /** the member has no such key (data.field keyId) */
  apiKeyNotFound: 'api_key_not_found',
  /** the key is of another exchange than the strategy's */
  apiKeyWrongExchange: 'lending_api_key_wrong_exchange',
  /** the key's last check failed: reset the key on the exchange to keep reward distribution */
  apiKeyIncorrect: 'lending_api_key_incorrect',
  /** the key's exchange account runs another product (spec sections 5 and 8) */
  oneProductPerAccount: 'Only one product per exchange account.',
  /** the custodial wallet cannot pay the fee (spec section 5) */
  insufficientBalance: 'Insufficient Balance.',
  /** the exchange's funding wallet holds less than the idle amount (Subscribe, Resubscribe) */
  exchangeInsufficientBalance: 'Exchange Insufficient Balance.',
  /** IdleAmount above what the funding wallet holds for the bot; data { max } (maxIdleAmount) */
  insufficientAssets: 'Insufficient Assets',
  /** the idle amount is below the exchange's smallest offer; data { minimum } */
  idleAmountBelowMinimum: 'lending_idle_amount_below_minimum',
  /** the referral code is not a member's (or is the member's own) (spec section 8) */
  referralInvalid: 'The referral code is invalid.',
  /** open offers or orders on the exchange account (spec section 8) */
  clearOpenOrders: 'Clear open orders and positions on the exchange before resubscribing.',
  /** the call does not fit the subscription's state (e.g. suspending an ended one) */
  wrongState: 'lending_subscription_state',
  /** the exchange did not answer: nothing was done */
  exchangeUnavailable: 'exchange_unavailable',
} as const;
export type LendingError = (typeof LendingError)[keyof typeof LendingError];

// ---- the product -------------------------------------------------------------------------------
export const lendingStrategySchema = z.object({
  id: int(),
  name: localizedTextSchema,
  description: localizedTextSchema,
  exchange: z.string(),
  /** the lending asset (USDT) */
  currency: z.string(),
  /** the fee per period in USDT (5) */
  feeUsdt: z.string(),
  /** the BCNT discount in basis points (2,000 = 20 %) */
  bcntDiscountBps: int(),
  trialDays: int(),
  periodDays: int(),
  /** the exchange's platform fee on interest in basis points (1,500 = 15 %) */
  exchangeFeeBps: int(),
  /** the exchange's smallest offer, and the idle amount the bot needs to lend well */
  minimumOffer: z.string(),
  recommendedMinimum: z.string(),
  /** the bot's floor: below this daily rate it keeps the funds */
  minDailyRate: z.string(),
  /** offer periods: the default, and the longer one above `longPeriodRate` */
  periodDaysDefault: int(),
  longPeriodDays: int(),
  longPeriodRate: z.string(),
  status: z.enum(['open', 'closed']),
});
export type LendingStrategy = z.infer<typeof lendingStrategySchema>;

export const strategyIdQuerySchema = z.object({ strategyId: id() });
export type LendingStrategyIdQuery = z.infer<typeof strategyIdQuerySchema>;

// ---- GET /lending/SubscriptionFee --------------------------------------------------------------
export const subscriptionFeeSchema = z.object({
  strategyId: int(),
  periodDays: int(),
  trialDays: int(),
  /** one line per fee currency */
  fees: z.array(
    z.object({
      feeCurrencyId: int(),
      currency: z.enum(LENDING_FEE_CURRENCIES),
      /** the fee per period in this currency */
      amount: z.string(),
      discountBps: int(),
      /** the USDT price used (1 for USDT) */
      priceUsdt: z.string(),
    }),
  ),
});
export type SubscriptionFee = z.infer<typeof subscriptionFeeSchema>;

// ---- the subscription as the member sees it ---------------------------------------------------
export const lendingSubscriptionSchema = z.object({
  id: int(),
  strategyId: int(),
  state: z.enum(LENDING_SUBSCRIPTION_STATES),
  endReason: z.nullable(z.enum(LENDING_END_REASONS)),
  /** the lending asset (USDT) */
  lendingAsset: z.string(),
  /** the payment asset of the next charge */
  paymentAsset: z.enum(LENDING_FEE_CURRENCIES),
  feeCurrencyId: int(),
  /** the fee per period in the payment asset */
  subscriptionFee: z.string(),
  /** the key (null once deleted after the end) and its status (spec section 3) */
  keyId: z.nullable(int()),
  apiKeyStatus: z.enum(['correct', 'incorrect']),
  /** the most the bot has offered and lent at once */
  idleAmount: z.string(),
  /** from the bot's last read of the funding wallet (LendingExchangeBalance reads it now) */
  totalAssets: z.string(),
  idleAssets: z.string(),
  lockedIdleAssets: z.string(),
  lentAssets: z.string(),
  assetsReadAt: z.nullable(z.string()),
  autoRenew: z.boolean(),
  suspended: z.boolean(),
  pauseReason: z.nullable(z.enum(LENDING_PAUSE_REASONS)),
  /** the current period: the trial or a paid one */
  periodStartsAt: z.string(),
  periodEndsAt: z.string(),
  /** auto-renew on: the renewal (charge) date; off or ended: the end date */
  renewDate: z.nullable(z.string()),
  endDate: z.nullable(z.string()),
  /** the renewal could not be charged ("Insufficient Balance."): the service stops at the end */
  paymentFailed: z.boolean(),
  recommendedMinimum: z.string(),
  /** interest received net of the exchange's fee, since the subscription began */
  interestTotal: z.string(),
  createdAt: z.string(),
  endedAt: z.nullable(z.string()),
});
export type LendingSubscription = z.infer<typeof lendingSubscriptionSchema>;

// ---- GET /lending/StrategyDetail ---------------------------------------------------------------
export const strategyDetailSchema = z.object({ strategy: lendingStrategySchema });
export type LendingStrategyDetail = z.infer<typeof strategyDetailSchema>;

// ---- GET /lending/CheckSubscription ------------------------------------------------------------
export const checkSubscriptionSchema = z.object({
  strategyId: int(),
  /** the member's subscription to the strategy (the live one, else the last ended), or null */
  subscription: z.nullable(lendingSubscriptionSchema),
  /** the member has used the free trial of this strategy (a new subscription pays at once) */
  trialUsed: z.boolean(),
  /** each of the member's keys: whether it can be chosen (correct, the strategy's exchange, free) */
  keys: z.array(
    z.object({
      keyId: int(),
      exchange: z.string(),
      status: z.enum(['correct', 'incorrect']),
      available: z.boolean(),
    }),
  ),
});
export type LendingCheckSubscription = z.infer<typeof checkSubscriptionSchema>;

// ---- POST /lending/Subscribe -------------------------------------------------------------------
export const subscribeBodySchema = z.object({
  strategyId: int().check(z.minimum(1)),
  keyId: int().check(z.minimum(1)),
  idleAmount: amountText(),
  feeCurrencyId: z.union([z.literal(28), z.literal(27)]),
  referralCode: z.optional(z.string().check(z.trim(), z.maxLength(32))),
});
export type LendingSubscribeBody = z.infer<typeof subscribeBodySchema>;

// ---- Unsubscribe, Resubscribe ------------------------------------------------------------------
export const strategyIdBodySchema = z.object({ strategyId: int().check(z.minimum(1)) });
export type LendingStrategyIdBody = z.infer<typeof strategyIdBodySchema>;

// ---- POST /lending/IdleAmount ------------------------------------------------------------------
export const idleAmountBodySchema = z.object({
  strategyId: int().check(z.minimum(1)),
  idleAmount: amountText(),
});
export type LendingIdleAmountBody = z.infer<typeof idleAmountBodySchema>;

// ---- POST /lending/Suspend ---------------------------------------------------------------------
export const suspendBodySchema = z.object({
  strategyId: int().check(z.minimum(1)),
  suspend: z.boolean(),
});
export type LendingSuspendBody = z.infer<typeof suspendBodySchema>;

// ---- POST /lending/FeeCurrency -----------------------------------------------------------------
export const feeCurrencyBodySchema = z.object({
  strategyId: int().check(z.minimum(1)),
  feeCurrencyId: z.union([z.literal(28), z.literal(27)]),
});
export type LendingFeeCurrencyBody = z.infer<typeof feeCurrencyBodySchema>;

/** Every write answers the subscription as it is after it. */
export const subscriptionAnswerSchema = z.object({ subscription: lendingSubscriptionSchema });
export type LendingSubscriptionAnswer = z.infer<typeof subscriptionAnswerSchema>;

// ---- GET /user/LendingStrategyList -------------------------------------------------------------
export const lendingStrategyListSchema = z.object({
  list: z.array(
    z.object({ strategy: lendingStrategySchema, subscription: lendingSubscriptionSchema }),
  ),
});
export type LendingStrategyList = z.infer<typeof lendingStrategyListSchema>;

// ---- GET /user/LendingExchangeBalance ----------------------------------------------------------
export const lendingExchangeBalanceSchema = z.object({
  strategyId: int(),
  currency: z.string(),
  /** the funding wallet's balance in the lending asset (lent, offered and free) */
  totalAssets: z.string(),
  /** not lent: free plus in open offers (the max button of the idle amount) */
  idleAssets: z.string(),
  /** in open offers, waiting for a borrower */
  lockedIdleAssets: z.string(),
  /** lent out in running credits */
  lentAssets: z.string(),
  recommendedMinimum: z.string(),
  /**
   * the most the idle amount may be (the max button): idle assets plus what is lent (the idle
   * amount caps what the bot has offered and lent at once); the server always sends it
   */
  maxIdleAmount: z.optional(z.string()),
  readAt: z.string(),
});
export type LendingExchangeBalance = z.infer<typeof lendingExchangeBalanceSchema>;

// ---- GET /user/LendingInterestHistory ----------------------------------------------------------
export const lendingDealSchema = z.object({
  /** the exchange's number of the credit */
  exchangeNumber: z.string(),
  currency: z.string(),
  /** the amount lent */
  quantity: z.string(),
  /** the daily rate */
  dailyRate: z.string(),
  /** daily rate x 365, percent with 2 decimals */
  returnX365: z.number(),
  periodDays: int(),
  /** interest received for it so far, net of the exchange's fee */
  reward: z.string(),
  /** the exchange's fee on that interest (15 %) */
  exchangeFee: z.string(),
  status: z.enum(['active', 'closed']),
  openedAt: z.string(),
  closedAt: z.nullable(z.string()),
});
export type LendingDeal = z.infer<typeof lendingDealSchema>;

export const lendingInterestHistorySchema = z.object({
  strategyId: int(),
  currency: z.string(),
  /** the 10 latest deals, newest first (spec section 9) */
  deals: z.array(lendingDealSchema),
  /** totals over the subscription: interest received (net) and the exchange's fee */
  interestTotal: z.string(),
  exchangeFeeTotal: z.string(),
  exchangeFeeBps: int(),
  /** the charges of the subscription (trial and paid periods), newest first */
  periods: z.array(
    z.object({
      number: int(),
      kind: z.enum(['trial', 'paid']),
      startsAt: z.string(),
      endsAt: z.string(),
      currency: z.nullable(z.enum(LENDING_FEE_CURRENCIES)),
      amount: z.string(),
    }),
  ),
});
export type LendingInterestHistory = z.infer<typeof lendingInterestHistorySchema>;

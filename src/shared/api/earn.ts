/**
 * Earn product calls of the gateway's `premium2` group (spec products-programs sections 3, 4, 5,
 * 7 "Premium2", 8, 9). One source for the server's validation and the browser's parsing.
 *
 * - `GET  /api/v1/premium2/List` (public; premier members also see premium funds): the catalog.
 * - `GET  /api/v1/premium2/GuestDetail?sn=` (public): one product.
 * - `GET  /api/v1/premium2/Detail?sn=` (member): the product with the member's subscription.
 * - `GET  /api/v1/premium2/CheckJoin?sn=` (member): whether and how much the member may join.
 * - `GET  /api/v1/premium2/UserFunds?kind=&state=` (member): the member's subscriptions.
 * - `GET  /api/v1/premium2/PremiumHistory?premiumId=&page=` (member): one subscription's
 *   movements (subscribe, add, rewards, renewals, returns, fees, redemption).
 * - `GET  /api/v1/premium2/Nav?sn=` (public): the product's posted net asset values.
 * - `POST /api/v1/premium2/Join` (member, verified, `Idempotency-Key`): subscribe, or add more
 *   to the subscription before the contract starts.
 * - `POST /api/v1/premium2/Leave` (member, verified, `Idempotency-Key`): cancel before the
 *   start, or redeem early (paid in BCNT) until a day before expiry.
 * - `POST /api/v1/premium2/Setting` (member): auto-renew on or off.
 * - `POST /api/v1/premium2/ChangeAssetReturn` (member): the Asset Return request of a Pro product.
 * - `POST /api/v1/premium2/XSavingSetting` (member): Smart DCA of a Stable Income subscription's
 *   rewards into another currency, or off.
 * - `GET  /api/v1/premium2/XSavingHistory?premiumId=&page=` (member): the Smart DCA conversions.
 * - `GET  /api/v1/premium2/Statement?from=&to=&premiumId=` (member): every movement of the
 *   member's earn subscriptions as a CSV attachment (text/csv; charset=utf-8), not an envelope.
 *
 * `premiumId` in bodies and queries is the product's id: a member holds at most one subscription
 * per product (adding more raises its units), so the pair names it.
 *
 * Amounts are decimal strings in whole units of the product's currency ("1000", "0.05");
 * rates are percent numbers (8.5 = 8.5 % a year); times ISO 8601 (UTC); days `YYYY-MM-DD` in
 * UTC+8.
 */
import * as z from 'zod/mini';
import { rowId } from './common';
import {
  EARN_CONSENTS,
  EARN_CURRENCIES,
  EARN_DCA_CURRENCIES,
  EARN_KINDS,
  MIXED_STRATEGIES,
} from '../constants/earn';

const int = () => z.number().check(z.int());
const positiveInt = () => z.number().check(z.int(), z.positive());
/** a non-negative decimal string in whole units */
const decimalText = z.string().check(z.regex(/^\d+(\.\d+)?$/));
/** a signed decimal string (a result may be a loss) */
const signedDecimalText = z.string().check(z.regex(/^-?\d+(\.\d+)?$/));
const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

export const earnKindSchema = z.enum(EARN_KINDS);
export const earnCurrencySchema = z.enum(EARN_CURRENCIES);
export const mixedStrategySchema = z.enum(MIXED_STRATEGIES);
export const earnDcaCurrencySchema = z.enum(EARN_DCA_CURRENCIES);

/** The catalog text of a product in the three languages. */
export const localizedTextSchema = z.object({
  'en-US': z.string(),
  'zh-TW': z.string(),
  'zh-CN': z.string(),
});
export type LocalizedText = z.infer<typeof localizedTextSchema>;

/**
 * Where a product stands, from its dates and the operator: upcoming (before the fundraising),
 * raising, running, ended, failed (soft cap not met at the start), closed (by the operator,
 * before it ran).
 */
export const EARN_PRODUCT_STATES = [
  'upcoming',
  'raising',
  'running',
  'ended',
  'failed',
  'closed',
] as const;
export type EarnProductState = z.infer<typeof earnProductStateSchema>;
export const earnProductStateSchema = z.enum(EARN_PRODUCT_STATES);

/**
 * A subscription's status (spec section 4 "Premium product statuses"): raising = Fundraising,
 * running, failed = Closed - soft cap not met (refunded), cancel_pending = Processing (cancel),
 * canceled = Redeemed, ended = Closed - contract ended, asset_return = Asset Return (the
 * principal is on its way back to the wallet). The spec's "Processing (pending)" is not a state
 * here: a subscription is written with its ledger movement in one transaction, so it is raising
 * from its first moment.
 */
export const EARN_SUBSCRIPTION_STATES = [
  'raising',
  'running',
  'failed',
  'cancel_pending',
  'canceled',
  'ended',
  'asset_return',
] as const;
export type EarnSubscriptionState = z.infer<typeof earnSubscriptionStateSchema>;
export const earnSubscriptionStateSchema = z.enum(EARN_SUBSCRIPTION_STATES);

/** Message keys of earn refusals (translated by the browser, namespace `earn`). */
export const EarnError = {
  productNotFound: 'earn_product_not_found',
  notRaising: 'earn_not_raising',
  belowMinUnits: 'earn_below_min_units',
  aboveMaxUnits: 'earn_above_max_units',
  /** spec: "Subscription limit achieved" */
  soldOut: 'earn_sold_out',
  /** spec: "Insufficient Balance." */
  insufficientBalance: 'Insufficient Balance.',
  consentMissing: 'earn_consent_missing',
  premierOnly: 'earn_premier_only',
  noSubscription: 'earn_no_subscription',
  /** spec: "A product cannot be cancelled before its expiry" */
  cannotCancel: 'A product cannot be cancelled before its expiry',
  redemptionClosed: 'earn_redemption_closed',
  /** spec: "Return quantity exceeds the maximum return quantity." */
  returnAboveMax: 'earn_return_above_max',
  notPro: 'earn_not_pro',
  /** auto-renew can be turned back on until one day before expiry */
  renewOnTooLate: 'earn_renew_on_too_late',
  settingClosed: 'earn_setting_closed',
} as const;

/**
 * Message keys of Smart DCA refusals (apart from EarnError, whose every key the browser maps to
 * a translation; these have their own).
 */
export const EarnDcaError = {
  /** only Stable Income (rewards paid to the wallet), raising or running */
  notAvailable: 'earn_dca_not_available',
  /** the target is the product's own currency */
  sameCurrency: 'earn_dca_same_currency',
} as const;
export type EarnErrorKey = (typeof EarnError)[keyof typeof EarnError];

// ---- the catalog ------------------------------------------------------------------------------
/** Spec section 3 "Premium / earn product list item", with what cards and filters need. */
export const earnProductSchema = z.object({
  id: int(),
  serialNumber: z.string(),
  name: localizedTextSchema,
  kind: earnKindSchema,
  /** spec: numeric, 5 = Fixed Pro (shared/constants/earn.ts EARN_PRODUCT_TYPE) */
  productType: int(),
  strategy: z.nullable(mixedStrategySchema),
  currency: earnCurrencySchema,
  settlementCurrencyId: int(),
  sortOrder: int(),
  periodMonth: int(),
  raiseStart: z.string(),
  raiseEnd: z.string(),
  /** the contract's first day (00:00 UTC+8) and its expiry */
  startAt: z.string(),
  endAt: z.string(),
  state: earnProductStateSchema,
  /** the product's stated annual return (percent); the section 9 fallback when none is set */
  annualReturn: z.number(),
  /** true when annualReturn is the fallback figure */
  annualReturnFallback: z.boolean(),
  /** the level-3 loyalty rate (percent): "up to X %" for USDT and USDC Stable Income */
  stakeInterestAPYLv3: z.nullable(z.number()),
  maxDrawdown: z.nullable(z.number()),
  riskLevel: int(),
  minUnit: positiveInt(),
  maxUnit: positiveInt(),
  perUnit: decimalText,
  /** minUnit x perUnit */
  minInvestment: decimalText,
  limited: z.boolean(),
  premiumOnly: z.boolean(),
  settlement: z.enum(['daily', 'monthly']),
  /** units subscribed so far and the product's capacity (null = no cap) */
  soldUnits: int(),
  capacityUnits: z.nullable(int()),
});
export type EarnProduct = z.infer<typeof earnProductSchema>;

export const earnProductListSchema = z.object({ list: z.array(earnProductSchema) });
export type EarnProductList = z.infer<typeof earnProductListSchema>;

/** The yearly rate of each loyalty level for a rate product (percent). */
export const levelRatesSchema = z.object({
  lv1Rate: z.number(),
  lv2Rate: z.number(),
  lv3Rate: z.number(),
  lv4Rate: z.number(),
});
export type LevelRates = z.infer<typeof levelRatesSchema>;

/** Spec section 3 "Premium product detail". */
export const earnProductDetailSchema = z.extend(earnProductSchema, {
  description: localizedTextSchema,
  /** auto-renewal: the product renews into another term of the same length */
  renewable: z.boolean(),
  /** the fewest units a renewal keeps (fewer are returned to the wallet) */
  minRenewUnits: int(),
  softCapUnits: z.nullable(int()),
  leverage: z.nullable(z.number()),
  sharpeRatio: z.nullable(z.number()),
  /** percent, from the posted NAV (null for rate products or without NAV) */
  ytdReturn: z.nullable(z.number()),
  itdReturn: z.nullable(z.number()),
  managementFeePct: z.nullable(z.number()),
  performanceFeePct: z.nullable(z.number()),
  /** the high-water mark NAV of an Alliance product */
  highWatermark: z.nullable(z.string()),
  /** rate products: the yearly rate at each loyalty level */
  levelRates: z.nullable(levelRatesSchema),
  /** the consent boxes a subscription needs (shared/constants/earn.ts) */
  consents: z.array(z.enum(EARN_CONSENTS)),
});
export type EarnProductDetail = z.infer<typeof earnProductDetailSchema>;

export const earnSnQuerySchema = z.object({ sn: z.string().check(z.maxLength(20)) });
export type EarnSnQuery = z.infer<typeof earnSnQuerySchema>;

// ---- the member's subscription ----------------------------------------------------------------
/**
 * Smart DCA of a subscription (spec section 3 "Smart DCA fields"); amounts in the reward
 * currency except `currentAmount` (the target currency bought so far). Since the target was set:
 * converted (rewards converted), toBeConverted (rewards paid and not converted yet: the next
 * conversion's), expectedAccumulated (converted + to be converted + the rewards the rest of the
 * term should bring at the current rate), averagePrice (reward currency per target unit, null
 * before the first conversion), conversionCount.
 */
export const earnSmartDcaSchema = z.object({
  currency: z.nullable(earnDcaCurrencySchema),
  rewardCurrency: earnCurrencySchema,
  expectedAccumulated: decimalText,
  converted: decimalText,
  toBeConverted: decimalText,
  averagePrice: z.nullable(decimalText),
  currentAmount: decimalText,
  conversionCount: int(),
});
export type EarnSmartDca = z.infer<typeof earnSmartDcaSchema>;

/** Spec section 3 "subscription", with what the settings screens need. */
export const earnSubscriptionSchema = z.object({
  id: int(),
  premiumId: int(),
  serialNumber: z.string(),
  kind: earnKindSchema,
  currency: earnCurrencySchema,
  name: localizedTextSchema,
  state: earnSubscriptionStateSchema,
  units: int(),
  /** units x perUnit of the first subscription plus what was added */
  investedAmount: decimalText,
  /** what was added before the start */
  addedAmount: decimalText,
  /** the principal held now (with compounded rewards for Pro) */
  lockedAmount: decimalText,
  /** rewards credited so far (all terms) */
  accumulatedReward: decimalText,
  /** rewards accrued and not yet paid (monthly settlement) */
  pendingReward: decimalText,
  /** the yearly rate of the member's effective level now (rate products) */
  currentRate: z.nullable(z.number()),
  effectiveLevel: int(),
  autoRenew: z.boolean(),
  /** the units an Asset Return request takes back at expiry (Pro), null when none */
  assetReturnUnits: z.nullable(int()),
  /** the most units Asset Return may take back */
  maxReturnUnits: int(),
  term: int(),
  termStart: z.nullable(z.string()),
  /** expiry of the current term */
  expiryAt: z.nullable(z.string()),
  /** the next auto-renewal date (the expiry when auto-renew is on) */
  nextRenewalAt: z.nullable(z.string()),
  /** when the principal is due back in the wallet (asset_return, failed, cancel_pending) */
  returnDueAt: z.nullable(z.string()),
  returnAmount: z.nullable(decimalText),
  returnedAt: z.nullable(z.string()),
  /** early redemption: until when, and what it would pay in BCNT now */
  redeemableUntil: z.nullable(z.string()),
  redeemBcntEstimate: z.nullable(decimalText),
  redeemedAt: z.nullable(z.string()),
  redeemedBcnt: z.nullable(decimalText),
  /** NAV products: the value now and the profit or loss (signed) */
  currentValue: z.nullable(decimalText),
  profitLoss: z.nullable(signedDecimalText),
  /**
   * NAV products (all optional, added later): the term's start NAV and the latest posted one,
   * its return since the term start and this year (percent), the fees charged so far (Alliance:
   * management on the initial amount, performance above 5 % a year over the high-water mark),
   * the high-water mark NAV, the Flagship excess share credited, and what an early termination
   * would cost now (Flagship). `awaitingNav`: a settlement or the return waits for the operator
   * to post a NAV.
   */
  startNav: z.optional(z.nullable(decimalText)),
  latestNav: z.optional(z.nullable(decimalText)),
  latestNavDay: z.optional(z.nullable(day)),
  itdReturn: z.optional(z.nullable(z.number())),
  ytdReturn: z.optional(z.nullable(z.number())),
  managementFee: z.optional(decimalText),
  performanceFee: z.optional(decimalText),
  feesCharged: z.optional(decimalText),
  highWatermark: z.optional(z.nullable(decimalText)),
  excessReward: z.optional(decimalText),
  earlyTerminationFee: z.optional(z.nullable(decimalText)),
  earlyTerminationFeePct: z.optional(z.nullable(z.number())),
  terminationFee: z.optional(z.nullable(decimalText)),
  awaitingNav: z.optional(z.boolean()),
  /** Stable Income: Smart DCA (null: never set) and whether it may be set now */
  smartDca: z.optional(z.nullable(earnSmartDcaSchema)),
  canSetSmartDca: z.optional(z.boolean()),
  /** what the member may do now */
  canAddMore: z.boolean(),
  canCancel: z.boolean(),
  canRedeem: z.boolean(),
  canSetRenew: z.boolean(),
  canRequestReturn: z.boolean(),
  createdAt: z.string(),
});
export type EarnSubscription = z.infer<typeof earnSubscriptionSchema>;

export const earnDetailSchema = z.object({
  product: earnProductDetailSchema,
  subscription: z.nullable(earnSubscriptionSchema),
});
export type EarnDetail = z.infer<typeof earnDetailSchema>;

/** GET CheckJoin: may the member join (or add more), and within which bounds. */
export const earnCheckJoinSchema = z.object({
  canJoin: z.boolean(),
  /** why not (an EarnError key, or kyc_required) */
  reason: z.nullable(z.string()),
  /** true when the member already holds a subscription: Join adds units */
  addMore: z.boolean(),
  minUnits: int(),
  maxUnits: int(),
  perUnit: decimalText,
  unitsHeld: int(),
  available: decimalText,
  currency: earnCurrencySchema,
  consents: z.array(z.enum(EARN_CONSENTS)),
});
export type EarnCheckJoin = z.infer<typeof earnCheckJoinSchema>;

export const earnUserFundsQuerySchema = z.object({
  kind: z.optional(earnKindSchema),
  /** open: everything not finished; closed: ended, failed, canceled */
  state: z.optional(z.enum(['open', 'closed'])),
});
export type EarnUserFundsQuery = z.infer<typeof earnUserFundsQuerySchema>;
export const earnUserFundsSchema = z.object({ list: z.array(earnSubscriptionSchema) });
export type EarnUserFunds = z.infer<typeof earnUserFundsSchema>;

// ---- history ----------------------------------------------------------------------------------
export const EARN_EVENT_KINDS = [
  'subscribe',
  'add',
  'reward',
  'compound',
  'renew',
  'return',
  'refund',
  'redeem',
  'fee',
  'dca',
] as const;
/**
 * What a row is within its kind: reward excess (Flagship's NAV share), fee management /
 * performance (Alliance) / early_termination (Flagship), return nav (principal valued at the
 * NAV, the gain or loss included), dca (a Smart DCA conversion).
 */
export const EARN_EVENT_DETAILS = [
  'excess',
  'management',
  'performance',
  'early_termination',
  'nav',
  'dca',
] as const;
export type EarnEventDetail = (typeof EARN_EVENT_DETAILS)[number];
export const earnEventSchema = z.object({
  id: int(),
  kind: z.enum(EARN_EVENT_KINDS),
  detail: z.optional(z.nullable(z.enum(EARN_EVENT_DETAILS))),
  /** positive: to the member; negative: from the member's wallet */
  amount: signedDecimalText,
  currency: z.string(),
  /** reward days: the day (UTC+8) and the level and rate applied */
  day: z.nullable(day),
  level: z.nullable(int()),
  rate: z.nullable(z.number()),
  term: int(),
  at: z.string(),
});
export type EarnEvent = z.infer<typeof earnEventSchema>;

export const earnHistoryQuerySchema = z.object({
  premiumId: rowId(),
  page: z.optional(z.coerce.number().check(z.int(), z.positive())),
  pageSize: z.optional(z.coerce.number().check(z.int(), z.positive(), z.maximum(100))),
});
export type EarnHistoryQuery = z.infer<typeof earnHistoryQuerySchema>;
export const earnHistorySchema = z.object({
  list: z.array(earnEventSchema),
  total: int(),
  page: int(),
  pageSize: int(),
});
export type EarnHistory = z.infer<typeof earnHistorySchema>;

export const earnNavSchema = z.object({
  list: z.array(z.object({ day, nav: decimalText, drawdown: z.number() })),
});
export type EarnNav = z.infer<typeof earnNavSchema>;

// ---- writes -----------------------------------------------------------------------------------
export const earnJoinBodySchema = z.object({
  premiumId: positiveInt(),
  units: z.number().check(z.int(), z.positive(), z.maximum(1_000_000)),
  /** the consent boxes ticked (every one the product asks for must be there) */
  consents: z.array(z.enum(EARN_CONSENTS)).check(z.maxLength(EARN_CONSENTS.length)),
  /** Stable Income: renew at expiry (default on for Pro, off otherwise) */
  autoRenew: z.optional(z.boolean()),
  /** the member acknowledges subscribing above their risk type or without a valid questionnaire */
  riskAcknowledged: z.optional(z.boolean()),
});
export type EarnJoinBody = z.infer<typeof earnJoinBodySchema>;

export const earnLeaveBodySchema = z.object({
  premiumId: positiveInt(),
  /** cancel: before the contract starts; redeem: early redemption in BCNT (irreversible) */
  action: z.enum(['cancel', 'redeem']),
});
export type EarnLeaveBody = z.infer<typeof earnLeaveBodySchema>;

export const earnSettingBodySchema = z.object({
  premiumId: positiveInt(),
  isRenew: z.boolean(),
});
export type EarnSettingBody = z.infer<typeof earnSettingBodySchema>;

export const earnAssetReturnBodySchema = z.object({
  premiumId: positiveInt(),
  /** 0 cancels the request */
  assetReturnUnits: z.number().check(z.int(), z.nonnegative(), z.maximum(1_000_000)),
});
export type EarnAssetReturnBody = z.infer<typeof earnAssetReturnBodySchema>;

// ---- Smart DCA (X-saving) ---------------------------------------------------------------------
/**
 * POST /api/v1/premium2/XSavingSetting (member): convert a Stable Income subscription's rewards
 * into `currency` (raising or running), or stop (null). Answers the subscription.
 */
export const earnXSavingSettingBodySchema = z.object({
  premiumId: positiveInt(),
  currency: z.nullable(earnDcaCurrencySchema),
});
export type EarnXSavingSettingBody = z.infer<typeof earnXSavingSettingBodySchema>;

/** GET /api/v1/premium2/XSavingHistory?premiumId=&page=&pageSize= (member), newest first. */
export const earnXSavingHistoryQuerySchema = z.object({
  premiumId: z.optional(rowId()),
  page: z.optional(z.coerce.number().check(z.int(), z.positive())),
  pageSize: z.optional(z.coerce.number().check(z.int(), z.positive(), z.maximum(100))),
});
export type EarnXSavingHistoryQuery = z.infer<typeof earnXSavingHistoryQuerySchema>;

export const earnXSavingRecordSchema = z.object({
  id: int(),
  premiumId: int(),
  serialNumber: z.string(),
  name: localizedTextSchema,
  fromCurrency: earnCurrencySchema,
  fromAmount: decimalText,
  toCurrency: earnDcaCurrencySchema,
  toAmount: decimalText,
  /** reward currency per one unit of the target, as converted */
  price: decimalText,
  /** the UTC+8 day of the conversion */
  day,
  at: z.string(),
});
export type EarnXSavingRecord = z.infer<typeof earnXSavingRecordSchema>;

export const earnXSavingHistorySchema = z.object({
  list: z.array(earnXSavingRecordSchema),
  total: int(),
  page: int(),
  pageSize: int(),
});
export type EarnXSavingHistory = z.infer<typeof earnXSavingHistorySchema>;

// ---- the statement ----------------------------------------------------------------------------
/** GET /api/v1/premium2/Statement: optional UTC+8 days (inclusive) and one product. */
/** a day of the calendar (2025-02-29 and 2025-13-01 are not) */
const calendarDay = z.string().check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/),
  z.refine((value) => {
    const time = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(time.getTime()) && time.toISOString().slice(0, 10) === value;
  }, 'not a day'),
);
export const earnStatementQuerySchema = z.object({
  from: z.optional(calendarDay),
  to: z.optional(calendarDay),
  premiumId: z.optional(rowId()),
});
export type EarnStatementQuery = z.infer<typeof earnStatementQuerySchema>;

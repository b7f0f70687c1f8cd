/**
 * Smart Autotrade strategies (spec products-programs sections 3 "Smart Autotrade product",
 * "Strategy list item", "Order record", 7 "Strategy" and user calls, 9 "Smart Autotrade"): the
 * contract between the gateway and the browser for the strategies' public figures and a
 * member's own mirrored trading. All under `/api/v1`.
 *
 * Public (no session):
 * - `GET /strategy/FeaturedStrategyList`          the featured running strategies
 * - `GET /strategy/CategoryList`                  categories with their running strategies' count
 * - `GET /strategy/StrategyList?search=&category=&risk=&exchange=&sort=&page=&pageSize=`
 * - `GET /strategy/DashboardStrategyList`         running strategies in the operators' order
 * - `GET /strategy/HistoricalStrategyList?page=`  closed strategies
 * - `GET /strategy/StrategyDetail?id=`            every figure of section 3
 * - `GET /strategy/StrategyReviewList?id=&page=`  ratings and comments, newest first
 * - `GET /strategy/ProfitLossChart?id=`           daily cumulative profit
 * - `GET /strategy/EquityAndDrawdownChart?id=`    daily equity and drawdown
 * - `GET /strategy/RecentTradingRecord?id=`       the 10 latest trades executed 3 days ago or
 *                                                 earlier (spec section 9)
 * Member (session):
 * - `GET /user/UserDashboardStrategyList`         the member's subscriptions with their strategy
 * - `GET|POST|DELETE /user/FavoriteStrategy`      favorites (POST/DELETE body { strategyId })
 * - `POST /user/StrategyReview`                   rate and comment (a subscriber or past one;
 *                                                 once per strategy, posting again edits it)
 * - `GET /user/ProfitLossChart?subscriptionId=`, `GET /user/EquityAndDrawdownChart?subscriptionId=`
 * - `GET /user/OrderList?subscriptionId=&page=`   the subscription's mirrored orders
 * - `GET /user/Portfolio?subscriptionId=`         its cash, position, equity and profit
 *
 * Amounts are decimal strings in whole units of the strategy's quote currency (USDT) or base
 * currency (BTC); rates are percent numbers with two decimals (8.5 = 8.5 %); leverage is a
 * multiple (3 = 3x); days `YYYY-MM-DD` in UTC+8; times ISO 8601 (UTC).
 */
import * as z from 'zod/mini';
import { rowId } from './common';
import { localizedTextSchema } from './earn';

const int = () => z.number().check(z.int());
const id = rowId;
const decimalText = z.string().check(z.regex(/^\d+(\.\d+)?$/));
const signedDecimalText = z.string().check(z.regex(/^-?\d+(\.\d+)?$/));
const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));
const page = () => z.optional(z.coerce.number().check(z.int(), z.positive()));
const pageSize = () => z.optional(z.coerce.number().check(z.int(), z.positive(), z.maximum(100)));

export const STRATEGY_RISK_LEVELS = ['low', 'medium', 'high'] as const;
export const STRATEGY_SORTS = ['annualReturn', 'maxDrawdown', 'subscribers', 'newest'] as const;
export type StrategySort = (typeof STRATEGY_SORTS)[number];
export const STRATEGY_STATUSES = ['running', 'closed'] as const;
export const STRATEGY_MARGIN_CURRENCIES = ['BCNT', 'USDT'] as const;

export const AutotradeStrategyError = {
  notFound: 'strategy_not_found',
  subscriptionNotFound: 'subscription_not_found',
  /** only a member who subscribed (now or before) may rate a strategy */
  reviewNotAllowed: 'review_not_subscriber',
} as const;

export const strategySummarySchema = z.object({
  id: int(),
  name: localizedTextSchema,
  description: localizedTextSchema,
  trader: z.string(),
  category: z.string(),
  exchange: z.string(),
  symbol: z.string(),
  riskLevel: z.enum(STRATEGY_RISK_LEVELS),
  leverage: z.number(),
  status: z.enum(STRATEGY_STATUSES),
  featured: z.boolean(),
  /** simple annualised return since inception, percent */
  annualReturn: z.number(),
  sinceInception: z.number(),
  /** the deepest fall from a peak of the daily equity, percent (positive) */
  maxDrawdown: z.number(),
  runningDays: int(),
  subscribers: int(),
  /** assets under management: the subscribers' mirrored equity (quote) */
  aum: decimalText,
  performanceFee: z.number(),
  marginCurrencies: z.array(z.enum(STRATEGY_MARGIN_CURRENCIES)),
  minInvest: decimalText,
  startedAt: z.nullable(z.string()),
  closedAt: z.nullable(z.string()),
});
export type StrategySummary = z.infer<typeof strategySummarySchema>;

export const strategyListQuerySchema = z.object({
  search: z.optional(z.string().check(z.trim(), z.maxLength(60))),
  category: z.optional(z.string().check(z.trim(), z.maxLength(24))),
  risk: z.optional(z.enum(STRATEGY_RISK_LEVELS)),
  exchange: z.optional(z.string().check(z.trim(), z.maxLength(24))),
  sort: z.optional(z.enum(STRATEGY_SORTS)),
  page: page(),
  pageSize: pageSize(),
});
export type StrategyListQuery = z.infer<typeof strategyListQuerySchema>;

export const strategyPageSchema = z.object({
  list: z.array(strategySummarySchema),
  total: int(),
  page: int(),
  pageSize: int(),
});
export type StrategyPage = z.infer<typeof strategyPageSchema>;

export const strategyListSchema = z.object({ list: z.array(strategySummarySchema) });
export type StrategyList = z.infer<typeof strategyListSchema>;

export const pageQuerySchema = z.object({ page: page(), pageSize: pageSize() });

export const categoryListSchema = z.object({
  list: z.array(z.object({ category: z.string(), count: int() })),
});
export type CategoryList = z.infer<typeof categoryListSchema>;

export const strategyIdQuerySchema = z.object({ id: id() });
export const strategyIdBodySchema = z.object({
  strategyId: z.number().check(z.int(), z.positive()),
});

export const strategyDetailSchema = z.extend(strategySummarySchema, {
  quote: z.string(),
  /** the last year's return after the performance fee (since inception when younger), percent */
  pastYearNet: z.number(),
  /** annualised Sharpe ratio of the daily returns (risk-free 0); null under two days */
  sharpe: z.nullable(z.number()),
  tradesPerWeek: z.number(),
  /** the position's share of the strategy's equity now, percent */
  positionRatio: z.number(),
  pricingModel: z.literal('profit_sharing'),
  rating: z.nullable(z.number()),
  reviews: int(),
});
export type StrategyDetail = z.infer<typeof strategyDetailSchema>;

export const reviewListQuerySchema = z.object({ id: id(), page: page(), pageSize: pageSize() });
export const reviewSchema = z.object({
  id: int(),
  nickname: z.string(),
  rating: int(),
  comment: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StrategyReview = z.infer<typeof reviewSchema>;
export const reviewListSchema = z.object({
  list: z.array(reviewSchema),
  total: int(),
  page: int(),
  pageSize: int(),
  /** the average rating (one decimal); null without reviews */
  rating: z.nullable(z.number()),
});
export type StrategyReviewList = z.infer<typeof reviewListSchema>;

export const REVIEW_COMMENT_MAX = 500;
export const reviewBodySchema = z.object({
  strategyId: z.number().check(z.int(), z.positive()),
  rating: z.number().check(z.int(), z.minimum(1), z.maximum(5)),
  comment: z.string().check(z.trim(), z.maxLength(REVIEW_COMMENT_MAX)),
});
export type ReviewBody = z.infer<typeof reviewBodySchema>;

export const profitLossChartSchema = z.object({
  list: z.array(
    z.object({
      day,
      /** cumulative profit since the start, quote */
      profit: signedDecimalText,
      /** cumulative return since the start, percent */
      profitRate: z.number(),
      /** the day's profit, quote */
      dailyProfit: signedDecimalText,
    }),
  ),
});
export type ProfitLossChart = z.infer<typeof profitLossChartSchema>;

export const equityDrawdownChartSchema = z.object({
  list: z.array(
    z.object({
      day,
      equity: decimalText,
      /** equity over the starting equity (1 = as started) */
      value: z.number(),
      /** below the running peak, percent (0 or negative) */
      drawdown: z.number(),
    }),
  ),
});
export type EquityDrawdownChart = z.infer<typeof equityDrawdownChartSchema>;

export const tradingRecordSchema = z.object({
  list: z.array(
    z.object({
      signalNo: int(),
      side: z.enum(['buy', 'sell']),
      symbol: z.string(),
      price: decimalText,
      amount: decimalText,
      /** the share of the strategy's cash (buy) or position (sell) traded, percent */
      share: z.number(),
      executedAt: z.string(),
    }),
  ),
});
export type TradingRecord = z.infer<typeof tradingRecordSchema>;

export const SUBSCRIPTION_STATES = [
  'pending_margin',
  'active',
  'paused',
  'ended',
  'cancelled',
] as const;

export const subscriptionQuerySchema = z.object({ subscriptionId: id() });

export const portfolioSchema = z.object({
  subscriptionId: int(),
  strategyId: int(),
  state: z.enum(SUBSCRIPTION_STATES),
  pauseReason: z.nullable(z.string()),
  symbol: z.string(),
  allocation: decimalText,
  cash: decimalText,
  /** base units held by the mirroring */
  position: decimalText,
  price: decimalText,
  positionValue: decimalText,
  equity: decimalText,
  /** equity - allocation */
  pnl: signedDecimalText,
  pnlRate: z.number(),
  feesPaid: decimalText,
  openedAt: z.nullable(z.string()),
  closedAt: z.nullable(z.string()),
});
export type Portfolio = z.infer<typeof portfolioSchema>;

export const ORDER_STATUSES = [
  'pending',
  'sending',
  'filled',
  'partial',
  'unfilled',
  'skipped',
  'missed',
  'failed',
] as const;

export const orderListQuerySchema = z.object({
  subscriptionId: id(),
  page: page(),
  pageSize: pageSize(),
});
export const orderRecordSchema = z.object({
  orderNo: z.string(),
  signalNo: z.nullable(int()),
  /** signal (mirrors a strategy order), open / resume (rebalance), close (unsubscribe) */
  purpose: z.enum(['signal', 'open', 'resume', 'close']),
  status: z.enum(ORDER_STATUSES),
  reason: z.nullable(z.string()),
  date: z.string(),
  type: z.string(),
  side: z.nullable(z.enum(['buy', 'sell'])),
  leverage: z.number(),
  /** average fill price (0 before a fill) */
  price: decimalText,
  limitPrice: z.nullable(decimalText),
  /** base units asked */
  unit: z.nullable(decimalText),
  filled: decimalText,
  exchangeOrderId: z.nullable(z.string()),
});
export type OrderRecord = z.infer<typeof orderRecordSchema>;
export const orderListSchema = z.object({
  list: z.array(orderRecordSchema),
  total: int(),
  page: int(),
  pageSize: int(),
});
export type OrderList = z.infer<typeof orderListSchema>;

export const userDashboardStrategyListSchema = z.object({
  list: z.array(z.object({ portfolio: portfolioSchema, strategy: strategySummarySchema })),
});
export type UserDashboardStrategyList = z.infer<typeof userDashboardStrategyListSchema>;

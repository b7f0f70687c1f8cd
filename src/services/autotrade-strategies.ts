import {
  categoryListSchema,
  equityDrawdownChartSchema,
  orderListSchema,
  portfolioSchema,
  profitLossChartSchema,
  reviewListSchema,
  reviewSchema,
  strategyDetailSchema,
  strategyListSchema,
  strategyPageSchema,
  tradingRecordSchema,
  userDashboardStrategyListSchema,
  type CategoryList,
  type EquityDrawdownChart,
  type OrderList,
  type Portfolio,
  type ProfitLossChart,
  type ReviewBody,
  type StrategyDetail,
  type StrategyList,
  type StrategyListQuery,
  type StrategyPage,
  type StrategyReview,
  type StrategyReviewList,
  type TradingRecord,
  type UserDashboardStrategyList,
} from '../shared/api/autotrade-strategies';
import { request } from './http-client';

/**
 * Smart Autotrade strategies (gateway, contract `shared/api/autotrade-strategies.ts`): the
 * public figures of the strategies (read as a guest, the same for everyone) and the member's
 * favorites, reviews and mirrored trading.
 */

/** GET /api/v1/strategy/FeaturedStrategyList (guest). */
export function getFeaturedStrategies(): Promise<StrategyList> {
  return request({
    service: 'gateway',
    path: '/strategy/FeaturedStrategyList',
    method: 'GET',
    guest: true,
    schema: strategyListSchema,
  });
}

/** GET /api/v1/strategy/CategoryList (guest): categories with their running strategies. */
export function getStrategyCategories(): Promise<CategoryList> {
  return request({
    service: 'gateway',
    path: '/strategy/CategoryList',
    method: 'GET',
    guest: true,
    schema: categoryListSchema,
  });
}

/** GET /api/v1/strategy/StrategyList?search=&category=&risk=&sort=&page=&pageSize= (guest). */
export function getStrategyList(query: StrategyListQuery): Promise<StrategyPage> {
  return request({
    service: 'gateway',
    path: '/strategy/StrategyList',
    method: 'GET',
    query: {
      search: query.search,
      category: query.category,
      risk: query.risk,
      exchange: query.exchange,
      sort: query.sort,
      page: query.page,
      pageSize: query.pageSize,
    },
    guest: true,
    schema: strategyPageSchema,
  });
}

/** GET /api/v1/strategy/HistoricalStrategyList?page= (guest): closed strategies. */
export function getHistoricalStrategies(query: {
  page?: number;
  pageSize?: number;
}): Promise<StrategyPage> {
  return request({
    service: 'gateway',
    path: '/strategy/HistoricalStrategyList',
    method: 'GET',
    query: { page: query.page, pageSize: query.pageSize },
    guest: true,
    schema: strategyPageSchema,
  });
}

/** GET /api/v1/strategy/StrategyDetail?id= (guest): every figure of spec section 3. */
export function getStrategyDetail(id: number): Promise<StrategyDetail> {
  return request({
    service: 'gateway',
    path: '/strategy/StrategyDetail',
    method: 'GET',
    query: { id },
    guest: true,
    schema: strategyDetailSchema,
  });
}

/** GET /api/v1/strategy/StrategyReviewList?id=&page= (guest): newest first. */
export function getStrategyReviews(
  id: number,
  page: number,
  pageSize: number,
): Promise<StrategyReviewList> {
  return request({
    service: 'gateway',
    path: '/strategy/StrategyReviewList',
    method: 'GET',
    query: { id, page, pageSize },
    guest: true,
    schema: reviewListSchema,
  });
}

/** GET /api/v1/strategy/ProfitLossChart?id= (guest). */
export function getStrategyProfitLoss(id: number): Promise<ProfitLossChart> {
  return request({
    service: 'gateway',
    path: '/strategy/ProfitLossChart',
    method: 'GET',
    query: { id },
    guest: true,
    schema: profitLossChartSchema,
  });
}

/** GET /api/v1/strategy/EquityAndDrawdownChart?id= (guest). */
export function getStrategyEquity(id: number): Promise<EquityDrawdownChart> {
  return request({
    service: 'gateway',
    path: '/strategy/EquityAndDrawdownChart',
    method: 'GET',
    query: { id },
    guest: true,
    schema: equityDrawdownChartSchema,
  });
}

/** GET /api/v1/strategy/RecentTradingRecord?id= (guest): the 10 latest trades from 3 days ago. */
export function getStrategyRecentTrades(id: number): Promise<TradingRecord> {
  return request({
    service: 'gateway',
    path: '/strategy/RecentTradingRecord',
    method: 'GET',
    query: { id },
    guest: true,
    schema: tradingRecordSchema,
  });
}

/** GET /api/v1/user/UserDashboardStrategyList: the member's subscriptions with their strategy. */
export function getUserStrategies(): Promise<UserDashboardStrategyList> {
  return request({
    service: 'gateway',
    path: '/user/UserDashboardStrategyList',
    method: 'GET',
    schema: userDashboardStrategyListSchema,
  });
}

/** GET /api/v1/user/FavoriteStrategy: the member's favorite strategies. */
export function getFavoriteStrategies(): Promise<StrategyList> {
  return request({
    service: 'gateway',
    path: '/user/FavoriteStrategy',
    method: 'GET',
    schema: strategyListSchema,
  });
}

/** POST / DELETE /api/v1/user/FavoriteStrategy: answers the favorites after the change. */
export function setFavoriteStrategy(strategyId: number, favorite: boolean): Promise<StrategyList> {
  return request({
    service: 'gateway',
    path: '/user/FavoriteStrategy',
    method: favorite ? 'POST' : 'DELETE',
    body: { strategyId },
    schema: strategyListSchema,
  });
}

/** POST /api/v1/user/StrategyReview: rate and comment (posting again edits the review). */
export function postStrategyReview(body: ReviewBody): Promise<StrategyReview> {
  return request({
    service: 'gateway',
    path: '/user/StrategyReview',
    method: 'POST',
    body,
    schema: reviewSchema,
  });
}

/** GET /api/v1/user/Portfolio?subscriptionId=: cash, position, equity and profit. */
export function getSubscriptionPortfolio(subscriptionId: number): Promise<Portfolio> {
  return request({
    service: 'gateway',
    path: '/user/Portfolio',
    method: 'GET',
    query: { subscriptionId },
    schema: portfolioSchema,
  });
}

/** GET /api/v1/user/OrderList?subscriptionId=&page=&pageSize=: the mirrored orders. */
export function getSubscriptionOrders(
  subscriptionId: number,
  page: number,
  pageSize: number,
): Promise<OrderList> {
  return request({
    service: 'gateway',
    path: '/user/OrderList',
    method: 'GET',
    query: { subscriptionId, page, pageSize },
    schema: orderListSchema,
  });
}

/** GET /api/v1/user/ProfitLossChart?subscriptionId=: the member's own account. */
export function getSubscriptionProfitLoss(subscriptionId: number): Promise<ProfitLossChart> {
  return request({
    service: 'gateway',
    path: '/user/ProfitLossChart',
    method: 'GET',
    query: { subscriptionId },
    schema: profitLossChartSchema,
  });
}

/** GET /api/v1/user/EquityAndDrawdownChart?subscriptionId=: the member's own account. */
export function getSubscriptionEquity(subscriptionId: number): Promise<EquityDrawdownChart> {
  return request({
    service: 'gateway',
    path: '/user/EquityAndDrawdownChart',
    method: 'GET',
    query: { subscriptionId },
    schema: equityDrawdownChartSchema,
  });
}

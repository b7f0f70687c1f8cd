import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  categoryListSchema,
  equityDrawdownChartSchema,
  orderListQuerySchema,
  orderListSchema,
  pageQuerySchema,
  portfolioSchema,
  profitLossChartSchema,
  reviewBodySchema,
  reviewListQuerySchema,
  reviewListSchema,
  reviewSchema,
  strategyDetailSchema,
  strategyIdBodySchema,
  strategyIdQuerySchema,
  strategyListQuerySchema,
  strategyListSchema,
  strategyPageSchema,
  subscriptionQuerySchema,
  tradingRecordSchema,
  userDashboardStrategyListSchema,
} from '../../../shared/api/autotrade-strategies';
import { envelopeSchema, ok } from '../../../shared/api/envelope';
import { addFavorite, favoriteStrategies, removeFavorite } from '../../domain/autotrade/favorites';
import { postReview, reviewList } from '../../domain/autotrade/reviews';
import {
  categoryList,
  dashboardStrategies,
  featuredStrategies,
  historicalStrategies,
  orderList,
  portfolio,
  recentTradingRecord,
  strategyDetail,
  strategyEquityChart,
  strategyList,
  strategyProfitLossChart,
  userDashboard,
  userEquityChart,
  userProfitLossChart,
} from '../../domain/autotrade/strategy-views';
import { memberRoute } from '../member-route';

/**
 * Smart Autotrade strategies under `/api/v1` (contract shared/api/autotrade-strategies.ts, rules
 * domain/autotrade/strategy-views.ts, favorites.ts, reviews.ts): the public strategy reads
 * without a session, the member's own subscriptions, favorites and reviews with one.
 */
const autotradeStrategyRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.db;
  const clock = () => app.clock;

  // ---- public
  app.get(
    '/strategy/FeaturedStrategyList',
    { schema: { response: { 200: envelopeSchema(strategyListSchema) } } },
    async () => ok(await featuredStrategies(db(), clock())),
  );
  app.get(
    '/strategy/DashboardStrategyList',
    { schema: { response: { 200: envelopeSchema(strategyListSchema) } } },
    async () => ok(await dashboardStrategies(db(), clock())),
  );
  app.get(
    '/strategy/CategoryList',
    { schema: { response: { 200: envelopeSchema(categoryListSchema) } } },
    async () => ok(await categoryList(db())),
  );
  app.get(
    '/strategy/StrategyList',
    {
      schema: {
        querystring: strategyListQuerySchema,
        response: { 200: envelopeSchema(strategyPageSchema) },
      },
    },
    async (request) => ok(await strategyList(db(), clock(), request.query)),
  );
  app.get(
    '/strategy/HistoricalStrategyList',
    {
      schema: {
        querystring: pageQuerySchema,
        response: { 200: envelopeSchema(strategyPageSchema) },
      },
    },
    async (request) => ok(await historicalStrategies(db(), clock(), request.query)),
  );
  app.get(
    '/strategy/StrategyDetail',
    {
      schema: {
        querystring: strategyIdQuerySchema,
        response: { 200: envelopeSchema(strategyDetailSchema) },
      },
    },
    async (request) => ok(await strategyDetail(db(), clock(), request.query.id)),
  );
  app.get(
    '/strategy/StrategyReviewList',
    {
      schema: {
        querystring: reviewListQuerySchema,
        response: { 200: envelopeSchema(reviewListSchema) },
      },
    },
    async (request) => ok(await reviewList(db(), request.query)),
  );
  app.get(
    '/strategy/ProfitLossChart',
    {
      schema: {
        querystring: strategyIdQuerySchema,
        response: { 200: envelopeSchema(profitLossChartSchema) },
      },
    },
    async (request) => ok(await strategyProfitLossChart(db(), request.query.id)),
  );
  app.get(
    '/strategy/EquityAndDrawdownChart',
    {
      schema: {
        querystring: strategyIdQuerySchema,
        response: { 200: envelopeSchema(equityDrawdownChartSchema) },
      },
    },
    async (request) => ok(await strategyEquityChart(db(), request.query.id)),
  );
  app.get(
    '/strategy/RecentTradingRecord',
    {
      schema: {
        querystring: strategyIdQuerySchema,
        response: { 200: envelopeSchema(tradingRecordSchema) },
      },
    },
    async (request) => ok(await recentTradingRecord(db(), clock(), request.query.id)),
  );

  // ---- the member's
  app.get(
    '/user/UserDashboardStrategyList',
    memberRoute({ schema: { response: { 200: envelopeSchema(userDashboardStrategyListSchema) } } }),
    async (request) => ok(await userDashboard(db(), clock(), request.member.memberId)),
  );
  app.get(
    '/user/FavoriteStrategy',
    memberRoute({ schema: { response: { 200: envelopeSchema(strategyListSchema) } } }),
    async (request) => ok(await favoriteStrategies(db(), clock(), request.member.memberId)),
  );
  app.post(
    '/user/FavoriteStrategy',
    memberRoute({
      schema: { body: strategyIdBodySchema, response: { 200: envelopeSchema(strategyListSchema) } },
    }),
    async (request) =>
      ok(await addFavorite(db(), clock(), request.member.memberId, request.body.strategyId)),
  );
  app.delete(
    '/user/FavoriteStrategy',
    memberRoute({
      schema: { body: strategyIdBodySchema, response: { 200: envelopeSchema(strategyListSchema) } },
    }),
    async (request) =>
      ok(await removeFavorite(db(), clock(), request.member.memberId, request.body.strategyId)),
  );
  app.post(
    '/user/StrategyReview',
    memberRoute({
      schema: { body: reviewBodySchema, response: { 200: envelopeSchema(reviewSchema) } },
    }),
    async (request) => ok(await postReview(db(), clock(), request.member.memberId, request.body)),
  );
  app.get(
    '/user/Portfolio',
    memberRoute({
      schema: {
        querystring: subscriptionQuerySchema,
        response: { 200: envelopeSchema(portfolioSchema) },
      },
    }),
    async (request) =>
      ok(await portfolio(db(), request.member.memberId, request.query.subscriptionId)),
  );
  app.get(
    '/user/OrderList',
    memberRoute({
      schema: {
        querystring: orderListQuerySchema,
        response: { 200: envelopeSchema(orderListSchema) },
      },
    }),
    async (request) => ok(await orderList(db(), request.member.memberId, request.query)),
  );
  app.get(
    '/user/ProfitLossChart',
    memberRoute({
      schema: {
        querystring: subscriptionQuerySchema,
        response: { 200: envelopeSchema(profitLossChartSchema) },
      },
    }),
    async (request) =>
      ok(await userProfitLossChart(db(), request.member.memberId, request.query.subscriptionId)),
  );
  app.get(
    '/user/EquityAndDrawdownChart',
    memberRoute({
      schema: {
        querystring: subscriptionQuerySchema,
        response: { 200: envelopeSchema(equityDrawdownChartSchema) },
      },
    }),
    async (request) =>
      ok(await userEquityChart(db(), request.member.memberId, request.query.subscriptionId)),
  );
};

export default autotradeStrategyRoutes;

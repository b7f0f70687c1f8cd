import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  assetUnderManagementSchema,
  autotradeSubscriptionSchema,
  checkSubscriptionQuerySchema,
  checkSubscriptionSchema,
  exchangeBalanceQuerySchema,
  exchangeBalanceSchema,
  minStakeQuerySchema,
  minStakeSchema,
  stakeStrategyBodySchema,
  strategyFollowHistorySchema,
  strategyHistorySchema,
  strategyReportSchema,
  subscribeBodySchema,
  subscriptionIdBodySchema,
  subscriptionIdQuerySchema,
  unsubscribeInfoSchema,
} from '../../../shared/api/autotrade-subscriptions';
import { envelopeSchema, ok } from '../../../shared/api/envelope';
import { type AutotradeDeps, autotradeDepsOf } from '../../domain/autotrade/margin';
import { strategyReports } from '../../domain/autotrade/reports';
import {
  assetUnderManagement,
  checkSubscription,
  exchangeBalance,
  minStakeAmount,
  stakeStrategy,
  strategyFollowHistory,
  strategyHistory,
  subscribe,
  unsubscribe,
  unsubscribeInfo,
} from '../../domain/autotrade/subscriptions';
import { idempotencyKeyFrom } from '../../domain/wallet/idempotency';
import { memberRoute } from '../member-route';

/**
 * Smart Autotrade subscribing, margins, fees and reports under `/api/v1` (contract
 * shared/api/autotrade-subscriptions.ts, rules domain/autotrade/subscriptions.ts, fees.ts,
 * reports.ts). Every call acts on the session's member only; the money-moving POSTs need the
 * `Idempotency-Key`; Subscribe and StakeStrategy need a verified identity.
 */
const autotradeSubscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  let deps: AutotradeDeps | undefined;
  const autotrade = () => (deps ??= autotradeDepsOf(app.wallet, app.auth.outbox));
  const noStore = { 'cache-control': 'no-store' };

  app.get(
    '/strategy/MinStakeAmount',
    memberRoute({
      schema: {
        querystring: minStakeQuerySchema,
        response: { 200: envelopeSchema(minStakeSchema) },
      },
    }),
    async (request) => ok(await minStakeAmount(autotrade(), request.query)),
  );

  app.get(
    '/strategy/CheckSubscription',
    memberRoute({
      schema: {
        querystring: checkSubscriptionQuerySchema,
        response: { 200: envelopeSchema(checkSubscriptionSchema) },
      },
    }),
    async (request, reply) => {
      reply.headers(noStore);
      return ok(
        await checkSubscription(autotrade(), request.member.memberId, request.query.strategyId),
      );
    },
  );

  app.post(
    '/strategy/Subscribe',
    memberRoute({
      kyc: 'verified',
      schema: {
        body: subscribeBodySchema,
        response: { 200: envelopeSchema(autotradeSubscriptionSchema) },
      },
    }),
    async (request) => {
      const key = idempotencyKeyFrom(request.headers);
      return ok(await subscribe(autotrade(), request.member.memberId, key, request.body));
    },
  );

  app.post(
    '/strategy/Unsubscribe',
    memberRoute({
      schema: {
        body: subscriptionIdBodySchema,
        response: { 200: envelopeSchema(autotradeSubscriptionSchema) },
      },
    }),
    async (request) => {
      const key = idempotencyKeyFrom(request.headers);
      return ok(await unsubscribe(autotrade(), request.member.memberId, key, request.body.id));
    },
  );

  app.get(
    '/user/UnsubscribeInfo',
    memberRoute({
      schema: {
        querystring: subscriptionIdQuerySchema,
        response: { 200: envelopeSchema(unsubscribeInfoSchema) },
      },
    }),
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await unsubscribeInfo(autotrade(), request.member.memberId, request.query.id));
    },
  );

  app.post(
    '/user/StakeStrategy',
    memberRoute({
      kyc: 'verified',
      schema: {
        body: stakeStrategyBodySchema,
        response: { 200: envelopeSchema(autotradeSubscriptionSchema) },
      },
    }),
    async (request) => {
      const key = idempotencyKeyFrom(request.headers);
      return ok(await stakeStrategy(autotrade(), request.member.memberId, key, request.body));
    },
  );

  app.get(
    '/user/StrategyHistory',
    memberRoute({ schema: { response: { 200: envelopeSchema(strategyHistorySchema) } } }),
    async (request) => ok(await strategyHistory(autotrade(), request.member.memberId)),
  );

  app.get(
    '/user/StrategyFollowHistory',
    memberRoute({
      schema: {
        querystring: subscriptionIdQuerySchema,
        response: { 200: envelopeSchema(strategyFollowHistorySchema) },
      },
    }),
    async (request) =>
      ok(await strategyFollowHistory(autotrade(), request.member.memberId, request.query.id)),
  );

  app.get(
    '/user/AssetUnderManagement',
    memberRoute({ schema: { response: { 200: envelopeSchema(assetUnderManagementSchema) } } }),
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await assetUnderManagement(autotrade(), request.member.memberId));
    },
  );

  app.get(
    '/user/ExchangeBalance',
    memberRoute({
      schema: {
        querystring: exchangeBalanceQuerySchema,
        response: { 200: envelopeSchema(exchangeBalanceSchema) },
      },
    }),
    async (request, reply) => {
      reply.headers(noStore);
      return ok(
        await exchangeBalance(autotrade(), request.member.memberId, request.query.apiKeyId),
      );
    },
  );

  app.get(
    '/user/StrategyReport',
    memberRoute({
      schema: {
        querystring: subscriptionIdQuerySchema,
        response: { 200: envelopeSchema(strategyReportSchema) },
      },
    }),
    async (request) =>
      ok(await strategyReports(autotrade(), request.member.memberId, request.query.id)),
  );
};

export default autotradeSubscriptionRoutes;

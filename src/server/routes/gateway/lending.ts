import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, ok } from '../../../shared/api/envelope';
import {
  checkSubscriptionSchema,
  feeCurrencyBodySchema,
  idleAmountBodySchema,
  lendingExchangeBalanceSchema,
  lendingInterestHistorySchema,
  lendingStrategyListSchema,
  strategyDetailSchema,
  strategyIdBodySchema,
  strategyIdQuerySchema,
  subscribeBodySchema,
  subscriptionAnswerSchema,
  subscriptionFeeSchema,
  suspendBodySchema,
} from '../../../shared/api/lending';
import { type LendingDeps, lendingDepsOf } from '../../domain/lending/context';
import {
  checkSubscription,
  lendingExchangeBalance,
  lendingInterestHistory,
  lendingStrategyList,
  resubscribe,
  setFeeCurrency,
  setIdleAmount,
  setSuspended,
  strategyDetail,
  subscribe,
  subscriptionFee,
  unsubscribe,
} from '../../domain/lending/subscriptions';
import { idempotencyKeyFrom } from '../../domain/wallet/idempotency';
import { memberRoute } from '../member-route';

/**
 * The lending bot under `/api/v1` (contract shared/api/lending.ts, rules domain/lending/). The
 * product's detail and fee are public; everything else acts on the session's member only.
 * Subscribe and Resubscribe move money (a paid period after an end) and carry the
 * `Idempotency-Key`; starting and changing the idle amount need a verified identity, stopping
 * (Unsubscribe, Suspend) and the fee currency a session.
 */
const lendingRoutes: FastifyPluginAsyncZod = async (app) => {
  let deps: LendingDeps | undefined;
  const lending = () => (deps ??= lendingDepsOf(app.wallet, app.auth.outbox));
  const noStore = { 'cache-control': 'no-store' };
  const answer = { 200: envelopeSchema(subscriptionAnswerSchema) };

  app.get(
    '/lending/StrategyDetail',
    {
      schema: {
        querystring: strategyIdQuerySchema,
        response: { 200: envelopeSchema(strategyDetailSchema) },
      },
    },
    async (request) => ok(await strategyDetail(lending(), request.query.strategyId)),
  );

  app.get(
    '/lending/SubscriptionFee',
    {
      schema: {
        querystring: strategyIdQuerySchema,
        response: { 200: envelopeSchema(subscriptionFeeSchema) },
      },
    },
    async (request) => ok(await subscriptionFee(lending(), request.query.strategyId)),
  );

  app.get(
    '/lending/CheckSubscription',
    memberRoute({
      schema: {
        querystring: strategyIdQuerySchema,
        response: { 200: envelopeSchema(checkSubscriptionSchema) },
      },
    }),
    async (request, reply) => {
      reply.headers(noStore);
      return ok(
        await checkSubscription(lending(), request.member.memberId, request.query.strategyId),
      );
    },
  );

  app.post(
    '/lending/Subscribe',
    memberRoute({ kyc: 'verified', schema: { body: subscribeBodySchema, response: answer } }),
    async (request) => {
      const key = idempotencyKeyFrom(request.headers);
      return ok(await subscribe(lending(), request.member.memberId, key, request.body));
    },
  );

  app.post(
    '/lending/Unsubscribe',
    memberRoute({ schema: { body: strategyIdBodySchema, response: answer } }),
    async (request) =>
      ok(await unsubscribe(lending(), request.member.memberId, request.body.strategyId)),
  );

  app.post(
    '/lending/Resubscribe',
    memberRoute({ kyc: 'verified', schema: { body: strategyIdBodySchema, response: answer } }),
    async (request) => {
      const key = idempotencyKeyFrom(request.headers);
      return ok(
        await resubscribe(lending(), request.member.memberId, key, request.body.strategyId),
      );
    },
  );

  app.post(
    '/lending/IdleAmount',
    memberRoute({ kyc: 'verified', schema: { body: idleAmountBodySchema, response: answer } }),
    async (request) => ok(await setIdleAmount(lending(), request.member.memberId, request.body)),
  );

  app.post(
    '/lending/Suspend',
    memberRoute({ schema: { body: suspendBodySchema, response: answer } }),
    async (request) => ok(await setSuspended(lending(), request.member.memberId, request.body)),
  );

  app.post(
    '/lending/FeeCurrency',
    memberRoute({ schema: { body: feeCurrencyBodySchema, response: answer } }),
    async (request) => ok(await setFeeCurrency(lending(), request.member.memberId, request.body)),
  );

  app.get(
    '/user/LendingStrategyList',
    memberRoute({ schema: { response: { 200: envelopeSchema(lendingStrategyListSchema) } } }),
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await lendingStrategyList(lending(), request.member.memberId));
    },
  );

  app.get(
    '/user/LendingExchangeBalance',
    memberRoute({
      schema: {
        querystring: strategyIdQuerySchema,
        response: { 200: envelopeSchema(lendingExchangeBalanceSchema) },
      },
    }),
    async (request, reply) => {
      reply.headers(noStore);
      return ok(
        await lendingExchangeBalance(lending(), request.member.memberId, request.query.strategyId),
      );
    },
  );

  app.get(
    '/user/LendingInterestHistory',
    memberRoute({
      schema: {
        querystring: strategyIdQuerySchema,
        response: { 200: envelopeSchema(lendingInterestHistorySchema) },
      },
    }),
    async (request, reply) => {
      reply.headers(noStore);
      return ok(
        await lendingInterestHistory(lending(), request.member.memberId, request.query.strategyId),
      );
    },
  );
};

export default lendingRoutes;

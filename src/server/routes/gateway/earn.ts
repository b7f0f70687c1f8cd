import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { envelopeSchema, ok } from '../../../shared/api/envelope';
import {
  earnAssetReturnBodySchema,
  earnCheckJoinSchema,
  earnDetailSchema,
  earnHistoryQuerySchema,
  earnHistorySchema,
  earnJoinBodySchema,
  earnLeaveBodySchema,
  earnNavSchema,
  earnProductDetailSchema,
  earnProductListSchema,
  earnSettingBodySchema,
  earnStatementQuerySchema,
  earnSnQuerySchema,
  earnSubscriptionSchema,
  earnUserFundsQuerySchema,
  earnUserFundsSchema,
  earnXSavingHistoryQuerySchema,
  earnXSavingHistorySchema,
  earnXSavingSettingBodySchema,
} from '../../../shared/api/earn';
import { setSmartDca, xSavingHistory } from '../../domain/earn/smart-dca';
import { memberStatement, statementFileName, statementLocale } from '../../domain/earn/statement';
import {
  listProducts,
  productDetail,
  productNav,
  readableProduct,
} from '../../domain/earn/catalog';
import {
  changeAssetReturn,
  checkJoin,
  joinProduct,
  leaveProduct,
  memberDetail,
  setAutoRenew,
  subscriptionHistory,
  userFunds,
} from '../../domain/earn/subscriptions';
import { isPremierMember } from '../../domain/kyc/premier';
import { idempotencyKeyFrom } from '../../domain/wallet/idempotency';
import { earnDepsOf } from '../../jobs/earn-lifecycle';
import { memberRoute } from '../member-route';

/**
 * Gateway calls of the earn products (`premium2`), contract `shared/api/earn.ts`. The catalog
 * is public (premium funds only for premier members: a List call with a session shows them to
 * a premier member); everything about a subscription is the member's own; Join and Leave move
 * money (identity verified, Idempotency-Key). The lifecycle runs in the `earn-lifecycle` job.
 */
const earnRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = earnDepsOf({ ...app.wallet, outbox: app.auth.outbox });

  /** A visitor, or the member of a valid session (then premier members see premium funds). */
  async function viewerOf(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<{ premier: boolean }> {
    if (!request.headers.authorization) return { premier: false };
    try {
      await app.authenticate(request, reply);
    } catch {
      return { premier: false };
    }
    return { premier: await isPremierMember(app.db, request.member.memberId) };
  }

  app.get(
    '/premium2/List',
    { schema: { response: { 200: envelopeSchema(earnProductListSchema) } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok({ list: await listProducts(app.db, app.clock, await viewerOf(request, reply)) });
    },
  );

  app.get(
    '/premium2/GuestDetail',
    {
      schema: {
        querystring: earnSnQuerySchema,
        response: { 200: envelopeSchema(earnProductDetailSchema) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const row = await readableProduct(app.db, request.query.sn, { premier: false });
      return ok(await productDetail(app.db, app.clock, row));
    },
  );

  app.get(
    '/premium2/Nav',
    {
      schema: { querystring: earnSnQuerySchema, response: { 200: envelopeSchema(earnNavSchema) } },
    },
    async (request, reply) => {
      const row = await readableProduct(app.db, request.query.sn, await viewerOf(request, reply));
      return ok(await productNav(app.db, row));
    },
  );

  app.get(
    '/premium2/Detail',
    memberRoute({
      schema: {
        querystring: earnSnQuerySchema,
        response: { 200: envelopeSchema(earnDetailSchema) },
      },
    }),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await memberDetail(deps, request.member.memberId, request.query.sn));
    },
  );

  app.get(
    '/premium2/CheckJoin',
    memberRoute({
      schema: {
        querystring: earnSnQuerySchema,
        response: { 200: envelopeSchema(earnCheckJoinSchema) },
      },
    }),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await checkJoin(deps, request.member.memberId, request.query.sn));
    },
  );

  app.get(
    '/premium2/UserFunds',
    memberRoute({
      schema: {
        querystring: earnUserFundsQuerySchema,
        response: { 200: envelopeSchema(earnUserFundsSchema) },
      },
    }),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await userFunds(deps, request.member.memberId, request.query));
    },
  );

  app.get(
    '/premium2/PremiumHistory',
    memberRoute({
      schema: {
        querystring: earnHistoryQuerySchema,
        response: { 200: envelopeSchema(earnHistorySchema) },
      },
    }),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await subscriptionHistory(deps, request.member.memberId, request.query));
    },
  );

  app.post(
    '/premium2/Join',
    memberRoute({
      kyc: 'verified',
      schema: {
        body: earnJoinBodySchema,
        response: { 200: envelopeSchema(earnSubscriptionSchema) },
      },
    }),
    async (request) => {
      const key = idempotencyKeyFrom(request.headers);
      return ok(await joinProduct(deps, request.member.memberId, key, request.body));
    },
  );

  app.post(
    '/premium2/Leave',
    memberRoute({
      kyc: 'verified',
      schema: {
        body: earnLeaveBodySchema,
        response: { 200: envelopeSchema(earnSubscriptionSchema) },
      },
    }),
    async (request) => {
      const key = idempotencyKeyFrom(request.headers);
      return ok(await leaveProduct(deps, request.member.memberId, key, request.body));
    },
  );

  app.post(
    '/premium2/Setting',
    memberRoute({
      schema: {
        body: earnSettingBodySchema,
        response: { 200: envelopeSchema(earnSubscriptionSchema) },
      },
    }),
    async (request) => ok(await setAutoRenew(deps, request.member.memberId, request.body)),
  );

  app.post(
    '/premium2/ChangeAssetReturn',
    memberRoute({
      schema: {
        body: earnAssetReturnBodySchema,
        response: { 200: envelopeSchema(earnSubscriptionSchema) },
      },
    }),
    async (request) => ok(await changeAssetReturn(deps, request.member.memberId, request.body)),
  );

  app.post(
    '/premium2/XSavingSetting',
    memberRoute({
      schema: {
        body: earnXSavingSettingBodySchema,
        response: { 200: envelopeSchema(earnSubscriptionSchema) },
      },
    }),
    async (request) => ok(await setSmartDca(deps, request.member.memberId, request.body)),
  );

  app.get(
    '/premium2/XSavingHistory',
    memberRoute({
      schema: {
        querystring: earnXSavingHistoryQuerySchema,
        response: { 200: envelopeSchema(earnXSavingHistorySchema) },
      },
    }),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await xSavingHistory(app.db, request.member.memberId, request.query));
    },
  );

  /** The member's earn statement: a CSV attachment (domain/earn/statement.ts). */
  app.get(
    '/premium2/Statement',
    memberRoute({ schema: { querystring: earnStatementQuerySchema } }),
    async (request, reply) => {
      const locale = statementLocale(request.headers['accept-language']);
      const csv = await memberStatement(app.db, request.member.memberId, locale, request.query);
      return reply
        .header('cache-control', 'no-store')
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${statementFileName(app.clock.now())}"`,
        )
        .send(csv);
    },
  );
};

export default earnRoutes;

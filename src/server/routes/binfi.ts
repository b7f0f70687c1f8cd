import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { $ZodType } from 'zod/v4/core';
import {
  binfiChartQuerySchema,
  binfiCheckJoinQuerySchema,
  binfiEquityChartSchema,
  binfiEstimatedReturnQuerySchema,
  binfiEstimatedReturnSchema,
  binfiProfitLossChartSchema,
  binfiSupplierReturnChartSchema,
  binfiCheckJoinSchema,
  binfiCheckReferralQuerySchema,
  binfiCheckReferralSchema,
  binfiJoinBodySchema,
  binfiJoinSchema,
  binfiFundIdQuerySchema,
  binfiFundListQuerySchema,
  binfiFundListSchema,
  binfiHistoryQuerySchema,
  binfiHistorySchema,
  binfiPlusInfoSchema,
  binfiPrivateDetailQuerySchema,
  binfiSideDetailSchema,
  binfiUserFundsSchema,
  type BinfiSideType,
  type BinfiVariant,
} from '../../shared/api/binfi';
import { envelopeSchema, ok } from '../../shared/api/envelope';
import {
  checkJoin,
  fundList,
  historyFundList,
  memberWallets,
  plusInfo,
  sideDetail,
  userFunds,
} from '../domain/binfi/reads';
import {
  equityAndDrawdownChart,
  estimatedReturn,
  profitLossChart,
  supplierReturnChart,
} from '../domain/binfi/charts';
import { isInvited } from '../domain/binfi/invite';
import { checkReferral, prepareJoin } from '../domain/binfi/join';
import { memberRoute } from './member-route';

/**
 * BinFi read calls of the gateway (`/api/v1/binfi/...`, contract shared/api/binfi.ts), all from
 * the indexed BinFiPool state (domain/binfi). Lists and public details are open to visitors;
 * private rounds only to a member whose wallet holds an order in them; CheckJoin and user/funds
 * are the member's own.
 */
const binfiRoutes: FastifyPluginAsyncZod = async (app) => {
  const chainId = app.config.chainId;

  app.get(
    '/binfi/FundList',
    {
      schema: {
        querystring: binfiFundListQuerySchema,
        response: { 200: envelopeSchema(binfiFundListSchema) },
      },
    },
    async (request) => ok(await fundList(app.db, chainId, request.query)),
  );

  const publicDetail = (path: string, side: BinfiSideType, variant: BinfiVariant) =>
    app.get(
      path,
      {
        schema: {
          querystring: binfiFundIdQuerySchema,
          response: { 200: envelopeSchema(binfiSideDetailSchema) },
        },
      },
      async (request) =>
        ok(
          await sideDetail(app.db, chainId, request.query.fundId, side, {
            variant,
            isPrivate: false,
          }),
        ),
    );
  publicDetail('/binfi/SupplierDetail', 'supply', 'binfi');
  publicDetail('/binfi/TakerDetail', 'take', 'binfi');
  publicDetail('/binfi/SupplierDetail2', 'supply', 'galaxy');
  publicDetail('/binfi/TakerDetail2', 'take', 'galaxy');

  const privateDetail = (path: string, side: BinfiSideType) =>
    app.get(
      path,
      memberRoute({
        schema: {
          querystring: binfiPrivateDetailQuerySchema,
          response: { 200: envelopeSchema(binfiSideDetailSchema) },
        },
      }),
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const { fundId, invite } = request.query;
        const wallets = await memberWallets(app.db, request.member.memberId);
        return ok(
          await sideDetail(app.db, chainId, fundId, side, {
            isPrivate: true,
            wallets,
            invited: await isInvited(app.wallet.config, fundId, invite),
          }),
        );
      },
    );
  privateDetail('/binfi/SupplierDetail3', 'supply');
  privateDetail('/binfi/TakerDetail3', 'take');

  app.get(
    '/binfi/CheckJoin',
    memberRoute({
      schema: {
        querystring: binfiCheckJoinQuerySchema,
        response: { 200: envelopeSchema(binfiCheckJoinSchema) },
      },
    }),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { fundId, type, invite } = request.query;
      const invited = await isInvited(app.wallet.config, fundId, invite);
      return ok(
        await checkJoin(
          app.db,
          chainId,
          app.clock.now(),
          request.member.memberId,
          fundId,
          type,
          invited,
        ),
      );
    },
  );

  app.get(
    '/binfi/user/funds',
    memberRoute({ schema: { response: { 200: envelopeSchema(binfiUserFundsSchema) } } }),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await userFunds(app.db, chainId, request.member.memberId));
    },
  );

  app.get(
    '/binfi/HistoryFundList',
    {
      schema: {
        querystring: binfiHistoryQuerySchema,
        response: { 200: envelopeSchema(binfiHistorySchema) },
      },
    },
    async (request) => ok(await historyFundList(app.db, chainId, request.query)),
  );

  // Supply (Rock) / Take (Flame): the order checked and the pool call the wallet signs (with the
  // HODL pass when asked); nothing is an order until the indexer sees it on chain.
  for (const [path, side] of [
    ['/binfi/Supply', 'supply'],
    ['/binfi/Take', 'take'],
  ] as const) {
    app.post(
      path,
      memberRoute({
        schema: { body: binfiJoinBodySchema, response: { 200: envelopeSchema(binfiJoinSchema) } },
      }),
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return ok(await prepareJoin(app.wallet, request.member.memberId, side, request.body));
      },
    );
  }

  app.get(
    '/binfi/CheckReferral',
    memberRoute({
      schema: {
        querystring: binfiCheckReferralQuerySchema,
        response: { 200: envelopeSchema(binfiCheckReferralSchema) },
      },
    }),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { fundId, referralCode } = request.query;
      return ok(await checkReferral(app.wallet, request.member.memberId, fundId, referralCode));
    },
  );

  // charts and the calculator of public rounds
  const chartOf = <T extends $ZodType>(answer: T) => ({
    schema: { querystring: binfiChartQuerySchema, response: { 200: envelopeSchema(answer) } },
  });
  app.get('/binfi/ProfitLossChart', chartOf(binfiProfitLossChartSchema), async (request) =>
    ok(await profitLossChart(app.db, chainId, request.query.fundId)),
  );
  app.get('/binfi/EquityAndDrawdownChart', chartOf(binfiEquityChartSchema), async (request) =>
    ok(await equityAndDrawdownChart(app.db, chainId, request.query.fundId)),
  );
  app.get('/binfi/SupplierReturnChart', chartOf(binfiSupplierReturnChartSchema), async (request) =>
    ok(await supplierReturnChart(app.db, chainId, request.query.fundId)),
  );
  app.get(
    '/binfi/EstimatedReturn',
    {
      schema: {
        querystring: binfiEstimatedReturnQuerySchema,
        response: { 200: envelopeSchema(binfiEstimatedReturnSchema) },
      },
    },
    async (request) => ok(await estimatedReturn(app.db, chainId, request.query)),
  );

  app.get(
    '/binfi/PlusInfo',
    { schema: { response: { 200: envelopeSchema(binfiPlusInfoSchema) } } },
    async () => ok(await plusInfo(app.db, chainId, app.clock.now())),
  );
};

export default binfiRoutes;

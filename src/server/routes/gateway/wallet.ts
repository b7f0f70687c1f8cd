import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, ok } from '../../../shared/api/envelope';
import {
  walletHistoryQuerySchema,
  walletHistorySchema,
  walletInfoSchema,
} from '../../../shared/api/wallet';
import { walletHistory, walletInfo } from '../../domain/wallet/balances';
import { memberRoute } from '../member-route';

/** Gateway `user` calls of the custodial wallet: balances and the transaction history. */
const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/WalletInfo',
    memberRoute({ schema: { response: { 200: envelopeSchema(walletInfoSchema) } } }),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const reads = app.auth.reads;
      return ok(
        await walletInfo(
          app.db,
          request.member.memberId,
          reads?.cachesWallets ? { reads, now: app.clock.now() } : undefined,
        ),
      );
    },
  );

  app.get(
    '/user/WalletHistory',
    memberRoute({
      schema: {
        querystring: walletHistoryQuerySchema,
        response: { 200: envelopeSchema(walletHistorySchema) },
      },
    }),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await walletHistory(app.db, request.member.memberId, request.query));
    },
  );
};

export default walletRoutes;

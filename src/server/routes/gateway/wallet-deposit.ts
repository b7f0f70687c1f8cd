import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, ok } from '../../../shared/api/envelope';
import { depositInfoQuerySchema, depositInfoSchema } from '../../../shared/api/wallet-deposit';
import { depositInfo } from '../../domain/wallet/deposits';
import { memberRoute } from '../member-route';

/**
 * Gateway `user` call of wallet deposits (`GET /api/v1/user/WalletDepositInfo?currency=`). The
 * deposits themselves are recorded by the `deposits` job (jobs/deposits.ts).
 */
const walletDepositRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/WalletDepositInfo',
    memberRoute({
      kyc: 'verified',
      // polled every 5 s while a deposit is confirming
      rateLimit: 'polling',
      schema: {
        querystring: depositInfoQuerySchema,
        response: { 200: envelopeSchema(depositInfoSchema) },
      },
    }),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await depositInfo(app.wallet, request.member.memberId, request.query.currency));
    },
  );
};

export default walletDepositRoutes;

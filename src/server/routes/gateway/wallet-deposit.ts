import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, ok } from '../../../shared/api/envelope';
import { depositInfoQuerySchema, depositInfoSchema } from '../../../shared/api/wallet-deposit';
import { createDepositWatcher } from '../../chain/deposit-watcher';
import { syncNetworkDeposits } from '../../domain/wallet/deposit-networks';
import { depositInfo } from '../../domain/wallet/deposits';
import { requireKycVerified } from '../../plugins/kyc';
import { routeRateLimit } from '../../plugins/rate-limit';

/**
 * Gateway `user` call of wallet deposits (`GET /api/v1/user/WalletDepositInfo?currency=`) and
 * the `deposits` scheduler task: the EVM deposit watcher, then the Bitcoin and TRON deposit
 * network adapters (app.adapters).
 */
const walletDepositRoutes: FastifyPluginAsyncZod = async (app) => {
  const watcher = createDepositWatcher(app.wallet);
  app.scheduler.register({
    name: 'deposits',
    async run() {
      const evm = await watcher.run();
      const networks: Record<string, unknown> = {};
      for (const adapter of app.wallet.depositNetworks) {
        networks[adapter.network] = await syncNetworkDeposits(app.wallet, adapter);
      }
      return { evm, networks };
    },
  });

  app.get(
    '/user/WalletDepositInfo',
    {
      onRequest: app.authenticate,
      preHandler: requireKycVerified,
      // polled every 5 s while a deposit is confirming
      config: { ...routeRateLimit('polling'), auth: true },
      schema: {
        querystring: depositInfoQuerySchema,
        response: { 200: envelopeSchema(depositInfoSchema) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await depositInfo(app.wallet, request.member.memberId, request.query.currency));
    },
  );
};

export default walletDepositRoutes;

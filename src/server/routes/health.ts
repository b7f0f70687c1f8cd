import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema } from '../../shared/api/common';
import { envelopeSchema, ErrorCode, fail, ok } from '../../shared/api/envelope';
import { fetchChainId } from '../chain/rpc';

/**
 * `GET /health`: `{ ok, db, chain }`. db = `select 1` answers; chain = the node at RPC_URL
 * answers `eth_chainId` with CHAIN_ID within 1.5 s. HTTP 200 while the database answers (the
 * process can serve; `ok: false` then means degraded: chain unreachable), HTTP 503 with
 * envelope status 503 when the database does not. Not rate limited (load balancers poll it).
 */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        response: { 200: envelopeSchema(healthSchema), 503: envelopeSchema(healthSchema) },
      },
      config: { rateLimit: false },
    },
    async (_request, reply) => {
      const [db, chainId] = await Promise.all([
        app.database.ping(),
        fetchChainId(app.config.rpcUrl),
      ]);
      const chain = chainId === app.config.chainId;
      const data = { ok: db && chain, db, chain };
      if (!db) return reply.code(503).send(fail(ErrorCode.maintenance, 'unhealthy', data));
      return ok(data);
    },
  );
};

export default healthRoutes;

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, ok } from '../../../shared/api/envelope';

/**
 * Development-only routes under `/dev` (outbox of SMS/e-mail codes, clock control, faucet, as
 * later issues need them). buildApp registers this plugin only when NODE_ENV is not
 * production, so nothing here exists in a production process.
 */
const devRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The server clock's current time (clock control arrives with the first time-based rule). */
  app.get(
    '/clock',
    { schema: { response: { 200: envelopeSchema(z.object({ now: z.string() })) } } },
    async () => ok({ now: app.clock.now().toISOString() }),
  );
};

export default devRoutes;

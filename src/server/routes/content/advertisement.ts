import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { advertisementListSchema } from '../../../shared/api/content-ads';
import { envelopeSchema, ok } from '../../../shared/api/envelope';
import { runningAdvertisements } from '../../domain/content/advertisements';

/**
 * The gateway's `GET /api/v1/premium2/Advertisement` (spec section 7; public): the ads running
 * now, by sortOrder then id (domain/content/advertisements.ts). Registered by the gateway's
 * plugin; it lives with the content service's routes because the content domain owns the ads.
 */
const advertisementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/premium2/Advertisement',
    { schema: { response: { 200: envelopeSchema(advertisementListSchema) } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return ok(await runningAdvertisements(app.db, app.clock));
    },
  );
};

export default advertisementRoutes;

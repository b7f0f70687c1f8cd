import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, ok } from '../../../shared/api/envelope';
import { bcntQuoteSchema } from '../../../shared/api/wallet-convert';
import { quoteView } from '../../domain/wallet/convert';

/**
 * Quotation service (`/quotation`). `GET /quotation/bcnt/price`: the BCNT price in USDT from
 * the price feed (app.wallet.prices: buildApp's `adapters.prices`, the local feed by default),
 * with the version a conversion must quote.
 */
const quotationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/bcnt/price',
    { schema: { response: { 200: envelopeSchema(bcntQuoteSchema) } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(quoteView(await app.wallet.prices.quote('BCNT')));
    },
  );
};

export default quotationRoutes;

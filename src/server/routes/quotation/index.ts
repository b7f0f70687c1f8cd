import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, ok } from '../../../shared/api/envelope';
import {
  marketQuerySchema,
  marketSchema,
  symbolsSchema,
  tickerQuerySchema,
  tickerSchema,
} from '../../../shared/api/quotation';
import { bcntQuoteSchema } from '../../../shared/api/wallet-convert';
import { listSymbols, symbolMarket, symbolTicker } from '../../domain/content/quotation';
import { quoteView } from '../../domain/wallet/convert';

/**
 * Quotation service (`/quotation`), public:
 * - `GET /quotation/bcnt/price`: the BCNT price in USDT from the price feed (app.wallet.prices:
 *   buildApp's `adapters.prices`, the local feed by default), with the version a conversion
 *   must quote;
 * - `GET /quotation/symbols`, `GET /quotation/ticker?symbol=`, `GET /quotation/market?symbol=`:
 *   the exchange's pairs (the exchange adapter: the paper exchange by default) and BCNT/USDT
 *   (domain/content/quotation.ts). The symbols are cached 5 minutes; tickers and markets not.
 */
const quotationRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({
    exchange: app.adapters.exchange,
    prices: app.wallet.prices,
    clock: app.clock,
  });

  app.get(
    '/bcnt/price',
    { schema: { response: { 200: envelopeSchema(bcntQuoteSchema) } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(quoteView(await app.wallet.prices.quote('BCNT')));
    },
  );

  app.get(
    '/symbols',
    { schema: { response: { 200: envelopeSchema(symbolsSchema) } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return ok(await listSymbols(deps()));
    },
  );

  app.get(
    '/ticker',
    { schema: { querystring: tickerQuerySchema, response: { 200: envelopeSchema(tickerSchema) } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await symbolTicker(deps(), request.query.symbol));
    },
  );

  app.get(
    '/market',
    { schema: { querystring: marketQuerySchema, response: { 200: envelopeSchema(marketSchema) } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await symbolMarket(deps(), request.query.symbol, request.query.depth));
    },
  );
};

export default quotationRoutes;

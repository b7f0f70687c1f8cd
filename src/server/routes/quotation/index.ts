import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Quotation service (`/quotation`): ticker, symbols, market and BCNT price arrive with their issues. */
const quotationRoutes: FastifyPluginAsyncZod = async () => {};

export default quotationRoutes;

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Token-exchange service (`/token`): orders (GET/POST /order) arrive with the store issue. */
const tokenRoutes: FastifyPluginAsyncZod = async () => {};

export default tokenRoutes;

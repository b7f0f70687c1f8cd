import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Gateway `user` calls of the custodial wallet: see the issue-6 brief. */
const routes: FastifyPluginAsyncZod = async () => {};

export default routes;

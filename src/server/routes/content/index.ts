import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Content (blog) service (`/content`): posts, categories and post by id arrive with their issue. */
const contentRoutes: FastifyPluginAsyncZod = async () => {};

export default contentRoutes;

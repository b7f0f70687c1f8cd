import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  legalDocumentParamsSchema,
  legalDocumentQuerySchema,
  legalDocumentSchema,
  localeOfContentLang,
} from '../../../shared/api/content';
import {
  categoriesQuerySchema,
  categoriesSchema,
  postListSchema,
  postParamsSchema,
  postQuerySchema,
  postSchema,
  postsQuerySchema,
} from '../../../shared/api/content-posts';
import { envelopeSchema, ok } from '../../../shared/api/envelope';
import { readLegalDocument } from '../../domain/content/legal';
import { getPost, listCategories, listPosts } from '../../domain/content/posts';

/**
 * Content service (`/content`). The legal documents (public): `GET /content/legal/:document`
 * with the content service's `lang` (en, tw, zh), from the files under LEGAL_DIR; cached by the
 * browser for 5 minutes. The posts (public, published ones only): `GET /content/categories`,
 * `GET /content/posts` (category, page, per_page 100 by default) and `GET /content/posts/:id`,
 * each with `lang`; cached for a minute, so a publication shows within one.
 */
const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/legal/:document',
    {
      schema: {
        params: legalDocumentParamsSchema,
        querystring: legalDocumentQuerySchema,
        response: { 200: envelopeSchema(legalDocumentSchema) },
      },
    },
    async (request, reply) => {
      const document = await readLegalDocument(
        app.config.legalDir,
        request.params.document,
        localeOfContentLang(request.query.lang),
      );
      reply.header('cache-control', 'public, max-age=300');
      return ok(document);
    },
  );

  app.get(
    '/categories',
    {
      schema: {
        querystring: categoriesQuerySchema,
        response: { 200: envelopeSchema(categoriesSchema) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return ok(await listCategories(app.db, request.query.lang));
    },
  );

  app.get(
    '/posts',
    {
      schema: { querystring: postsQuerySchema, response: { 200: envelopeSchema(postListSchema) } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return ok(await listPosts(app.db, request.query));
    },
  );

  app.get(
    '/posts/:id',
    {
      schema: {
        params: postParamsSchema,
        querystring: postQuerySchema,
        response: { 200: envelopeSchema(postSchema) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return ok(await getPost(app.db, request.params.id, request.query.lang));
    },
  );
};

export default contentRoutes;

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  legalDocumentParamsSchema,
  legalDocumentQuerySchema,
  legalDocumentSchema,
  localeOfContentLang,
} from '../../../shared/api/content';
import { envelopeSchema, ok } from '../../../shared/api/envelope';
import { readLegalDocument } from '../../domain/content/legal';

/**
 * Content service (`/content`). The legal documents (public): `GET /content/legal/:document`
 * with the content service's `lang` (en, tw, zh), from the files under LEGAL_DIR; cached by the
 * browser for 5 minutes.
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
};

export default contentRoutes;

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, ok } from '../../../shared/api/envelope';
import {
  questionnaireDraftSchema,
  questionnaireResultOrNullSchema,
  questionnaireResultSchema,
  questionnaireSaveBodySchema,
  questionnaireSubmitBodySchema,
  suitabilityQuerySchema,
  suitabilitySchema,
} from '../../../shared/api/questionnaire';
import {
  readDraft,
  readResult,
  saveStep,
  submitQuestionnaire,
} from '../../domain/questionnaire/questionnaire';
import { suitabilityFor } from '../../domain/questionnaire/suitability';
import { memberRoute } from '../member-route';

/**
 * Gateway `questionnaire` calls (contract `shared/api/questionnaire.ts`): the member's own risk
 * questionnaire (draft per step, submit, result) and the suitability of a product for them.
 */
const questionnaireRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/questionnaire/draft',
    memberRoute({ schema: { response: { 200: envelopeSchema(questionnaireDraftSchema) } } }),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await readDraft(app.db, request.member.memberId));
    },
  );

  app.post(
    '/questionnaire/save',
    memberRoute({
      schema: {
        body: questionnaireSaveBodySchema,
        response: { 200: envelopeSchema(questionnaireDraftSchema) },
      },
    }),
    async (request) => ok(await saveStep(app.db, app.clock, request.member.memberId, request.body)),
  );

  app.post(
    '/questionnaire/submit',
    memberRoute({
      schema: {
        body: questionnaireSubmitBodySchema,
        response: { 200: envelopeSchema(questionnaireResultSchema) },
      },
    }),
    async (request) =>
      ok(
        await submitQuestionnaire(app.db, app.clock, request.member.memberId, request.body.answers),
      ),
  );

  app.get(
    '/questionnaire/result',
    memberRoute({
      schema: { response: { 200: envelopeSchema(questionnaireResultOrNullSchema) } },
    }),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await readResult(app.db, app.clock, request.member.memberId));
    },
  );

  app.get(
    '/questionnaire/suitability',
    memberRoute({
      schema: {
        querystring: suitabilityQuerySchema,
        response: { 200: envelopeSchema(suitabilitySchema) },
      },
    }),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await suitabilityFor(app.db, app.clock, request.member.memberId, request.query));
    },
  );
};

export default questionnaireRoutes;

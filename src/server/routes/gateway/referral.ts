import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, ok } from '../../../shared/api/envelope';
import { referralHistoryQuerySchema, referralHistorySchema } from '../../../shared/api/referral';
import { referralProgramSchema } from '../../../shared/api/programs';
import { referralProgram } from '../../domain/programs/referral-rewards';
import { referralHistory } from '../../domain/referral';
import { memberRoute } from '../member-route';

/** Gateway `user` calls of the referral record and the referral program (authenticated). */
const referralRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/referral/history',
    memberRoute({
      schema: {
        querystring: referralHistoryQuerySchema,
        response: { 200: envelopeSchema(referralHistorySchema) },
      },
    }),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(
        await referralHistory(
          { db: app.db, clock: app.clock, chainId: app.config.chainId },
          request.member.memberId,
          request.query,
        ),
      );
    },
  );

  app.get(
    '/user/referral/program',
    memberRoute({ schema: { response: { 200: envelopeSchema(referralProgramSchema) } } }),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await referralProgram(app, request.member.memberId));
    },
  );
};

export default referralRoutes;

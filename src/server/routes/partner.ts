import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, ok } from '../../shared/api/envelope';
import {
  partnerCreateBodySchema,
  partnerHistoryQuerySchema,
  partnerHistorySchema,
  partnerReferralInfoSchema,
} from '../../shared/api/partner';
import {
  createPartnerReferral,
  partnerHistory,
  partnerReferralInfo,
} from '../domain/partner/rebates';
import { memberRoute } from './member-route';

/**
 * The partner (Coolbitx) referral calls of the gateway (shared/api/partner.ts), all for the
 * session's member only: join or change the payout address, the record and the rebate history.
 * Members become a partner's referrals when they register with the partner's code
 * (POST /member/register `partnerCode`).
 */
const partnerRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, clock: app.clock };

  app.post(
    '/htoken/coolBitX/createReferral',
    memberRoute({
      rateLimit: 'guessable',
      schema: {
        body: partnerCreateBodySchema,
        response: { 200: envelopeSchema(partnerReferralInfoSchema) },
      },
    }),
    async (request) => ok(await createPartnerReferral(deps, request.member.memberId, request.body)),
  );

  app.get(
    '/htoken/coolBitX/referralInfo',
    memberRoute({ schema: { response: { 200: envelopeSchema(partnerReferralInfoSchema) } } }),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await partnerReferralInfo(deps, request.member.memberId));
    },
  );

  app.get(
    '/xsaving/coolBitX/history',
    memberRoute({
      schema: {
        querystring: partnerHistoryQuerySchema,
        response: { 200: envelopeSchema(partnerHistorySchema) },
      },
    }),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await partnerHistory(deps, request.member.memberId, request.query.page ?? 1));
    },
  );
};

export default partnerRoutes;

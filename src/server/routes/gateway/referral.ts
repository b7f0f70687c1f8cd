import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, ok } from '../../../shared/api/envelope';
import { referralHistoryQuerySchema, referralHistorySchema } from '../../../shared/api/referral';
import {
  airdropStatusSchema,
  campaignListSchema,
  campaignQuerySchema,
  campaignSchema,
  referralProgramSchema,
} from '../../../shared/api/programs';
import { airdropStatus, campaignDetail, campaignList } from '../../domain/programs/campaigns';
import { referralProgram } from '../../domain/programs/referral-rewards';
import { referralHistory } from '../../domain/referral';
import { memberRoute } from '../member-route';

/**
 * Gateway calls of the programs: the referral record and program (authenticated), the campaigns
 * (public) and a member's airdrop qualification.
 */
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

  app.get(
    '/common/CampaignList',
    { schema: { response: { 200: envelopeSchema(campaignListSchema) } } },
    async () => ok(await campaignList(app)),
  );

  app.get(
    '/common/Campaign',
    {
      schema: {
        querystring: campaignQuerySchema,
        response: { 200: envelopeSchema(campaignSchema) },
      },
    },
    async (request) => ok(await campaignDetail(app, request.query.slug)),
  );

  app.get(
    '/user/campaign/Airdrop',
    memberRoute({
      schema: {
        querystring: campaignQuerySchema,
        response: { 200: envelopeSchema(airdropStatusSchema) },
      },
    }),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await airdropStatus(app, request.member.memberId, request.query.slug));
    },
  );
};

export default referralRoutes;

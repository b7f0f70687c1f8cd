import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, ok } from '../../../shared/api/envelope';
import {
  allianceCheckQuerySchema,
  allianceCheckResultSchema,
  allianceRegisterBodySchema,
  allianceRegisterResultSchema,
  allianceUnregisterResultSchema,
  loyaltyStatusSchema,
} from '../../../shared/api/loyalty';
import { checkAlliance, registerAlliance, unregisterAlliance } from '../../domain/loyalty/alliance';
import { loyaltyStatus } from '../../domain/loyalty/member-level';
import { memberRoute } from '../member-route';

/**
 * Loyalty calls of the member service (authenticated): the member's loyalty status and the
 * Alliance NFT check / register / unregister under `/member/loyalty/alliance/`. Each acts only on
 * `request.member.memberId`.
 */
const loyaltyRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.loyalty;
  const levelContext = { db: app.db, clock: app.clock, chainId: app.config.chainId };

  app.get(
    '/loyalty/status',
    memberRoute({ schema: { response: { 200: envelopeSchema(loyaltyStatusSchema) } } }),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await loyaltyStatus(levelContext, request.member.memberId));
    },
  );

  app.get(
    '/loyalty/alliance/check',
    memberRoute({
      rateLimit: 'allianceCheck',
      schema: {
        querystring: allianceCheckQuerySchema,
        response: { 200: envelopeSchema(allianceCheckResultSchema) },
      },
    }),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await checkAlliance(deps, request.member.memberId, request.query.address));
    },
  );

  app.post(
    '/loyalty/alliance/register',
    memberRoute({
      rateLimit: 'guessable',
      schema: {
        body: allianceRegisterBodySchema,
        response: { 200: envelopeSchema(allianceRegisterResultSchema) },
      },
    }),
    async (request) => ok(await registerAlliance(deps, request.member.memberId, request.body)),
  );

  app.patch(
    '/loyalty/alliance/unregister',
    memberRoute({ schema: { response: { 200: envelopeSchema(allianceUnregisterResultSchema) } } }),
    async (request) => ok(await unregisterAlliance(deps, request.member.memberId)),
  );
};

export default loyaltyRoutes;

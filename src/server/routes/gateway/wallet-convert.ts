import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, ok } from '../../../shared/api/envelope';
import {
  conversionSchema,
  convertBodySchema,
  convertHistoryQuerySchema,
  convertHistorySchema,
  convertInfoSchema,
  convertRulesSchema,
  stakeBodySchema,
  stakeRecordQuerySchema,
  stakeRecordSchema,
  stakeResultSchema,
} from '../../../shared/api/wallet-convert';
import {
  convertCurrency,
  convertHistory,
  convertInfo,
  convertRules,
} from '../../domain/wallet/convert';
import { custodialStake, stakeRecord } from '../../domain/wallet/custodial-stake';
import { idempotencyKeyFrom } from '../../domain/wallet/idempotency';
import { memberRoute } from '../member-route';

/**
 * Gateway calls of the conversion (USDT <-> BCNT) and the custodial BCNT stake; contract
 * `shared/api/wallet-convert.ts`. Unstake requests whose 14 days are over are released by the
 * `custodial-unstake` job (jobs/custodial-unstake.ts).
 */
const walletConvertRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.wallet;

  // Public: the quote and the day's limits, no member data.
  app.get(
    '/common/convertCurrency/bcnt',
    { schema: { response: { 200: envelopeSchema(convertRulesSchema) } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await convertRules(deps));
    },
  );

  app.get(
    '/user/ConvertInfo',
    memberRoute({ schema: { response: { 200: envelopeSchema(convertInfoSchema) } } }),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await convertInfo(deps, request.member.memberId));
    },
  );

  app.post(
    '/user/ConvertCurrency',
    memberRoute({
      kyc: 'verified',
      schema: { body: convertBodySchema, response: { 200: envelopeSchema(conversionSchema) } },
    }),
    async (request) => {
      const key = idempotencyKeyFrom(request.headers);
      return ok(await convertCurrency(deps, request.member.memberId, key, request.body));
    },
  );

  app.get(
    '/user/ConvertHistory',
    memberRoute({
      schema: {
        querystring: convertHistoryQuerySchema,
        response: { 200: envelopeSchema(convertHistorySchema) },
      },
    }),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await convertHistory(deps.db, request.member.memberId, request.query));
    },
  );

  app.post(
    '/user/wallet/stake',
    memberRoute({
      kyc: 'verified',
      schema: { body: stakeBodySchema, response: { 200: envelopeSchema(stakeResultSchema) } },
    }),
    async (request) => {
      const key = idempotencyKeyFrom(request.headers);
      return ok(await custodialStake(deps, request.member.memberId, key, request.body));
    },
  );

  app.get(
    '/user/wallet/stake/record',
    memberRoute({
      schema: {
        querystring: stakeRecordQuerySchema,
        response: { 200: envelopeSchema(stakeRecordSchema) },
      },
    }),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await stakeRecord(deps.db, request.member.memberId, request.query));
    },
  );
};

export default walletConvertRoutes;

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, ok } from '../../../shared/api/envelope';
import {
  apiKeyIdBodySchema,
  apiKeyListSchema,
  apiKeySchema,
  importApiKeyBodySchema,
} from '../../../shared/api/exchange-api-keys';
import {
  type ApiKeyDeps,
  checkApiKey,
  deleteApiKey,
  importApiKey,
  listApiKeys,
} from '../../exchange/api-keys';
import { memberRoute } from '../member-route';

/**
 * Members' exchange API keys under `/api/v1/user/ApiKey` (contract
 * shared/api/exchange-api-keys.ts, rules exchange/api-keys.ts): list, import (password and second
 * factor; counted as a guessable call), check, delete. Acting on the session's member only.
 */
const exchangeApiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): ApiKeyDeps => ({
    db: app.db,
    clock: app.clock,
    exchange: app.wallet.exchange,
    dataKey: app.auth.keys.data,
  });

  app.get(
    '/user/ApiKey',
    memberRoute({ schema: { response: { 200: envelopeSchema(apiKeyListSchema) } } }),
    async (request) => ok(await listApiKeys(app.db, request.member.memberId)),
  );

  app.post(
    '/user/ApiKey',
    memberRoute({
      rateLimit: 'guessable',
      schema: { body: importApiKeyBodySchema, response: { 200: envelopeSchema(apiKeySchema) } },
    }),
    async (request) =>
      ok(
        await importApiKey(
          { ...deps(), auth: app.auth, outbox: app.auth.outbox },
          request.member.memberId,
          request.body,
        ),
      ),
  );

  app.put(
    '/user/ApiKey',
    memberRoute({
      schema: { body: apiKeyIdBodySchema, response: { 200: envelopeSchema(apiKeySchema) } },
    }),
    async (request) => ok(await checkApiKey(deps(), request.member.memberId, request.body.id)),
  );

  app.delete(
    '/user/ApiKey',
    memberRoute({
      schema: { body: apiKeyIdBodySchema, response: { 200: envelopeSchema(apiKeyListSchema) } },
    }),
    async (request) => ok(await deleteApiKey(app.db, request.member.memberId, request.body.id)),
  );
};

export default exchangeApiKeyRoutes;

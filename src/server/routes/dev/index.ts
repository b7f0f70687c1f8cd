import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { outboxListSchema } from '../../../shared/api/auth';
import { envelopeSchema, ErrorCode, ok } from '../../../shared/api/envelope';
import { devClockAdvanceBodySchema, devClockResultSchema } from '../../../shared/api/loyalty';
import { faucetBodySchema, faucetResultSchema } from '../../../shared/api/dev';
import { normalizeMobile } from '../../../shared/validation/account';
import { listOutbox, OUTBOX_LIST_DEFAULT, OUTBOX_LIST_MAX } from '../../domain/auth/outbox';
import { AppError } from '../../errors';
import { API_VERSION, openApiDocument } from '../../openapi';
import { advanceClocks, DevChainError, readClocks, runFaucet } from './dev-chain';
import { renderOutboxPage } from './outbox-page';

/**
 * Development-only routes under `/dev` (outbox of SMS/e-mail codes, clock control, the faucet
 * of the local chain). buildApp
 * registers this plugin only when NODE_ENV is not production, so nothing here exists in a
 * production process.
 */
const outboxQuerySchema = z.object({
  /** an e-mail address (any case) or a mobile number (spaces and dashes allowed) */
  to: z.string().trim().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(OUTBOX_LIST_MAX).default(OUTBOX_LIST_DEFAULT),
});

function normaliseRecipient(to: string | undefined): string | undefined {
  if (!to) return undefined;
  return to.includes('@') ? to.toLowerCase() : normalizeMobile(to);
}

/** True when the Accept header ranks text/html above application/json (a browser). */
export function prefersHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  const ranked = accept.split(',').map((part, index) => {
    const [type = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return { type: type.trim(), q: q ? Number(q.slice(2)) || 0 : 1, index };
  });
  const score = (types: string[]) =>
    ranked
      .filter((entry) => types.includes(entry.type))
      .sort((a, b) => b.q - a.q || a.index - b.index)[0];
  const html = score(['text/html']);
  const json = score(['application/json', 'application/*', '*/*']);
  if (!html || html.q === 0) return false;
  if (!json) return true;
  return html.q > json.q || (html.q === json.q && html.index < json.index);
}

const devRoutes: FastifyPluginAsyncZod = async (app) => {
  /** A dev tool's refusal (not anvil, a clock that cannot move, ...) as a 409 with its words. */
  const refusal = (error: unknown): never => {
    if (error instanceof DevChainError)
      throw new AppError(ErrorCode.conflict, error.code, { detail: error.message });
    throw error;
  };

  /**
   * The OpenAPI 3.1 document of every route this process registered (src/server/openapi.ts);
   * `npm run build` writes production's to dist/openapi.json.
   */
  app.get('/openapi.json', async () => openApiDocument(app.routeTable, API_VERSION));

  /** The server clock and, on anvil (the local chain or a fork), the latest block's time. */
  app.get(
    '/clock',
    { schema: { response: { 200: envelopeSchema(devClockResultSchema) } } },
    async () => ok(await readClocks(app.config.rpcUrl, app.clock)),
  );

  /**
   * Move the server clock forward and, when the node is anvil (the local chain or a fork of any
   * chain), the chain's time with it (`evm_increaseTime` + `evm_mine`), so cooldowns can be
   * crossed end to end. A chain that does not answer leaves `chainTime` null; the server clock
   * moves regardless. `npm run ops -- clock advance 14d` does the same through the CLI.
   */
  app.post(
    '/clock/advance',
    {
      schema: {
        body: devClockAdvanceBodySchema,
        response: { 200: envelopeSchema(devClockResultSchema) },
      },
    },
    async (request) => {
      const reading = await advanceClocks(
        app.config.rpcUrl,
        app.clock,
        request.body.seconds,
        (message) => request.log.warn({ err: message }, 'dev clock: the chain did not move'),
      ).catch(refusal);
      return ok(reading);
    },
  );

  /**
   * The faucet of the local chain (or a fork): test ETH by anvil_setBalance, BCNT and USDT from
   * the treasury or, for a fork's token the treasury does not hold, by writing the balance slot.
   */
  app.post(
    '/faucet',
    { schema: { body: faucetBodySchema, response: { 200: envelopeSchema(faucetResultSchema) } } },
    async (request) =>
      ok(
        await runFaucet(
          { rpcUrl: app.config.rpcUrl, chainId: app.config.chainId },
          request.body,
        ).catch(refusal),
      ),
  );

  /**
   * GET /dev/outbox?to=&limit=: the newest messages as JSON (envelope of outboxListSchema);
   * a browser (Accept: text/html first) gets an HTML page listing them.
   */
  app.get('/outbox', { schema: { querystring: outboxQuerySchema } }, async (request, reply) => {
    const to = normaliseRecipient(request.query.to);
    const messages = await listOutbox(app.db, { to, limit: request.query.limit });
    reply.header('cache-control', 'no-store');
    if (prefersHtml(request.headers.accept)) {
      return reply.type('text/html; charset=utf-8').send(renderOutboxPage(messages, to));
    }
    return reply.type('application/json; charset=utf-8').send(ok(outboxListSchema.parse(messages)));
  });
};

export default devRoutes;

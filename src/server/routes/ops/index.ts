import type { FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorCode, ErrorMessage, ok } from '../../../shared/api/envelope';
import { AppError, validationError } from '../../errors';
import { OPS_TOKEN_HEADER, tokensEqual } from '../../ops/api-file';
import { OpsCommandError } from '../../ops/command';
import { OPS_COMMAND_NAMES, opsCommandOf } from '../../ops/commands';

/**
 * Internal operator routes, `POST /ops/<command>` (see ops/commands.ts), used by the operator
 * CLI while this process holds the PGlite data directory. Registered only with an ops token
 * (generated at boot, shared through DATA_DIR/api.json). A request must come from a loopback
 * address on the socket itself (not X-Forwarded-For, and not forwarded by a proxy at all) and
 * carry the token; anything else gets 403.
 */
export interface OpsRoutesOptions {
  opsToken: string;
}

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

export function isLoopbackRequest(request: FastifyRequest): boolean {
  const remote = request.raw.socket.remoteAddress ?? '';
  const forwarded =
    request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return LOOPBACK.test(remote) && !forwarded;
}

/**
 * A command's own refusal ("no deposit 7", "the round is not raising": a plain `Error` or an
 * OpsCommandError) or its missing options go back to the operator's CLI as a 400 with its text, which the CLI prints;
 * anything else (the database, the chain, a bug) goes on to the error handler.
 */
function commandRefusal(error: unknown): unknown {
  // no body where the command needs options: its input parsed from `{}` names what is missing
  if (error instanceof ZodError)
    return validationError(
      error.issues.map((issue) => ({
        field: issue.path.join('.') || 'body',
        message: issue.message,
      })),
    );
  const plain =
    error instanceof OpsCommandError ||
    (error instanceof Error && Object.getPrototypeOf(error) === Error.prototype);
  return plain ? new AppError(ErrorCode.badRequest, (error as Error).message) : error;
}

const opsRoutes: FastifyPluginAsyncZod<OpsRoutesOptions> = async (app, options) => {
  app.addHook('onRequest', async (request) => {
    const header = request.headers[OPS_TOKEN_HEADER];
    const token = Array.isArray(header) ? header[0] : header;
    if (!isLoopbackRequest(request) || !token || !tokensEqual(token, options.opsToken)) {
      throw new AppError(ErrorCode.forbidden, ErrorMessage.forbidden);
    }
  });

  for (const name of OPS_COMMAND_NAMES) {
    const command = opsCommandOf(name);
    app.post(`/${name}`, { schema: { body: command.input.nullish() } }, async (request) => {
      try {
        return ok(
          await command.run(
            {
              db: app.db,
              clock: app.clock,
              chainId: app.config.chainId,
              outbox: app.auth.outbox,
              uploads: app.uploads,
              appOrigin: app.config.appOrigin,
              wallet: app.wallet,
              scheduler: app.scheduler,
            },
            request.body ?? command.input.parse({}),
          ),
        );
      } catch (error) {
        throw commandRefusal(error);
      }
    });
  }
};

export default opsRoutes;

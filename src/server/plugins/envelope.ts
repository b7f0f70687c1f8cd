import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { ErrorCode, ErrorMessage, fail } from '../../shared/api/envelope';
import { isChainUnreachable } from '../chain/unreachable';
import { AppError, type FieldIssue, validationError } from '../errors';
import { RateLimitedError } from './rate-limit';

/**
 * Every reply is `{ status, message, data }`. This plugin owns the error side:
 * - a request that fails its zod schema: HTTP 400, `validation_failed`, data
 *   `{ field: '<dotted path of the first issue>', issues: [{ field, message }] }`;
 * - a body that is not JSON / too large / of an unsupported type: 400 / 413 / 415 envelopes;
 * - `AppError` from domain code: its status, message and data;
 * - rate limited: 429 `rate_limited`, data `{ retryAfter }` (seconds);
 * - anything else: logged, HTTP 500 with the generic `ErrorMessage.internal`, never a stack.
 * An empty body sent as application/json counts as no body (POST calls without payload). A body,
 * query or path parameter holding a NUL character (U+0000) is a 400 validation refusal.
 */

/** '/a/0/b' -> 'a.0.b'; the root of the input -> the part name ('body', 'querystring', ...). */
export function fieldFromInstancePath(
  instancePath: string | undefined,
  context: string | undefined,
): string {
  const segments = (instancePath ?? '').split('/').filter((segment) => segment.length > 0);
  return segments.length > 0 ? segments.join('.') : (context ?? 'body');
}

function validationEnvelope(issues: FieldIssue[]) {
  return fail(ErrorCode.validation, ErrorMessage.validation, {
    field: issues[0]?.field ?? 'body',
    issues,
  });
}

const nulRefusal = (field: string) =>
  validationError([{ field, message: 'contains a NUL character' }]);

async function envelopePlugin(app: FastifyInstance) {
  const defaultJsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    // PostgreSQL text cannot hold U+0000, and no field of this API means one: refused here, once
    if (text.includes('\\u0000')) {
      done(nulRefusal('body'), undefined);
      return;
    }
    defaultJsonParser(request, text, done);
  });
  app.addHook('preValidation', async (request) => {
    for (const part of ['querystring', 'params'] as const) {
      const values = part === 'querystring' ? request.query : request.params;
      if (values && typeof values === 'object' && JSON.stringify(values).includes('\\u0000'))
        throw nulRefusal(part);
    }
  });

  app.setErrorHandler((error: FastifyError | AppError | RateLimitedError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = (error as FastifyError).validationContext;
      const issues = error.validation.map((issue) => ({
        field: fieldFromInstancePath(issue.instancePath, context),
        message: issue.message ?? 'invalid',
      }));
      return reply.code(400).send(validationEnvelope(issues));
    }
    if (error instanceof AppError) {
      return reply.code(error.httpStatus).send(fail(error.status, error.message, error.data));
    }
    if (error instanceof RateLimitedError) {
      return reply.code(429).send(
        fail(ErrorCode.rateLimited, ErrorMessage.rateLimited, {
          retryAfter: error.retryAfterSeconds,
        }),
      );
    }
    if (isResponseSerializationError(error)) {
      request.log.error(
        { err: error, issues: error.cause.issues },
        'response does not match its schema',
      );
      return reply.code(500).send(fail(ErrorCode.internal, ErrorMessage.internal));
    }

    const fastifyError = error as FastifyError;
    const statusCode = fastifyError.statusCode ?? 500;
    switch (fastifyError.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return reply
          .code(400)
          .send(validationEnvelope([{ field: 'body', message: 'Body is not valid JSON' }]));
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.code(413).send(fail(ErrorCode.payloadTooLarge, ErrorMessage.payloadTooLarge));
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply
          .code(415)
          .send(fail(ErrorCode.unsupportedMediaType, ErrorMessage.unsupportedMediaType));
      default:
        break;
    }
    if (statusCode >= 400 && statusCode < 500) {
      const message =
        statusCode === 401
          ? ErrorMessage.unauthorized
          : statusCode === 403
            ? ErrorMessage.forbidden
            : statusCode === 404
              ? ErrorMessage.notFound
              : statusCode === 429
                ? ErrorMessage.rateLimited
                : ErrorMessage.badRequest;
      request.log.info({ err: error }, 'request rejected');
      return reply.code(statusCode).send(fail(statusCode, message));
    }

    if (isChainUnreachable(error)) {
      request.log.warn({ err: error }, 'the chain is unreachable');
      return reply
        .code(ErrorCode.upstreamUnavailable)
        .send(fail(ErrorCode.upstreamUnavailable, ErrorMessage.chainUnavailable));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(fail(ErrorCode.internal, ErrorMessage.internal));
  });
}

export default fp(envelopePlugin, { name: 'app-envelope' });

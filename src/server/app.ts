import Fastify, {
  type FastifyInstance,
  type FastifyLoggerOptions,
  type FastifyPluginAsync,
} from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { ErrorCode, ErrorMessage, fail } from '../shared/api/envelope';
import { SERVICE_PREFIXES } from '../shared/api/services';
import { type Clock, systemClock } from './clock';
import { type AppConfig, loadConfig } from './config';
import { type Database, openDatabase, type PgliteThread } from './db/database';
import { registerJobs } from './jobs/index';
import type { Outbox } from './domain/auth/outbox';
import type { SignatureVerifier } from './domain/auth/siwe-verifier';
import adaptersPlugin, { type Adapters } from './plugins/adapters';
import authPlugin from './plugins/auth';
import chainPlugin from './plugins/chain';
import contextPlugin from './plugins/context';
import envelopePlugin from './plugins/envelope';
import kycPlugin from './plugins/kyc';
import rateLimitPlugin from './plugins/rate-limit';
import securityPlugin from './plugins/security';
import walletPlugin from './plugins/wallet';
import staticAppPlugin, { isSpaFallbackRequest } from './plugins/static-app';
import contentRoutes from './routes/content/index';
import devRoutes from './routes/dev/index';
import gatewayRoutes from './routes/gateway/index';
import healthRoutes from './routes/health';
import memberRoutes from './routes/member/index';
import opsRoutes from './routes/ops/index';
import quotationRoutes from './routes/quotation/index';
import tokenRoutes from './routes/token/index';
import type { UploadStorage } from './storage/uploads';

export interface BuildAppOptions {
  /** Overrides applied on top of the environment (typed values, not strings). */
  config?: Partial<AppConfig>;
  /** Environment to read; default process.env. */
  env?: Record<string, string | undefined>;
  /**
   * An open database (the caller keeps ownership and closes it), or `{ inMemory: true }` for a
   * fresh in-memory PGlite. Default: PostgreSQL when DATABASE_URL is set, else PGlite in
   * DATA_DIR. A database buildApp opens itself is closed when the app closes.
   */
  db?: Database | { inMemory: true };
  /** Where PGlite in DATA_DIR runs its engine (openDatabase's `thread`; default this thread). */
  pgliteThread?: PgliteThread;
  clock?: Clock;
  /** false turns logging off (tests); default: pino at LOG_LEVEL with secrets redacted. */
  logger?: boolean;
  /** Registers the loopback-only /ops routes guarded by this token (see routes/ops). */
  opsToken?: string;
  /** E-mail/SMS delivery adapter; default: the local outbox table (domain/auth/outbox.ts). */
  outbox?: Outbox;
  /** SIWE signature check; default: ecrecover, then ERC-1271/6492 through RPC_URL. */
  signatures?: SignatureVerifier;
  /** Storage of uploaded documents; default: local disk at UPLOADS_DIR (storage/uploads.ts). */
  uploads?: UploadStorage;
  /**
   * The wallet's adapters (price feed, Bitcoin/TRON payouts, Bitcoin/TRON deposit networks);
   * each one not given is the local default (plugins/adapters.ts).
   */
  adapters?: Partial<Adapters>;
  /**
   * Plugins registered after the built-in routes and before the app is ready: tests mount routes
   * that exercise the reusable guards (requireKycVerified, requirePremier) this way.
   */
  plugins?: FastifyPluginAsync[];
}

export type App = FastifyInstance;

/** Paths pino replaces with "[redacted]": credentials, tokens and secrets never reach the logs. */
export const LOG_REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-ops-token"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["x-ops-token"]',
  ...[
    'password',
    'newPassword',
    'oldPassword',
    'confirmPassword',
    'token',
    'refreshToken',
    'accessToken',
    'google2FAToken',
    'secret',
    'secretKey',
    'apiSecret',
    'jwtSecret',
    'opsToken',
    'databaseUrl',
    'signature',
    'ticket',
    'currentCode',
    'dataKey',
    'walletSeed',
    'mnemonic',
    'privateKey',
  ].flatMap((key) => [key, `*.${key}`]),
];

export function loggerOptions(
  config: AppConfig,
): FastifyLoggerOptions & { redact: { paths: string[]; censor: string } } {
  return {
    level: config.logLevel,
    redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' },
  };
}

/**
 * Build the Fastify app: plugins first (context, envelope, helmet, static app, rate limit, auth,
 * chain, KYC, adapters, wallet), the scheduled jobs (jobs/), then the five services under their
 * prefixes, /health, /ops (with a token), /dev (not in production) and the not-found handler
 * (SPA fallback or 404 envelope).
 */
export async function buildApp(options: BuildAppOptions = {}): Promise<App> {
  const config = loadConfig(options.env ?? process.env, options.config);
  const ownsDatabase = !options.db || 'inMemory' in options.db;
  const database: Database =
    options.db && !('inMemory' in options.db)
      ? options.db
      : await openDatabase(
          options.db
            ? { inMemory: true }
            : config.databaseUrl
              ? { databaseUrl: config.databaseUrl }
              : { dataDir: config.dataDir, thread: options.pgliteThread ?? 'main' },
        );

  try {
    const app = Fastify({
      logger: options.logger === false ? false : loggerOptions(config),
      // Fastify accepts a hop count at runtime; its types only list boolean/string/array/function.
      trustProxy: config.trustProxy as boolean | string,
      bodyLimit: 1024 * 1024,
    }).withTypeProvider<ZodTypeProvider>();

    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    if (ownsDatabase) app.addHook('onClose', async () => database.close());

    await app.register(contextPlugin, { config, database, clock: options.clock ?? systemClock });
    await app.register(envelopePlugin);
    await app.register(securityPlugin);
    // Before the rate limiter: static files are cheap and not counted.
    if (config.serveApp) await app.register(staticAppPlugin);
    await app.register(rateLimitPlugin);
    await app.register(authPlugin, {
      ...(options.outbox ? { outbox: options.outbox } : {}),
      ...(options.signatures ? { signatures: options.signatures } : {}),
    });
    await app.register(chainPlugin);
    await app.register(kycPlugin, options.uploads ? { uploads: options.uploads } : {});
    await app.register(adaptersPlugin, options.adapters ? { adapters: options.adapters } : {});
    await app.register(walletPlugin);
    registerJobs(app.scheduler, { ...app.wallet, outbox: app.auth.outbox });

    await app.register(memberRoutes, { prefix: SERVICE_PREFIXES.member });
    await app.register(gatewayRoutes, { prefix: SERVICE_PREFIXES.gateway });
    await app.register(tokenRoutes, { prefix: SERVICE_PREFIXES.token });
    await app.register(quotationRoutes, { prefix: SERVICE_PREFIXES.quotation });
    await app.register(contentRoutes, { prefix: SERVICE_PREFIXES.content });
    await app.register(healthRoutes);
    if (options.opsToken)
      await app.register(opsRoutes, { prefix: '/ops', opsToken: options.opsToken });
    if (config.nodeEnv !== 'production') await app.register(devRoutes, { prefix: '/dev' });
    for (const plugin of options.plugins ?? []) await app.register(plugin);

    app.setNotFoundHandler({ preHandler: app.rateLimit() }, async (request, reply) => {
      if (config.serveApp && isSpaFallbackRequest(request)) {
        return reply
          .header('cache-control', 'no-cache')
          .type('text/html; charset=utf-8')
          .sendFile('index.html');
      }
      return reply.code(404).send(fail(ErrorCode.notFound, ErrorMessage.notFound));
    });

    await app.ready();
    return app;
  } catch (error) {
    if (ownsDatabase) await database.close().catch(() => undefined);
    throw error;
  }
}

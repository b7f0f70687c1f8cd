import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { ErrorCode, ErrorMessage } from '../../shared/api/envelope';
import type { AuthDeps } from '../domain/auth/context';
import { deriveAuthKeys } from '../domain/auth/crypto';
import { createLocalOutbox, type Outbox } from '../domain/auth/outbox';
import { type AuthenticatedMember, authenticateAccessToken } from '../domain/auth/sessions';
import { createSignatureVerifier, type SignatureVerifier } from '../domain/auth/siwe-verifier';
import { AppError } from '../errors';
import { MemberReadCache } from '../domain/auth/member-cache';
import { SessionCache } from '../domain/auth/session-cache';

declare module 'fastify' {
  interface FastifyInstance {
    /** what the identity domain needs (db, clock, config, keys, outbox, signature verifier) */
    auth: AuthDeps;
    /**
     * onRequest hook of member routes: verifies the bearer JWT and that its session is live
     * (database check on every request), then sets `request.member`.
     */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** every route registered with `config: { auth: true }` (for tests and docs) */
    authenticatedRoutes: { method: string; url: string }[];
    /** every route registered after this plugin, with its schemas (for tests and docs) */
    routeTable: RouteEntry[];
  }
  interface FastifyRequest {
    /** set by app.authenticate; scope every member query by memberId */
    member: AuthenticatedMember;
  }
  interface FastifyContextConfig {
    /** the route requires a member session (set by `memberRoute()`) */
    auth?: boolean;
  }
}

/** A route as registered: method, URL, whether it needs a member session, its schemas. */
export interface RouteEntry {
  method: string;
  url: string;
  auth: boolean;
  schema: FastifySchema | undefined;
}

export interface AuthPluginOptions {
  /** delivery adapter; default: the local outbox table */
  outbox?: Outbox;
  /** signature verification for SIWE; default: ecrecover, then the chain at RPC_URL */
  signatures?: SignatureVerifier;
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i.exec(header);
  return match?.[1];
}

async function authPlugin(app: FastifyInstance, options: AuthPluginOptions) {
  const deps: AuthDeps = {
    db: app.db,
    clock: app.clock,
    config: app.config,
    keys: deriveAuthKeys(app.config),
    outbox: options.outbox ?? createLocalOutbox(app.db, app.clock),
    signatures: options.signatures ?? createSignatureVerifier(app.config.rpcUrl),
    sessions: new SessionCache(app.database, app.log),
    reads: new MemberReadCache(app.database, app.log),
  };
  if (app.database.driver === 'postgres') {
    deps.reads!.listenOnPool(
      (app.db as unknown as { $client: Parameters<MemberReadCache['listenOnPool']>[0] }).$client,
    );
  } else {
    // PGlite: one process on one connection, so the ledger's notifications cost no lock
    // (migration 0031) and WalletInfo can be cached too
    await app.db.execute(sql`select set_config('bcnt.notify_balances', 'on', false)`);
    deps.reads!.cacheWallets();
  }
  await deps.sessions!.start();
  await deps.reads!.start();
  app.addHook('onClose', async () => {
    await deps.sessions!.close();
    await deps.reads!.close();
  });
  app.decorate('auth', deps);
  app.decorateRequest('member', null as unknown as AuthenticatedMember);

  const routes: { method: string; url: string }[] = [];
  const table: RouteEntry[] = [];
  app.decorate('authenticatedRoutes', routes);
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    const auth = route.config?.auth === true;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      if (auth) routes.push({ method, url: route.url });
      table.push({ method, url: route.url, auth, schema: route.schema });
    }
  });

  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw new AppError(ErrorCode.unauthorized, ErrorMessage.unauthorized);
    request.member = await authenticateAccessToken(deps, token);
  });
}

export default fp(authPlugin, { name: 'app-auth', dependencies: ['app-context'] });

import fastifyRateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { deriveAuthKeys } from '../domain/auth/crypto';
import { memberIdOfAccessToken } from '../domain/auth/sessions';
import { createDbRateLimitStore, withPerWindow } from './rate-limit-store';

/**
 * Rate limiting for every route, counted in the database (shared by all API processes; the
 * generous limits in batches: see rate-limit-store.ts).
 * Routes pick a stricter preset with `config: routeRateLimit('contact')`, or opt out with
 * `config: { rateLimit: false }` (only for cheap, unguessable reads such as /health).
 *
 * Who is counted: a call with a valid access token (signature, issuer, audience, expiry) counts
 * for its member, whatever the address (members behind one office or carrier NAT do not share
 * budgets); any other call for its IP (`request.ip`; set TRUST_PROXY behind a reverse proxy).
 * A forged or expired token is counted by IP, so it neither picks another member's bucket nor
 * escapes the limits. Member calls also count toward a generous per-IP ceiling (`ipCeiling`)
 * against floods from one address with many sessions.
 */
export const RATE_LIMITS = {
  /** every route without its own preset: generous, stops floods */
  global: { max: 600, timeWindow: 60_000 },
  /** polled by the browser (maintenance status, every second per open tab) */
  polling: { max: 600, timeWindow: 60_000 },
  /** writes anyone can send (contact form): 5 per 10 minutes per IP */
  contact: { max: 5, timeWindow: 10 * 60_000 },
  /** guessable secrets (codes, tokens, passwords of a session): 10 per 10 minutes per IP */
  guessable: { max: 10, timeWindow: 10 * 60_000 },
  /**
   * login and wallet sign-in: 30 per 10 minutes per IP (both login steps count; each account is
   * throttled on its own besides, see domain/auth/throttle.ts)
   */
  login: { max: 30, timeWindow: 10 * 60_000 },
  /** captcha challenges: 60 per minute per IP */
  captcha: { max: 60, timeWindow: 60_000 },
  /** lookups during registration (referral code, e-mail): 60 per 10 minutes per IP */
  lookup: { max: 60, timeWindow: 10 * 60_000 },
  /** sending e-mail/SMS codes: 10 per 10 minutes per IP (each target has its own cooldown) */
  codeSend: { max: 10, timeWindow: 10 * 60_000 },
  /** file uploads (identity documents): 30 per 10 minutes per IP */
  upload: { max: 30, timeWindow: 10 * 60_000 },
  /** Alliance NFT checks (a member's own wallets, on each panel view): 120 per 10 minutes */
  allianceCheck: { max: 120, timeWindow: 10 * 60_000 },
  /** every member call from one IP, all members together: 6,000 per minute */
  ipCeiling: { max: 6000, timeWindow: 60_000 },
} as const satisfies Record<string, { max: number; timeWindow: number }>;

export type RateLimitPreset = keyof typeof RATE_LIMITS;

/** The preset's limit times `RATE_LIMIT_SCALE` (1 unless a test stack raises it). */
function scaledMax(max: number): NonNullable<RateLimitOptions['max']> {
  return withPerWindow(
    (request: FastifyRequest) => max * request.server.config.rateLimitScale,
    max,
  );
}

/** Route `config` for a preset, optionally overridden (e.g. a different key generator). */
export function routeRateLimit(
  preset: RateLimitPreset,
  overrides: Omit<RateLimitOptions, 'max' | 'timeWindow'> = {},
) {
  const { max, timeWindow } = RATE_LIMITS[preset];
  return {
    rateLimit: { max: scaledMax(max), timeWindow, ...overrides } satisfies RateLimitOptions,
  };
}

/** Thrown by the limiter; the envelope error handler turns it into a 429 envelope. */
export class RateLimitedError extends Error {
  readonly statusCode = 429;

  constructor(readonly retryAfterSeconds: number) {
    super('rate_limited');
    this.name = 'RateLimitedError';
  }
}

const BEARER = /^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i;

async function rateLimitPlugin(app: FastifyInstance) {
  const jwtKey = deriveAuthKeys(app.config).jwt;
  const members = new WeakMap<FastifyRequest, Promise<number | null>>();
  /** The member of the request's valid access token (verified once per request), or null. */
  const memberOf = (request: FastifyRequest): Promise<number | null> => {
    let found = members.get(request);
    if (!found) {
      const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
      found = token ? memberIdOfAccessToken(jwtKey, token, app.clock.now()) : Promise.resolve(null);
      members.set(request, found);
    }
    return found;
  };

  const Store = createDbRateLimitStore(app.db, app.clock, app.log);
  // the per-IP ceiling of member calls (the limiter below keys those by member)
  const ceiling = new Store(undefined, 'ip-ceiling');
  const { max: ceilingMax, timeWindow: ceilingWindow } = RATE_LIMITS.ipCeiling;
  app.addHook('onRequest', async (request) => {
    if ((await memberOf(request)) === null) return;
    const hits = await new Promise<{ current: number; ttl: number }>((resolve, reject) =>
      ceiling.incr(
        request.ip,
        (error, result) => (error || !result ? reject(error) : resolve(result)),
        ceilingWindow,
      ),
    );
    if (hits.current > ceilingMax * app.config.rateLimitScale) {
      throw new RateLimitedError(Math.ceil(hits.ttl / 1000));
    }
  });

  await app.register(fastifyRateLimit, {
    global: true,
    max: scaledMax(RATE_LIMITS.global.max),
    timeWindow: RATE_LIMITS.global.timeWindow,
    store: Store,
    keyGenerator: async (request) => {
      const memberId = await memberOf(request);
      return memberId === null ? `ip:${request.ip}` : `member:${memberId}`;
    },
    // A database error must not wave traffic through on guessable endpoints: fail closed.
    skipOnError: false,
    errorResponseBuilder: (_request, context) =>
      new RateLimitedError(Math.ceil(context.ttl / 1000)),
  });
}

export default fp(rateLimitPlugin, { name: 'app-rate-limit', dependencies: ['app-context'] });

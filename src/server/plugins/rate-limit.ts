import fastifyRateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createDbRateLimitStore } from './rate-limit-store';

/**
 * Rate limiting for every route, counted in the database (shared by all API processes).
 * Routes pick a stricter preset with `config: routeRateLimit('contact')`, or opt out with
 * `config: { rateLimit: false }` (only for cheap, unguessable reads such as /health).
 * Clients are keyed by IP (`request.ip`; set TRUST_PROXY behind a reverse proxy, or every
 * client shares the proxy's address).
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
} as const satisfies Record<string, { max: number; timeWindow: number }>;

export type RateLimitPreset = keyof typeof RATE_LIMITS;

/** The preset's limit times `RATE_LIMIT_SCALE` (1 unless a test stack raises it). */
function scaledMax(max: number): NonNullable<RateLimitOptions['max']> {
  return (request) => max * request.server.config.rateLimitScale;
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

async function rateLimitPlugin(app: FastifyInstance) {
  await app.register(fastifyRateLimit, {
    global: true,
    max: scaledMax(RATE_LIMITS.global.max),
    timeWindow: RATE_LIMITS.global.timeWindow,
    store: createDbRateLimitStore(app.db, app.clock, app.log),
    // A database error must not wave traffic through on guessable endpoints: fail closed.
    skipOnError: false,
    errorResponseBuilder: (_request, context) =>
      new RateLimitedError(Math.ceil(context.ttl / 1000)),
  });
}

export default fp(rateLimitPlugin, { name: 'app-rate-limit', dependencies: ['app-context'] });

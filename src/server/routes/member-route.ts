import type { FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { requireKycVerified, requirePremier } from '../plugins/kyc';
import { type RateLimitPreset, routeRateLimit } from '../plugins/rate-limit';

/** What a member call needs beyond a live session. */
export interface MemberRouteOptions<S extends FastifySchema> {
  /** the request/response schemas (zod, from src/shared/api) */
  schema: S;
  /**
   * `verified`: identity verification (the kyc2 bit; 403 `kyc_required`), for money-moving
   * calls; `premier`: an approved premier membership (403 `premier_required`).
   */
  kyc?: 'verified' | 'premier';
  /** a stricter rate-limit preset than the global one (plugins/rate-limit.ts) */
  rateLimit?: RateLimitPreset;
}

const KYC_GUARDS = { verified: requireKycVerified, premier: requirePremier } as const;

/** onRequest of member calls: the session check of plugins/auth.ts (sets `request.member`). */
function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  return request.server.authenticate(request, reply);
}

/**
 * Route options of a member call: the session is checked on request (`app.authenticate`), then
 * the KYC guard if any, with the rate-limit preset if any; `config.auth` lists the route in
 * `app.authenticatedRoutes`. Handlers act on `request.member.memberId` only.
 *
 *   app.post('/user/Withdraw',
 *     memberRoute({ kyc: 'verified', rateLimit: 'guessable', schema: { body, response } }),
 *     async (request) => ok(await requestWithdrawal(..., request.member.memberId, ...)));
 */
export function memberRoute<S extends FastifySchema>(options: MemberRouteOptions<S>) {
  return {
    onRequest: authenticate,
    ...(options.kyc ? { preHandler: KYC_GUARDS[options.kyc] } : {}),
    config: {
      ...(options.rateLimit ? routeRateLimit(options.rateLimit) : {}),
      auth: true,
    },
    schema: options.schema,
  };
}

import type * as z from 'zod/mini';
import type { SiweNonceResult } from '../shared/api/auth';
import {
  allianceCheckResultSchema,
  allianceRegisterResultSchema,
  allianceUnregisterResultSchema,
  type AllianceCheckResult,
  type AllianceRegistration,
  type LoyaltyStatus,
  type allianceRegisterBodySchema,
} from '../shared/api/loyalty';
import { request } from './http-client';
import { siweNonce } from './member-security';

/**
 * Alliance NFT calls of the member service (spec platform-account-wallet section 7 "loyalty
 * alliance", products-programs section 4; contract `src/shared/api/loyalty.ts`). All
 * authenticated. Register consumes a single-use nonce and unregister drops the level the same
 * day, so neither is ever replayed after an auth failure (`retry: false`). The member's loyalty
 * status (which shows the active registration) is `getLoyaltyStatus` in `loyalty.ts`.
 */

export type AllianceRegisterBody = z.input<typeof allianceRegisterBodySchema>;
export type AllianceUnregisterResult = z.infer<typeof allianceUnregisterResultSchema>;
export type { AllianceCheckResult, AllianceRegistration, LoyaltyStatus };

/**
 * GET /member/loyalty/alliance/check?address=: whether the address holds an Alliance NFT now
 * (on chain), its token ids, and whether it is registered for this member or for another one.
 */
export function checkAlliance(address: string, signal?: AbortSignal): Promise<AllianceCheckResult> {
  return request({
    service: 'member',
    path: '/loyalty/alliance/check',
    method: 'GET',
    query: { address },
    schema: allianceCheckResultSchema,
    signal,
  });
}

/** POST /member/siwe/nonce with purpose `alliance`: the fields of the message to sign. */
export function allianceNonce(): Promise<SiweNonceResult> {
  return siweNonce('alliance');
}

/**
 * POST /member/loyalty/alliance/register with the signed EIP-4361 message (nonce of purpose
 * `alliance`) and the client's signing time. Answers the new registration (level 3 from now).
 */
export function registerAlliance(body: AllianceRegisterBody): Promise<AllianceRegistration> {
  return request({
    service: 'member',
    path: '/loyalty/alliance/register',
    method: 'POST',
    body,
    schema: allianceRegisterResultSchema,
    retry: false,
  });
}

/** PATCH /member/loyalty/alliance/unregister: ends the registration; the level drops today. */
export function unregisterAlliance(): Promise<AllianceUnregisterResult> {
  return request({
    service: 'member',
    path: '/loyalty/alliance/unregister',
    method: 'PATCH',
    schema: allianceUnregisterResultSchema,
    retry: false,
  });
}

import type * as z from 'zod/mini';
import { premierApplyResultSchema, type kyc2BodySchema } from '../shared/api/kyc';
import { request } from './http-client';

/**
 * Premier membership calls of the member service (spec platform-account-wallet sections 4 and 6;
 * contract `shared/api/kyc.ts`). Both change the application's state, so neither is replayed
 * after an auth failure (`retry: false`): a replay could apply twice.
 *
 *   (none) --applyForPremierMember--> pending_id_verification (identity not verified yet)
 *                                 \--> email_sent (identity verified: the form is e-mailed)
 *   email_sent --applyForKYC2(form)--> under_review --> approved | rejected
 */

export type PremierApplyResult = z.infer<typeof premierApplyResultSchema>;
/** The premier application form (investable assets band, asset proof image, declaration). */
export type Kyc2Body = z.input<typeof kyc2BodySchema>;

/** POST /member/ico/kyc/applyForPremierMember: starts the application; answers its new state. */
export function applyForPremierMember(): Promise<PremierApplyResult> {
  return request({
    service: 'member',
    path: '/ico/kyc/applyForPremierMember',
    method: 'POST',
    schema: premierApplyResultSchema,
    retry: false,
  });
}

/** POST /member/ico/kyc/applyForKYC2: sends the premier application form for review. */
export function applyForKYC2(body: Kyc2Body): Promise<PremierApplyResult> {
  return request({
    service: 'member',
    path: '/ico/kyc/applyForKYC2',
    method: 'POST',
    body,
    schema: premierApplyResultSchema,
    retry: false,
  });
}

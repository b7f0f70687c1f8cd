import { referralProgramSchema, type ReferralProgram } from '../shared/api/programs';
import { request } from './http-client';

/**
 * The programs (spec products-programs sections 2 "Programs", 3 "Referral", 9; contract
 * `shared/api/programs.ts`): the member's referral program record. The referred members are
 * `services/referral.ts` (GET user/referral/history).
 */

export type { ReferralProgram };

/** GET /api/v1/user/referral/program (authenticated). */
export function getReferralProgram(signal?: AbortSignal): Promise<ReferralProgram> {
  return request({
    service: 'gateway',
    path: '/user/referral/program',
    schema: referralProgramSchema,
    signal,
  });
}

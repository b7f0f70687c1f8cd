import {
  REFERRAL_PAGE_SIZE_DEFAULT,
  referralHistorySchema,
  type ReferralHistory,
  type ReferralRecord,
} from '../shared/api/referral';
import { request } from './http-client';

/**
 * The member's referral record (spec platform-account-wallet sections 2 and 7: gateway
 * `user/referral/history`; contract `shared/api/referral.ts`): the members who registered with
 * this member's referral code, newest first, e-mails masked by the server. A read: replayed once
 * after a token refresh like any other.
 */

export type { ReferralHistory, ReferralRecord };

/** Records per page of the Account page's referral table (the contract's default). */
export const REFERRAL_PAGE_SIZE = REFERRAL_PAGE_SIZE_DEFAULT;

export interface ReferralHistoryQuery {
  /** 1-based */
  page: number;
  pageSize?: number;
}

/** GET /api/v1/user/referral/history?page=&pageSize= (authenticated). */
export function getReferralHistory(
  { page, pageSize = REFERRAL_PAGE_SIZE }: ReferralHistoryQuery,
  signal?: AbortSignal,
): Promise<ReferralHistory> {
  return request({
    service: 'gateway',
    path: '/user/referral/history',
    query: { page, pageSize },
    schema: referralHistorySchema,
    signal,
  });
}

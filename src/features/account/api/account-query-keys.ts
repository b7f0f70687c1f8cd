import { queryKeys } from '../../../services/query-keys';

/**
 * Query keys of the Account page, under the member domain so logout (which clears the member's
 * data) clears them too. Shared with other features: the loyalty status
 * (`queryKeys.member.loyaltyStatus()`) and the KYC status (`queryKeys.member.kycStatus()`).
 */
const all = [...queryKeys.member.all, 'account'] as const;

export const accountKeys = {
  all,
  /** GET /api/v1/user/referral/history, one key per page */
  referralHistory: (page: number) => [...all, 'referralHistory', page] as const,
} as const;

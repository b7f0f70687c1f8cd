import { queryKeys } from '../../../services/query-keys';

/**
 * Query keys of the Account page, under the member domain so logout (which clears the member's
 * data) clears them too. The loyalty status is shared with other features:
 * `queryKeys.member.loyaltyStatus()`.
 */
const all = [...queryKeys.member.all, 'account'] as const;

export const accountKeys = {
  all,
  memberInfo: () => [...all, 'memberInfo'] as const,
} as const;

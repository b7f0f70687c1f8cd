import { queryOptions, useQuery } from '@tanstack/react-query';
import { get2FASettings } from '../services/member-security';
import { cachePresets, queryKeys } from '../services/query-keys';

/**
 * POST /member/get2FASettings under one key (the Security page changes it, the address book and
 * withdrawals read it). Always fresh: the lock time matters.
 */
export function twoFactorSettingsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.member.twoFactorSettings(),
    queryFn: () => get2FASettings(),
    ...cachePresets.fresh,
  });
}

export function useTwoFactorSettings() {
  return useQuery(twoFactorSettingsQueryOptions());
}

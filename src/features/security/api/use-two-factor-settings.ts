import { queryOptions, useQuery } from '@tanstack/react-query';
import { get2FASettings } from '../../../services/member-security';
import { cachePresets } from '../../../services/query-keys';
import { securityKeys } from './security-query-keys';

/** POST /member/get2FASettings: always fresh (the lock time matters). */
export function twoFactorSettingsQueryOptions() {
  return queryOptions({
    queryKey: securityKeys.twoFactor(),
    queryFn: () => get2FASettings(),
    ...cachePresets.fresh,
  });
}

export function useTwoFactorSettings() {
  return useQuery(twoFactorSettingsQueryOptions());
}

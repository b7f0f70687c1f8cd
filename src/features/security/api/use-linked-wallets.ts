import { queryOptions, useQuery } from '@tanstack/react-query';
import { siweWallets } from '../../../services/member-security';
import { cachePresets } from '../../../services/query-keys';
import { securityKeys } from './security-query-keys';

/** POST /member/siwe/wallets: the member's linked addresses. */
export function linkedWalletsQueryOptions() {
  return queryOptions({
    queryKey: securityKeys.wallets(),
    queryFn: () => siweWallets(),
    ...cachePresets.standard,
  });
}

export function useLinkedWallets() {
  return useQuery(linkedWalletsQueryOptions());
}

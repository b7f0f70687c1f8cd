import { queryOptions, useQuery } from '@tanstack/react-query';
import { getLoyaltyStatus } from '../../../services/loyalty';
import { cachePresets, queryKeys } from '../../../services/query-keys';

/**
 * GET /member/loyalty/status for the Alliance panel: whether a registration is active
 * (`alliance`), how the last one ended (`allianceEnded`) and whether identity verification
 * (`kycVerified`) lets level 3 count. The same key as the loyalty feature's hook: one request,
 * one cache entry, parsed with `loyaltyStatusSchema` by both.
 */
export function allianceStatusQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.member.loyaltyStatus(),
    queryFn: () => getLoyaltyStatus(),
    ...cachePresets.chain,
  });
}

export function useAllianceStatus() {
  return useQuery(allianceStatusQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { getLoyaltyStatus } from '../../../services/loyalty';
import { cachePresets, queryKeys } from '../../../services/query-keys';

/**
 * GET /member/loyalty/status for the Account page: the member level as the server derives it
 * (KYC, staking, Alliance NFT). The same key as the loyalty and Alliance panels: one request,
 * and the level here follows their changes (they invalidate this key).
 */
export function accountLoyaltyStatusQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.member.loyaltyStatus(),
    queryFn: () => getLoyaltyStatus(),
    ...cachePresets.chain,
  });
}

export function useAccountLoyaltyStatus() {
  return useQuery(accountLoyaltyStatusQueryOptions());
}

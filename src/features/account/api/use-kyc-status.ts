import { queryOptions, useQuery } from '@tanstack/react-query';
import { getKycStatus } from '../../../services/kyc';
import { cachePresets, queryKeys } from '../../../services/query-keys';

/**
 * POST /member/ico/kyc/getStatus: the identity verification state and the premier application.
 * Fetched again on every visit: both change on the /kyc screen and by the review. The key is
 * shared (the landing tour reads the same call).
 */
export function kycStatusQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.member.kycStatus(),
    queryFn: () => getKycStatus(),
    ...cachePresets.fresh,
  });
}

export function useKycStatus() {
  return useQuery(kycStatusQueryOptions());
}

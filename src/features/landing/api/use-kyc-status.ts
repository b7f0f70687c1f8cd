import { queryOptions, useQuery } from '@tanstack/react-query';
import { getKycStatus } from '../../../services/kyc';
import { cachePresets, queryKeys } from '../../../services/query-keys';

/**
 * POST /member/ico/kyc/getStatus for the onboarding tour's Verify button. Refetched when the
 * window regains focus (`fresh`): a member who started the verification in the new tab and
 * comes back sees the button go away.
 */
export function kycStatusQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.member.kycStatus(),
    queryFn: () => getKycStatus(),
    ...cachePresets.fresh,
  });
}

export function useKycStatus({ enabled }: { enabled: boolean }) {
  return useQuery({ ...kycStatusQueryOptions(), enabled });
}

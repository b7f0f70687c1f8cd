import { queryOptions, useQuery } from '@tanstack/react-query';
import { getKycStatus } from '../../../services/kyc';
import { cachePresets } from '../../../services/query-keys';
import { kycKeys } from './kyc-query-keys';

/** POST /member/ico/kyc/getStatus, read again on every visit (an operator moves the state). */
export function kycStatusQueryOptions() {
  return queryOptions({
    queryKey: kycKeys.status(),
    queryFn: () => getKycStatus(),
    ...cachePresets.fresh,
  });
}

export function useKycStatus() {
  return useQuery(kycStatusQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { getKycStatus } from '../services/kyc';
import { cachePresets, queryKeys } from '../services/query-keys';
import { KYC_VERIFIED_STATUS, type KycStatus } from '../shared/api/kyc';

/** Identity verified (spec: selfUserKYCStatus 4 or more): wallet moves and products need it. */
export function isKycVerified(status: Pick<KycStatus, 'selfUserKYCStatus'>): boolean {
  return status.selfUserKYCStatus >= KYC_VERIFIED_STATUS;
}

/**
 * POST /member/ico/kyc/getStatus under one key for every screen (Account, KYC, the landing tour,
 * the wallet, the store). Read again on every visit and when the window regains focus: the
 * member verifies on /kyc (maybe in another tab) and the review moves the state.
 */
export function kycStatusQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.member.kycStatus(),
    queryFn: () => getKycStatus(),
    ...cachePresets.fresh,
  });
}

export function useKycStatus({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...kycStatusQueryOptions(), enabled });
}

/** The KYC status query with `verified` (undefined until it is known). */
export function useKycVerified({ enabled = true }: { enabled?: boolean } = {}) {
  const query = useKycStatus({ enabled });
  return { ...query, verified: query.data ? isKycVerified(query.data) : undefined };
}

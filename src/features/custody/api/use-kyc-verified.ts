import { useQuery } from '@tanstack/react-query';
import { getKycStatus } from '../../../services/kyc';
import { cachePresets, queryKeys } from '../../../services/query-keys';

/**
 * Whether the member's identity is verified (spec: selfUserKYCStatus 4 or more): the wallet's
 * money-moving tabs need it. The key is the one the Account and KYC screens share.
 */
export function useKycVerified() {
  const query = useQuery({
    queryKey: queryKeys.member.kycStatus(),
    queryFn: () => getKycStatus(),
    ...cachePresets.fresh,
  });
  return { ...query, verified: query.data ? query.data.selfUserKYCStatus >= 4 : undefined };
}

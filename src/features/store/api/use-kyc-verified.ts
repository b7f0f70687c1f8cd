import { useQuery } from '@tanstack/react-query';
import { getKycStatus } from '../../../services/kyc';
import { cachePresets, queryKeys } from '../../../services/query-keys';

/**
 * Whether the member's identity is verified (selfUserKYCStatus 4 or more): buying needs it.
 * The key is the one the Account, KYC and wallet screens share.
 */
export function useKycVerified(enabled: boolean) {
  const query = useQuery({
    queryKey: queryKeys.member.kycStatus(),
    queryFn: () => getKycStatus(),
    ...cachePresets.fresh,
    enabled,
  });
  return { ...query, verified: query.data ? query.data.selfUserKYCStatus >= 4 : undefined };
}

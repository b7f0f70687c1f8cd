import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { checkAlliance } from '../../../services/alliance';
import { cachePresets, queryKeys } from '../../../services/query-keys';

/** Every address's check (the prefix of `queryKeys.member.allianceCheck(address)`). */
export const allianceCheckAllKey = [...queryKeys.member.all, 'allianceCheck'] as const;

/** GET /member/loyalty/alliance/check?address=: the connected wallet's NFTs and registration. */
export function allianceCheckQueryOptions(address: string | undefined) {
  return queryOptions({
    queryKey: queryKeys.member.allianceCheck(address ?? ''),
    queryFn: address ? ({ signal }) => checkAlliance(address, signal) : skipToken,
    ...cachePresets.standard,
  });
}

/** No query without a connected address. */
export function useAllianceCheck(address: string | undefined) {
  return useQuery(allianceCheckQueryOptions(address));
}

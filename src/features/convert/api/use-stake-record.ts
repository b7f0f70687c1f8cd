import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getStakeRecord } from '../../../services/wallet-convert';
import { cachePresets, queryKeys } from '../../../services/query-keys';
import type { PageParams } from './use-convert-history';

/** GET /api/v1/user/wallet/stake/record: summary and history, newest first. */
export function stakeRecordQueryOptions(params: PageParams) {
  return queryOptions({
    queryKey: queryKeys.member.stakeRecord(params),
    queryFn: () => getStakeRecord(params),
    placeholderData: keepPreviousData,
    ...cachePresets.standard,
  });
}

export function useStakeRecord(params: PageParams) {
  return useQuery(stakeRecordQueryOptions(params));
}

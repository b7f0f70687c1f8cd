import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getConvertHistory } from '../../../services/wallet-convert';
import { cachePresets, queryKeys } from '../../../services/query-keys';

export interface PageParams {
  page: number;
  pageSize: number;
}

/** GET /api/v1/user/ConvertHistory, newest first. */
export function convertHistoryQueryOptions(params: PageParams) {
  return queryOptions({
    queryKey: queryKeys.member.convertHistory(params),
    queryFn: () => getConvertHistory(params),
    placeholderData: keepPreviousData,
    ...cachePresets.standard,
  });
}

export function useConvertHistory(params: PageParams) {
  return useQuery(convertHistoryQueryOptions(params));
}

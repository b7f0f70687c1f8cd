import { queryOptions, useQuery } from '@tanstack/react-query';
import { getConvertInfo } from '../../../services/wallet-convert';
import { cachePresets, queryKeys } from '../../../services/query-keys';

/** GET /api/v1/user/ConvertInfo: always fresh (the quote and the quotas move). */
export function convertInfoQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.member.convertInfo(),
    queryFn: () => getConvertInfo(),
    ...cachePresets.fresh,
  });
}

export function useConvertInfo() {
  return useQuery(convertInfoQueryOptions());
}

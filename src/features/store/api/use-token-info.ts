import { queryOptions, useQuery } from '@tanstack/react-query';
import { cachePresets, queryKeys } from '../../../services/query-keys';
import { getTokenInfo } from '../../../services/store';

/** GET /token/info: public; the price moves, so it is ordinary (30 s) data. */
export function tokenInfoQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.common.tokenInfo(),
    queryFn: () => getTokenInfo(),
    ...cachePresets.standard,
  });
}

export function useTokenInfo() {
  return useQuery(tokenInfoQueryOptions());
}

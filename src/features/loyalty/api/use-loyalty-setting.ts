import { queryOptions, useQuery } from '@tanstack/react-query';
import { getLoyaltySetting } from '../../../services/loyalty';
import { cachePresets, queryKeys } from '../../../services/query-keys';

/** GET /api/v1/common/loyalty: the public loyalty rate table (`fixed` and `pro`). */
export function loyaltySettingQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.common.loyalty(),
    queryFn: () => getLoyaltySetting(),
    ...cachePresets.standard,
  });
}

export function useLoyaltySetting() {
  return useQuery(loyaltySettingQueryOptions());
}

import { useQuery } from '@tanstack/react-query';
import { getCountryList } from '../../../services/member';
import { cachePresets, queryKeys } from '../../../services/query-keys';

/** The countries with their dial codes (POST /member/common/getCountryList), kept for the session. */
export function useCountryList() {
  return useQuery({
    queryKey: queryKeys.common.countries(),
    queryFn: getCountryList,
    ...cachePresets.static,
  });
}

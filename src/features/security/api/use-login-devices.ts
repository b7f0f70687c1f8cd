import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getLoginDevices } from '../../../services/member-security';
import { cachePresets } from '../../../services/query-keys';
import { securityKeys } from './security-query-keys';

/** POST /member/getLoginDevices, one page (20 a page, newest first, authorised devices). */
export function loginDevicesQueryOptions(pageNow: number) {
  return queryOptions({
    queryKey: securityKeys.devices.page(pageNow),
    queryFn: () => getLoginDevices({ pageNow }),
    placeholderData: keepPreviousData,
    ...cachePresets.fresh,
  });
}

export function useLoginDevices(pageNow: number) {
  return useQuery(loginDevicesQueryOptions(pageNow));
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getLoginDeviceLogs } from '../../../services/member-security';
import { cachePresets } from '../../../services/query-keys';
import { securityKeys } from './security-query-keys';

/** POST /member/getLoginDeviceLogs, one page (10 a page, oldest first as the spec says). */
export function loginDeviceLogsQueryOptions(pageNow: number) {
  return queryOptions({
    queryKey: securityKeys.logs.page(pageNow),
    queryFn: () => getLoginDeviceLogs({ pageNow }),
    placeholderData: keepPreviousData,
    ...cachePresets.fresh,
  });
}

export function useLoginDeviceLogs(pageNow: number) {
  return useQuery(loginDeviceLogsQueryOptions(pageNow));
}

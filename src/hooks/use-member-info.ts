import { queryOptions, useQuery } from '@tanstack/react-query';
import { getMemberInfo } from '../services/member-auth';
import { cachePresets, queryKeys } from '../services/query-keys';

/**
 * POST /member/ico/getMemberInfo: the member's summary, under one key for every screen (a
 * change made on one invalidates it for all). Fetched again on every visit: the username is
 * edited on another page, the level changes with staking and KYC.
 */
export function memberInfoQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.member.memberInfo(),
    queryFn: () => getMemberInfo(),
    ...cachePresets.fresh,
  });
}

export function useMemberInfo({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...memberInfoQueryOptions(), enabled });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { getMemberInfo } from '../../../services/member-auth';
import { cachePresets } from '../../../services/query-keys';
import { accountKeys } from './account-query-keys';

/**
 * POST /member/ico/getMemberInfo: the member's summary. Fetched again on every visit (the
 * username is edited on another page, the level changes with staking and KYC).
 */
export function memberInfoQueryOptions() {
  return queryOptions({
    queryKey: accountKeys.memberInfo(),
    queryFn: () => getMemberInfo(),
    ...cachePresets.fresh,
  });
}

export function useMemberInfo() {
  return useQuery(memberInfoQueryOptions());
}

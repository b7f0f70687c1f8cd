import { queryOptions, useQuery } from '@tanstack/react-query';
import { getEarnUserFunds } from '../../../services/earn';
import { cachePresets, queryKeys } from '../../../services/query-keys';
import type { EarnUserFundsQuery } from '../../../shared/api/earn';

/**
 * GET premium2/UserFunds?state=: the member's subscriptions (open: raising, running, being
 * cancelled or returned; closed: ended, failed, canceled), newest first. Read again on every
 * visit: the daily settlement and the lifecycle job move them without the member acting.
 */
export function earnFundsQueryOptions(query: EarnUserFundsQuery) {
  return queryOptions({
    queryKey: queryKeys.member.earnFunds(query),
    queryFn: () => getEarnUserFunds(query),
    ...cachePresets.fresh,
  });
}

export function useEarnFunds(query: EarnUserFundsQuery) {
  return useQuery(earnFundsQueryOptions(query));
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getReferralHistory } from '../../../services/referral';
import { cachePresets } from '../../../services/query-keys';
import { accountKeys } from './account-query-keys';

/** GET /api/v1/user/referral/history, one page (the previous page stays while the next loads). */
export function referralHistoryQueryOptions(page: number) {
  return queryOptions({
    queryKey: accountKeys.referralHistory(page),
    queryFn: ({ signal }) => getReferralHistory({ page }, signal),
    ...cachePresets.standard,
  });
}

export function useReferralHistory(page: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    ...referralHistoryQueryOptions(page),
    enabled,
    placeholderData: keepPreviousData,
  });
}

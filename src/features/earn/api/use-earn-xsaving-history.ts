import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getEarnXSavingHistory } from '../../../services/earn';
import { cachePresets, queryKeys } from '../../../services/query-keys';

/** Rows of a page of XSavingHistory. */
export const XSAVING_HISTORY_PAGE_SIZE = 10;

/**
 * GET premium2/XSavingHistory?premiumId=&page=&pageSize=: one page of the member's Smart DCA
 * conversions (all subscriptions, or one product's), newest first, paged by the server. Under the
 * member's earn history keys, so a Smart DCA setting or a join reads it again. The previous page
 * stays on screen while the next one loads.
 */
export function earnXSavingHistoryQueryOptions(premiumId: number | undefined, page: number) {
  const query = { premiumId, page, pageSize: XSAVING_HISTORY_PAGE_SIZE };
  return queryOptions({
    queryKey: queryKeys.member.earnHistory({ conversions: true, ...query }),
    queryFn: () => getEarnXSavingHistory(query),
    placeholderData: keepPreviousData,
    ...cachePresets.fresh,
  });
}

export function useEarnXSavingHistory(premiumId: number | undefined, page: number) {
  return useQuery(earnXSavingHistoryQueryOptions(premiumId, page));
}

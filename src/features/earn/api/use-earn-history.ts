import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getEarnHistory } from '../../../services/earn';
import { cachePresets, queryKeys } from '../../../services/query-keys';
import type { EarnEvent } from '../../../shared/api/earn';

/** Rows of a subscription's history table. */
export const EARN_HISTORY_PAGE_SIZE = 10;
/** The largest page PremiumHistory serves (shared/api/earn.ts): the event look-up reads these. */
const SCAN_PAGE_SIZE = 100;

/**
 * GET premium2/PremiumHistory?premiumId=&page=&pageSize=: one page of a subscription's
 * movements (subscribe, add, daily or monthly rewards, renewals, returns, redemption), newest
 * first. The previous page stays on screen while the next one loads.
 */
export function earnHistoryQueryOptions(premiumId: number, page: number) {
  return queryOptions({
    queryKey: queryKeys.member.earnHistory({ premiumId, page, pageSize: EARN_HISTORY_PAGE_SIZE }),
    queryFn: () => getEarnHistory({ premiumId, page, pageSize: EARN_HISTORY_PAGE_SIZE }),
    placeholderData: keepPreviousData,
    ...cachePresets.fresh,
  });
}

/** One page of the history; waits (disabled) until the subscription's product id is known. */
export function useEarnHistory(premiumId: number | undefined, page: number) {
  return useQuery({
    ...earnHistoryQueryOptions(premiumId ?? 0, page),
    enabled: premiumId !== undefined,
  });
}

/**
 * One movement of a subscription (/earn/history/{id}): PremiumHistory has no single-event call,
 * so its pages of 100 are read, newest first, until the event is found (a year of daily rewards
 * is 4 pages). null when the subscription has no such event.
 */
export async function findEarnEvent(premiumId: number, eventId: number): Promise<EarnEvent | null> {
  for (let page = 1; ; page += 1) {
    const history = await getEarnHistory({ premiumId, page, pageSize: SCAN_PAGE_SIZE });
    const found = history.list.find((event) => event.id === eventId);
    if (found) return found;
    // ids only grow: past an older event than the one looked for, it is not there
    const oldest = history.list.at(-1);
    if (!oldest || oldest.id < eventId || page * SCAN_PAGE_SIZE >= history.total) return null;
  }
}

export function useEarnEvent(premiumId: number | undefined, eventId: number) {
  return useQuery({
    queryKey: queryKeys.member.earnHistory({ premiumId, eventId }),
    queryFn: () => findEarnEvent(premiumId ?? 0, eventId),
    enabled: premiumId !== undefined,
    ...cachePresets.standard,
  });
}

/** At most this many pages of 100 for a chart: 2,000 movements, over five years of daily rewards. */
const MAX_SCAN_PAGES = 20;

/** Every movement of a subscription, newest first (pages of 100, at most 2,000). */
export async function allEarnEvents(premiumId: number): Promise<EarnEvent[]> {
  const events: EarnEvent[] = [];
  for (let page = 1; page <= MAX_SCAN_PAGES; page += 1) {
    const history = await getEarnHistory({ premiumId, page, pageSize: SCAN_PAGE_SIZE });
    events.push(...history.list);
    if (history.list.length === 0 || events.length >= history.total) break;
  }
  return events;
}

/** Every movement of a subscription, for its accumulated reward chart. */
export function useAllEarnEvents(premiumId: number) {
  return useQuery({
    queryKey: queryKeys.member.earnHistory({ premiumId, all: true }),
    queryFn: () => allEarnEvents(premiumId),
    ...cachePresets.fresh,
  });
}

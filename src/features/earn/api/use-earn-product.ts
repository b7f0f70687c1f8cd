import { queryOptions, useQuery } from '@tanstack/react-query';
import { checkEarnJoin, getEarnDetail, getEarnGuestDetail } from '../../../services/earn';
import { cachePresets, queryKeys } from '../../../services/query-keys';

/** GET premium2/GuestDetail?sn=: one product as a visitor reads it (public). */
export function earnGuestDetailQueryOptions(sn: string) {
  return queryOptions({
    queryKey: queryKeys.products.earnDetail(sn),
    queryFn: () => getEarnGuestDetail(sn),
    ...cachePresets.standard,
  });
}

export function useEarnGuestDetail(sn: string) {
  return useQuery(earnGuestDetailQueryOptions(sn));
}

/**
 * GET premium2/Detail?sn=: the product with the member's subscription. Read again on every
 * visit: a join, the daily settlement or the lifecycle job moves the subscription.
 */
export function earnDetailQueryOptions(sn: string) {
  return queryOptions({
    queryKey: queryKeys.member.earnDetail(sn),
    queryFn: () => getEarnDetail(sn),
    ...cachePresets.fresh,
  });
}

export function useEarnDetail(sn: string) {
  return useQuery(earnDetailQueryOptions(sn));
}

/** GET premium2/CheckJoin?sn=: whether the member may join now, the unit bounds, the balance. */
export function earnCheckJoinQueryOptions(sn: string) {
  return queryOptions({
    queryKey: queryKeys.member.earnCheckJoin(sn),
    queryFn: () => checkEarnJoin(sn),
    ...cachePresets.fresh,
  });
}

export function useEarnCheckJoin(sn: string) {
  return useQuery(earnCheckJoinQueryOptions(sn));
}

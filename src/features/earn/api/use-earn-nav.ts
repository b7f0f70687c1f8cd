import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLoggedIn } from '../../../hooks/use-logged-in';
import { getEarnNav } from '../../../services/earn';
import { cachePresets, queryKeys } from '../../../services/query-keys';

/**
 * GET premium2/Nav?sn=: the NAV the operator posted for a product (public). A visitor reads it
 * under the public products keys; a member with the session (a premier member may read a
 * premium fund's NAV), under the member's earn keys.
 */
export function earnNavQueryOptions(sn: string, asMember: boolean) {
  return queryOptions({
    queryKey: asMember ? queryKeys.member.earnNav(sn) : queryKeys.products.earnNav(sn),
    queryFn: () => getEarnNav(sn, { asMember }),
    ...cachePresets.standard,
  });
}

export function useEarnNav(sn: string) {
  const loggedIn = useLoggedIn();
  return useQuery(earnNavQueryOptions(sn, loggedIn));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLoggedIn } from '../../../hooks/use-logged-in';
import { getEarnProducts } from '../../../services/earn';
import { cachePresets, queryKeys } from '../../../services/query-keys';

/**
 * GET premium2/List. A visitor's catalog is public (kept on logout); a member reads it with the
 * session (a premier member also sees the premium funds), under the member's keys.
 */
export function earnCatalogQueryOptions(asMember: boolean) {
  return queryOptions({
    queryKey: asMember ? queryKeys.member.earnCatalog() : queryKeys.products.earnCatalog(),
    queryFn: () => getEarnProducts({ asMember }),
    ...cachePresets.standard,
  });
}

export function useEarnCatalog() {
  const loggedIn = useLoggedIn();
  return useQuery(earnCatalogQueryOptions(loggedIn));
}

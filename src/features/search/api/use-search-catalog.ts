import { useQuery } from '@tanstack/react-query';
import { getStrategyList } from '../../../services/autotrade-strategies';
import { getEarnProducts } from '../../../services/earn';
import { cachePresets, queryKeys } from '../../../services/query-keys';
import { hasToken } from '../../../services/session';

/** The strategies searched: the first 100 (the strategy list's page limit), by annual return. */
const STRATEGY_QUERY = { sort: 'annualReturn', page: 1, pageSize: 100 } as const;

/**
 * What SearchResult searches: the earn catalog (a member reads it with the session, so a premier
 * member also finds the premium funds; the same request and cache as the earn pages) and the
 * Smart Autotrade strategies (public).
 */
export function useSearchCatalog() {
  const asMember = hasToken();
  const earn = useQuery({
    queryKey: asMember ? queryKeys.member.earnCatalog() : queryKeys.products.earnCatalog(),
    queryFn: () => getEarnProducts({ asMember }),
    ...cachePresets.standard,
  });
  const strategies = useQuery({
    queryKey: queryKeys.products.strategies(STRATEGY_QUERY),
    queryFn: () => getStrategyList(STRATEGY_QUERY),
    ...cachePresets.standard,
  });
  return { earn, strategies };
}

import { QueryClient } from '@tanstack/react-query';
import { cachePresets, shouldRetryQuery } from '../services/query-keys';

/**
 * The one QueryClient. Defaults: the `standard` cache preset (30 s fresh, 5 min kept), no
 * refetch on window focus (balances and order states opt in with the `fresh`/`poll` presets),
 * retries only where the service layer says a retry can help (network errors, HTTP 5xx other
 * than 503), mutations never retried (they are not idempotent).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        ...cachePresets.standard,
        refetchOnWindowFocus: false,
        retry: shouldRetryQuery,
      },
      mutations: { retry: false },
    },
  });
}

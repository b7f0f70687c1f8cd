import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { getLoyaltyStatus } from '../../../services/loyalty';
import { cachePresets, queryKeys } from '../../../services/query-keys';
import { useLoggedIn } from '../../../hooks/use-logged-in';
import {
  STATUS_INDEX_POLL_MS,
  isStatusIndexed,
  keepsPolling,
  useStatusIndexWait,
} from './status-index-wait';

/** GET /member/loyalty/status: level, counted stake, unstake requests, indexer position. */
export function loyaltyStatusQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.member.loyaltyStatus(),
    queryFn: () => getLoyaltyStatus(),
    ...cachePresets.chain,
  });
}

/**
 * The member's loyalty status, fetched only when logged in. While a staking transaction waits
 * to be indexed (`waitForIndexed(receipt.blockNumber)`, see status-index-wait.ts) it polls every
 * 2 s until `indexedBlock` reaches the block or 60 s have passed.
 */
export function useLoyaltyStatus() {
  const loggedIn = useLoggedIn();
  const wait = useStatusIndexWait((state) => state.wait);
  const start = useStatusIndexWait((state) => state.start);
  const stop = useStatusIndexWait((state) => state.stop);
  const polling = loggedIn && wait !== null;

  const query = useQuery({
    ...loyaltyStatusQueryOptions(),
    enabled: loggedIn,
    refetchInterval: polling
      ? (current) =>
          keepsPolling(current.state.data, wait, Date.now())
            ? STATUS_INDEX_POLL_MS
            : cachePresets.chain.refetchInterval
      : cachePresets.chain.refetchInterval,
    refetchIntervalInBackground: polling,
  });

  const indexed = wait !== null && isStatusIndexed(query.data, wait.block);
  useEffect(() => {
    if (wait === null) return undefined;
    if (indexed || !loggedIn) {
      stop();
      return undefined;
    }
    const timer = setTimeout(stop, Math.max(0, wait.until - Date.now()));
    return () => clearTimeout(timer);
  }, [wait, indexed, loggedIn, stop]);

  const waitForIndexed = useCallback((block: bigint) => start(block), [start]);

  return {
    query,
    loggedIn,
    /** The status is being polled until the server has indexed a transaction. */
    indexing: polling,
    waitForIndexed,
  };
}

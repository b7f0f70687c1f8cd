import { type Query, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useSyncExternalStore } from 'react';
import { ChainUnavailable } from '../components/chain-unavailable';
import { ErrorMessage } from '../shared/api/envelope';

/**
 * "The chain cannot be reached" for the screens that read it (every one sits inside
 * Web3Provider, which renders `ChainStatus` above them).
 *
 * A query of the page's QueryClient counts when it failed (or is failing between react-query's
 * retries) because the chain did not answer: a viem transport failure of a wagmi read
 * (HttpRequestError, TimeoutError, WebSocketRequestError, SocketClosedError, anywhere in the
 * error's causes, the same list the API uses in `src/server/chain/unreachable.ts`), or an API
 * answer `chain_unavailable` (HTTP 502). While one does, the notice shows and those queries are
 * fetched again every CHAIN_RETRY_MS; "Retry now" fetches them at once. The notice goes when no
 * query fails that way any more.
 */

/** How often failed chain reads are tried again while the notice shows. */
export const CHAIN_RETRY_MS = 10_000;

const TRANSPORT_ERRORS = new Set([
  'HttpRequestError',
  'TimeoutError',
  'WebSocketRequestError',
  'SocketClosedError',
  'ChainUnavailableError',
]);

/** Whether an error means the chain (its RPC, or the API's link to it) did not answer. */
export function isChainUnreachableError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current instanceof Error; depth += 1) {
    if (TRANSPORT_ERRORS.has(current.name)) return true;
    if (current.name === 'ApiError' && current.message === ErrorMessage.chainUnavailable) {
      return true;
    }
    current = current.cause;
  }
  return false;
}

function failsOnChain(query: Query): boolean {
  const { state } = query;
  if (state.status === 'error' && isChainUnreachableError(state.error)) return true;
  // still retrying inside react-query: the last attempt's failure
  return (
    state.fetchStatus === 'fetching' &&
    state.fetchFailureCount > 0 &&
    isChainUnreachableError(state.fetchFailureReason)
  );
}

/** Whether a query of `client` fails because the chain cannot be reached, and a retry. */
export function useChainUnreachable(client: QueryClient): {
  unreachable: boolean;
  retry: () => Promise<void>;
} {
  const cache = client.getQueryCache();
  const unreachable = useSyncExternalStore(
    useCallback((notify) => cache.subscribe(notify), [cache]),
    () => cache.getAll().some(failsOnChain),
    () => false,
  );
  const retry = useCallback(
    () =>
      client.refetchQueries({
        predicate: (query) => failsOnChain(query) || query.state.status === 'error',
        type: 'active',
      }),
    [client],
  );
  useEffect(() => {
    if (!unreachable) return undefined;
    const timer = setInterval(() => void retry(), CHAIN_RETRY_MS);
    return () => clearInterval(timer);
  }, [unreachable, retry]);
  return { unreachable, retry };
}

/**
 * The mounted ChainStatus instances in mount order: a page with several chain screens (each in
 * its own Web3Provider, e.g. staking and Alliance) shows the notice once, in the first.
 */
const mounted: string[] = [];
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());
const subscribeMounted = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The notice above a chain screen while its reads cannot reach the chain (else nothing). */
export function ChainStatus() {
  const client = useQueryClient();
  const { unreachable, retry } = useChainUnreachable(client);
  const id = useId();
  useEffect(() => {
    mounted.push(id);
    changed();
    return () => {
      mounted.splice(mounted.indexOf(id), 1);
      changed();
    };
  }, [id]);
  const first = useSyncExternalStore(
    subscribeMounted,
    () => mounted[0] === id,
    () => false,
  );
  return unreachable && first ? <ChainUnavailable onRetry={retry} /> : null;
}

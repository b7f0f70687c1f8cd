/**
 * Whether an error comes from the chain's RPC node being unreachable (refused, timed out, closed)
 * rather than from the call itself: viem wraps the transport's failure (HttpRequestError,
 * TimeoutError, WebSocketRequestError, SocketClosedError) in its call and contract errors, so the
 * causes are followed. Such a failure is answered `chain_unavailable` (HTTP 502), never as an
 * internal error: the member can try again, nothing was done.
 */
const TRANSPORT_ERRORS = new Set([
  'HttpRequestError',
  'TimeoutError',
  'WebSocketRequestError',
  'SocketClosedError',
  'ChainUnavailableError',
]);

export function isChainUnreachable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current instanceof Error; depth += 1) {
    if (TRANSPORT_ERRORS.has(current.name)) return true;
    current = current.cause;
  }
  return false;
}

/** Minimal JSON-RPC calls against the configured EVM node (RPC_URL). */

/** `eth_chainId` as a number, or undefined when the node does not answer in time. */
export async function fetchChainId(rpcUrl: string, timeoutMs = 1500): Promise<number | undefined> {
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) return undefined;
    const body = (await response.json()) as { result?: unknown };
    if (typeof body.result !== 'string' || !/^0x[0-9a-f]+$/i.test(body.result)) return undefined;
    return Number.parseInt(body.result, 16);
  } catch {
    return undefined;
  }
}

/** One JSON-RPC call (for node methods viem does not type, e.g. anvil's `evm_increaseTime`). */
export async function rpcCall<T>(
  rpcUrl: string,
  method: string,
  params: unknown[] = [],
  timeoutMs = 5_000,
): Promise<T> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw new Error(`${method}: HTTP ${response.status}`);
  const body = (await response.json()) as { result?: T; error?: { message?: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message ?? 'error'}`);
  return body.result as T;
}

/** The latest block's timestamp, or undefined when the node does not answer. */
export async function fetchLatestBlockTime(rpcUrl: string): Promise<Date | undefined> {
  try {
    const block = await rpcCall<{ timestamp?: string } | null>(rpcUrl, 'eth_getBlockByNumber', [
      'latest',
      false,
    ]);
    if (!block?.timestamp) return undefined;
    return new Date(Number.parseInt(block.timestamp, 16) * 1000);
  } catch {
    return undefined;
  }
}

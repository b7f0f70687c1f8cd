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

import { createPublicClient, http, type PublicClient } from 'viem';

/**
 * A viem public client on RPC_URL for the server's chain reads (indexer, Alliance NFT checks):
 * no response cache (the indexer must see every new head), no retries (the caller decides),
 * a bounded timeout so a hanging node never holds a request for long.
 */
export function createChainClient(rpcUrl: string, timeoutMs = 10_000): PublicClient {
  return createPublicClient({
    transport: http(rpcUrl, { timeout: timeoutMs, retryCount: 0 }),
    cacheTime: 0,
  });
}

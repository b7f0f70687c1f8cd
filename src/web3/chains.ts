import { defineChain, http, type Chain, type Transport } from 'viem';
import { mainnet } from 'viem/chains';
import type { Web3Settings } from './env';

/** RainbowKit reads these two optional fields from a chain for its chain button and modal. */
export type AppChain = Chain & { iconUrl?: string; iconBackground?: string };

export const LOCAL_CHAIN_NAME = 'Localhost';

// A local icon (no remote fetch): a navy tile with two linked blocks.
const LOCAL_CHAIN_ICON =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 28 28"><rect width="28" height="28" rx="6" fill="#10264a"/><rect x="6" y="9" width="9" height="10" rx="2" fill="none" stroke="#8db6ff" stroke-width="2"/><rect x="13" y="9" width="9" height="10" rx="2" fill="none" stroke="#ffffff" stroke-width="2"/></svg>',
  );

/** The app's own chain: anvil (31337) in development and tests, named "Localhost". */
export function localChain(chainId: number, rpcUrl: string): AppChain {
  return {
    ...defineChain({
      id: chainId,
      name: LOCAL_CHAIN_NAME,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [rpcUrl] } },
      testnet: true,
    }),
    iconUrl: LOCAL_CHAIN_ICON,
    iconBackground: '#10264a',
  };
}

/**
 * Ethereum mainnet for reads through the configured RPC. The ENS universal resolver is left
 * out on purpose: with it, RainbowKit resolves the connected address's ENS name and avatar on
 * mainnet, and an avatar record makes the browser fetch from whatever host the record names.
 * Without it those lookups fail locally and nothing leaves for a third-party host.
 */
export function readOnlyMainnet(rpcUrl: string): AppChain {
  return {
    ...mainnet,
    rpcUrls: { default: { http: [rpcUrl] } },
    contracts: { multicall3: mainnet.contracts.multicall3 },
  };
}

export interface ChainSetup {
  /** The app's chain first: RainbowKit connects to it and the app writes only to it. */
  chains: readonly [AppChain, ...AppChain[]];
  transports: Record<number, Transport>;
  /** The chain every write goes to. */
  appChain: AppChain;
}

/** The chain list of this build: the app's chain, plus mainnet only when its RPC URL is set. */
export function buildChains(settings: Web3Settings): ChainSetup {
  const appChain =
    settings.chainId === mainnet.id
      ? readOnlyMainnet(settings.chainRpcUrl)
      : localChain(settings.chainId, settings.chainRpcUrl);
  const chains: [AppChain, ...AppChain[]] = [appChain];
  const transports: Record<number, Transport> = { [appChain.id]: http(settings.chainRpcUrl) };
  if (settings.mainnetRpcUrl && appChain.id !== mainnet.id) {
    chains.push(readOnlyMainnet(settings.mainnetRpcUrl));
    transports[mainnet.id] = http(settings.mainnetRpcUrl);
  }
  return { chains, transports, appChain };
}

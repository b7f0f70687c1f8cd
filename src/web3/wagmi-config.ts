import { connectorsForWallets } from '@rainbow-me/rainbowkit';
import { createConfig, type Config } from 'wagmi';
import { buildChains, type AppChain } from './chains';
import { getWeb3Settings, type Web3Settings } from './env';
import { buildWalletList } from './wallets';

export const APP_NAME = 'BCNT Platform';

export interface WagmiSetup {
  config: Config;
  /** The chain the app writes to (first in `config.chains`). */
  appChain: AppChain;
}

/**
 * wagmi config for RainbowKit, built with `createConfig` + `connectorsForWallets` rather than
 * RainbowKit's `getDefaultConfig` (which always adds WalletConnect-based wallets and needs a
 * project id). `multiInjectedProviderDiscovery` (EIP-6963) stays on. `ssr: true` although the
 * app renders only in the browser: with `ssr: false` wagmi's provider restores and reconnects the
 * stored connection during every render of the provider, which updated other wallet components
 * while rendering (a React warning, and a reconnect per re-render); with `ssr: true` it does so
 * once, in an effect after mount.
 */
export function createWagmiSetup(settings: Web3Settings): WagmiSetup {
  const { chains, transports, appChain } = buildChains(settings);
  const connectors = connectorsForWallets(buildWalletList(settings.walletConnectProjectId), {
    appName: APP_NAME,
    // connectorsForWallets wants a string; it is only read by WalletConnect-based wallets, which
    // buildWalletList leaves out when there is no id.
    projectId: settings.walletConnectProjectId ?? '',
  });
  const config = createConfig({
    chains,
    transports,
    connectors,
    multiInjectedProviderDiscovery: true,
    ssr: true,
  });
  return { config, appChain };
}

let setup: WagmiSetup | undefined;

/** The one wagmi setup of this page, created on first use (the wallet chunk is lazy). */
export function getWagmiSetup(): WagmiSetup {
  setup ??= createWagmiSetup(getWeb3Settings());
  return setup;
}

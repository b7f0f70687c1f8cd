import { config, type AppConfig } from '../lib/config';

/** What the wallet layer needs from the build-time config (validated in `src/lib/config.ts`). */
export type Web3Settings = Pick<
  AppConfig,
  'chainId' | 'chainRpcUrl' | 'mainnetRpcUrl' | 'walletConnectProjectId'
>;

export function getWeb3Settings(): Web3Settings {
  return config;
}

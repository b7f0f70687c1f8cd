import { createDepositWatcher } from '../chain/deposit-watcher';
import { syncNetworkDeposits } from '../domain/wallet/deposit-networks';
import type { WalletDeps } from '../plugins/wallet';
import type { ScheduledTask } from '../scheduler';

export const DEPOSITS_TASK = 'deposits';

/**
 * `deposits`: the EVM deposit watcher (chain/deposit-watcher.ts), then each Bitcoin and TRON
 * deposit network adapter (`wallet.depositNetworks`, domain/wallet/deposit-networks.ts).
 * Answers `{ evm, networks: { <network>: outcomes } }`.
 */
export function depositsJob(wallet: WalletDeps): ScheduledTask {
  // one watcher for the app's life: it logs an RPC outage once
  const watcher = createDepositWatcher(wallet);
  return {
    name: DEPOSITS_TASK,
    async run() {
      const evm = await watcher.run();
      const networks: Record<string, unknown> = {};
      for (const adapter of wallet.depositNetworks) {
        networks[adapter.network] = await syncNetworkDeposits(wallet, adapter);
      }
      return { evm, networks };
    },
  };
}

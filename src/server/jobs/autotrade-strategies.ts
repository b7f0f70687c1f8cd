import { deriveAuthKeys } from '../domain/auth/crypto';
import type { AutotradeDeps } from '../domain/autotrade/context';
import { AUTOTRADE_STRATEGIES_TASK, runStrategies } from '../domain/autotrade/signals';
import type { WalletDeps } from '../plugins/wallet';
import type { ScheduledTask } from '../scheduler';

/** Smart Autotrade's deps from the jobs' (the wallet's exchange adapter, the DATA_KEY key). */
export function autotradeDepsOf(wallet: WalletDeps): AutotradeDeps {
  return {
    db: wallet.db,
    clock: wallet.clock,
    exchange: wallet.exchange,
    dataKey: deriveAuthKeys(wallet.config).data,
    log: wallet.log,
  };
}

/**
 * `autotrade-strategies`: each running builtin strategy takes its algorithm's step on its own
 * exchange account, and every running strategy's new fills become signals
 * (domain/autotrade/signals.ts).
 */
export function autotradeStrategiesJob(wallet: WalletDeps): ScheduledTask {
  const deps = autotradeDepsOf(wallet);
  return { name: AUTOTRADE_STRATEGIES_TASK, run: () => runStrategies(deps) };
}

import { AUTOTRADE_SNAPSHOTS_TASK, takeSnapshots } from '../domain/autotrade/snapshots';
import type { WalletDeps } from '../plugins/wallet';
import type { ScheduledTask } from '../scheduler';
import { autotradeDepsOf } from './autotrade-strategies';

/**
 * `autotrade-snapshots`: the day's equity of every running strategy and open subscription book
 * (domain/autotrade/snapshots.ts), the series behind the charts and the strategy figures.
 */
export function autotradeSnapshotsJob(wallet: WalletDeps): ScheduledTask {
  const deps = autotradeDepsOf(wallet);
  return { name: AUTOTRADE_SNAPSHOTS_TASK, run: () => takeSnapshots(deps) };
}

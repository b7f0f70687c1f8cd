import { CUSTODIAL_UNSTAKE_TASK, releaseDueUnstakes } from '../domain/wallet/custodial-stake';
import type { WalletDeps } from '../plugins/wallet';
import { DATE_DRIVEN_EVERY_MS, type ScheduledTask } from '../scheduler';

/**
 * `custodial-unstake`: releases the custodial BCNT unstake requests whose 14 days are over
 * (domain/wallet/custodial-stake.ts); answers how many it released.
 */
export function custodialUnstakeJob(wallet: WalletDeps): ScheduledTask {
  return {
    name: CUSTODIAL_UNSTAKE_TASK,
    everyMs: DATE_DRIVEN_EVERY_MS,
    run: (now) => releaseDueUnstakes(wallet, now),
  };
}

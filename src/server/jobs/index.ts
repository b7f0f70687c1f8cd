import type { WalletDeps } from '../plugins/wallet';
import type { Scheduler, ScheduledTask } from '../scheduler';
import { custodialUnstakeJob } from './custodial-unstake';
import { depositsJob } from './deposits';
import { storeDeliveryJob } from './store-delivery';
import { withdrawalsJob } from './withdrawals';

/**
 * The scheduled jobs, one file each. A job is a named task of the wallet scheduler
 * (scheduler.ts): every scheduler tick runs each job once, in this order, under the lease
 * `task:<name>` (domain/wallet/leases.ts), so across API processes one runs a job at a time and a
 * crashed holder's lease expires. A job reads what is due from the database against the clock,
 * so running it again (another tick, a restart, the operator's command) does nothing twice.
 *
 * A new job: a file here exporting `(wallet) => ScheduledTask`, added to JOBS.
 */
export const JOBS: readonly ((wallet: WalletDeps) => ScheduledTask)[] = [
  depositsJob,
  withdrawalsJob,
  custodialUnstakeJob,
  storeDeliveryJob,
];

/** Register every job on the scheduler (buildApp does, once). */
export function registerJobs(scheduler: Scheduler, wallet: WalletDeps): void {
  for (const job of JOBS) scheduler.register(job(wallet));
}

import type { Outbox } from '../domain/auth/outbox';
import type { WalletDeps } from '../plugins/wallet';
import type { Scheduler, ScheduledTask } from '../scheduler';
import { airdropPayoutJob } from './airdrop-payout';
import { autotradeExecutorJob } from './autotrade-executor';
import { autotradeFeesJob } from './autotrade-fees';
import { autotradeMarginJob } from './autotrade-margin';
import { autotradeReportsJob } from './autotrade-reports';
import { autotradeSnapshotsJob } from './autotrade-snapshots';
import { autotradeStrategiesJob } from './autotrade-strategies';
import { binfiFlameJob } from './binfi-flame';
import { binfiRoundsJob } from './binfi-rounds';
import { custodialUnstakeJob } from './custodial-unstake';
import { depositsJob } from './deposits';
import { earnLifecycleJob } from './earn-lifecycle';
import { exchangeApiKeysJob } from './exchange-api-keys';
import { lendingBillingJob } from './lending-billing';
import { lendingBotJob } from './lending-bot';
import { partnerRebatesJob } from './partner-rebates';
import { referralRewardsJob } from './referral-rewards';
import { storeDeliveryJob } from './store-delivery';
import { withdrawalsJob } from './withdrawals';

/**
 * The scheduled jobs, one file each. A job is a named task of the wallet scheduler
 * (scheduler.ts): every scheduler tick runs each job once, in this order, under the lease
 * `task:<name>` (domain/wallet/leases.ts), so across API processes one runs a job at a time and a
 * crashed holder's lease expires (a tick takes all the leases it can in one statement). A job
 * reads what is due from the database against the clock, so running it again (another tick, a
 * restart, the operator's command) does nothing twice.
 *
 * A new job: a file here exporting `(deps) => ScheduledTask`, added to JOBS.
 */

/** What jobs get: the wallet's deps (database, clock, config, adapters) and the outbox. */
export type JobDeps = WalletDeps & { outbox: Outbox };

export const JOBS: readonly ((deps: JobDeps) => ScheduledTask)[] = [
  depositsJob,
  withdrawalsJob,
  custodialUnstakeJob,
  storeDeliveryJob,
  earnLifecycleJob,
  exchangeApiKeysJob,
  autotradeStrategiesJob,
  autotradeExecutorJob,
  autotradeSnapshotsJob,
  autotradeFeesJob,
  autotradeMarginJob,
  autotradeReportsJob,
  lendingBillingJob,
  lendingBotJob,
  binfiRoundsJob,
  binfiFlameJob,
  referralRewardsJob,
  partnerRebatesJob,
  airdropPayoutJob,
];

/** Register every job on the scheduler (buildApp does, once). */
export function registerJobs(scheduler: Scheduler, deps: JobDeps): void {
  for (const job of JOBS) scheduler.register(job(deps));
}

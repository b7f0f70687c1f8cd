import { AIRDROP_PAYOUT_TASK, runAirdropPayout } from '../domain/programs/airdrop-payout';
import { DATE_DRIVEN_EVERY_MS, type ScheduledTask } from '../scheduler';
import type { JobDeps } from './index';

/**
 * `airdrop-payout`: each ended airdrop campaign's pool shared equally among the members qualified
 * at its end (allocated once), then each share paid from the airdrop pool by one ledger
 * transaction, while the pool holds it (domain/programs/airdrop-payout.ts).
 */
export function airdropPayoutJob(deps: JobDeps): ScheduledTask {
  return {
    name: AIRDROP_PAYOUT_TASK,
    everyMs: DATE_DRIVEN_EVERY_MS,
    run: (now) => runAirdropPayout(deps, now),
  };
}

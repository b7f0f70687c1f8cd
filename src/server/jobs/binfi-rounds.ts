import { BINFI_ROUNDS_TASK, runBinfiRounds } from '../domain/binfi/operator';
import type { ScheduledTask } from '../scheduler';
import type { JobDeps } from './index';

/**
 * `binfi-rounds`: the BinFiPool rounds' scheduled operator work (domain/binfi/operator.ts
 * runBinfiRounds): the match after the raise window, the refund batch and the start the next
 * day, maturity, the stop-loss deadline, the settlement payouts. Read from the indexed state and
 * checked on chain before each call; the contract refuses repeats, so a rerun does nothing twice.
 */
export function binfiRoundsJob(deps: JobDeps): ScheduledTask {
  return { name: BINFI_ROUNDS_TASK, run: (now) => runBinfiRounds(deps, now) };
}

import { BINFI_FLAME_TASK, runBinfiFlame } from '../domain/binfi/flame';
import type { ScheduledTask } from '../scheduler';
import type { JobDeps } from './index';

/**
 * `binfi-flame`: Flame's result of the running BinFi rounds (domain/binfi/flame.ts): the
 * position on the exchange's market opened at the start, a PnL snapshot every 5 minutes of the
 * clock, the stop-loss at the round's rate, Rock's reward months, the settlement per unit from
 * the closed position, the referral rebates after it. Each step is keyed (the snapshot's slot,
 * the pool's period order, the ledger's idempotency keys), so a rerun does nothing twice.
 */
export function binfiFlameJob(deps: JobDeps): ScheduledTask {
  return { name: BINFI_FLAME_TASK, run: (now) => runBinfiFlame(deps, now) };
}

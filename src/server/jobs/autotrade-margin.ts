import { autotradeDepsOf } from '../domain/autotrade/margin';
import { AUTOTRADE_MARGIN_TASK, runMarginWatch } from '../domain/autotrade/subscriptions';
import type { ScheduledTask } from '../scheduler';
import type { JobDeps } from './index';

/**
 * `autotrade-margin`: the Smart Autotrade margin watch (domain/autotrade/subscriptions.ts
 * runMarginWatch): unfunded pending subscriptions cancelled, automatic top-ups, the low-margin
 * warning, the cancellation below the fee due, and the operator's MarginVault transactions.
 */
export function autotradeMarginJob(deps: JobDeps): ScheduledTask {
  const autotrade = autotradeDepsOf(deps, deps.outbox);
  return { name: AUTOTRADE_MARGIN_TASK, run: (now) => runMarginWatch(autotrade, now) };
}

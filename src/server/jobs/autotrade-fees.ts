import { autotradeDepsOf } from '../domain/autotrade/margin';
import { AUTOTRADE_FEES_TASK, runMonthlyFees } from '../domain/autotrade/fees';
import { DATE_DRIVEN_EVERY_MS, type ScheduledTask } from '../scheduler';
import type { JobDeps } from './index';

/**
 * `autotrade-fees`: from the 1st of each month (UTC+8), the performance fee of every running
 * Smart Autotrade subscription for the month before, once (domain/autotrade/fees.ts); then the
 * operator's MarginVault transactions are sent.
 */
export function autotradeFeesJob(deps: JobDeps): ScheduledTask {
  const autotrade = autotradeDepsOf(deps, deps.outbox);
  return {
    name: AUTOTRADE_FEES_TASK,
    everyMs: DATE_DRIVEN_EVERY_MS,
    run: (now) => runMonthlyFees(autotrade, now),
  };
}

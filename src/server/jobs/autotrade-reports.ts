import { autotradeDepsOf } from '../domain/autotrade/margin';
import { AUTOTRADE_REPORTS_TASK, runMonthlyReports } from '../domain/autotrade/reports';
import { DATE_DRIVEN_EVERY_MS, type ScheduledTask } from '../scheduler';
import type { JobDeps } from './index';

/**
 * `autotrade-reports`: from the 5th of each month (UTC+8), the monthly report of every Smart
 * Autotrade subscription for the month before, stored and e-mailed once
 * (domain/autotrade/reports.ts).
 */
export function autotradeReportsJob(deps: JobDeps): ScheduledTask {
  const autotrade = autotradeDepsOf(deps, deps.outbox);
  return {
    name: AUTOTRADE_REPORTS_TASK,
    everyMs: DATE_DRIVEN_EVERY_MS,
    run: (now) => runMonthlyReports(autotrade, now),
  };
}

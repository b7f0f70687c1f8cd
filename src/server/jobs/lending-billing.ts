import { LENDING_BILLING_TASK, runBilling } from '../domain/lending/billing';
import { lendingDepsOf } from '../domain/lending/context';
import { DATE_DRIVEN_EVERY_MS, type ScheduledTask } from '../scheduler';
import type { JobDeps } from './index';

/**
 * `lending-billing`: lending subscriptions whose period ends renew (the next 30 days charged
 * from the custodial wallet once) or end (unsubscribed, or a wallet that cannot pay); from two
 * days before an end a wallet short of the fee is flagged and e-mailed once
 * (domain/lending/billing.ts).
 */
export function lendingBillingJob(deps: JobDeps): ScheduledTask {
  const lending = lendingDepsOf(deps, deps.outbox);
  return {
    name: LENDING_BILLING_TASK,
    everyMs: DATE_DRIVEN_EVERY_MS,
    run: (now) => runBilling(lending, now),
  };
}

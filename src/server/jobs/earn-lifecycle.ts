import { EARN_LIFECYCLE_TASK, runEarnLifecycle } from '../domain/earn/lifecycle';
import type { ScheduledTask } from '../scheduler';
import type { JobDeps } from './index';

/**
 * `earn-lifecycle`: starts, settles, renews and returns earn subscriptions that are due
 * (domain/earn/lifecycle.ts); `ops earn run` calls the same function.
 */
export function earnLifecycleJob(deps: JobDeps): ScheduledTask {
  return {
    name: EARN_LIFECYCLE_TASK,
    run: (now) => runEarnLifecycle(earnDepsOf(deps), now),
  };
}

/** The earn domain's deps from the jobs' (the wallet's adapters, the outbox, the config). */
export function earnDepsOf(deps: JobDeps) {
  return {
    db: deps.db,
    clock: deps.clock,
    prices: deps.prices,
    outbox: deps.outbox,
    chainId: deps.config.chainId,
    appOrigin: deps.config.appOrigin,
  };
}

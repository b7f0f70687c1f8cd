import { AUTOTRADE_EXECUTOR_TASK, runExecutor } from '../domain/autotrade/executor';
import type { WalletDeps } from '../plugins/wallet';
import type { ScheduledTask } from '../scheduler';
import { autotradeDepsOf } from './autotrade-strategies';

/**
 * `autotrade-executor`: mirrors new signals onto the subscribers' exchange accounts through the
 * order outbox, resumes subscriptions whose key works again, looks up orders whose reply was
 * lost (domain/autotrade/executor.ts).
 */
export function autotradeExecutorJob(wallet: WalletDeps): ScheduledTask {
  const deps = autotradeDepsOf(wallet);
  return { name: AUTOTRADE_EXECUTOR_TASK, run: () => runExecutor(deps) };
}

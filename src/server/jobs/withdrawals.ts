import { processWithdrawals, WITHDRAWALS_TASK } from '../domain/wallet/withdrawal-processing';
import type { WalletDeps } from '../plugins/wallet';
import type { ScheduledTask } from '../scheduler';

/**
 * `withdrawals`: the withdrawal queue (domain/wallet/withdrawal-processing.ts): send what is
 * due, then confirm what was sent. The operator's `withdrawals run` does the same work under the
 * same lease.
 */
export function withdrawalsJob(wallet: WalletDeps): ScheduledTask {
  return {
    name: WITHDRAWALS_TASK,
    run: () => processWithdrawals({ wallet, payouts: wallet.payouts }),
  };
}

import { useRef } from 'react';
import { queryKeys } from '../../../services/query-keys';
import { loyaltyStakingAbi } from '../../../shared/contracts/generated';
import { useTxFlow, type TxFlow } from '../../../web3/tx/use-tx-flow';
import { afterStakingTx, type StakingTxOptions } from './use-stake';
import { useStakingContracts } from './use-wallet-stake';

export interface WithdrawAction {
  flow: TxFlow;
  /** withdraw(requestId): pays an unlocked request out to its owner. True once Done. */
  withdraw: () => Promise<boolean>;
}

/** Withdraw of one unstake request (its own pipeline key, so rows do not share a state). */
export function useWithdraw(requestId: bigint, { onDone }: StakingTxOptions = {}): WithdrawAction {
  const contracts = useStakingContracts();
  const flow = useTxFlow({
    key: `loyalty.withdraw.${requestId}`,
    invalidate: [queryKeys.member.loyaltyStatus()],
    onDone: (receipt) => afterStakingTx(receipt, onDone),
  });
  const running = useRef(false);

  async function withdraw(): Promise<boolean> {
    if (!contracts || running.current) return false;
    running.current = true;
    try {
      const receipt = await flow.send({
        address: contracts.staking,
        abi: loyaltyStakingAbi,
        functionName: 'withdraw',
        args: [requestId],
      });
      return receipt !== undefined;
    } finally {
      running.current = false;
    }
  }

  return { flow, withdraw };
}

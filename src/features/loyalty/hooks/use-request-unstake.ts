import { useRef } from 'react';
import { queryKeys } from '../../../services/query-keys';
import { loyaltyStakingAbi } from '../../../shared/contracts/generated';
import { useTxFlow, type TxFlow } from '../../../web3/tx/use-tx-flow';
import { afterStakingTx, type StakingTxOptions } from './use-stake';
import { useStakingContracts } from './use-wallet-stake';

export interface RequestUnstakeAction {
  flow: TxFlow;
  /** requestUnstake(amount): opens a request that unlocks 14 days later. True once Done. */
  requestUnstake: (amount: bigint) => Promise<boolean>;
}

export function useRequestUnstake({ onDone }: StakingTxOptions = {}): RequestUnstakeAction {
  const contracts = useStakingContracts();
  const flow = useTxFlow({
    key: 'loyalty.requestUnstake',
    invalidate: [queryKeys.member.loyaltyStatus()],
    onDone: (receipt) => afterStakingTx(receipt, onDone),
  });
  const running = useRef(false);

  async function requestUnstake(amount: bigint): Promise<boolean> {
    if (!contracts || amount <= 0n || running.current) return false;
    running.current = true;
    try {
      const receipt = await flow.send({
        address: contracts.staking,
        abi: loyaltyStakingAbi,
        functionName: 'requestUnstake',
        args: [amount],
      });
      return receipt !== undefined;
    } finally {
      running.current = false;
    }
  }

  return { flow, requestUnstake };
}

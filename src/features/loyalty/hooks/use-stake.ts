import { useRef } from 'react';
import { zeroAddress, type TransactionReceipt } from 'viem';
import { queryKeys } from '../../../services/query-keys';
import { loyaltyStakingAbi } from '../../../shared/contracts/generated';
import { useAllowance } from '../../../web3/tx/use-allowance';
import { useTxFlow, type TxFlow } from '../../../web3/tx/use-tx-flow';
import { waitForIndexedStatus } from '../api/status-index-wait';
import { useStakingContracts } from './use-wallet-stake';

export interface StakeAction {
  /** approve(staking contract, amount) on BCNT, when the allowance is short */
  approveFlow: TxFlow;
  /** stake(amount) on LoyaltyStaking */
  stakeFlow: TxFlow;
  needsApprove: boolean;
  /** The allowance is still being read (Stake waits for it). */
  allowanceLoading: boolean;
  busy: boolean;
  /** Approve (if needed), then stake `amount`. Resolves true once the stake is Done. */
  stake: () => Promise<boolean>;
}

export interface StakingTxOptions {
  /** After a Done transaction (e.g. re-read the wallet's position). */
  onDone?: (receipt: TransactionReceipt) => void;
}

/** A Done staking transaction: the member's status polls until the server has indexed it. */
export function afterStakingTx(receipt: TransactionReceipt, onDone?: StakingTxOptions['onDone']) {
  waitForIndexedStatus(receipt.blockNumber);
  onDone?.(receipt);
}

/** Stake = approve (when the allowance is short) -> stake(amount), both through the tx pipeline. */
export function useStake(amount: bigint, { onDone }: StakingTxOptions = {}): StakeAction {
  const contracts = useStakingContracts();
  const allowance = useAllowance({
    token: contracts?.token ?? zeroAddress,
    spender: contracts?.staking ?? zeroAddress,
    amount,
    // the approval runs as 'loyalty.stake.approve'
    key: 'loyalty.stake',
  });
  const stakeFlow = useTxFlow({
    key: 'loyalty.stake',
    invalidate: [queryKeys.member.loyaltyStatus()],
    onDone: (receipt) => afterStakingTx(receipt, onDone),
  });
  const running = useRef(false);

  async function stake(): Promise<boolean> {
    if (!contracts || amount <= 0n || running.current) return false;
    running.current = true;
    try {
      // an allowance that could not be read is treated as short: approving is always safe
      if (allowance.needsApprove || allowance.allowance === undefined) {
        const approved = await allowance.approve();
        if (!approved) return false;
      }
      const receipt = await stakeFlow.send({
        address: contracts.staking,
        abi: loyaltyStakingAbi,
        functionName: 'stake',
        args: [amount],
      });
      return receipt !== undefined;
    } finally {
      running.current = false;
    }
  }

  return {
    approveFlow: allowance.flow,
    stakeFlow,
    needsApprove: allowance.needsApprove,
    allowanceLoading: allowance.isLoading,
    busy: allowance.flow.busy || stakeFlow.busy,
    stake,
  };
}

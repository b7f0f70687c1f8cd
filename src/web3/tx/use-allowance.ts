import { useCallback } from 'react';
import { erc20Abi, type Address, type TransactionReceipt } from 'viem';
import { useAccount, useConfig, useReadContract } from 'wagmi';
import { useTxFlow, type TxFlow } from './use-tx-flow';

/**
 * `approve(spender, amount)` without a declared return value: mainnet USDT (and TestUSDT)
 * returns nothing, and a `returns (bool)` ABI would make the simulation fail to decode.
 */
export const approveAbi = [
  {
    type: 'function',
    name: 'approve',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'spender', type: 'address' },
      { name: 'amount', type: 'uint256' },
    ],
    outputs: [],
  },
] as const;

export interface UseAllowanceOptions {
  /** The ERC-20 token the action spends (BCNT, USDT, USDC). */
  token: Address;
  /** The contract that will pull the tokens (LoyaltyStaking, MarginVault, BinFiPool). */
  spender: Address;
  /** What the action needs, in atomic units. */
  amount: bigint;
  /** The action's key; the approval runs as `${key}.approve`. */
  key: string;
}

export interface Allowance {
  allowance: bigint | undefined;
  isLoading: boolean;
  /** amount > allowance (false while unknown, and for amount 0). */
  needsApprove: boolean;
  /** Approves exactly `amount` through its own useTxFlow (key `${key}.approve`), refetches the allowance on Done. */
  approve: () => Promise<TransactionReceipt | undefined>;
  flow: TxFlow;
}

/**
 * Approve-then-act (STYLE.md 6): the connected account's allowance for `spender` on the app
 * chain, and an approval of exactly `amount` (never an unlimited one) through the pipeline.
 * The screen shows Approve while `needsApprove`, then its action.
 */
export function useAllowance({ token, spender, amount, key }: UseAllowanceOptions): Allowance {
  const config = useConfig();
  const chainId = config.chains[0].id;
  const { address } = useAccount();
  const query = useReadContract({
    abi: erc20Abi,
    address: token,
    functionName: 'allowance',
    args: address ? [address, spender] : undefined,
    chainId,
    query: { enabled: Boolean(address) },
  });
  const { refetch } = query;
  const flow = useTxFlow({ key: `${key}.approve`, onDone: () => void refetch() });
  const { send } = flow;

  const approve = useCallback(
    () =>
      send({ address: token, abi: approveAbi, functionName: 'approve', args: [spender, amount] }),
    [send, token, spender, amount],
  );

  const allowance = address ? query.data : undefined;
  return {
    allowance,
    isLoading: Boolean(address) && query.isLoading,
    needsApprove: amount > 0n && allowance !== undefined && amount > allowance,
    approve,
    flow,
  };
}

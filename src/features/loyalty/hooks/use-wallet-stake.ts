import { useMemo } from 'react';
import { zeroAddress, type Address } from 'viem';
import { useAccount, useConfig, useReadContract, useReadContracts } from 'wagmi';
import {
  bcntAbi,
  bcntAddress,
  loyaltyStakingAbi,
  loyaltyStakingAddress,
} from '../../../shared/contracts/generated';
import type { StakeThresholds } from '../../../shared/membership/levels';

/**
 * The connected wallet's staking position, read from the chain (wagmi) on the app's chain,
 * whatever chain the wallet is on. Components get plain values (a seam for tests); every
 * transaction goes through the tx pipeline (use-stake.ts and friends), which refetches these
 * reads after each Done transaction.
 */

/** How often the reads refresh on their own (about one mainnet block); writes refetch sooner. */
export const WALLET_STAKE_REFETCH_MS = 12_000;

export type Loadable<T> =
  { status: 'loading' } | { status: 'error'; retry: () => void } | { status: 'success'; value: T };

export interface StakingContracts {
  chainId: number;
  /** BCNT */
  token: Address;
  /** LoyaltyStaking */
  staking: Address;
}

export interface WalletPosition {
  /** staked, not requested for unstake */
  staked: bigint;
  /** in open unstake requests (cooling down; still counts for the level) */
  pending: bigint;
  /** staked + pending: what counts for the level */
  levelAmount: bigint;
}

export interface WalletUnstakeRequest {
  id: bigint;
  amount: bigint;
  /** unix seconds (chain time) */
  unlockAt: bigint;
  withdrawn: boolean;
}

export interface WalletStake {
  contracts: StakingContracts | undefined;
  connection: 'disconnected' | 'connecting' | 'connected';
  address: Address | undefined;
  balance: Loadable<bigint>;
  position: Loadable<WalletPosition>;
  /** the wallet's unstake requests, newest first */
  requests: Loadable<WalletUnstakeRequest[]>;
  /** the contract's level thresholds (readable without a wallet) */
  thresholds: Loadable<StakeThresholds>;
}

/** The app's chain: the first chain of the wagmi config (the one the app writes to). */
export function useAppChainId(): number {
  return useConfig().chains[0].id;
}

/** Where BCNT and the staking contract are deployed on `chainId` (undefined: not there). */
export function stakingContractsOn(chainId: number): StakingContracts | undefined {
  const token = (bcntAddress as Partial<Record<number, Address>>)[chainId];
  const staking = (loyaltyStakingAddress as Partial<Record<number, Address>>)[chainId];
  return token && staking ? { chainId, token, staking } : undefined;
}

export function useStakingContracts(): StakingContracts | undefined {
  const chainId = useAppChainId();
  return useMemo(() => stakingContractsOn(chainId), [chainId]);
}

interface ReadState<T> {
  status: 'pending' | 'error' | 'success';
  data: T | undefined;
  refetch: () => unknown;
}

function loadable<T, R>(read: ReadState<R>, map: (data: R) => T): Loadable<T> {
  if (read.status === 'success' && read.data !== undefined) {
    return { status: 'success', value: map(read.data) };
  }
  if (read.status === 'error') return { status: 'error', retry: () => void read.refetch() };
  return { status: 'loading' };
}

export function useWalletStake(): WalletStake {
  const contracts = useStakingContracts();
  const account = useAccount();
  const address = account.status === 'connected' ? account.address : undefined;
  const chainId = contracts?.chainId;
  const staking = contracts?.staking ?? zeroAddress;
  const owner = address ?? zeroAddress;
  const walletReads = Boolean(contracts && address);

  const balance = useReadContract({
    abi: bcntAbi,
    address: contracts?.token,
    functionName: 'balanceOf',
    args: [owner],
    chainId,
    query: { enabled: walletReads, refetchInterval: WALLET_STAKE_REFETCH_MS },
  });

  const position = useReadContracts({
    allowFailure: false,
    contracts: [
      {
        abi: loyaltyStakingAbi,
        address: staking,
        chainId,
        functionName: 'stakedOf',
        args: [owner],
      },
      {
        abi: loyaltyStakingAbi,
        address: staking,
        chainId,
        functionName: 'pendingOf',
        args: [owner],
      },
      {
        abi: loyaltyStakingAbi,
        address: staking,
        chainId,
        functionName: 'levelAmountOf',
        args: [owner],
      },
      {
        abi: loyaltyStakingAbi,
        address: staking,
        chainId,
        functionName: 'requestIdsOf',
        args: [owner],
      },
    ],
    query: { enabled: walletReads, refetchInterval: WALLET_STAKE_REFETCH_MS },
  });

  const thresholds = useReadContract({
    abi: loyaltyStakingAbi,
    address: contracts?.staking,
    functionName: 'thresholds',
    chainId,
    query: { enabled: Boolean(contracts) },
  });

  const ids = position.data?.[3] ?? [];
  const requests = useReadContracts({
    allowFailure: false,
    contracts: ids.map((id) => ({
      abi: loyaltyStakingAbi,
      address: staking,
      chainId,
      functionName: 'getRequest' as const,
      args: [id] as const,
    })),
    query: { enabled: walletReads && ids.length > 0 },
  });

  const requestList: Loadable<WalletUnstakeRequest[]> =
    position.status === 'success' && ids.length === 0
      ? { status: 'success', value: [] }
      : position.status === 'error'
        ? { status: 'error', retry: () => void position.refetch() }
        : loadable(requests, (list) =>
            list
              .map((request, index) => ({
                id: ids[index] ?? BigInt(index),
                amount: request.amount,
                unlockAt: request.unlockAt,
                withdrawn: request.withdrawn,
              }))
              .sort((a, b) => (a.id === b.id ? 0 : a.id > b.id ? -1 : 1)),
          );

  return {
    contracts,
    connection:
      account.status === 'connected'
        ? 'connected'
        : account.status === 'disconnected'
          ? 'disconnected'
          : 'connecting',
    address,
    balance: loadable(balance, (value) => value),
    position: loadable(position, ([staked, pending, levelAmount]) => ({
      staked,
      pending,
      levelAmount,
    })),
    requests: requestList,
    thresholds: loadable(thresholds, ([level2, level3, level4]) => ({ level2, level3, level4 })),
  };
}

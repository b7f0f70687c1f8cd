import type { Address } from 'viem';
import { useAccount, useBalance, useReadContract } from 'wagmi';
import type { DepositNetworkInfo } from '../../../shared/api/wallet-deposit';
import { testUsdtAbi } from '../../../shared/contracts/generated';

/** How often the balance is read again while the form is open (about one mainnet block). */
const REFETCH_MS = 12_000;

export type WalletBalance =
  /** not connected, or a network the browser wallet cannot pay on */
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'error'; retry: () => void }
  | { status: 'success'; value: bigint };

/**
 * What the connected wallet holds of the currency it would pay with: ETH on the ETH network,
 * the token's `balanceOf` on ERC20 (the contract WalletDepositInfo names), read on the deposit's
 * chain (`evmChainId`) whatever chain the wallet is on. A paid deposit refreshes it (the tx
 * pipeline invalidates wagmi's reads after Done).
 */
export function useWalletBalance(network: DepositNetworkInfo): WalletBalance {
  const { address } = useAccount();
  const chainId = network.evmChainId ?? undefined;
  const token = network.tokenAddress as Address | null;
  const isEth = network.network === 'ETH';
  const tokenQuery = useReadContract({
    abi: testUsdtAbi,
    address: token ?? undefined,
    functionName: 'balanceOf',
    args: address ? [address] : undefined,
    chainId,
    query: { enabled: Boolean(address && token && !isEth), refetchInterval: REFETCH_MS },
  });
  const ethQuery = useBalance({
    address,
    chainId,
    query: { enabled: Boolean(address && isEth), refetchInterval: REFETCH_MS },
  });

  if (!address || chainId === undefined || (!isEth && !token)) return { status: 'none' };
  if (isEth) {
    if (ethQuery.status === 'success') return { status: 'success', value: ethQuery.data.value };
    if (ethQuery.status === 'error')
      return { status: 'error', retry: () => void ethQuery.refetch() };
    return { status: 'loading' };
  }
  if (tokenQuery.status === 'success') return { status: 'success', value: tokenQuery.data };
  if (tokenQuery.status === 'error')
    return { status: 'error', retry: () => void tokenQuery.refetch() };
  return { status: 'loading' };
}

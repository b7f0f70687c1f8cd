import { useAccount, useReadContract } from 'wagmi';
import { bcntAbi } from '../shared/contracts/generated';
import { BCNT_DECIMALS, bcntAddressOn } from './bcnt-token';
import { formatTokenAmount } from './format-token-amount';

/** How often the nav re-reads the balance (about one mainnet block); writes invalidate sooner. */
export const BCNT_BALANCE_REFETCH_MS = 12_000;

export type BcntBalance =
  /** Not connected, on a chain the app does not know, or BCNT is not deployed there. */
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'error'; retry: () => void }
  | { status: 'success'; value: bigint; formatted: string };

/** The connected wallet's BCNT balance on the chain it is connected to. */
export function useBcntBalance(): BcntBalance {
  // `chain` is set only when the wallet's chain is one of the configured chains.
  const { address, chain } = useAccount();
  const token = bcntAddressOn(chain?.id);
  const enabled = Boolean(address && token);
  const query = useReadContract({
    abi: bcntAbi,
    address: token,
    functionName: 'balanceOf',
    args: address ? [address] : undefined,
    chainId: chain?.id,
    query: { enabled, refetchInterval: BCNT_BALANCE_REFETCH_MS },
  });

  if (!enabled) return { status: 'none' };
  if (query.status === 'success') {
    return {
      status: 'success',
      value: query.data,
      formatted: formatTokenAmount(query.data, { decimals: BCNT_DECIMALS }),
    };
  }
  if (query.status === 'error') return { status: 'error', retry: () => void query.refetch() };
  return { status: 'loading' };
}

import { lazy, Suspense } from 'react';
import { Skeleton } from '../../../components/load-states';
import type { ChainMarginDepositProps } from './chain-margin-deposit';

/** The wallet code (wagmi, viem, RainbowKit) is its own chunk: pages render this wrapper. */
const ChainMarginDeposit = lazy(() => import('./chain-margin-deposit'));

export function LazyChainMarginDeposit(props: ChainMarginDepositProps) {
  return (
    <Suspense fallback={<Skeleton lines={2} testId="autotrade-chain-loading" />}>
      <ChainMarginDeposit {...props} />
    </Suspense>
  );
}

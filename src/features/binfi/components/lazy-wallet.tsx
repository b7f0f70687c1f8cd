import { lazy, Suspense } from 'react';
import { Skeleton } from '../../../components/load-states';
import type { JoinWalletProps } from './join-wallet';
import type { OrderWalletActionsProps } from './order-wallet-actions';

/** The wallet code (wagmi, viem, RainbowKit) is its own chunk: pages render these wrappers. */
const JoinWallet = lazy(() => import('./join-wallet'));
const OrderWalletActions = lazy(() => import('./order-wallet-actions'));

export function LazyJoinWallet(props: JoinWalletProps) {
  return (
    <Suspense fallback={<Skeleton lines={3} testId="binfi-wallet-loading" />}>
      <JoinWallet {...props} />
    </Suspense>
  );
}

export function LazyOrderWalletActions(props: OrderWalletActionsProps) {
  return (
    <Suspense fallback={<Skeleton lines={1} testId="binfi-wallet-loading" />}>
      <OrderWalletActions {...props} />
    </Suspense>
  );
}

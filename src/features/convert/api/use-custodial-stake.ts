import { useMutation } from '@tanstack/react-query';
import { custodialStake } from '../../../services/wallet-convert';
import type { StakeBody } from '../../../shared/api/wallet-convert';
import { useInvalidateWallet } from './use-invalidate-wallet';

/** POST /api/v1/user/wallet/stake (stake or unstake) with the action's idempotency key. */
export function useCustodialStake() {
  const invalidate = useInvalidateWallet();
  return useMutation({
    mutationFn: ({ body, key }: { body: StakeBody; key: string }) => custodialStake(body, key),
    onSettled: () => invalidate(),
  });
}

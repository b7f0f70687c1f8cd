import { useMutation } from '@tanstack/react-query';
import { convertCurrency } from '../../../services/wallet-convert';
import type { ConvertBody } from '../../../shared/api/wallet-convert';
import { useInvalidateWallet } from './use-invalidate-wallet';

/** POST /api/v1/user/ConvertCurrency with the action's idempotency key. */
export function useConvert() {
  const invalidate = useInvalidateWallet();
  return useMutation({
    mutationFn: ({ body, key }: { body: ConvertBody; key: string }) => convertCurrency(body, key),
    onSettled: () => invalidate(),
  });
}

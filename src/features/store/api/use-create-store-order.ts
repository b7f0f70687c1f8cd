import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../services/query-keys';
import { createStoreOrder } from '../../../services/store';
import type { StoreOrder } from '../../../shared/api/store';

/**
 * POST /token/order. The caller passes the click's idempotency key (one per click on Buy), so a
 * retry of the same click answers the same order; the order list is refetched after it.
 */
export function useCreateStoreOrder() {
  const client = useQueryClient();
  return useMutation<StoreOrder, unknown, { usdtAmount: string; idempotencyKey: string }>({
    mutationFn: ({ usdtAmount, idempotencyKey }) =>
      createStoreOrder({ usdtAmount }, idempotencyKey),
    onSuccess: () =>
      client.invalidateQueries({ queryKey: queryKeys.member.storeOrders() }),
  });
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { cachePresets, queryKeys } from '../../../services/query-keys';
import { getStoreOrders } from '../../../services/store';
import type { StoreOrder, StoreOrderList } from '../../../shared/api/store';
import { STORE_ORDER_POLL_MS } from '../../../shared/constants/store';

export const STORE_HISTORY_PAGE_SIZE = 10;

/** Delivered is the only final state; every other order may still change. */
export const isFinalOrder = (order: Pick<StoreOrder, 'status'>) => order.status === 'Delivered';

/** Poll while the page shows an order that is not final (5 s). */
export function storeOrdersRefetchInterval(data: StoreOrderList | undefined): number | false {
  return data?.items.some((order) => !isFinalOrder(order)) ? STORE_ORDER_POLL_MS : false;
}

export function storeOrdersQueryOptions(page: number, pageSize = STORE_HISTORY_PAGE_SIZE) {
  return queryOptions({
    queryKey: queryKeys.member.storeOrders({ page, pageSize }),
    queryFn: () => getStoreOrders({ page, pageSize }),
    ...cachePresets.fresh,
  });
}

/** GET /token/order, polled every 5 s while a listed order is not Delivered. */
export function useStoreOrders(page: number, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...storeOrdersQueryOptions(page),
    enabled: options.enabled ?? true,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => storeOrdersRefetchInterval(query.state.data),
  });
}

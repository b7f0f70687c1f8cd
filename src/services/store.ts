import {
  type CreateStoreOrderBody,
  type StoreOrder,
  type StoreOrderList,
  storeOrderListSchema,
  storeOrderSchema,
  type TokenInfo,
  tokenInfoSchema,
} from '../shared/api/store';
import { request } from './http-client';
import { idempotencyHeaders } from './wallet';

/**
 * BCNT store calls of the token service (contract `shared/api/store.ts`).
 */

/**
 * POST /token/order (createOrderAndGetDepositWalletAddress): the order and its deposit address.
 * `idempotencyKey` belongs to one order (`useIdempotentAction`): Buy again after a failure sends
 * it again. Not replayed after an auth failure (the member presses Buy again).
 */
export function createStoreOrder(
  body: CreateStoreOrderBody,
  idempotencyKey: string,
): Promise<StoreOrder> {
  return request({
    service: 'token',
    path: '/order',
    method: 'POST',
    body,
    headers: idempotencyHeaders(idempotencyKey),
    schema: storeOrderSchema,
    retry: false,
  });
}

/** GET /token/order (getOrderList): the member's orders, newest first. */
export function getStoreOrders(query: { page: number; pageSize: number }): Promise<StoreOrderList> {
  return request({
    service: 'token',
    path: '/order',
    method: 'GET',
    query,
    schema: storeOrderListSchema,
  });
}

/** GET /token/info (getTokenInfo, guest): BCNT, the store rules and the current price. */
export function getTokenInfo(): Promise<TokenInfo> {
  return request({
    service: 'token',
    path: '/info',
    method: 'GET',
    guest: true,
    schema: tokenInfoSchema,
  });
}

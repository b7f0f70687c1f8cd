import type { WalletCurrency } from '../shared/api/wallet';
import {
  addressListSchema,
  savedAddressSchema,
  sendWithdrawCodeResultSchema,
  withdrawalHistorySchema,
  withdrawalSchema,
  withdrawInfoSchema,
  type AddAddressBody,
  type AddressList,
  type SavedAddress,
  type SendWithdrawCodeResult,
  type WithdrawBody,
  type Withdrawal,
  type WithdrawalHistory,
  type WithdrawInfo,
} from '../shared/api/wallet-withdraw';
import { request } from './http-client';
import { idempotencyHeaders } from './wallet';

/**
 * Withdrawal and saved-address calls of the gateway (contract `shared/api/wallet-withdraw.ts`).
 * Calls that spend a second-factor code are `retry: false` (never replayed after an auth
 * failure: the code is single-use). `requestWithdraw` carries the idempotency key of the
 * member's withdrawal request (`useIdempotentAction`), the same on every retry of it.
 */

/** GET /api/v1/user/WithdrawInfo?currency= */
export function getWithdrawInfo(currency: WalletCurrency): Promise<WithdrawInfo> {
  return request({
    service: 'gateway',
    path: '/user/WithdrawInfo',
    method: 'GET',
    query: { currency },
    schema: withdrawInfoSchema,
  });
}

/** POST /api/v1/user/Withdraw (Idempotency-Key header). */
export function requestWithdraw(body: WithdrawBody, idempotencyKey: string): Promise<Withdrawal> {
  return request({
    service: 'gateway',
    path: '/user/Withdraw',
    method: 'POST',
    body,
    headers: idempotencyHeaders(idempotencyKey),
    schema: withdrawalSchema,
    retry: false,
  });
}

/** POST /api/v1/user/Withdraw/sendCode: an SMS code for members on SMS two-step. */
export function sendWithdrawCode(): Promise<SendWithdrawCodeResult> {
  return request({
    service: 'gateway',
    path: '/user/Withdraw/sendCode',
    method: 'POST',
    schema: sendWithdrawCodeResultSchema,
    retry: false,
  });
}

/** GET /api/v1/user/Withdraw: the member's withdrawals, newest first. */
export function getWithdrawals(query: {
  currency?: WalletCurrency | undefined;
  page: number;
  pageSize: number;
}): Promise<WithdrawalHistory> {
  return request({
    service: 'gateway',
    path: '/user/Withdraw',
    method: 'GET',
    query,
    schema: withdrawalHistorySchema,
  });
}

/** GET /api/v1/user/address?currency= */
export function getAddresses(currency?: WalletCurrency): Promise<AddressList> {
  return request({
    service: 'gateway',
    path: '/user/address',
    method: 'GET',
    query: currency ? { currency } : {},
    schema: addressListSchema,
  });
}

/** POST /api/v1/user/address (second factor in `code`). */
export function addAddress(body: AddAddressBody): Promise<SavedAddress> {
  return request({
    service: 'gateway',
    path: '/user/address',
    method: 'POST',
    body,
    schema: savedAddressSchema,
    retry: false,
  });
}

/** DELETE /api/v1/user/address: answers the remaining list. */
export function deleteAddress(id: number): Promise<AddressList> {
  return request({
    service: 'gateway',
    path: '/user/address',
    method: 'DELETE',
    body: { id },
    schema: addressListSchema,
  });
}

/** PATCH /api/v1/user/address/default: answers the list. */
export function setDefaultAddress(id: number): Promise<AddressList> {
  return request({
    service: 'gateway',
    path: '/user/address/default',
    method: 'PATCH',
    body: { id },
    schema: addressListSchema,
  });
}

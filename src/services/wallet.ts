import {
  IDEMPOTENCY_KEY_HEADER,
  walletHistorySchema,
  walletInfoSchema,
  type WalletCurrency,
  type WalletHistory,
  type WalletInfo,
} from '../shared/api/wallet';
import { request } from './http-client';

/**
 * Custodial wallet calls shared by the wallet screens (contract `shared/api/wallet.ts`): the
 * balances and the transaction history. The area calls (deposit, withdraw, convert, store) are
 * in their own service modules.
 */

/** GET /api/v1/user/WalletInfo: total, available, staking and pending withdrawal per currency. */
export function getWalletInfo(): Promise<WalletInfo> {
  return request({
    service: 'gateway',
    path: '/user/WalletInfo',
    method: 'GET',
    schema: walletInfoSchema,
  });
}

/** GET /api/v1/user/WalletHistory: movements of the available balances, newest first. */
export function getWalletHistory(query: {
  currency?: WalletCurrency | undefined;
  page: number;
  pageSize: number;
}): Promise<WalletHistory> {
  return request({
    service: 'gateway',
    path: '/user/WalletHistory',
    method: 'GET',
    query,
    schema: walletHistorySchema,
  });
}

/**
 * A new idempotency key for one user action (a click on Withdraw, Convert, Stake, Buy). Make it
 * once when the action starts and send the same key on every retry of that action, so a retry
 * after a lost answer never moves money twice.
 */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/** The header carrying the key, for `request({ headers })`. */
export function idempotencyHeaders(key: string): Record<string, string> {
  return { [IDEMPOTENCY_KEY_HEADER]: key };
}

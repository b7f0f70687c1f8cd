import { depositInfoSchema, type DepositInfo } from '../shared/api/wallet-deposit';
import type { WalletCurrency } from '../shared/api/wallet';
import { request } from './http-client';

/**
 * Deposit call of the custodial wallet (contract `shared/api/wallet-deposit.ts`).
 */

/**
 * GET /api/v1/user/WalletDepositInfo?currency=: the member's deposit address per network, the
 * confirmations, recent deposits and the deposit limit.
 */
export function getDepositInfo(currency: WalletCurrency): Promise<DepositInfo> {
  return request({
    service: 'gateway',
    path: '/user/WalletDepositInfo',
    method: 'GET',
    query: { currency },
    schema: depositInfoSchema,
  });
}

import {
  loyaltySettingSchema,
  loyaltyStatusSchema,
  type LoyaltySetting,
  type LoyaltyStatus,
} from '../shared/api/loyalty';
import { request } from './http-client';

/**
 * Loyalty program calls (spec products-programs sections 3, 4 and 7; contract
 * `shared/api/loyalty.ts`): the public rate table and the member's loyalty status (level,
 * counted stake of the linked wallets, unstake requests, indexer position). Both are reads, so
 * both may be replayed after a token refresh.
 */

/** GET /api/v1/common/loyalty (guest): rates per currency at levels 1-4, `fixed` and `pro`. */
export function getLoyaltySetting(): Promise<LoyaltySetting> {
  return request({
    service: 'gateway',
    path: '/common/loyalty',
    schema: loyaltySettingSchema,
    guest: true,
  });
}

/** GET /member/loyalty/status (authenticated): as the server's chain indexer last saw it. */
export function getLoyaltyStatus(): Promise<LoyaltyStatus> {
  return request({
    service: 'member',
    path: '/loyalty/status',
    method: 'GET',
    schema: loyaltyStatusSchema,
  });
}

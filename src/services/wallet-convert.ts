import {
  conversionSchema,
  convertHistorySchema,
  convertInfoSchema,
  stakeRecordSchema,
  stakeResultSchema,
  type Conversion,
  type ConvertBody,
  type ConvertHistory,
  type ConvertInfo,
  type StakeBody,
  type StakeRecord,
  type StakeResult,
} from '../shared/api/wallet-convert';
import { request } from './http-client';
import { idempotencyHeaders } from './wallet';

/**
 * Conversion (USDT <-> BCNT) and custodial BCNT stake calls of the gateway (contract
 * `shared/api/wallet-convert.ts`). The money-moving calls carry the action's idempotency key and
 * are `retry: false`: the caller retries with the same key, so a lost answer never moves money
 * twice.
 */

/** GET /api/v1/user/ConvertInfo: quote, minimums, the member's and the platform's quota left. */
export function getConvertInfo(): Promise<ConvertInfo> {
  return request({
    service: 'gateway',
    path: '/user/ConvertInfo',
    method: 'GET',
    schema: convertInfoSchema,
  });
}

/** POST /api/v1/user/ConvertCurrency */
export function convertCurrency(body: ConvertBody, idempotencyKey: string): Promise<Conversion> {
  return request({
    service: 'gateway',
    path: '/user/ConvertCurrency',
    method: 'POST',
    body,
    headers: idempotencyHeaders(idempotencyKey),
    retry: false,
    schema: conversionSchema,
  });
}

/** GET /api/v1/user/ConvertHistory */
export function getConvertHistory(query: {
  page: number;
  pageSize: number;
}): Promise<ConvertHistory> {
  return request({
    service: 'gateway',
    path: '/user/ConvertHistory',
    method: 'GET',
    query,
    schema: convertHistorySchema,
  });
}

/** POST /api/v1/user/wallet/stake: stake, or request an unstake (14 days). */
export function custodialStake(body: StakeBody, idempotencyKey: string): Promise<StakeResult> {
  return request({
    service: 'gateway',
    path: '/user/wallet/stake',
    method: 'POST',
    body,
    headers: idempotencyHeaders(idempotencyKey),
    retry: false,
    schema: stakeResultSchema,
  });
}

/** GET /api/v1/user/wallet/stake/record: the stake summary, stakes and unstake requests. */
export function getStakeRecord(query: { page: number; pageSize: number }): Promise<StakeRecord> {
  return request({
    service: 'gateway',
    path: '/user/wallet/stake/record',
    method: 'GET',
    query,
    schema: stakeRecordSchema,
  });
}

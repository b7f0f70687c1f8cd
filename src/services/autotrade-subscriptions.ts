import {
  assetUnderManagementSchema,
  autotradeSubscriptionSchema,
  checkSubscriptionSchema,
  exchangeBalanceSchema,
  minStakeSchema,
  strategyFollowHistorySchema,
  strategyHistorySchema,
  strategyReportSchema,
  unsubscribeInfoSchema,
  type AssetUnderManagement,
  type AutotradeSubscription,
  type CheckSubscription,
  type ExchangeBalance,
  type MinStake,
  type MinStakeQuery,
  type StakeStrategyBody,
  type StrategyFollowHistory,
  type StrategyHistory,
  type StrategyReport,
  type SubscribeBody,
  type UnsubscribeInfo,
} from '../shared/api/autotrade-subscriptions';
import { request } from './http-client';
import { idempotencyHeaders } from './wallet';

/**
 * Smart Autotrade subscribing, margins, fees and reports (gateway, contract
 * `shared/api/autotrade-subscriptions.ts`). Subscribe, Unsubscribe and StakeStrategy move money:
 * they carry the action's idempotency key and are `retry: false` (the caller retries with the
 * same key, so a lost answer never subscribes or moves a margin twice).
 */

/** GET /api/v1/strategy/MinStakeAmount?strategyId=&allocation=&marginCurrency=. */
export function getMinStake(query: MinStakeQuery): Promise<MinStake> {
  return request({
    service: 'gateway',
    path: '/strategy/MinStakeAmount',
    method: 'GET',
    query: {
      strategyId: query.strategyId,
      allocation: query.allocation,
      marginCurrency: query.marginCurrency,
    },
    schema: minStakeSchema,
  });
}

/** GET /api/v1/strategy/CheckSubscription?strategyId=: the live subscription and usable keys. */
export function checkStrategySubscription(strategyId: number): Promise<CheckSubscription> {
  return request({
    service: 'gateway',
    path: '/strategy/CheckSubscription',
    method: 'GET',
    query: { strategyId },
    schema: checkSubscriptionSchema,
  });
}

/** POST /api/v1/strategy/Subscribe (identity verified, Idempotency-Key). */
export function subscribeStrategy(
  body: SubscribeBody,
  idempotencyKey: string,
): Promise<AutotradeSubscription> {
  return request({
    service: 'gateway',
    path: '/strategy/Subscribe',
    method: 'POST',
    body,
    headers: idempotencyHeaders(idempotencyKey),
    retry: false,
    schema: autotradeSubscriptionSchema,
  });
}

/** POST /api/v1/strategy/Unsubscribe (Idempotency-Key): the final fee taken, the margin back. */
export function unsubscribeStrategy(
  id: number,
  idempotencyKey: string,
): Promise<AutotradeSubscription> {
  return request({
    service: 'gateway',
    path: '/strategy/Unsubscribe',
    method: 'POST',
    body: { id },
    headers: idempotencyHeaders(idempotencyKey),
    retry: false,
    schema: autotradeSubscriptionSchema,
  });
}

/** GET /api/v1/user/UnsubscribeInfo?id=: fees due now and the margin to be returned. */
export function getUnsubscribeInfo(id: number): Promise<UnsubscribeInfo> {
  return request({
    service: 'gateway',
    path: '/user/UnsubscribeInfo',
    method: 'GET',
    query: { id },
    schema: unsubscribeInfoSchema,
  });
}

/** POST /api/v1/user/StakeStrategy (Idempotency-Key): add custodial margin, set auto top-up. */
export function stakeStrategy(
  body: StakeStrategyBody,
  idempotencyKey: string,
): Promise<AutotradeSubscription> {
  return request({
    service: 'gateway',
    path: '/user/StakeStrategy',
    method: 'POST',
    body,
    headers: idempotencyHeaders(idempotencyKey),
    retry: false,
    schema: autotradeSubscriptionSchema,
  });
}

/** GET /api/v1/user/StrategyHistory: ended and cancelled subscriptions. */
export function getStrategyHistory(): Promise<StrategyHistory> {
  return request({
    service: 'gateway',
    path: '/user/StrategyHistory',
    method: 'GET',
    schema: strategyHistorySchema,
  });
}

/** GET /api/v1/user/StrategyFollowHistory?id=: margin movements and fees of one subscription. */
export function getStrategyFollowHistory(id: number): Promise<StrategyFollowHistory> {
  return request({
    service: 'gateway',
    path: '/user/StrategyFollowHistory',
    method: 'GET',
    query: { id },
    schema: strategyFollowHistorySchema,
  });
}

/** GET /api/v1/user/AssetUnderManagement: allocations, equity and margins of live ones. */
export function getAssetUnderManagement(): Promise<AssetUnderManagement> {
  return request({
    service: 'gateway',
    path: '/user/AssetUnderManagement',
    method: 'GET',
    schema: assetUnderManagementSchema,
  });
}

/** GET /api/v1/user/ExchangeBalance?apiKeyId=: balances of the key's exchange account. */
export function getExchangeBalance(apiKeyId: number): Promise<ExchangeBalance> {
  return request({
    service: 'gateway',
    path: '/user/ExchangeBalance',
    method: 'GET',
    query: { apiKeyId },
    schema: exchangeBalanceSchema,
  });
}

/** GET /api/v1/user/StrategyReport?id=: the subscription's monthly reports. */
export function getStrategyReports(id: number): Promise<StrategyReport> {
  return request({
    service: 'gateway',
    path: '/user/StrategyReport',
    method: 'GET',
    query: { id },
    schema: strategyReportSchema,
  });
}

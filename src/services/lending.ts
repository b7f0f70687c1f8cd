import {
  checkSubscriptionSchema,
  lendingExchangeBalanceSchema,
  lendingInterestHistorySchema,
  lendingStrategyListSchema,
  strategyDetailSchema,
  subscriptionAnswerSchema,
  subscriptionFeeSchema,
  type LendingCheckSubscription,
  type LendingExchangeBalance,
  type LendingFeeCurrencyBody,
  type LendingIdleAmountBody,
  type LendingInterestHistory,
  type LendingStrategyDetail,
  type LendingStrategyList,
  type LendingSubscribeBody,
  type LendingSubscriptionAnswer,
  type LendingSuspendBody,
  type SubscriptionFee,
} from '../shared/api/lending';
import { request } from './http-client';
import { idempotencyHeaders } from './wallet';

/**
 * The lending bot (gateway, contract `shared/api/lending.ts`): the product and its fee (public),
 * the member's subscription, its exchange balance and deals, and the writes. Every write carries
 * the action's idempotency key and is `retry: false` (the caller retries with the same key, so a
 * lost answer never subscribes or charges twice).
 */

/** GET /api/v1/lending/StrategyDetail?strategyId= (guest). */
export function getLendingStrategy(strategyId: number): Promise<LendingStrategyDetail> {
  return request({
    service: 'gateway',
    path: '/lending/StrategyDetail',
    method: 'GET',
    query: { strategyId },
    guest: true,
    schema: strategyDetailSchema,
  });
}

/** GET /api/v1/lending/SubscriptionFee?strategyId= (guest): the fee in USDT and in BCNT. */
export function getLendingSubscriptionFee(strategyId: number): Promise<SubscriptionFee> {
  return request({
    service: 'gateway',
    path: '/lending/SubscriptionFee',
    method: 'GET',
    query: { strategyId },
    guest: true,
    schema: subscriptionFeeSchema,
  });
}

/** GET /api/v1/lending/CheckSubscription?strategyId=: the member's subscription and keys. */
export function checkLendingSubscription(strategyId: number): Promise<LendingCheckSubscription> {
  return request({
    service: 'gateway',
    path: '/lending/CheckSubscription',
    method: 'GET',
    query: { strategyId },
    schema: checkSubscriptionSchema,
  });
}

/** GET /api/v1/user/LendingStrategyList: the member's lending subscriptions with their product. */
export function getLendingStrategyList(): Promise<LendingStrategyList> {
  return request({
    service: 'gateway',
    path: '/user/LendingStrategyList',
    method: 'GET',
    schema: lendingStrategyListSchema,
  });
}

/** GET /api/v1/user/LendingExchangeBalance?strategyId=: the funding wallet, read now. */
export function getLendingExchangeBalance(strategyId: number): Promise<LendingExchangeBalance> {
  return request({
    service: 'gateway',
    path: '/user/LendingExchangeBalance',
    method: 'GET',
    query: { strategyId },
    schema: lendingExchangeBalanceSchema,
  });
}

/** GET /api/v1/user/LendingInterestHistory?strategyId=: the 10 latest deals, totals, charges. */
export function getLendingInterestHistory(strategyId: number): Promise<LendingInterestHistory> {
  return request({
    service: 'gateway',
    path: '/user/LendingInterestHistory',
    method: 'GET',
    query: { strategyId },
    schema: lendingInterestHistorySchema,
  });
}

/** The lending writes, by their path under `/api/v1/lending/`, with their bodies. */
export interface LendingWriteBodies {
  Subscribe: LendingSubscribeBody;
  Unsubscribe: { strategyId: number };
  Resubscribe: { strategyId: number };
  IdleAmount: LendingIdleAmountBody;
  Suspend: LendingSuspendBody;
  FeeCurrency: LendingFeeCurrencyBody;
}
export type LendingWrite = keyof LendingWriteBodies;

/** POST /api/v1/lending/<write> (Idempotency-Key): answers the subscription after it. */
export function lendingWrite<W extends LendingWrite>(
  write: W,
  body: LendingWriteBodies[W],
  idempotencyKey: string,
): Promise<LendingSubscriptionAnswer> {
  return request({
    service: 'gateway',
    path: `/lending/${write}`,
    method: 'POST',
    body,
    headers: idempotencyHeaders(idempotencyKey),
    retry: false,
    schema: subscriptionAnswerSchema,
  });
}

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getFavoriteStrategies,
  getSubscriptionEquity,
  getSubscriptionOrders,
  getSubscriptionPortfolio,
  getSubscriptionProfitLoss,
  getUserStrategies,
  postStrategyReview,
  setFavoriteStrategy,
} from '../../../services/autotrade-strategies';
import {
  getAssetUnderManagement,
  getStrategyFollowHistory,
  getStrategyHistory,
  getStrategyReports,
} from '../../../services/autotrade-subscriptions';
import { cachePresets } from '../../../services/query-keys';
import type { ReviewBody } from '../../../shared/api/autotrade-strategies';
import {
  AUTOTRADE_LIVE_STATES,
  type AutotradeSubscription,
} from '../../../shared/api/autotrade-subscriptions';
import { autotradeKeys } from './query-keys';

/** Orders a page of a subscription shows. */
export const ORDER_PAGE_SIZE = 10;

/** The member's favorites (only asked for with a session). */
export const useFavoriteStrategies = (enabled: boolean) =>
  useQuery({
    queryKey: autotradeKeys.favorites(),
    queryFn: getFavoriteStrategies,
    enabled,
    ...cachePresets.standard,
  });

/** Heart on / off: the favorites answered by the call replace the cached ones. */
export function useToggleFavorite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ strategyId, favorite }: { strategyId: number; favorite: boolean }) =>
      setFavoriteStrategy(strategyId, favorite),
    onSuccess: (favorites) => client.setQueryData(autotradeKeys.favorites(), favorites),
  });
}

/** Rate this product: the strategy's reviews and rating refetched after it. */
export function useRateStrategy(strategyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<ReviewBody, 'strategyId'>) =>
      postStrategyReview({ ...body, strategyId }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: [...autotradeKeys.public(), 'reviews', strategyId] }),
        client.invalidateQueries({ queryKey: autotradeKeys.detail(strategyId) }),
      ]),
  });
}

/** The member's live subscriptions with their strategy (My Strategies). */
export const useMyStrategies = (enabled = true) =>
  useQuery({
    queryKey: autotradeKeys.mine(),
    queryFn: getUserStrategies,
    enabled,
    ...cachePresets.fresh,
  });

/** How often an ended subscription's on-chain margin return is read again until it is final. */
export const OPERATOR_TX_POLL_MS = 5_000;

/** True while the operator's MarginVault transaction for an ended subscription is not final. */
export function awaitsOperatorTx(subscription: AutotradeSubscription | undefined): boolean {
  if (!subscription || subscription.marginSource !== 'chain') return false;
  if (AUTOTRADE_LIVE_STATES.includes(subscription.state)) return false;
  const state = subscription.operatorTx?.state;
  return state !== 'confirmed' && state !== 'failed';
}

/**
 * The member's ended subscriptions. With `watchId`, read again every few seconds while that
 * subscription's on-chain margin is on its way back (the operator's release, then its
 * confirmations), so the page shows it arrive.
 */
export const useMyStrategyHistory = (enabled = true, watchId?: number) =>
  useQuery({
    queryKey: autotradeKeys.history(),
    queryFn: getStrategyHistory,
    enabled,
    ...cachePresets.fresh,
    refetchInterval: (query) =>
      watchId !== undefined &&
      awaitsOperatorTx(
        query.state.data?.list.find((item) => item.subscription.id === watchId)?.subscription,
      )
        ? OPERATOR_TX_POLL_MS
        : false,
  });

export const useAssetUnderManagement = () =>
  useQuery({
    queryKey: autotradeKeys.aum(),
    queryFn: getAssetUnderManagement,
    ...cachePresets.fresh,
  });

export const useSubscriptionPortfolio = (subscriptionId: number) =>
  useQuery({
    queryKey: autotradeKeys.portfolio(subscriptionId),
    queryFn: () => getSubscriptionPortfolio(subscriptionId),
    ...cachePresets.fresh,
  });

export const useSubscriptionOrders = (subscriptionId: number, page: number) =>
  useQuery({
    queryKey: autotradeKeys.orders(subscriptionId, page),
    queryFn: () => getSubscriptionOrders(subscriptionId, page, ORDER_PAGE_SIZE),
    placeholderData: keepPreviousData,
    ...cachePresets.fresh,
  });

export const useSubscriptionProfitLoss = (subscriptionId: number) =>
  useQuery({
    queryKey: autotradeKeys.myProfitLoss(subscriptionId),
    queryFn: () => getSubscriptionProfitLoss(subscriptionId),
    ...cachePresets.standard,
  });

export const useSubscriptionEquity = (subscriptionId: number) =>
  useQuery({
    queryKey: autotradeKeys.myEquity(subscriptionId),
    queryFn: () => getSubscriptionEquity(subscriptionId),
    ...cachePresets.standard,
  });

export const useSubscriptionFollowHistory = (subscriptionId: number) =>
  useQuery({
    queryKey: autotradeKeys.follow(subscriptionId),
    queryFn: () => getStrategyFollowHistory(subscriptionId),
    ...cachePresets.fresh,
  });

export const useSubscriptionReports = (subscriptionId: number) =>
  useQuery({
    queryKey: autotradeKeys.reports(subscriptionId),
    queryFn: () => getStrategyReports(subscriptionId),
    ...cachePresets.standard,
  });

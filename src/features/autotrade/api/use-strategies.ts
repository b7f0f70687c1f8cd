import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  getFeaturedStrategies,
  getHistoricalStrategies,
  getStrategyCategories,
  getStrategyDetail,
  getStrategyEquity,
  getStrategyList,
  getStrategyProfitLoss,
  getStrategyRecentTrades,
  getStrategyReviews,
} from '../../../services/autotrade-strategies';
import { cachePresets } from '../../../services/query-keys';
import type { StrategyListQuery } from '../../../shared/api/autotrade-strategies';
import { autotradeKeys } from './query-keys';

/** Strategies a page of the dashboard lists. */
export const STRATEGY_PAGE_SIZE = 10;
/** Reviews a page of the detail shows. */
export const REVIEW_PAGE_SIZE = 5;

export function featuredStrategiesQueryOptions() {
  return queryOptions({
    queryKey: autotradeKeys.featured(),
    queryFn: getFeaturedStrategies,
    ...cachePresets.standard,
  });
}
export const useFeaturedStrategies = () => useQuery(featuredStrategiesQueryOptions());

export const useStrategyCategories = () =>
  useQuery({
    queryKey: autotradeKeys.categories(),
    queryFn: getStrategyCategories,
    ...cachePresets.standard,
  });

/** The dashboard's list: filters and page in the query; the previous page stays while one loads. */
export function useStrategyList(query: StrategyListQuery) {
  return useQuery({
    queryKey: autotradeKeys.list(query),
    queryFn: () => getStrategyList(query),
    placeholderData: keepPreviousData,
    ...cachePresets.standard,
  });
}

export function useHistoricalStrategies(page: number, enabled = true) {
  return useQuery({
    queryKey: autotradeKeys.historical(page),
    queryFn: () => getHistoricalStrategies({ page, pageSize: STRATEGY_PAGE_SIZE }),
    placeholderData: keepPreviousData,
    enabled,
    ...cachePresets.standard,
  });
}

export function strategyDetailQueryOptions(id: number) {
  return queryOptions({
    queryKey: autotradeKeys.detail(id),
    queryFn: () => getStrategyDetail(id),
    ...cachePresets.standard,
  });
}
export const useStrategyDetail = (id: number) => useQuery(strategyDetailQueryOptions(id));

export function useStrategyReviews(id: number, page: number) {
  return useQuery({
    queryKey: autotradeKeys.reviews(id, page),
    queryFn: () => getStrategyReviews(id, page, REVIEW_PAGE_SIZE),
    placeholderData: keepPreviousData,
    ...cachePresets.standard,
  });
}

export const useStrategyProfitLoss = (id: number) =>
  useQuery({
    queryKey: autotradeKeys.profitLoss(id),
    queryFn: () => getStrategyProfitLoss(id),
    ...cachePresets.standard,
  });

export const useStrategyEquity = (id: number) =>
  useQuery({
    queryKey: autotradeKeys.equity(id),
    queryFn: () => getStrategyEquity(id),
    ...cachePresets.standard,
  });

export const useStrategyRecentTrades = (id: number) =>
  useQuery({
    queryKey: autotradeKeys.trades(id),
    queryFn: () => getStrategyRecentTrades(id),
    ...cachePresets.standard,
  });

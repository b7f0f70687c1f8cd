import { queryKeys } from '../../../services/query-keys';
import type { StrategyListQuery } from '../../../shared/api/autotrade-strategies';

/**
 * Smart Autotrade's query keys, rooted in the app's two domains: what a visitor reads of the
 * strategies (guest calls, the same for everyone) under `products` (kept on logout), what a
 * member reads under `member` (cleared on logout). `autotradeKeys.member()` invalidates every
 * member read of the feature after a subscribe, unsubscribe or margin change.
 */
const publicRoot = [...queryKeys.products.all, 'autotrade'] as const;
const memberRoot = [...queryKeys.member.all, 'autotrade'] as const;

export const autotradeKeys = {
  public: () => publicRoot,
  featured: () => [...publicRoot, 'featured'] as const,
  categories: () => [...publicRoot, 'categories'] as const,
  list: (query: StrategyListQuery) => [...publicRoot, 'list', query] as const,
  historical: (page: number) => [...publicRoot, 'historical', page] as const,
  detail: (id: number) => [...publicRoot, 'detail', id] as const,
  reviews: (id: number, page: number) => [...publicRoot, 'reviews', id, page] as const,
  profitLoss: (id: number) => [...publicRoot, 'profitLoss', id] as const,
  equity: (id: number) => [...publicRoot, 'equity', id] as const,
  trades: (id: number) => [...publicRoot, 'trades', id] as const,

  member: () => memberRoot,
  favorites: () => [...memberRoot, 'favorites'] as const,
  mine: () => [...memberRoot, 'mine'] as const,
  history: () => [...memberRoot, 'history'] as const,
  aum: () => [...memberRoot, 'aum'] as const,
  check: (strategyId: number) => [...memberRoot, 'check', strategyId] as const,
  minStake: (strategyId: number, allocation: string, currency: string) =>
    [...memberRoot, 'minStake', strategyId, allocation, currency] as const,
  apiKeys: () => [...memberRoot, 'apiKeys'] as const,
  linkedWallets: () => [...memberRoot, 'linkedWallets'] as const,
  exchangeBalance: (apiKeyId: number) => [...memberRoot, 'exchangeBalance', apiKeyId] as const,
  portfolio: (subscriptionId: number) => [...memberRoot, 'portfolio', subscriptionId] as const,
  orders: (subscriptionId: number, page: number) =>
    [...memberRoot, 'orders', subscriptionId, page] as const,
  myProfitLoss: (subscriptionId: number) => [...memberRoot, 'profitLoss', subscriptionId] as const,
  myEquity: (subscriptionId: number) => [...memberRoot, 'equity', subscriptionId] as const,
  follow: (subscriptionId: number) => [...memberRoot, 'follow', subscriptionId] as const,
  reports: (subscriptionId: number) => [...memberRoot, 'reports', subscriptionId] as const,
  unsubscribeInfo: (subscriptionId: number) =>
    [...memberRoot, 'unsubscribeInfo', subscriptionId] as const,
} as const;

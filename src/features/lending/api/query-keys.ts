import { queryKeys } from '../../../services/query-keys';

/**
 * The lending bot's query keys, rooted in the app's two domains: the product and its fee (guest
 * reads, the same for everyone) under `products` (kept on logout), the member's subscription,
 * balance, deals and keys under `member` (cleared on logout). `lendingKeys.member()` refreshes
 * every member read of the feature after a write.
 */
const publicRoot = [...queryKeys.products.all, 'lending'] as const;
const memberRoot = [...queryKeys.member.all, 'lending'] as const;

export const lendingKeys = {
  public: () => publicRoot,
  strategy: (strategyId: number) => [...publicRoot, 'strategy', strategyId] as const,
  fee: (strategyId: number) => [...publicRoot, 'fee', strategyId] as const,

  member: () => memberRoot,
  list: () => [...memberRoot, 'list'] as const,
  check: (strategyId: number) => [...memberRoot, 'check', strategyId] as const,
  balance: (strategyId: number) => [...memberRoot, 'balance', strategyId] as const,
  history: (strategyId: number) => [...memberRoot, 'history', strategyId] as const,
  apiKeys: () => [...memberRoot, 'apiKeys'] as const,
} as const;

// Test helpers of the loyalty feature (used by its *.test.tsx files only).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement, ReactNode } from 'react';
import { renderWithProviders } from '../../components/testing/render';
import type { LoyaltyStatus } from '../../shared/api/loyalty';

export function testQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

export function renderLoyalty(
  ui: ReactElement,
  {
    route = '/',
    lng,
    client = testQueryClient(),
    wrap,
  }: {
    route?: string;
    lng?: string;
    client?: QueryClient;
    wrap?: (children: ReactNode) => ReactNode;
  } = {},
) {
  const result = renderWithProviders(ui, {
    route,
    lng,
    wrap: (children) => (
      <QueryClientProvider client={client}>{wrap ? wrap(children) : children}</QueryClientProvider>
    ),
  });
  return { ...result, client };
}

export function loyaltyStatus(overrides: Partial<LoyaltyStatus> = {}): LoyaltyStatus {
  return {
    level: 2,
    roleId: 64 | 2048,
    kycVerified: true,
    stakeLevel: 2,
    allianceLevel: 0,
    countedStake: '12000',
    thresholds: { level2: '10000', level3: '50000', level4: '200000' },
    nextLevel: { level: 3, needed: '38000' },
    wallets: [],
    requests: [],
    alliance: null,
    chainId: 31337,
    indexedBlock: '1',
    ...overrides,
  };
}

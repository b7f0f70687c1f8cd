// Test helpers of the convert feature (used by its *.test.ts(x) files only).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { renderWithProviders } from '../../components/testing/render';
import type { ConvertInfo, StakeRecord } from '../../shared/api/wallet-convert';

export function testQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

export function renderConvert(ui: ReactElement, { lng }: { lng?: string } = {}) {
  const client = testQueryClient();
  const result = renderWithProviders(ui, {
    lng,
    wrap: (children) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
  });
  return { ...result, client };
}

export function convertInfo(overrides: Partial<ConvertInfo> = {}): ConvertInfo {
  return {
    quote: { price: '0.3', version: 'v1', quotedAt: '2025-03-01T04:00:00.000Z' },
    pairs: [
      { from: 'USDT', to: 'BCNT', minimum: '10' },
      { from: 'BCNT', to: 'USDT', minimum: '100' },
    ],
    memberDailyQuotaUsdt: '50000',
    platformDailySupply: '1000000',
    platformRemaining: '1000000',
    day: '2025-03-01',
    resetsAt: '2025-03-01T16:00:00.000Z',
    memberRemainingUsdt: '50000',
    available: { USDT: '1000', BCNT: '5000' },
    ...overrides,
  };
}

export function stakeRecord(overrides: Partial<StakeRecord> = {}): StakeRecord {
  return {
    summary: {
      available: '5000',
      staking: '12000',
      cooling: '2000',
      unstakable: '10000',
      minimum: '1',
      unstakeDays: 14,
    },
    items: [
      {
        id: 2,
        kind: 'unstake',
        amount: '2000',
        createdAt: '2025-03-01T04:00:00.000Z',
        unlockAt: '2025-03-15T04:00:00.000Z',
        releasedAt: null,
        state: 'cooling',
      },
      {
        id: 1,
        kind: 'stake',
        amount: '12000',
        createdAt: '2025-02-28T04:00:00.000Z',
        unlockAt: null,
        releasedAt: null,
        state: 'staked',
      },
    ],
    total: 2,
    page: 1,
    pageSize: 10,
    ...overrides,
  };
}

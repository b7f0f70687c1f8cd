// Test helpers of the Alliance feature (used by its *.test.tsx files only).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { renderWithProviders } from '../../components/testing/render';
import type { LoyaltyStatus } from '../../shared/api/loyalty';
import { WAGMI_STORE_KEY } from '../../web3/wallet-session';

export function renderAlliance(ui: ReactElement, { lng = 'en-US' }: { lng?: string } = {}) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
  const result = renderWithProviders(ui, {
    lng,
    wrap: (children) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
  });
  return { ...result, client };
}

/** wagmi's stored connection: the panel loads the wallet code at once (a returning wallet). */
export function rememberWalletSession() {
  localStorage.setItem(WAGMI_STORE_KEY, JSON.stringify({ state: { current: 'injected' } }));
}

export function loyaltyStatus(overrides: Partial<LoyaltyStatus> = {}): LoyaltyStatus {
  return {
    level: 1,
    roleId: 2 | 64,
    kycVerified: true,
    stakeLevel: 0,
    allianceLevel: 0,
    countedStake: '0',
    thresholds: { level2: '10000', level3: '50000', level4: '200000' },
    nextLevel: { level: 2, needed: '10000' },
    wallets: [],
    requests: [],
    alliance: null,
    allianceEnded: null,
    chainId: 31337,
    indexedBlock: '12',
    ...overrides,
  };
}

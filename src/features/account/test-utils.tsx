// Test helpers of the Account feature (used by its *.test.tsx files only).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { renderWithProviders } from '../../components/testing/render';
import type { MemberSummary } from '../../shared/api/auth';
import type { KycStatus } from '../../shared/api/kyc';
import type { LoyaltyStatus } from '../../shared/api/loyalty';

export const ROLE_BITS = { investor: 2, business: 4, kyc: 64 } as const;

/** The Account page's links as the app passes them. */
export const ACCOUNT_LINKS = {
  kyc: '/kyc',
  wallet: '/wallet?tab=deposit',
  security: '/security?tab=two-step',
  loyaltyProgram: '/loyalty-program',
  bcnt: '/bcnt',
};
const LEVEL_BITS = { 0: 0, 1: 64, 2: 64 | 2048, 3: 64 | 4096, 4: 64 | 8192 } as const;

export function renderAccount(ui: ReactElement, { route = '/account', lng = 'en-US' } = {}) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
  const result = renderWithProviders(ui, {
    route,
    lng,
    wrap: (children) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
  });
  return { ...result, client };
}

export function member(overrides: Partial<MemberSummary> = {}): MemberSummary {
  return {
    memberId: 12,
    userName: 'ann@example.com',
    nickname: 'Ann',
    email: 'ann@example.com',
    mobile: '+886912345678',
    emailVerified: true,
    mobileVerified: false,
    roleId: ROLE_BITS.investor | ROLE_BITS.kyc,
    accountType: 'individual',
    twoFactor: 'none',
    referralCode: 'ANN12345',
    language: 'en-US',
    groupID: 1,
    realName: 'Ann Lee',
    kyc2ApplyResult: null,
    kycFlags: { insufficient: false },
    region: 'TW',
    premier: false,
    ...overrides,
  };
}

export function kycStatus(overrides: Partial<KycStatus> = {}): KycStatus {
  return {
    selfUserKYCStatus: 4,
    state: 'verified',
    kind: 'individual',
    submittedAt: '2024-04-28T02:00:00.000Z',
    reviewStartedAt: '2024-04-29T02:00:00.000Z',
    decidedAt: '2024-05-02T02:00:00.000Z',
    rejectedItems: [],
    reviewNote: null,
    canEdit: false,
    premier: { state: null, appliedAt: null, decidedAt: null },
    ...overrides,
  };
}

export function loyaltyStatus(
  level: 0 | 1 | 2 | 3 | 4,
  overrides: Partial<LoyaltyStatus> = {},
): LoyaltyStatus {
  return {
    level,
    roleId: ROLE_BITS.investor | LEVEL_BITS[level],
    kycVerified: level > 0,
    stakeLevel: level >= 2 ? level : 0,
    allianceLevel: 0,
    countedStake: '0',
    thresholds: { level2: '10000', level3: '50000', level4: '200000' },
    nextLevel: null,
    wallets: [],
    requests: [],
    alliance: null,
    allianceEnded: null,
    chainId: 31337,
    indexedBlock: '1',
    ...overrides,
  };
}

/** Types a whole code into a CodeInput (by its test id prefix) the way a paste does. */
export async function enterCode(
  user: ReturnType<typeof userEvent.setup>,
  testId: string,
  code: string,
) {
  await user.click(screen.getByTestId(`${testId}-0`));
  await user.paste(code);
}

export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

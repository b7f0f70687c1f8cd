// Test helpers of the earn feature (used by its *.test.ts(x) files only).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router';
import { renderWithProviders } from '../../components/testing/render';
import type {
  EarnCheckJoin,
  EarnProduct,
  EarnProductDetail,
  EarnSubscription,
} from '../../shared/api/earn';

export function testQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

/** Renders with i18n, a router at `route` and a fresh query client. */
export function renderEarn(
  ui: ReactElement,
  { route = '/', lng, path }: { route?: string; lng?: string; path?: string } = {},
) {
  const client = testQueryClient();
  const result = renderWithProviders(
    path ? (
      <Routes>
        {/* static, so it outranks a dynamic product path as in the app's router */}
        <Route path="/earn" element={<p data-testid="dashboard-stub" />} />
        <Route path={path} element={ui} />
        <Route path="*" element={null} />
      </Routes>
    ) : (
      ui
    ),
    {
      route,
      lng,
      wrap: (children) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
    },
  );
  return { ...result, client };
}

/** A catalog item: USDT 3-month Stable Income, fundraising, limited, with a level-3 rate. */
export function product(overrides: Partial<EarnProduct> = {}): EarnProduct {
  return {
    id: 3,
    serialNumber: 'USDT-034R',
    name: { 'en-US': 'USDT 3-month', 'zh-TW': 'USDT 三個月期', 'zh-CN': 'USDT 三个月期' },
    kind: 'fixed',
    productType: 1,
    strategy: null,
    currency: 'USDT',
    settlementCurrencyId: 28,
    sortOrder: 1,
    periodMonth: 3,
    // spec section 9's sample window: 2021-09-06 02:00 to 2021-09-15 07:59:59 (UTC+8)
    raiseStart: '2021-09-05T18:00:00.000Z',
    raiseEnd: '2021-09-14T23:59:59.000Z',
    startAt: '2021-09-14T16:00:00.000Z',
    endAt: '2021-12-14T16:00:00.000Z',
    state: 'raising',
    annualReturn: 8,
    annualReturnFallback: false,
    stakeInterestAPYLv3: 10.5,
    maxDrawdown: null,
    riskLevel: 1,
    minUnit: 10,
    maxUnit: 500,
    perUnit: '100',
    minInvestment: '1000',
    limited: true,
    premiumOnly: false,
    settlement: 'daily',
    soldUnits: 40,
    capacityUnits: 1000,
    ...overrides,
  };
}

/** A product page's product (premium2 GuestDetail / Detail). */
export function productDetail(overrides: Partial<EarnProductDetail> = {}): EarnProductDetail {
  return {
    ...product(),
    description: {
      'en-US': 'A fixed rate in USDT, settled daily.',
      'zh-TW': '以 USDT 計價的固定利率，每日結算。',
      'zh-CN': '以 USDT 计价的固定利率，每日结算。',
    },
    renewable: true,
    minRenewUnits: 10,
    softCapUnits: 50,
    leverage: null,
    sharpeRatio: null,
    ytdReturn: null,
    itdReturn: null,
    managementFeePct: null,
    performanceFeePct: null,
    highWatermark: null,
    levelRates: { lv1Rate: 8, lv2Rate: 9, lv3Rate: 10.5, lv4Rate: 12 },
    consents: [
      'notices',
      'lenderContract',
      'redemptionNotice',
      'notUsOrJapan',
      'autoRenewInitialQuantity',
    ],
    ...overrides,
  };
}

export function checkJoin(overrides: Partial<EarnCheckJoin> = {}): EarnCheckJoin {
  return {
    canJoin: true,
    reason: null,
    addMore: false,
    minUnits: 10,
    maxUnits: 500,
    perUnit: '100',
    unitsHeld: 0,
    available: '2500.5',
    currency: 'USDT',
    consents: [
      'notices',
      'lenderContract',
      'redemptionNotice',
      'notUsOrJapan',
      'autoRenewInitialQuantity',
    ],
    ...overrides,
  };
}

export function subscription(overrides: Partial<EarnSubscription> = {}): EarnSubscription {
  return {
    id: 9,
    premiumId: 3,
    serialNumber: 'USDT-034R',
    kind: 'fixed',
    currency: 'USDT',
    name: product().name,
    state: 'running',
    units: 12,
    investedAmount: '1200',
    addedAmount: '0',
    lockedAmount: '1200',
    accumulatedReward: '12.3456',
    pendingReward: '0',
    currentRate: 9,
    effectiveLevel: 2,
    autoRenew: true,
    assetReturnUnits: null,
    maxReturnUnits: 0,
    term: 1,
    termStart: '2021-09-14T16:00:00.000Z',
    expiryAt: '2021-12-14T16:00:00.000Z',
    nextRenewalAt: '2021-12-14T16:00:00.000Z',
    returnDueAt: null,
    returnAmount: null,
    returnedAt: null,
    redeemableUntil: null,
    redeemBcntEstimate: null,
    redeemedAt: null,
    redeemedBcnt: null,
    currentValue: null,
    profitLoss: null,
    canAddMore: false,
    canCancel: false,
    canRedeem: true,
    canSetRenew: true,
    canRequestReturn: false,
    createdAt: '2021-09-06T02:00:00.000Z',
    ...overrides,
  };
}

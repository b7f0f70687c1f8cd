// Test helpers of the lending feature (its *.test.tsx files and the portfolio screen's test).
import { renderWithQuery, testQueryClient } from '../../components/testing/render';
import type {
  LendingCheckSubscription,
  LendingExchangeBalance,
  LendingInterestHistory,
  LendingStrategy,
  LendingSubscription,
  SubscriptionFee,
} from '../../shared/api/lending';
import type { ApiKey } from '../../shared/api/exchange-api-keys';

export { testQueryClient };

/** Renders with i18n, a router at `route` (the page at `path`) and a fresh query client. */
export const renderLending = renderWithQuery;

/** The USDT lending product on Bitfinex (the dev seed's). */
export function lendingStrategy(overrides: Partial<LendingStrategy> = {}): LendingStrategy {
  return {
    id: 1,
    name: { 'en-US': 'USDT lending bot', 'zh-TW': 'USDT 放貸機器人', 'zh-CN': 'USDT 放贷机器人' },
    description: {
      'en-US': 'Lends your idle USDT on Bitfinex.',
      'zh-TW': '在 Bitfinex 出借您的閒置 USDT。',
      'zh-CN': '在 Bitfinex 出借您的闲置 USDT。',
    },
    exchange: 'bitfinex',
    currency: 'USDT',
    feeUsdt: '5',
    bcntDiscountBps: 2000,
    trialDays: 14,
    periodDays: 30,
    exchangeFeeBps: 1500,
    minimumOffer: '150',
    recommendedMinimum: '500',
    minDailyRate: '0.0001',
    periodDaysDefault: 2,
    longPeriodDays: 30,
    longPeriodRate: '0.0005',
    status: 'open',
    ...overrides,
  };
}

export function lendingSubscription(
  overrides: Partial<LendingSubscription> = {},
): LendingSubscription {
  return {
    id: 3,
    strategyId: 1,
    state: 'trial',
    endReason: null,
    lendingAsset: 'USDT',
    paymentAsset: 'USDT',
    feeCurrencyId: 28,
    subscriptionFee: '5',
    keyId: 4,
    apiKeyStatus: 'correct',
    idleAmount: '800',
    totalAssets: '1000',
    idleAssets: '600',
    lockedIdleAssets: '200',
    lentAssets: '400',
    assetsReadAt: '2026-11-20T02:00:00.000Z',
    autoRenew: true,
    suspended: false,
    pauseReason: null,
    periodStartsAt: '2026-11-10T02:00:00.000Z',
    periodEndsAt: '2026-11-24T02:00:00.000Z',
    renewDate: '2026-11-24T02:00:00.000Z',
    endDate: null,
    paymentFailed: false,
    recommendedMinimum: '500',
    interestTotal: '1.234567',
    createdAt: '2026-11-10T02:00:00.000Z',
    endedAt: null,
    ...overrides,
  };
}

export function apiKey(overrides: Partial<ApiKey> = {}): ApiKey {
  return {
    id: 4,
    exchange: 'bitfinex',
    name: 'Funding key',
    apiKey: 'abcd****wxyz',
    accountType: 'main',
    subAccountName: null,
    status: 'correct',
    problem: null,
    lastSyncTime: '2026-11-20T02:00:00.000Z',
    lastCheckedAt: '2026-11-20T02:00:00.000Z',
    createdAt: '2026-11-01T02:00:00.000Z',
    inUse: false,
    ...overrides,
  };
}

export function check(overrides: Partial<LendingCheckSubscription> = {}): LendingCheckSubscription {
  return {
    strategyId: 1,
    subscription: null,
    trialUsed: false,
    keys: [{ keyId: 4, exchange: 'bitfinex', status: 'correct', available: true }],
    ...overrides,
  };
}

export function fee(overrides: Partial<SubscriptionFee> = {}): SubscriptionFee {
  return {
    strategyId: 1,
    periodDays: 30,
    trialDays: 14,
    fees: [
      { feeCurrencyId: 28, currency: 'USDT', amount: '5', discountBps: 0, priceUsdt: '1' },
      { feeCurrencyId: 27, currency: 'BCNT', amount: '16', discountBps: 2000, priceUsdt: '0.25' },
    ],
    ...overrides,
  };
}

export function balance(overrides: Partial<LendingExchangeBalance> = {}): LendingExchangeBalance {
  return {
    strategyId: 1,
    currency: 'USDT',
    totalAssets: '999.999999999',
    idleAssets: '612.345678912',
    lockedIdleAssets: '212.345678912',
    lentAssets: '387.654321087',
    recommendedMinimum: '500',
    maxIdleAmount: '999.999999999',
    readAt: '2026-11-20T03:00:00.000Z',
    ...overrides,
  };
}

export function history(overrides: Partial<LendingInterestHistory> = {}): LendingInterestHistory {
  return {
    strategyId: 1,
    currency: 'USDT',
    deals: [
      {
        exchangeNumber: '100231',
        currency: 'USDT',
        quantity: '250',
        dailyRate: '0.0002',
        returnX365: 7.3,
        periodDays: 2,
        reward: '0.085',
        exchangeFee: '0.015',
        status: 'active',
        openedAt: '2026-11-19T02:00:00.000Z',
        closedAt: null,
      },
    ],
    interestTotal: '1.234567',
    exchangeFeeTotal: '0.217864',
    exchangeFeeBps: 1500,
    periods: [
      {
        number: 1,
        kind: 'trial',
        startsAt: '2026-11-10T02:00:00.000Z',
        endsAt: '2026-11-24T02:00:00.000Z',
        currency: null,
        amount: '0',
      },
    ],
    ...overrides,
  };
}

// Test helpers of the autotrade feature (used by its *.test.tsx files only).
import { renderWithQuery, testQueryClient } from '../../components/testing/render';
import type {
  Portfolio,
  StrategyDetail,
  StrategySummary,
} from '../../shared/api/autotrade-strategies';
import type { AutotradeSubscription } from '../../shared/api/autotrade-subscriptions';

export { testQueryClient };

/** Renders with i18n, a router at `route` (the page at `path`) and a fresh query client. */
export const renderAutotrade = renderWithQuery;

/** A running BTC trend strategy (the dev seed's first). */
export function strategy(overrides: Partial<StrategySummary> = {}): StrategySummary {
  return {
    id: 1,
    name: { 'en-US': 'BTC Trend Rider', 'zh-TW': 'BTC 趨勢騎士', 'zh-CN': 'BTC 趋势骑士' },
    description: {
      'en-US': 'Follows the bitcoin trend.',
      'zh-TW': '跟隨比特幣趨勢。',
      'zh-CN': '跟随比特币趋势。',
    },
    trader: 'Northwind Capital',
    category: 'trend',
    exchange: 'bitfinex',
    symbol: 'BTC/USDT',
    riskLevel: 'medium',
    leverage: 2,
    status: 'running',
    featured: true,
    annualReturn: 12.5,
    sinceInception: 3.1,
    maxDrawdown: 4.2,
    runningDays: 90,
    subscribers: 3,
    aum: '15000',
    performanceFee: 20,
    marginCurrencies: ['BCNT', 'USDT'],
    minInvest: '100',
    startedAt: '2026-08-01T00:00:00.000Z',
    closedAt: null,
    ...overrides,
  };
}

export function strategyDetail(overrides: Partial<StrategyDetail> = {}): StrategyDetail {
  return {
    ...strategy(),
    quote: 'USDT',
    pastYearNet: 10,
    sharpe: 1.35,
    tradesPerWeek: 4.5,
    positionRatio: 60,
    pricingModel: 'profit_sharing',
    rating: 4.5,
    reviews: 2,
    ...overrides,
  };
}

export function subscription(
  overrides: Partial<AutotradeSubscription> = {},
): AutotradeSubscription {
  return {
    id: 7,
    strategyId: 1,
    apiKeyId: 3,
    exchange: 'bitfinex',
    account: 'main',
    state: 'active',
    pauseReason: null,
    quoteCurrency: 'USDT',
    allocation: '1000',
    highWaterMark: '1000',
    marginCurrency: 'USDT',
    marginSource: 'custodial',
    margin: '60',
    requiredMargin: '60',
    marginWarning: false,
    lowMarginSince: null,
    autoTopUp: false,
    marginWallet: null,
    createdAt: '2026-11-01T00:00:00.000Z',
    activatedAt: '2026-11-01T00:00:00.000Z',
    endedAt: null,
    deposit: null,
    operatorTx: null,
    ...overrides,
  };
}

export function portfolio(overrides: Partial<Portfolio> = {}): Portfolio {
  return {
    subscriptionId: 7,
    strategyId: 1,
    state: 'active',
    pauseReason: null,
    symbol: 'BTC/USDT',
    allocation: '1000',
    cash: '512.5',
    position: '0.0078',
    price: '64000',
    positionValue: '500',
    equity: '1012.5',
    pnl: '12.5',
    pnlRate: 1.25,
    feesPaid: '0',
    openedAt: '2026-11-01T00:00:00.000Z',
    closedAt: null,
    ...overrides,
  };
}

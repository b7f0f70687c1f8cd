import { describe, expect, it } from 'vitest';
import type { StrategySummary } from '../../../shared/api/autotrade-strategies';
import type { EarnProduct } from '../../../shared/api/earn';
import { earnItems, searchItems, strategyItems, type SearchItem } from './search-items';

const text = (en: string, tw = en, cn = tw) => ({ 'en-US': en, 'zh-TW': tw, 'zh-CN': cn });

function product(fields: Partial<EarnProduct> & Pick<EarnProduct, 'id' | 'kind'>): EarnProduct {
  return {
    serialNumber: `USDT-0${fields.id}0R`,
    name: text(`Product ${fields.id}`),
    productType: 1,
    strategy: null,
    currency: 'USDT',
    settlementCurrencyId: 1,
    sortOrder: fields.id,
    periodMonth: 3,
    raiseStart: '',
    raiseEnd: '',
    startAt: '',
    endAt: '',
    state: 'raising',
    annualReturn: 8,
    annualReturnFallback: false,
    stakeInterestAPYLv3: null,
    maxDrawdown: null,
    riskLevel: 1,
    minUnit: 10,
    maxUnit: 100,
    perUnit: '100',
    minInvestment: '1000',
    limited: false,
    premiumOnly: false,
    settlement: 'daily',
    soldUnits: 0,
    capacityUnits: null,
    ...fields,
  } as EarnProduct;
}

function strategy(fields: Partial<StrategySummary> & Pick<StrategySummary, 'id'>): StrategySummary {
  return {
    name: text(`Strategy ${fields.id}`),
    description: text(''),
    trader: 'Trader',
    category: 'trend',
    exchange: 'bitfinex',
    symbol: 'BTC/USDT',
    riskLevel: 'medium',
    leverage: 1,
    status: 'running',
    featured: false,
    annualReturn: 20,
    sinceInception: 5,
    maxDrawdown: 10,
    runningDays: 100,
    subscribers: 3,
    aum: '1000',
    performanceFee: 20,
    marginCurrencies: ['USDT'],
    minInvest: '500',
    startedAt: null,
    closedAt: null,
    ...fields,
  } as StrategySummary;
}

const FAMILY: Record<EarnProduct['kind'], string> = {
  fixed: 'Stable Income',
  'fixed-pro': 'Stable Income Pro',
  'fixed-prox': 'Stable Income Pro+',
  mixed: 'Mixed Quant',
  flagship: 'Flagship',
  alliance: 'Trader Alliance',
};

const items: SearchItem[] = [
  ...earnItems(
    [
      product({
        id: 3,
        kind: 'mixed',
        name: text('Mixed Fusion 80/20', '混合量化 融合'),
        annualReturn: 10,
        periodMonth: 6,
      }),
      product({ id: 1, kind: 'fixed', name: text('Stable Income USDT 3M', '穩定收益 USDT 3個月') }),
      product({
        id: 2,
        kind: 'fixed',
        currency: 'BTC',
        serialNumber: 'BTC-001R',
        name: text('Stable Income BTC 6M'),
        annualReturn: 6,
        minInvestment: '0.05',
      }),
      product({ id: 4, kind: 'fixed', name: text('Old USDT term'), state: 'ended' }),
    ],
    'en-US',
    (kind) => FAMILY[kind],
  ),
  ...strategyItems(
    [
      strategy({ id: 7, name: text('ETH Swing'), symbol: 'ETH/USDT', annualReturn: 12 }),
      strategy({ id: 8, name: text('BTC Trend Rider'), annualReturn: 35, trader: 'Alice' }),
      strategy({ id: 9, name: text('Closed grid'), status: 'closed', annualReturn: 99 }),
    ],
    'en-US',
    'Smart Autotrade',
  ),
];
const keys = (found: SearchItem[]) => found.map((item) => item.key);
const run = (
  query: string,
  kind: 'all' | 'earn' | 'autotrade' = 'all',
  sort: 'relevance' | 'return' | 'name' = 'relevance',
) => keys(searchItems(items, { query, kind, sort, locale: 'en-US' }));

describe('search items', () => {
  it('lists what can be acted on, earn by sortOrder then strategies by return', () => {
    expect(run('')).toEqual(['earn-1', 'earn-2', 'earn-3', 'autotrade-8', 'autotrade-7']);
  });

  it('matches every word in names (any language), family, currency, pair, trader', () => {
    expect(run('usdt')).toEqual(['earn-1', 'earn-3', 'autotrade-8', 'autotrade-7']);
    expect(run('stable btc')).toEqual(['earn-2']);
    expect(run('穩定收益')).toEqual(['earn-1']);
    expect(run('smart autotrade eth')).toEqual(['autotrade-7']);
    expect(run('alice')).toEqual(['autotrade-8']);
    expect(run('BTC-001R')).toEqual(['earn-2']);
    expect(run('nothing like this')).toEqual([]);
  });

  it('filters by kind', () => {
    expect(run('', 'earn')).toEqual(['earn-1', 'earn-2', 'earn-3']);
    expect(run('btc', 'autotrade')).toEqual(['autotrade-8']);
  });

  it('sorts by best match, annual return or name', () => {
    // "btc": the strategy whose name starts with it, then names containing it, then the rest
    expect(run('btc')).toEqual(['autotrade-8', 'earn-2']);
    expect(run('', 'all', 'return')).toEqual([
      'autotrade-8',
      'autotrade-7',
      'earn-3',
      'earn-1',
      'earn-2',
    ]);
    expect(run('', 'all', 'name')).toEqual([
      'autotrade-8',
      'autotrade-7',
      'earn-3',
      'earn-2',
      'earn-1',
    ]);
  });

  it('keeps what an item shows and where it opens', () => {
    const [btc] = searchItems(items, {
      query: 'stable btc',
      kind: 'all',
      sort: 'relevance',
      locale: 'en-US',
    });
    expect(btc).toMatchObject({
      family: 'Stable Income',
      minimum: { amount: '0.05', currency: 'BTC' },
      periodMonth: 3,
      target: { kind: 'earn', type: 'fixed', sn: 'BTC-001R' },
    });
    const [rider] = searchItems(items, {
      query: 'rider',
      kind: 'all',
      sort: 'relevance',
      locale: 'en-US',
    });
    expect(rider).toMatchObject({
      risk: 'medium',
      minimum: { amount: '500', currency: 'USDT' },
      target: { kind: 'autotrade', id: 8 },
    });
  });
});

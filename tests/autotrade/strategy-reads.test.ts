import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StrategyDetail, StrategySummary } from '../../src/shared/api/autotrade-strategies';
import {
  autotradeBooks,
  autotradeOrders,
  autotradeSignals,
  autotradeSubscriptions,
  exchangeApiKeys,
} from '../../src/server/db/schema';
import { writeSnapshot } from '../../src/server/domain/autotrade/snapshots';
import { closeStrategy, createStrategy } from '../../src/server/domain/autotrade/strategies';
import { ONE, toUnits } from '../../src/server/exchange/decimal';
import { call, createMember, type TestMember } from '../helpers/auth';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { depsOf, runningStrategy } from './helpers';

/**
 * The read calls: figures computed from the records (a hand-computed equity series), lists with
 * search, filter, sort and pages, the trading record's 3-day delay, and the member's calls
 * (authorisation, validation, reviews only by subscribers, favorites, portfolio, orders).
 */

let t: TestApp;
let alice: TestMember;
let bob: TestMember;
let steady: number;
let swing: number;
let closed: number;
let draft: number;
let aliceSubscription: number;
const DAY = 24 * 60 * 60_000;
const at = (days: number, start: Date) => new Date(start.getTime() + days * DAY);

async function get<T>(url: string, member?: TestMember) {
  const res = await call(t.app, 'GET', url, undefined, member ? { token: member.token } : {});
  return { res, body: res.json() as { status: number; message: string; data: T } };
}

beforeAll(async () => {
  t = await createTestApp();
  const deps = depsOf(t.app);

  // "swing": 10,000 at the start, then 11,000, 9,900, 10,450, 12,100 (the last half in BTC)
  const a = await runningStrategy(t.app, {
    name: { 'en-US': 'Swing Trend BTC', 'zh-TW': '波段趨勢 BTC', 'zh-CN': '波段趋势 BTC' },
    category: 'trend',
    riskLevel: 'medium',
    featured: true,
    performanceFeeBps: 2000,
  });
  swing = a.strategy.id;
  const start = a.strategy.startedAt!;
  const series: [number, string, string, string][] = [
    [1, '11000', '0', '60000'],
    [2, '9900', '0', '60000'],
    [3, '10450', '0', '60000'],
    [4, '6050', '0.1', '60500'],
  ];
  for (const [day, cash, position, price] of series) {
    await writeSnapshot(deps, 'strategy', swing, at(day, start), {
      cash: toUnits(cash),
      position: toUnits(position),
      price: toUnits(price),
    });
  }
  // "steady": 10,000 then 10,500 on day 4, never below the start
  const b = await runningStrategy(t.app, {
    name: { 'en-US': 'Steady Grid', 'zh-TW': '穩健網格', 'zh-CN': '稳健网格' },
    category: 'grid',
    riskLevel: 'low',
  });
  steady = b.strategy.id;
  await writeSnapshot(deps, 'strategy', steady, at(4, start), {
    cash: toUnits('10500'),
    position: 0n,
    price: toUnits('60000'),
  });
  const c = await runningStrategy(t.app, { category: 'trend', riskLevel: 'high' });
  closed = c.strategy.id;
  draft = (
    await createStrategy(deps, {
      name: { 'en-US': 'Draft', 'zh-TW': '草稿', 'zh-CN': '草稿' },
      description: { 'en-US': '-', 'zh-TW': '-', 'zh-CN': '-' },
      trader: 'X',
      category: 'trend',
      exchange: 'bitfinex',
      symbol: 'BTC/USDT',
      riskLevel: 'low',
      leverageX100: 100,
      performanceFeeBps: 1000,
      marginCurrencies: ['USDT'],
      minInvest: 100n * ONE,
      signalSource: 'orders',
    })
  ).id;

  // signals of swing: 1 day, 3.5, 4 and 5 days before the read
  t.clock.set(at(4, start).getTime() + 60_000);
  await closeStrategy(deps, closed);
  const now = t.clock.now();
  // members log in at the time of the reads (their sessions last minutes)
  alice = await createMember(t.app);
  bob = await createMember(t.app);
  for (const [no, daysAgo] of [
    [1, 5],
    [2, 4],
    [3, 3.5],
    [4, 1],
  ] as const) {
    await t.app.db.insert(autotradeSignals).values({
      strategyId: swing,
      signalNo: no,
      side: no % 2 ? 'buy' : 'sell',
      symbol: 'BTC/USDT',
      share: '25000000',
      amount: toUnits('0.01').toString(),
      price: toUnits('60000').toString(),
      sourceRef: `hand:${no}`,
      executedAt: new Date(now.getTime() - daysAgo * DAY),
      fannedOutAt: now,
      createdAt: now,
    });
  }

  // alice subscribed to swing (a key row, a subscription, a book, one mirrored order)
  const [key] = await t.app.db
    .insert(exchangeApiKeys)
    .values({
      memberId: alice.memberId,
      exchange: 'bitfinex',
      name: 'Paper',
      apiKey: `alice-${Date.now()}`,
      secretSealed: 'v1.x.y',
      accountType: 'main',
      account: 'main',
      status: 'correct',
      lastSyncAt: now,
      lastCheckedAt: now,
      createdAt: now,
    })
    .returning();
  const [subscription] = await t.app.db
    .insert(autotradeSubscriptions)
    .values({
      memberId: alice.memberId,
      strategyId: swing,
      apiKeyId: key!.id,
      exchange: 'bitfinex',
      account: 'main',
      state: 'active',
      allocation: toUnits('1000').toString(),
      highWaterMark: toUnits('1000').toString(),
      marginCurrency: 'USDT',
      marginSource: 'custodial',
      marginAmount: '0',
      createdAt: start,
      activatedAt: start,
    })
    .returning();
  aliceSubscription = subscription!.id;
  await t.app.db.insert(autotradeBooks).values({
    subscriptionId: aliceSubscription,
    strategyId: swing,
    symbol: 'BTC/USDT',
    invested: toUnits('1000').toString(),
    cash: toUnits('700').toString(),
    position: toUnits('0.005').toString(),
    feesPaid: toUnits('0.6').toString(),
    openedAt: start,
    updatedAt: now,
  });
  await t.app.db.insert(autotradeOrders).values({
    subscriptionId: aliceSubscription,
    memberId: alice.memberId,
    strategyId: swing,
    apiKeyId: key!.id,
    purpose: 'open',
    dedupeKey: 'open',
    clientOrderId: 12345,
    status: 'filled',
    symbol: 'BTC/USDT',
    side: 'buy',
    leverageX100: 100,
    amount: toUnits('0.005').toString(),
    limitPrice: toUnits('60300').toString(),
    filled: toUnits('0.005').toString(),
    averagePrice: toUnits('60000').toString(),
    quoteAmount: toUnits('300').toString(),
    exchangeOrderId: '77',
    createdAt: start,
    doneAt: start,
  });
  for (const [day, equity] of [
    [1, '1000'],
    [2, '950'],
    [3, '1020'],
  ] as const) {
    await writeSnapshot(depsOf(t.app), 'subscription', aliceSubscription, at(day, start), {
      cash: toUnits(equity),
      position: 0n,
      price: toUnits('60000'),
    });
  }
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('strategy figures from the records', () => {
  it('computes return, drawdown, Sharpe, trades per week and position ratio of a hand series', async () => {
    const { res, body } = await get<StrategyDetail>(`/api/v1/strategy/StrategyDetail?id=${swing}`);
    expect(res.statusCode).toBe(200);
    const detail = body.data;
    // 12,100 / 10,000 - 1
    expect(detail.sinceInception).toBe(21);
    // 21 % over 4 days, simple annualisation: 21 x 365 / 4
    expect(detail.annualReturn).toBe(1916.25);
    // the peak 11,000 fell to 9,900
    expect(detail.maxDrawdown).toBe(10);
    // less the 20 % performance fee
    expect(detail.pastYearNet).toBe(16.8);
    const returns = [11000 / 10000 - 1, 9900 / 11000 - 1, 10450 / 9900 - 1, 12100 / 10450 - 1];
    const mean = returns.reduce((a, b) => a + b, 0) / 4;
    const std = Math.sqrt(returns.reduce((a, r) => a + (r - mean) ** 2, 0) / 3);
    expect(detail.sharpe).toBe(Math.round((mean / std) * Math.sqrt(365) * 100) / 100);
    // 4 signals over the 4 days run: 7 a week
    expect(detail.tradesPerWeek).toBe(7);
    // 0.1 BTC x 60,500 of 12,100
    expect(detail.positionRatio).toBe(50);
    expect(detail).toMatchObject({
      runningDays: 4,
      subscribers: 1,
      // alice's book: 700 + 0.005 x the strategy's last price seen (its state: the start's)
      performanceFee: 20,
      pricingModel: 'profit_sharing',
      leverage: 1,
      riskLevel: 'medium',
      marginCurrencies: ['USDT', 'BCNT'],
      minInvest: '100',
      quote: 'USDT',
      rating: null,
      reviews: 0,
    });
    expect(Number(detail.aum)).toBeGreaterThan(700);
  });

  it('charts: cumulative and daily profit, equity over the start and drawdown', async () => {
    const pl = await get<{
      list: { day: string; profit: string; profitRate: number; dailyProfit: string }[];
    }>(`/api/v1/strategy/ProfitLossChart?id=${swing}`);
    expect(pl.body.data.list.map((p) => [p.profit, p.profitRate, p.dailyProfit])).toEqual([
      ['1000', 10, '1000'],
      ['-100', -1, '-1100'],
      ['450', 4.5, '550'],
      ['2100', 21, '1650'],
    ]);
    const eq = await get<{ list: { equity: string; value: number; drawdown: number }[] }>(
      `/api/v1/strategy/EquityAndDrawdownChart?id=${swing}`,
    );
    expect(eq.body.data.list.map((p) => [p.equity, p.value, p.drawdown])).toEqual([
      ['11000', 1.1, 0],
      ['9900', 0.99, -10],
      ['10450', 1.045, -5],
      ['12100', 1.21, 0],
    ]);
  });

  it('shows only trades executed 3 days ago or earlier, newest first', async () => {
    const { body } = await get<{ list: { signalNo: number; share: number }[] }>(
      `/api/v1/strategy/RecentTradingRecord?id=${swing}`,
    );
    expect(body.data.list.map((s) => s.signalNo)).toEqual([3, 2, 1]);
    expect(body.data.list[0]!.share).toBe(25);
  });
});

describe('strategy lists', () => {
  it('lists running strategies: search, filter, sort, pages; closed ones apart; drafts never', async () => {
    const list = async (query: string) =>
      (
        await get<{ list: StrategySummary[]; total: number }>(
          `/api/v1/strategy/StrategyList?${query}`,
        )
      ).body.data;
    expect((await list('')).list.map((s) => s.id)).toEqual([swing, steady]);
    expect((await list('sort=maxDrawdown')).list.map((s) => s.id)).toEqual([steady, swing]);
    expect((await list('risk=low')).list.map((s) => s.id)).toEqual([steady]);
    expect((await list('category=trend')).list.map((s) => s.id)).toEqual([swing]);
    expect((await list('search=%E7%B6%B2%E6%A0%BC')).list.map((s) => s.id)).toEqual([steady]);
    const paged = await list('pageSize=1&page=2');
    expect(paged).toMatchObject({ total: 2, list: [{ id: steady }] });
    const bad = await call(t.app, 'GET', '/api/v1/strategy/StrategyList?sort=best');
    expect(bad.statusCode).toBe(400);

    const featured = await get<{ list: StrategySummary[] }>(
      '/api/v1/strategy/FeaturedStrategyList',
    );
    expect(featured.body.data.list.map((s) => s.id)).toEqual([swing]);
    const categories = await get<{ list: { category: string; count: number }[] }>(
      '/api/v1/strategy/CategoryList',
    );
    expect(categories.body.data.list).toEqual([
      { category: 'grid', count: 1 },
      { category: 'trend', count: 1 },
    ]);
    const history = await get<{ list: StrategySummary[] }>(
      '/api/v1/strategy/HistoricalStrategyList',
    );
    expect(history.body.data.list.map((s) => [s.id, s.status])).toEqual([[closed, 'closed']]);
    const hidden = await call(t.app, 'GET', `/api/v1/strategy/StrategyDetail?id=${draft}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe('strategy_not_found');
  });
});

describe("the member's calls", () => {
  it('needs a session and shows a member only their own subscription', async () => {
    for (const url of [
      '/api/v1/user/UserDashboardStrategyList',
      '/api/v1/user/FavoriteStrategy',
      `/api/v1/user/Portfolio?subscriptionId=${aliceSubscription}`,
      `/api/v1/user/OrderList?subscriptionId=${aliceSubscription}`,
    ]) {
      expect((await call(t.app, 'GET', url)).statusCode, url).toBe(401);
    }
    const other = await get(`/api/v1/user/Portfolio?subscriptionId=${aliceSubscription}`, bob);
    expect(other.res.statusCode).toBe(404);
    const orders = await get(`/api/v1/user/OrderList?subscriptionId=${aliceSubscription}`, bob);
    expect(orders.res.statusCode).toBe(404);

    const mine = await get<Record<string, unknown>>(
      `/api/v1/user/Portfolio?subscriptionId=${aliceSubscription}`,
      alice,
    );
    expect(mine.body.data).toMatchObject({
      state: 'active',
      allocation: '1000',
      cash: '700',
      position: '0.005',
      feesPaid: '0.6',
    });
    const list = await get<{ list: Record<string, unknown>[]; total: number }>(
      `/api/v1/user/OrderList?subscriptionId=${aliceSubscription}`,
      alice,
    );
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.list[0]).toMatchObject({
      purpose: 'open',
      status: 'filled',
      side: 'buy',
      type: 'IOC limit',
      leverage: 1,
      price: '60000',
      unit: '0.005',
      filled: '0.005',
      signalNo: null,
    });
    const dashboard = await get<{
      list: { portfolio: { subscriptionId: number }; strategy: { id: number } }[];
    }>('/api/v1/user/UserDashboardStrategyList', alice);
    expect(
      dashboard.body.data.list.map((e) => [e.portfolio.subscriptionId, e.strategy.id]),
    ).toEqual([[aliceSubscription, swing]]);
    const chart = await get<{ list: { profit: string; drawdown?: number }[] }>(
      `/api/v1/user/ProfitLossChart?subscriptionId=${aliceSubscription}`,
      alice,
    );
    expect(chart.body.data.list.map((p) => p.profit)).toEqual(['0', '-50', '20']);
    const equity = await get<{ list: { drawdown: number }[] }>(
      `/api/v1/user/EquityAndDrawdownChart?subscriptionId=${aliceSubscription}`,
      alice,
    );
    expect(equity.body.data.list.map((p) => p.drawdown)).toEqual([0, -5, 0]);
  });

  it('lets a subscriber rate a strategy once (posting again edits it), nobody else', async () => {
    const refused = await call(
      t.app,
      'POST',
      '/api/v1/user/StrategyReview',
      { strategyId: swing, rating: 5, comment: 'Great' },
      { token: bob.token },
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('review_not_subscriber');
    const invalid = await call(
      t.app,
      'POST',
      '/api/v1/user/StrategyReview',
      { strategyId: swing, rating: 6, comment: 'x' },
      { token: alice.token },
    );
    expect(invalid.statusCode).toBe(400);
    const first = await call(
      t.app,
      'POST',
      '/api/v1/user/StrategyReview',
      { strategyId: swing, rating: 4, comment: 'Good' },
      { token: alice.token },
    );
    expect(first.statusCode).toBe(200);
    const edited = await call(
      t.app,
      'POST',
      '/api/v1/user/StrategyReview',
      { strategyId: swing, rating: 2, comment: 'Less good' },
      { token: alice.token },
    );
    expect(edited.json().data.id).toBe(first.json().data.id);
    const reviews = await get<{
      list: { rating: number; comment: string }[];
      rating: number;
      total: number;
    }>(`/api/v1/strategy/StrategyReviewList?id=${swing}`);
    expect(reviews.body.data).toMatchObject({
      total: 1,
      rating: 2,
      list: [{ rating: 2, comment: 'Less good' }],
    });
    const detail = await get<StrategyDetail>(`/api/v1/strategy/StrategyDetail?id=${swing}`);
    expect(detail.body.data).toMatchObject({ rating: 2, reviews: 1 });
  });

  it('keeps favorites: add (twice is once), list, remove; drafts and bad ids refused', async () => {
    const favorite = (method: 'POST' | 'DELETE', strategyId: unknown) =>
      call(t.app, method, '/api/v1/user/FavoriteStrategy', { strategyId }, { token: bob.token });
    expect((await favorite('POST', swing)).statusCode).toBe(200);
    const twice = await favorite('POST', swing);
    expect(twice.json().data.list.map((s: StrategySummary) => s.id)).toEqual([swing]);
    expect((await favorite('POST', closed)).json().data.list).toHaveLength(2);
    expect((await favorite('POST', draft)).statusCode).toBe(404);
    expect((await favorite('POST', 'x')).statusCode).toBe(400);
    const removed = await favorite('DELETE', swing);
    expect(removed.json().data.list.map((s: StrategySummary) => s.id)).toEqual([closed]);
    const listed = await get<{ list: StrategySummary[] }>('/api/v1/user/FavoriteStrategy', bob);
    expect(listed.body.data.list.map((s) => s.id)).toEqual([closed]);
    const alices = await get<{ list: StrategySummary[] }>('/api/v1/user/FavoriteStrategy', alice);
    expect(alices.body.data.list).toEqual([]);
  });
});

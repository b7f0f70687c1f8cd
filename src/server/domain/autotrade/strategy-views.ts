import { and, asc, count, desc, eq, gte, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import {
  AutotradeStrategyError,
  type CategoryList,
  type EquityDrawdownChart,
  type OrderList,
  type Portfolio,
  type ProfitLossChart,
  type StrategyDetail,
  type StrategyListQuery,
  type StrategyPage,
  type StrategySummary,
  type TradingRecord,
  type UserDashboardStrategyList,
} from '../../../shared/api/autotrade-strategies';
import { ErrorCode } from '../../../shared/api/envelope';
import { platformDay } from '../../../shared/time/platform-days';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import {
  autotradeBooks,
  autotradeEquitySnapshots,
  autotradeOrders,
  autotradeReviews,
  autotradeSignals,
  autotradeStrategies,
  autotradeStrategyState,
  autotradeSubscriptions,
} from '../../db/schema';
import { fromUnits, mulUnits } from '../../exchange/decimal';
import { AppError } from '../../errors';
import { type EquityPoint, drawdowns, percent, seriesFigures } from './metrics';
import { splitSymbol, type StrategyRow } from './context';

/**
 * The read calls of Smart Autotrade (contract shared/api/autotrade-strategies.ts). Every figure
 * is computed from the records: the daily equity snapshots (snapshots.ts) for returns, drawdown
 * and Sharpe (metrics.ts), the signals for trades per week and the trading record, the
 * subscription books for subscribers and assets under management. Drafts are never shown.
 */

const DAY_MS = 24 * 60 * 60_000;
const RECENT_TRADES = 10;
/** spec section 9: the trades table shows trades from 3 days ago and before */
const RECENT_TRADES_DELAY_MS = 3 * DAY_MS;
const DEFAULT_PAGE_SIZE = 20;

type Snapshot = typeof autotradeEquitySnapshots.$inferSelect;

async function snapshotsOf(db: Db, kind: 'strategy' | 'subscription', ids: number[]) {
  const bySubject = new Map<number, Snapshot[]>();
  if (ids.length === 0) return bySubject;
  const rows = await db
    .select()
    .from(autotradeEquitySnapshots)
    .where(
      and(eq(autotradeEquitySnapshots.kind, kind), inArray(autotradeEquitySnapshots.ownerId, ids)),
    )
    .orderBy(asc(autotradeEquitySnapshots.day));
  for (const row of rows) {
    const list = bySubject.get(row.ownerId) ?? [];
    list.push(row);
    bySubject.set(row.ownerId, list);
  }
  return bySubject;
}

const points = (rows: Snapshot[]): EquityPoint[] =>
  rows.map((row) => ({ day: row.day, equity: BigInt(row.equity) }));

interface StrategyFacts {
  strategy: StrategyRow;
  state: typeof autotradeStrategyState.$inferSelect | undefined;
  snapshots: Snapshot[];
  subscribers: number;
  aum: bigint;
}

async function factsOf(db: Db, strategies: StrategyRow[]): Promise<StrategyFacts[]> {
  const ids = strategies.map((s) => s.id);
  if (ids.length === 0) return [];
  const states = await db
    .select()
    .from(autotradeStrategyState)
    .where(inArray(autotradeStrategyState.strategyId, ids));
  const snapshots = await snapshotsOf(db, 'strategy', ids);
  const books = await db
    .select({
      strategyId: autotradeBooks.strategyId,
      cash: autotradeBooks.cash,
      position: autotradeBooks.position,
    })
    .from(autotradeBooks)
    .innerJoin(autotradeSubscriptions, eq(autotradeSubscriptions.id, autotradeBooks.subscriptionId))
    .where(
      and(
        inArray(autotradeBooks.strategyId, ids),
        isNull(autotradeBooks.closedAt),
        inArray(autotradeSubscriptions.state, ['active', 'paused']),
      ),
    );
  return strategies.map((strategy) => {
    const state = states.find((s) => s.strategyId === strategy.id);
    const price = BigInt(state?.lastPrice ?? '0');
    const mine = books.filter((b) => b.strategyId === strategy.id);
    return {
      strategy,
      state,
      snapshots: snapshots.get(strategy.id) ?? [],
      subscribers: mine.length,
      aum: mine.reduce((sum, b) => sum + BigInt(b.cash) + mulUnits(BigInt(b.position), price), 0n),
    };
  });
}

function startOf(facts: StrategyFacts, now: Date) {
  const started = facts.strategy.startedAt ?? now;
  return { day: platformDay(started), equity: BigInt(facts.state?.startEquity ?? '0') };
}

function runningDays(strategy: StrategyRow, now: Date): number {
  if (!strategy.startedAt) return 0;
  const end = strategy.closedAt ?? now;
  return Math.max(0, Math.floor((end.getTime() - strategy.startedAt.getTime()) / DAY_MS));
}

function summaryOf(facts: StrategyFacts, now: Date): StrategySummary {
  const { strategy } = facts;
  const figures = seriesFigures(
    startOf(facts, now),
    points(facts.snapshots),
    strategy.performanceFeeBps,
  );
  return {
    id: strategy.id,
    name: strategy.name,
    description: strategy.description,
    trader: strategy.trader,
    category: strategy.category,
    exchange: strategy.exchange,
    symbol: strategy.symbol,
    riskLevel: strategy.riskLevel,
    leverage: strategy.leverageX100 / 100,
    status: strategy.status === 'closed' ? 'closed' : 'running',
    featured: strategy.featured,
    annualReturn: figures.annualReturn,
    sinceInception: figures.sinceInception,
    maxDrawdown: figures.maxDrawdown,
    runningDays: runningDays(strategy, now),
    subscribers: facts.subscribers,
    aum: fromUnits(facts.aum),
    performanceFee: strategy.performanceFeeBps / 100,
    marginCurrencies: strategy.marginCurrencies,
    minInvest: fromUnits(BigInt(strategy.minInvest)),
    startedAt: strategy.startedAt?.toISOString() ?? null,
    closedAt: strategy.closedAt?.toISOString() ?? null,
  };
}

async function visible(db: Db, status: 'running' | 'closed' | 'listed'): Promise<StrategyRow[]> {
  return db
    .select()
    .from(autotradeStrategies)
    .where(
      status === 'listed'
        ? ne(autotradeStrategies.status, 'draft')
        : eq(autotradeStrategies.status, status),
    )
    .orderBy(asc(autotradeStrategies.sortOrder), asc(autotradeStrategies.id));
}

export async function summariesOf(
  db: Db,
  clock: Clock,
  strategies: StrategyRow[],
): Promise<StrategySummary[]> {
  const now = clock.now();
  return (await factsOf(db, strategies)).map((facts) => summaryOf(facts, now));
}

/** GET /strategy/FeaturedStrategyList */
export async function featuredStrategies(db: Db, clock: Clock) {
  const running = await visible(db, 'running');
  return {
    list: await summariesOf(
      db,
      clock,
      running.filter((s) => s.featured),
    ),
  };
}

/** GET /strategy/DashboardStrategyList: the running strategies in the operators' order. */
export async function dashboardStrategies(db: Db, clock: Clock) {
  return { list: await summariesOf(db, clock, await visible(db, 'running')) };
}

/** GET /strategy/CategoryList */
export async function categoryList(db: Db): Promise<CategoryList> {
  const rows = await db
    .select({ category: autotradeStrategies.category, count: count() })
    .from(autotradeStrategies)
    .where(eq(autotradeStrategies.status, 'running'))
    .groupBy(autotradeStrategies.category)
    .orderBy(asc(autotradeStrategies.category));
  return { list: rows.map((row) => ({ category: row.category, count: Number(row.count) })) };
}

function paged<T>(list: T[], query: { page?: number | undefined; pageSize?: number | undefined }) {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  return {
    list: list.slice((page - 1) * pageSize, page * pageSize),
    total: list.length,
    page,
    pageSize,
  };
}

/** GET /strategy/StrategyList: running strategies, searched, filtered, sorted, paged. */
export async function strategyList(
  db: Db,
  clock: Clock,
  query: StrategyListQuery,
): Promise<StrategyPage> {
  const search = query.search?.toLowerCase();
  const rows = (await visible(db, 'running')).filter(
    (s) =>
      (!query.category || s.category === query.category) &&
      (!query.risk || s.riskLevel === query.risk) &&
      (!query.exchange || s.exchange === query.exchange) &&
      (!search ||
        [s.name['en-US'], s.name['zh-TW'], s.name['zh-CN'], s.trader, s.symbol].some((text) =>
          text.toLowerCase().includes(search),
        )),
  );
  const list = await summariesOf(db, clock, rows);
  const sort = query.sort ?? 'annualReturn';
  const by: Record<typeof sort, (a: StrategySummary, b: StrategySummary) => number> = {
    annualReturn: (a, b) => b.annualReturn - a.annualReturn,
    // the smallest drawdown first
    maxDrawdown: (a, b) => a.maxDrawdown - b.maxDrawdown,
    subscribers: (a, b) => b.subscribers - a.subscribers,
    newest: (a, b) => (b.startedAt ?? '').localeCompare(a.startedAt ?? ''),
  };
  list.sort((a, b) => by[sort](a, b) || a.id - b.id);
  return paged(list, query);
}

/** GET /strategy/HistoricalStrategyList: closed strategies, the latest closed first. */
export async function historicalStrategies(
  db: Db,
  clock: Clock,
  query: { page?: number | undefined; pageSize?: number | undefined },
): Promise<StrategyPage> {
  const list = await summariesOf(db, clock, await visible(db, 'closed'));
  list.sort((a, b) => (b.closedAt ?? '').localeCompare(a.closedAt ?? ''));
  return paged(list, query);
}

export async function listedStrategy(db: Db, id: number): Promise<StrategyRow> {
  const [row] = await db.select().from(autotradeStrategies).where(eq(autotradeStrategies.id, id));
  if (!row || row.status === 'draft') {
    throw new AppError(ErrorCode.notFound, AutotradeStrategyError.notFound, { field: 'id' });
  }
  return row;
}

/** GET /strategy/StrategyDetail */
export async function strategyDetail(db: Db, clock: Clock, id: number): Promise<StrategyDetail> {
  const now = clock.now();
  const strategy = await listedStrategy(db, id);
  const [facts] = await factsOf(db, [strategy]);
  const summary = summaryOf(facts!, now);
  const figures = seriesFigures(
    startOf(facts!, now),
    points(facts!.snapshots),
    strategy.performanceFeeBps,
  );

  // trades per week: the last 28 days' signals, or all of them over the days run when younger
  const end = strategy.closedAt ?? now;
  const windowStart = new Date(end.getTime() - 28 * DAY_MS);
  const [{ trades } = { trades: 0 }] = await db
    .select({ trades: count() })
    .from(autotradeSignals)
    .where(
      and(
        eq(autotradeSignals.strategyId, id),
        gte(autotradeSignals.executedAt, windowStart),
        lte(autotradeSignals.executedAt, end),
      ),
    );
  const days = Math.min(
    28,
    Math.max(1, (end.getTime() - (strategy.startedAt ?? end).getTime()) / DAY_MS),
  );
  const tradesPerWeek = Math.round((Number(trades) / days) * 7 * 100) / 100;

  const last = facts!.snapshots.at(-1);
  const lastEquity = last ? BigInt(last.equity) : 0n;
  const positionRatio =
    last && lastEquity > 0n
      ? percent(Number(mulUnits(BigInt(last.position), BigInt(last.price))) / Number(lastEquity))
      : 0;

  const [rating] = await db
    .select({ average: sql<string | null>`avg(${autotradeReviews.rating})`, reviews: count() })
    .from(autotradeReviews)
    .where(eq(autotradeReviews.strategyId, id));
  return {
    ...summary,
    quote: splitSymbol(strategy.symbol).quote,
    pastYearNet: figures.pastYearNet,
    sharpe: figures.sharpe,
    tradesPerWeek,
    positionRatio,
    pricingModel: 'profit_sharing',
    rating:
      rating?.average === null || rating?.average === undefined
        ? null
        : Math.round(Number(rating.average) * 10) / 10,
    reviews: Number(rating?.reviews ?? 0),
  };
}

function profitLoss(start: bigint, rows: Snapshot[]): ProfitLossChart {
  let previous = start;
  return {
    list: rows.map((row) => {
      const equity = BigInt(row.equity);
      const point = {
        day: row.day,
        profit: fromUnits(equity - start),
        profitRate: start > 0n ? percent(Number(equity - start) / Number(start)) : 0,
        dailyProfit: fromUnits(equity - previous),
      };
      previous = equity;
      return point;
    }),
  };
}

function equityDrawdown(start: bigint, rows: Snapshot[]): EquityDrawdownChart {
  const falls = drawdowns(start, points(rows));
  return {
    list: rows.map((row, i) => ({
      day: row.day,
      equity: fromUnits(BigInt(row.equity)),
      value:
        start > 0n ? Math.round((Number(BigInt(row.equity)) / Number(start)) * 10_000) / 10_000 : 0,
      drawdown: falls[i]!,
    })),
  };
}

async function strategySeries(db: Db, id: number) {
  const strategy = await listedStrategy(db, id);
  const [state] = await db
    .select()
    .from(autotradeStrategyState)
    .where(eq(autotradeStrategyState.strategyId, id));
  const rows = (await snapshotsOf(db, 'strategy', [id])).get(id) ?? [];
  return { strategy, start: BigInt(state?.startEquity ?? '0'), rows };
}

/** GET /strategy/ProfitLossChart */
export async function strategyProfitLossChart(db: Db, id: number): Promise<ProfitLossChart> {
  const { start, rows } = await strategySeries(db, id);
  return profitLoss(start, rows);
}

/** GET /strategy/EquityAndDrawdownChart */
export async function strategyEquityChart(db: Db, id: number): Promise<EquityDrawdownChart> {
  const { start, rows } = await strategySeries(db, id);
  return equityDrawdown(start, rows);
}

/** GET /strategy/RecentTradingRecord: the 10 latest signals executed 3 days ago or earlier. */
export async function recentTradingRecord(
  db: Db,
  clock: Clock,
  id: number,
): Promise<TradingRecord> {
  await listedStrategy(db, id);
  const until = new Date(clock.now().getTime() - RECENT_TRADES_DELAY_MS);
  const rows = await db
    .select()
    .from(autotradeSignals)
    .where(and(eq(autotradeSignals.strategyId, id), lte(autotradeSignals.executedAt, until)))
    .orderBy(desc(autotradeSignals.executedAt), desc(autotradeSignals.signalNo))
    .limit(RECENT_TRADES);
  return {
    list: rows.map((row) => ({
      signalNo: row.signalNo,
      side: row.side,
      symbol: row.symbol,
      price: fromUnits(BigInt(row.price)),
      amount: fromUnits(BigInt(row.amount)),
      share: percent(Number(BigInt(row.share)) / 1e8),
      executedAt: row.executedAt.toISOString(),
    })),
  };
}

// ---- the member's own subscriptions

async function memberSubscription(db: Db, memberId: number, subscriptionId: number) {
  const [row] = await db
    .select()
    .from(autotradeSubscriptions)
    .where(
      and(
        eq(autotradeSubscriptions.id, subscriptionId),
        eq(autotradeSubscriptions.memberId, memberId),
      ),
    );
  if (!row) {
    throw new AppError(ErrorCode.notFound, AutotradeStrategyError.subscriptionNotFound, {
      field: 'subscriptionId',
    });
  }
  return row;
}

function portfolioOf(
  subscription: typeof autotradeSubscriptions.$inferSelect,
  strategy: StrategyRow,
  book: typeof autotradeBooks.$inferSelect | undefined,
  price: bigint,
): Portfolio {
  const allocation = BigInt(subscription.allocation);
  const cash = book ? BigInt(book.cash) : allocation;
  const position = book ? BigInt(book.position) : 0n;
  const invested = book ? BigInt(book.invested) : allocation;
  const positionValue = mulUnits(position, price);
  const equity = cash + positionValue;
  return {
    subscriptionId: subscription.id,
    strategyId: strategy.id,
    state: subscription.state,
    pauseReason: subscription.pauseReason,
    symbol: strategy.symbol,
    allocation: fromUnits(allocation),
    cash: fromUnits(cash < 0n ? 0n : cash),
    position: fromUnits(position),
    price: fromUnits(price),
    positionValue: fromUnits(positionValue),
    equity: fromUnits(equity < 0n ? 0n : equity),
    pnl: fromUnits(equity - invested),
    pnlRate: invested > 0n ? percent(Number(equity - invested) / Number(invested)) : 0,
    feesPaid: fromUnits(book ? BigInt(book.feesPaid) : 0n),
    openedAt: book?.openedAt.toISOString() ?? null,
    closedAt: book?.closedAt?.toISOString() ?? null,
  };
}

async function lastPrice(db: Db, strategyId: number): Promise<bigint> {
  const [state] = await db
    .select({ lastPrice: autotradeStrategyState.lastPrice })
    .from(autotradeStrategyState)
    .where(eq(autotradeStrategyState.strategyId, strategyId));
  return BigInt(state?.lastPrice ?? '0');
}

/** GET /user/Portfolio: the subscription's cash, position and profit (at the last price seen). */
export async function portfolio(
  db: Db,
  memberId: number,
  subscriptionId: number,
): Promise<Portfolio> {
  const subscription = await memberSubscription(db, memberId, subscriptionId);
  const [strategy] = await db
    .select()
    .from(autotradeStrategies)
    .where(eq(autotradeStrategies.id, subscription.strategyId));
  const [book] = await db
    .select()
    .from(autotradeBooks)
    .where(eq(autotradeBooks.subscriptionId, subscriptionId));
  return portfolioOf(subscription, strategy!, book, await lastPrice(db, strategy!.id));
}

/** GET /user/UserDashboardStrategyList: the member's subscriptions, newest first. */
export async function userDashboard(
  db: Db,
  clock: Clock,
  memberId: number,
): Promise<UserDashboardStrategyList> {
  const rows = await db
    .select({ subscription: autotradeSubscriptions, strategy: autotradeStrategies })
    .from(autotradeSubscriptions)
    .innerJoin(autotradeStrategies, eq(autotradeStrategies.id, autotradeSubscriptions.strategyId))
    .where(eq(autotradeSubscriptions.memberId, memberId))
    .orderBy(desc(autotradeSubscriptions.createdAt), desc(autotradeSubscriptions.id));
  const strategies = [...new Map(rows.map((r) => [r.strategy.id, r.strategy])).values()];
  const summaries = await summariesOf(db, clock, strategies);
  const list = [];
  for (const { subscription, strategy } of rows) {
    const [book] = await db
      .select()
      .from(autotradeBooks)
      .where(eq(autotradeBooks.subscriptionId, subscription.id));
    list.push({
      portfolio: portfolioOf(subscription, strategy, book, await lastPrice(db, strategy.id)),
      strategy: summaries.find((s) => s.id === strategy.id)!,
    });
  }
  return { list };
}

/** GET /user/OrderList: the subscription's mirrored orders, newest first. */
export async function orderList(
  db: Db,
  memberId: number,
  query: { subscriptionId: number; page?: number | undefined; pageSize?: number | undefined },
): Promise<OrderList> {
  await memberSubscription(db, memberId, query.subscriptionId);
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  const where = eq(autotradeOrders.subscriptionId, query.subscriptionId);
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(autotradeOrders)
    .where(where);
  const rows = await db
    .select({ order: autotradeOrders, signalNo: autotradeSignals.signalNo })
    .from(autotradeOrders)
    .leftJoin(autotradeSignals, eq(autotradeSignals.id, autotradeOrders.signalId))
    .where(where)
    .orderBy(desc(autotradeOrders.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    list: rows.map(({ order, signalNo }) => ({
      orderNo: `AT${order.id.toString().padStart(8, '0')}`,
      signalNo: signalNo ?? null,
      purpose: order.purpose,
      status: order.status,
      reason: order.reason,
      date: (order.doneAt ?? order.createdAt).toISOString(),
      type: 'IOC limit',
      side: order.side,
      leverage: order.leverageX100 / 100,
      price: fromUnits(BigInt(order.averagePrice)),
      limitPrice: order.limitPrice === null ? null : fromUnits(BigInt(order.limitPrice)),
      unit: order.amount === null ? null : fromUnits(BigInt(order.amount)),
      filled: fromUnits(BigInt(order.filled)),
      exchangeOrderId: order.exchangeOrderId,
    })),
    total: Number(total),
    page,
    pageSize,
  };
}

async function subscriptionSeries(db: Db, memberId: number, subscriptionId: number) {
  await memberSubscription(db, memberId, subscriptionId);
  const [book] = await db
    .select()
    .from(autotradeBooks)
    .where(eq(autotradeBooks.subscriptionId, subscriptionId));
  const rows = (await snapshotsOf(db, 'subscription', [subscriptionId])).get(subscriptionId) ?? [];
  return { start: BigInt(book?.invested ?? '0'), rows };
}

/** GET /user/ProfitLossChart */
export async function userProfitLossChart(db: Db, memberId: number, subscriptionId: number) {
  const { start, rows } = await subscriptionSeries(db, memberId, subscriptionId);
  return profitLoss(start, rows);
}

/** GET /user/EquityAndDrawdownChart */
export async function userEquityChart(db: Db, memberId: number, subscriptionId: number) {
  const { start, rows } = await subscriptionSeries(db, memberId, subscriptionId);
  return equityDrawdown(start, rows);
}

import { randomInt } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { autotradeSignals, autotradeStrategies, autotradeStrategyState } from '../../db/schema';
import { ExchangeFailure, type ExchangeCredentials, type Fill } from '../../exchange/adapter';
import { mulUnits, ONE } from '../../exchange/decimal';
import {
  type AlgorithmMemory,
  type AlgorithmName,
  isAlgorithm,
  paramsOf,
  stepAlgorithm,
} from './algorithms';
import {
  type AutotradeDeps,
  sameCurrency,
  SHARE_ONE,
  splitSymbol,
  strategyCredentials,
  type StrategyRow,
} from './context';

/**
 * The strategies' side of trading (the `autotrade-strategies` job):
 *
 * 1. `runBuiltinStrategy`: a `builtin:<algorithm>` strategy takes one step of its algorithm
 *    (algorithms.ts) every `intervalMinutes` of the server clock on the market's last price, and
 *    trades its own exchange account toward the target position ratio with an IOC limit order
 *    (slippage cap from the ticker). The order's client id is saved in the strategy's state
 *    before it is sent, so after a crash the next step looks it up instead of trading again.
 * 2. `ingestSignals`: for every running strategy (builtin or `orders`, where the partner trades
 *    the account by hand) the account's fills after the last one seen become signals, one per
 *    order: the share of the quote balance a buy spent, of the base position a sell sold,
 *    measured on the balances just before the order (today's balances with the later fills
 *    undone). The signals and the new "last fill" are written in one transaction; a signal's
 *    source (order id and first fill id) is unique per strategy, so reading twice adds nothing.
 */

type Memory = AlgorithmMemory & {
  lastStepAt?: number;
  /** an order sent and not yet known to be done: its client id and when it was sent */
  pendingCid?: number;
  pendingAt?: number;
};

const toNumber = (units: bigint) => Number(units) / Number(ONE);
const fromNumber = (value: number) => BigInt(Math.floor(value * Number(ONE)));
/** client order ids: Bitfinex takes 45-bit integers */
export const newClientOrderId = () => randomInt(1, 2 ** 45);

async function loadState(deps: Pick<AutotradeDeps, 'db'>, strategyId: number) {
  const [state] = await deps.db
    .select()
    .from(autotradeStrategyState)
    .where(eq(autotradeStrategyState.strategyId, strategyId));
  return state;
}

async function saveMemory(
  deps: Pick<AutotradeDeps, 'db' | 'clock'>,
  strategyId: number,
  memory: Memory,
  price?: bigint,
) {
  await deps.db
    .update(autotradeStrategyState)
    .set({
      algorithm: memory as Record<string, unknown>,
      ...(price !== undefined ? { lastPrice: price.toString() } : {}),
      lastRunAt: deps.clock.now(),
      updatedAt: deps.clock.now(),
    })
    .where(eq(autotradeStrategyState.strategyId, strategyId));
}

/** Is an order with this client id on the account (open or done)? Open ones are cancelled. */
async function settlePending(
  deps: AutotradeDeps,
  credentials: ExchangeCredentials,
  symbol: string,
  cid: number,
  since: number,
) {
  const open = await deps.exchange.openOrders(credentials, symbol);
  for (const order of open.filter((o) => o.clientOrderId === cid)) {
    await deps.exchange.cancelOrder(credentials, order.id, symbol);
  }
  const past = await deps.exchange.pastOrders(credentials, symbol, since - 60_000);
  return open.some((o) => o.clientOrderId === cid) || past.some((o) => o.clientOrderId === cid);
}

export type BuiltinOutcome =
  | { kind: 'waiting' }
  | { kind: 'warming_up' }
  | { kind: 'hold'; target: number; ratio: number }
  | { kind: 'traded'; side: 'buy' | 'sell'; amount: bigint; target: number; ratio: number }
  | { kind: 'below_minimum'; target: number; ratio: number };

/** One step of a builtin strategy's algorithm, and its order when the target moved enough. */
export async function runBuiltinStrategy(
  deps: AutotradeDeps,
  strategy: StrategyRow,
  /** its state row when the caller read it (the job reads all running strategies' at once) */
  loaded?: typeof autotradeStrategyState.$inferSelect,
): Promise<BuiltinOutcome> {
  const algorithm = strategy.signalSource.slice('builtin:'.length);
  if (!isAlgorithm(algorithm))
    throw new Error(`strategy ${strategy.id}: unknown algorithm ${algorithm}`);
  const credentials = strategyCredentials(deps, strategy);
  const state = loaded ?? (await loadState(deps, strategy.id));
  if (!credentials || !state) return { kind: 'waiting' };
  const params = paramsOf(algorithm as AlgorithmName, strategy.params);
  const now = deps.clock.now().getTime();
  let memory = state.algorithm as Memory;

  if (memory.pendingCid !== undefined) {
    // sent before a crash or a lost reply: whatever happened is on the exchange (its fills
    // become the signal); never send it again
    await settlePending(
      deps,
      credentials,
      strategy.symbol,
      memory.pendingCid,
      memory.pendingAt ?? now,
    );
    const { pendingCid: _cid, pendingAt: _at, ...rest } = memory;
    memory = rest;
    await saveMemory(deps, strategy.id, memory);
  }
  if (
    memory.lastStepAt !== undefined &&
    now - memory.lastStepAt < params.intervalMinutes * 60_000
  ) {
    return { kind: 'waiting' };
  }

  const ticker = await deps.exchange.ticker(strategy.symbol);
  const step = stepAlgorithm(algorithm as AlgorithmName, memory, toNumber(ticker.last), params);
  memory = { ...memory, ...step.memory, lastStepAt: now };
  if (step.target === null) {
    await saveMemory(deps, strategy.id, memory, ticker.last);
    return { kind: 'warming_up' };
  }

  const { base, quote } = splitSymbol(strategy.symbol);
  const balances = await deps.exchange.balances(credentials);
  const cash = balances.find((b) => sameCurrency(b.currency, quote))?.free ?? 0n;
  const position = balances.find((b) => sameCurrency(b.currency, base))?.free ?? 0n;
  const equity = cash + mulUnits(position, ticker.last);
  const ratio = equity > 0n ? toNumber(mulUnits(position, ticker.last)) / toNumber(equity) : 0;
  const diff = step.target - ratio;
  if (equity <= 0n || Math.abs(diff) < params.threshold) {
    await saveMemory(deps, strategy.id, memory, ticker.last);
    return { kind: 'hold', target: step.target, ratio };
  }

  const side = diff > 0 ? 'buy' : 'sell';
  const limit =
    side === 'buy'
      ? fromNumber(toNumber(ticker.ask) * (1 + params.slippage))
      : fromNumber(toNumber(ticker.bid) * (1 - params.slippage));
  let amount: bigint;
  if (side === 'buy') {
    // quote to spend, less the taker fee reserve, at the capped price
    const spend = fromNumber(toNumber(equity) * diff * 0.995);
    const spendable = spend < cash ? spend : (cash * 995n) / 1000n;
    amount = (spendable * ONE) / limit;
  } else {
    const sell = fromNumber((toNumber(equity) * -diff) / toNumber(ticker.last));
    amount = sell < position ? sell : position;
  }
  const minimum = await deps.exchange.minOrderSize(strategy.symbol);
  if (amount < minimum) {
    await saveMemory(deps, strategy.id, memory, ticker.last);
    return { kind: 'below_minimum', target: step.target, ratio };
  }
  const cid = newClientOrderId();
  await saveMemory(deps, strategy.id, { ...memory, pendingCid: cid, pendingAt: now }, ticker.last);
  try {
    await deps.exchange.submitOrder(credentials, {
      symbol: strategy.symbol,
      side,
      type: 'limit',
      amount,
      price: limit,
      timeInForce: 'IOC',
      clientOrderId: cid,
    });
  } catch (error) {
    // a lost reply stays pending (looked up next step); a refusal is forgotten
    if (error instanceof ExchangeFailure && error.kind !== 'network') {
      await saveMemory(deps, strategy.id, memory, ticker.last);
      deps.log?.warn(
        { strategy: strategy.id, err: error.message },
        'autotrade: strategy order refused',
      );
      return { kind: 'hold', target: step.target, ratio };
    }
    throw error;
  }
  await saveMemory(deps, strategy.id, memory, ticker.last);
  return { kind: 'traded', side, amount, target: step.target, ratio };
}

const fillKey = (fill: Pick<Fill, 'timestamp' | 'id'>) => [fill.timestamp, fill.id] as const;
function after(a: readonly [number, string], b: readonly [number, string | null]): boolean {
  if (a[0] !== b[0]) return a[0] > b[0];
  if (b[1] === null) return true;
  if (/^\d+$/.test(a[1]) && /^\d+$/.test(b[1])) return BigInt(a[1]) > BigInt(b[1]);
  return a[1] > b[1];
}

interface PendingSignal {
  side: 'buy' | 'sell';
  share: bigint;
  amount: bigint;
  price: bigint;
  sourceRef: string;
  executedAt: Date;
}

/**
 * The new fills of the strategy's account as signals (oldest first), with the balances before
 * each order reconstructed from today's balances by undoing the later fills.
 */
function signalsFromFills(
  fills: Fill[],
  balances: { cash: bigint; position: bigint },
  base: string,
): PendingSignal[] {
  // group by order, in the order of each group's first fill
  const groups: Fill[][] = [];
  const byOrder = new Map<string, Fill[]>();
  for (const fill of fills) {
    let group = byOrder.get(fill.orderId);
    if (!group) {
      group = [];
      byOrder.set(fill.orderId, group);
      groups.push(group);
    }
    group.push(fill);
  }
  let { cash, position } = balances;
  const signals: PendingSignal[] = [];
  for (const group of [...groups].reverse()) {
    const side = group[0]!.side;
    let amount = 0n;
    let quote = 0n;
    for (const fill of group) {
      const value = mulUnits(fill.amount, fill.price);
      const baseFee = sameCurrency(fill.feeCurrency, base) ? fill.fee : 0n;
      const quoteFee = sameCurrency(fill.feeCurrency, base) ? 0n : fill.fee;
      amount += fill.amount;
      quote += value;
      if (side === 'buy') {
        position -= fill.amount - baseFee;
        cash += value + quoteFee;
      } else {
        position += fill.amount + baseFee;
        cash -= value - quoteFee;
      }
    }
    const before = side === 'buy' ? cash : position;
    const used = side === 'buy' ? quote : amount;
    let share = before > 0n ? (used * SHARE_ONE) / before : SHARE_ONE;
    if (share > SHARE_ONE) share = SHARE_ONE;
    signals.unshift({
      side,
      share,
      amount,
      price: amount > 0n ? (quote * ONE) / amount : 0n,
      sourceRef: `${group[0]!.orderId}:${group[0]!.id}`.slice(0, 90),
      executedAt: new Date(group[group.length - 1]!.timestamp),
    });
  }
  return signals;
}

/** Turn the strategy account's new fills into signals. Answers how many were added. */
export async function ingestSignals(deps: AutotradeDeps, strategy: StrategyRow): Promise<number> {
  const credentials = strategyCredentials(deps, strategy);
  const state = await loadState(deps, strategy.id);
  if (!credentials || !state) return 0;
  const last = [state.lastFillAt, state.lastFillId] as const;
  const { base, quote } = splitSymbol(strategy.symbol);

  // fills, balances, fills again: a fill landing between the reads would skew the shares
  let fills: Fill[] = [];
  let cash = 0n;
  let position = 0n;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const first = await deps.exchange.fills(credentials, strategy.symbol, state.lastFillAt);
    const balances = await deps.exchange.balances(credentials);
    const second = await deps.exchange.fills(credentials, strategy.symbol, state.lastFillAt);
    cash = balances.find((b) => sameCurrency(b.currency, quote))?.total ?? 0n;
    position = balances.find((b) => sameCurrency(b.currency, base))?.total ?? 0n;
    fills = second;
    if (first.length === second.length && first[0]?.id === second[0]?.id) break;
  }
  // every fill after the newest below the balances must be undone; only the new ones signal
  const ascending = [...fills].sort((a, b) => (after(fillKey(a), fillKey(b)) ? 1 : -1));
  const fresh = ascending.filter((fill) => after(fillKey(fill), last));
  if (fresh.length === 0) return 0;
  const signals = signalsFromFills(fresh, { cash, position }, base);
  const newest = fresh[fresh.length - 1]!;
  const now = deps.clock.now();

  return deps.db.transaction(async (tx) => {
    // lock the state row: two writers would both number signals from the same max
    const [locked] = await tx
      .select({
        lastFillAt: autotradeStrategyState.lastFillAt,
        lastFillId: autotradeStrategyState.lastFillId,
      })
      .from(autotradeStrategyState)
      .where(eq(autotradeStrategyState.strategyId, strategy.id))
      .for('update');
    if (!locked || locked.lastFillAt !== state.lastFillAt || locked.lastFillId !== state.lastFillId)
      return 0;
    const [{ max } = { max: 0 }] = await tx
      .select({ max: sql<number>`coalesce(max(${autotradeSignals.signalNo}), 0)::int` })
      .from(autotradeSignals)
      .where(eq(autotradeSignals.strategyId, strategy.id));
    let no = Number(max);
    let added = 0;
    for (const signal of signals) {
      const inserted = await tx
        .insert(autotradeSignals)
        .values({
          strategyId: strategy.id,
          signalNo: no + 1,
          side: signal.side,
          symbol: strategy.symbol,
          share: signal.share.toString(),
          amount: signal.amount.toString(),
          price: signal.price.toString(),
          sourceRef: signal.sourceRef,
          executedAt: signal.executedAt,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: autotradeSignals.id });
      if (inserted.length > 0) {
        no += 1;
        added += 1;
      }
    }
    await tx
      .update(autotradeStrategyState)
      .set({ lastFillAt: newest.timestamp, lastFillId: newest.id, updatedAt: now })
      .where(eq(autotradeStrategyState.strategyId, strategy.id));
    return added;
  });
}

export const AUTOTRADE_STRATEGIES_TASK = 'autotrade-strategies';
/** how often a strategy account's fills are read when it did not just trade (server clock) */
export const INGEST_INTERVAL_MS = 20_000;
/** when each strategy's fills were last read by this process, per database (a throttle only) */
const lastIngestOf = new WeakMap<object, Map<number, number>>();

/**
 * The `autotrade-strategies` job: every running strategy's builtin step (when it has one), then
 * its new fills as signals. A strategy that fails (its exchange unreachable) is logged and
 * tried again next run; the others go on.
 */
export async function runStrategies(
  deps: AutotradeDeps,
): Promise<{ steps: number; signals: number }> {
  const running = await deps.db
    .select()
    .from(autotradeStrategies)
    .where(and(eq(autotradeStrategies.status, 'running')))
    .orderBy(asc(autotradeStrategies.id));
  let steps = 0;
  let signals = 0;
  const now = deps.clock.now().getTime();
  // the builtin strategies' state rows in one statement (one per strategy ran every tick)
  const builtin = running.filter((strategy) => strategy.signalSource.startsWith('builtin:'));
  const states = new Map(
    builtin.length === 0
      ? []
      : (
          await deps.db
            .select()
            .from(autotradeStrategyState)
            .where(
              inArray(
                autotradeStrategyState.strategyId,
                builtin.map((strategy) => strategy.id),
              ),
            )
        ).map((row) => [row.strategyId, row]),
  );
  let lastIngest = lastIngestOf.get(deps.db);
  if (!lastIngest) {
    lastIngest = new Map();
    lastIngestOf.set(deps.db, lastIngest);
  }
  for (const strategy of running) {
    try {
      let traded = false;
      if (strategy.signalSource.startsWith('builtin:')) {
        const outcome = await runBuiltinStrategy(deps, strategy, states.get(strategy.id));
        if (outcome.kind !== 'waiting') steps += 1;
        traded = outcome.kind === 'traded';
      }
      // the account's fills are read after its own order, else every INGEST_INTERVAL_MS (the
      // job runs every second in development: three requests a strategy each time otherwise)
      const last = lastIngest.get(strategy.id);
      if (!traded && last !== undefined && now - last < INGEST_INTERVAL_MS && now >= last) continue;
      lastIngest.set(strategy.id, now);
      signals += await ingestSignals(deps, strategy);
    } catch (error) {
      deps.log?.warn(
        { strategy: strategy.id, err: (error as Error).message },
        'autotrade: strategy run failed',
      );
    }
  }
  return { steps, signals };
}

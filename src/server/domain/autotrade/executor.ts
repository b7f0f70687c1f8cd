import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import {
  type AutotradeOrderStatus,
  autotradeBooks,
  autotradeFills,
  autotradeOrders,
  autotradeSignals,
  autotradeStrategies,
  autotradeSubscriptions,
  exchangeApiKeys,
} from '../../db/schema';
import {
  type ExchangeCredentials,
  ExchangeFailure,
  type ExchangeFailureKind,
  type Order,
} from '../../exchange/adapter';
import { mulUnits, ONE } from '../../exchange/decimal';
import { applyToBook, loadBook } from './book';
import {
  type AutotradeDeps,
  memberCredentials,
  sameCurrency,
  SHARE_ONE,
  splitSymbol,
} from './context';
import { newClientOrderId } from './signals';
import { loadStrategy, strategyAccount } from './strategies';

/**
 * The executor (the `autotrade-executor` job, once at a time across processes under the
 * scheduler's lease). Each run:
 *
 * 1. Fan-out: every signal not yet fanned out gets one outbox row per subscription of its
 *    strategy whose book was open before the signal executed: `pending` for an active
 *    subscription, `missed` for a paused one (logged, never replayed). Unique on (signal,
 *    subscription), with a client order id chosen now, before anything is sent.
 * 2. Recovery: a subscription paused because its key failed is resumed once the key checked
 *    correct after the pause (the hourly health check or the member's PUT user/ApiKey): state
 *    back to active and a `resume` rebalance queued to the strategy's current position share.
 * 3. Orders, one worker per API key (a key's calls one after another: the exchange wants a
 *    growing nonce per key), up to four keys at once:
 *    - `pending`: sized now (a buy spends the signal's share of the book's cash, a sell sells
 *      its share of the book's position; a rebalance moves the position to the strategy's
 *      ratio; a close sells it all), priced as an IOC limit at the ask (bid) plus (minus) the
 *      slippage cap, written `sending` with the amount and limit, then sent with the client id.
 *      Below the market minimum: `skipped`, nothing sent. Older than STALE_MS: `missed`.
 *    - `sending` (a lost reply, a timeout, a crash after the write): the client id is looked up
 *      in the open and past orders first; found, its outcome is recorded; not found, it is sent
 *      again (at most MAX_ATTEMPTS times).
 *    - an outcome: the order's fills are read, and the row, its fills and the book move in one
 *      transaction, only from `sending` (so twice changes nothing).
 *    - authentication, permission or nonce failure: the subscription is paused (pause_reason
 *      key_authentication / key_permission / key_nonce), its queued orders missed.
 */

export const AUTOTRADE_EXECUTOR_TASK = 'autotrade-executor';
/** a signal not mirrored within this long is missed (its price is gone) */
export const STALE_MS = 30 * 60_000;
export const MAX_ATTEMPTS = 3;
/** IOC slippage cap over the ask (buy) or under the bid (sell): 0.5 % */
export const SLIPPAGE_BPS = 50n;
/** a buy keeps 2 per mille of its cash for the taker fee the exchange reserves */
const FEE_RESERVE_PER_MILLE = 2n;
const KEY_WORKERS = 4;
/** the pause reasons of a failing key (resumed when the key checks correct again) */
export const KEY_PAUSE_REASONS = ['key_authentication', 'key_permission', 'key_nonce'] as const;

type OrderRow = typeof autotradeOrders.$inferSelect;

export interface ExecutorResult {
  fannedOut: number;
  resumed: number;
  sent: number;
  recorded: number;
  skipped: number;
  paused: number;
}

/** 1. Outbox rows for every new signal. Answers how many rows were written. */
export async function fanOutSignals(deps: Pick<AutotradeDeps, 'db' | 'clock'>): Promise<number> {
  const signals = await deps.db
    .select()
    .from(autotradeSignals)
    .where(isNull(autotradeSignals.fannedOutAt))
    .orderBy(asc(autotradeSignals.id))
    .limit(200);
  let written = 0;
  for (const signal of signals) {
    written += await deps.db.transaction(async (tx) => {
      const now = deps.clock.now();
      const subscribers = await tx
        .select({ subscription: autotradeSubscriptions, strategy: autotradeStrategies })
        .from(autotradeSubscriptions)
        .innerJoin(autotradeBooks, eq(autotradeBooks.subscriptionId, autotradeSubscriptions.id))
        .innerJoin(
          autotradeStrategies,
          eq(autotradeStrategies.id, autotradeSubscriptions.strategyId),
        )
        .where(
          and(
            eq(autotradeSubscriptions.strategyId, signal.strategyId),
            inArray(autotradeSubscriptions.state, ['active', 'paused']),
            isNull(autotradeBooks.closedAt),
            lt(autotradeBooks.openedAt, signal.executedAt),
          ),
        );
      let rows = 0;
      for (const { subscription, strategy } of subscribers) {
        const paused = subscription.state === 'paused';
        const inserted = await tx
          .insert(autotradeOrders)
          .values({
            subscriptionId: subscription.id,
            memberId: subscription.memberId,
            strategyId: signal.strategyId,
            apiKeyId: subscription.apiKeyId,
            signalId: signal.id,
            purpose: 'signal',
            dedupeKey: `signal:${signal.id}`,
            clientOrderId: newClientOrderId(),
            status: paused ? 'missed' : 'pending',
            reason: paused ? `paused:${subscription.pauseReason ?? 'unknown'}`.slice(0, 40) : null,
            symbol: signal.symbol,
            side: signal.side,
            leverageX100: strategy.leverageX100,
            createdAt: now,
            ...(paused ? { doneAt: now } : {}),
          })
          .onConflictDoNothing()
          .returning({ id: autotradeOrders.id });
        rows += inserted.length;
      }
      await tx
        .update(autotradeSignals)
        .set({ fannedOutAt: now })
        .where(eq(autotradeSignals.id, signal.id));
      return rows;
    });
  }
  return written;
}

/** 2. Resume subscriptions paused by a failing key once the key checked correct after it. */
export async function resumeRecoveredSubscriptions(
  deps: Pick<AutotradeDeps, 'db' | 'clock'>,
): Promise<number> {
  const candidates = await deps.db
    .select({
      subscription: autotradeSubscriptions,
      book: autotradeBooks,
      strategy: autotradeStrategies,
    })
    .from(autotradeSubscriptions)
    .innerJoin(autotradeBooks, eq(autotradeBooks.subscriptionId, autotradeSubscriptions.id))
    .innerJoin(exchangeApiKeys, eq(exchangeApiKeys.id, autotradeSubscriptions.apiKeyId))
    .innerJoin(autotradeStrategies, eq(autotradeStrategies.id, autotradeSubscriptions.strategyId))
    .where(
      and(
        eq(autotradeSubscriptions.state, 'paused'),
        inArray(autotradeSubscriptions.pauseReason, [...KEY_PAUSE_REASONS]),
        eq(exchangeApiKeys.status, 'correct'),
        isNull(autotradeBooks.closedAt),
        or(
          isNull(autotradeBooks.pausedAt),
          gt(exchangeApiKeys.lastSyncAt, autotradeBooks.pausedAt),
        ),
      ),
    );
  let resumed = 0;
  for (const { subscription, book, strategy } of candidates) {
    resumed += await deps.db.transaction(async (tx) => {
      const now = deps.clock.now();
      const updated = await tx
        .update(autotradeSubscriptions)
        .set({ state: 'active', pauseReason: null })
        .where(
          and(
            eq(autotradeSubscriptions.id, subscription.id),
            eq(autotradeSubscriptions.state, 'paused'),
            eq(autotradeSubscriptions.pauseReason, subscription.pauseReason!),
          ),
        )
        .returning({ id: autotradeSubscriptions.id });
      if (updated.length === 0) return 0;
      await tx
        .update(autotradeBooks)
        .set({ pausedAt: null, updatedAt: now })
        .where(eq(autotradeBooks.subscriptionId, subscription.id));
      await tx
        .insert(autotradeOrders)
        .values({
          subscriptionId: subscription.id,
          memberId: subscription.memberId,
          strategyId: strategy.id,
          apiKeyId: subscription.apiKeyId,
          purpose: 'resume',
          dedupeKey: `resume:${book.pausedAt?.getTime() ?? now.getTime()}`,
          clientOrderId: newClientOrderId(),
          status: 'pending',
          symbol: strategy.symbol,
          leverageX100: strategy.leverageX100,
          createdAt: now,
        })
        .onConflictDoNothing();
      return 1;
    });
  }
  return resumed;
}

/**
 * Pause a subscription whose key failed; its queued orders are missed, and so is the order whose
 * request the exchange refused (`refused`: it did not execute). An order whose look-up failed
 * stays `sending`: it is looked up again once the key works.
 */
async function pauseForKey(
  deps: Pick<AutotradeDeps, 'db' | 'clock'>,
  row: OrderRow,
  refused: boolean,
  kind: ExchangeFailureKind,
  message: string,
): Promise<void> {
  const reason = `key_${kind}`;
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    await tx
      .update(autotradeSubscriptions)
      .set({ state: 'paused', pauseReason: reason })
      .where(
        and(
          eq(autotradeSubscriptions.id, row.subscriptionId),
          eq(autotradeSubscriptions.state, 'active'),
        ),
      );
    await tx
      .update(autotradeBooks)
      .set({ pausedAt: now, updatedAt: now })
      .where(
        and(eq(autotradeBooks.subscriptionId, row.subscriptionId), isNull(autotradeBooks.pausedAt)),
      );
    const queued = eq(autotradeOrders.status, 'pending');
    await tx
      .update(autotradeOrders)
      .set({ status: 'missed', reason, lastError: message.slice(0, 500), doneAt: now })
      .where(
        and(
          eq(autotradeOrders.subscriptionId, row.subscriptionId),
          refused
            ? or(queued, and(eq(autotradeOrders.id, row.id), eq(autotradeOrders.status, 'sending')))
            : queued,
        ),
      );
  });
}

async function finish(
  deps: Pick<AutotradeDeps, 'db' | 'clock'>,
  row: OrderRow,
  status: AutotradeOrderStatus,
  reason: string | null,
  extra: Partial<typeof autotradeOrders.$inferInsert> = {},
): Promise<void> {
  await deps.db
    .update(autotradeOrders)
    .set({ status, reason, doneAt: deps.clock.now(), ...extra })
    .where(
      and(eq(autotradeOrders.id, row.id), inArray(autotradeOrders.status, ['pending', 'sending'])),
    );
}

/** Record an order's outcome: the row, its fills and the book, once. */
async function record(
  deps: AutotradeDeps,
  row: OrderRow,
  credentials: ExchangeCredentials,
  order: Order,
): Promise<void> {
  if (order.status === 'open') {
    // an IOC does not rest; if the exchange left one open, take it off before counting it
    order = await deps.exchange.cancelOrder(credentials, order.id, row.symbol);
  }
  const since = (row.sentAt?.getTime() ?? deps.clock.now().getTime()) - 120_000;
  const fills =
    order.filled > 0n
      ? (await deps.exchange.fills(credentials, row.symbol, since)).filter(
          (f) => f.orderId === order.id,
        )
      : [];
  const { base } = splitSymbol(row.symbol);
  let filled = 0n;
  let quote = 0n;
  let feeBase = 0n;
  let feeQuote = 0n;
  for (const fill of fills) {
    filled += fill.amount;
    quote += mulUnits(fill.amount, fill.price);
    if (sameCurrency(fill.feeCurrency, base)) feeBase += fill.fee;
    else feeQuote += fill.fee;
  }
  if (fills.length === 0 && order.filled > 0n) {
    // the trade history lags the order: count the order's own figures (no fee known)
    filled = order.filled;
    quote = mulUnits(order.filled, order.average);
  }
  const side = row.side ?? order.side;
  const status: AutotradeOrderStatus =
    filled === 0n
      ? 'unfilled'
      : filled >= BigInt(row.amount ?? order.amount)
        ? 'filled'
        : 'partial';
  const average = filled > 0n ? (quote * ONE) / filled : 0n;
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const moved = await tx
      .update(autotradeOrders)
      .set({
        status,
        reason: null,
        filled: filled.toString(),
        averagePrice: average.toString(),
        quoteAmount: quote.toString(),
        feeBase: feeBase.toString(),
        feeQuote: feeQuote.toString(),
        exchangeOrderId: order.id,
        doneAt: now,
      })
      .where(and(eq(autotradeOrders.id, row.id), eq(autotradeOrders.status, 'sending')))
      .returning({ id: autotradeOrders.id });
    if (moved.length === 0) return;
    for (const fill of fills) {
      await tx
        .insert(autotradeFills)
        .values({
          orderId: row.id,
          exchangeFillId: fill.id,
          amount: fill.amount.toString(),
          price: fill.price.toString(),
          fee: fill.fee.toString(),
          feeCurrency: fill.feeCurrency,
          executedAt: new Date(fill.timestamp),
        })
        .onConflictDoNothing();
    }
    const fees = feeQuote + mulUnits(feeBase, average);
    const change =
      side === 'buy'
        ? { cash: -quote, position: filled - feeBase, fees }
        : { cash: quote - feeQuote, position: -(filled + feeBase), fees };
    await applyToBook(tx, row.subscriptionId, change, now);
  });
}

/** Find an order sent with this row's client id (open ones included). */
async function lookUp(
  deps: AutotradeDeps,
  row: OrderRow,
  credentials: ExchangeCredentials,
): Promise<Order | undefined> {
  const cid = row.clientOrderId;
  const open = await deps.exchange.openOrders(credentials, row.symbol);
  const found = open.find((o) => o.clientOrderId === cid);
  if (found) return found;
  const since = (row.sentAt?.getTime() ?? row.createdAt.getTime()) - 120_000;
  const past = await deps.exchange.pastOrders(credentials, row.symbol, since);
  return past.find((o) => o.clientOrderId === cid);
}

type Sizing =
  | { kind: 'order'; side: 'buy' | 'sell'; amount: bigint; limit: bigint }
  | { kind: 'skip'; reason: string };

/** The order a pending row stands for, from the book, the signal and the market now. */
async function size(deps: AutotradeDeps, row: OrderRow): Promise<Sizing> {
  const book = await loadBook(deps.db, row.subscriptionId);
  if (!book) return { kind: 'skip', reason: 'no_book' };
  const cash = BigInt(book.cash);
  const position = BigInt(book.position);
  const ticker = await deps.exchange.ticker(row.symbol);
  const buyLimit = (ticker.ask * (10_000n + SLIPPAGE_BPS)) / 10_000n;
  const sellLimit = (ticker.bid * (10_000n - SLIPPAGE_BPS)) / 10_000n;
  const buyAmount = (spend: bigint) => {
    const capped = spend > cash ? cash : spend;
    return (((capped * (1000n - FEE_RESERVE_PER_MILLE)) / 1000n) * ONE) / buyLimit;
  };

  let side: 'buy' | 'sell';
  let amount: bigint;
  if (row.purpose === 'signal') {
    const [signal] = await deps.db
      .select()
      .from(autotradeSignals)
      .where(eq(autotradeSignals.id, row.signalId!));
    if (!signal) return { kind: 'skip', reason: 'no_signal' };
    side = signal.side;
    const share = BigInt(signal.share);
    amount =
      side === 'buy'
        ? buyAmount((cash * share) / SHARE_ONE)
        : share >= SHARE_ONE
          ? position
          : (position * share) / SHARE_ONE;
  } else if (row.purpose === 'close') {
    side = 'sell';
    amount = position;
  } else {
    // open / resume: to the strategy's position ratio now
    const strategy = await loadStrategy(deps, row.strategyId);
    const account = await strategyAccount(deps, strategy);
    const equity = cash + mulUnits(position, ticker.last);
    const target =
      account.equity > 0n
        ? (equity * mulUnits(account.position, account.price)) / account.equity
        : 0n;
    const held = mulUnits(position, ticker.last);
    if (target > held) {
      side = 'buy';
      amount = buyAmount(target - held);
    } else {
      side = 'sell';
      const sell = ticker.last > 0n ? ((held - target) * ONE) / ticker.last : 0n;
      amount = sell > position ? position : sell;
    }
  }
  if (amount <= 0n) return { kind: 'skip', reason: 'nothing_to_trade' };
  const minimum = await deps.exchange.minOrderSize(row.symbol);
  if (amount < minimum) return { kind: 'skip', reason: 'below_minimum' };
  return { kind: 'order', side, amount, limit: side === 'buy' ? buyLimit : sellLimit };
}

interface Counters {
  sent: number;
  recorded: number;
  skipped: number;
  paused: number;
}

async function send(
  deps: AutotradeDeps,
  row: OrderRow,
  credentials: ExchangeCredentials,
  counters: Counters,
): Promise<void> {
  try {
    const order = await deps.exchange.submitOrder(credentials, {
      symbol: row.symbol,
      side: row.side!,
      type: 'limit',
      amount: BigInt(row.amount!),
      price: BigInt(row.limitPrice!),
      timeInForce: 'IOC',
      clientOrderId: row.clientOrderId,
    });
    counters.sent += 1;
    await record(deps, row, credentials, order);
    counters.recorded += 1;
  } catch (error) {
    await failed(deps, row, error, counters, 'submit');
  }
}

/**
 * A failure of the order request (`submit`: the exchange refused it, so it did not execute) or
 * of the client id's look-up (`lookup`: the order may exist, the row stays `sending` and is
 * looked up again once the key works).
 */
async function failed(
  deps: AutotradeDeps,
  row: OrderRow,
  error: unknown,
  counters: Counters,
  during: 'submit' | 'lookup',
) {
  if (!(error instanceof ExchangeFailure)) throw error;
  if (error.kind === 'authentication' || error.kind === 'permission' || error.kind === 'nonce') {
    await pauseForKey(deps, row, during === 'submit', error.kind, error.message);
    counters.paused += 1;
    return;
  }
  if (during === 'lookup' || error.kind === 'network' || error.kind === 'unavailable') {
    // it may have executed (or a look-up failed): stays `sending`, looked up next run
    await deps.db
      .update(autotradeOrders)
      .set({ lastError: `${error.kind}: ${error.message}`.slice(0, 500) })
      .where(eq(autotradeOrders.id, row.id));
    return;
  }
  await finish(deps, row, 'failed', error.kind, { lastError: error.message.slice(0, 500) });
}

/** One outbox row, from where it stands. */
async function processRow(
  deps: AutotradeDeps,
  id: number,
  credentials: ExchangeCredentials,
  counters: Counters,
): Promise<void> {
  const [row] = await deps.db.select().from(autotradeOrders).where(eq(autotradeOrders.id, id));
  if (!row || (row.status !== 'pending' && row.status !== 'sending')) return;
  const now = deps.clock.now();

  if (row.status === 'sending') {
    let found: Order | undefined;
    try {
      found = await lookUp(deps, row, credentials);
    } catch (error) {
      await failed(deps, row, error, counters, 'lookup');
      return;
    }
    if (found) {
      await record(deps, row, credentials, found);
      counters.recorded += 1;
      return;
    }
    if (row.attempts >= MAX_ATTEMPTS || now.getTime() - row.createdAt.getTime() > STALE_MS) {
      await finish(deps, row, 'failed', 'not_sent');
      return;
    }
    const [again] = await deps.db
      .update(autotradeOrders)
      .set({ attempts: sql`${autotradeOrders.attempts} + 1`, sentAt: now })
      .where(and(eq(autotradeOrders.id, row.id), eq(autotradeOrders.status, 'sending')))
      .returning();
    if (again) await send(deps, again, credentials, counters);
    return;
  }

  // pending
  const [subscription] = await deps.db
    .select({ state: autotradeSubscriptions.state })
    .from(autotradeSubscriptions)
    .where(eq(autotradeSubscriptions.id, row.subscriptionId));
  if (row.purpose !== 'close' && subscription?.state !== 'active') {
    await finish(deps, row, 'missed', `subscription_${subscription?.state ?? 'gone'}`);
    counters.skipped += 1;
    return;
  }
  if (row.purpose === 'signal' && now.getTime() - row.createdAt.getTime() > STALE_MS) {
    await finish(deps, row, 'missed', 'stale');
    counters.skipped += 1;
    return;
  }
  let sizing: Sizing;
  try {
    sizing = await size(deps, row);
  } catch (error) {
    if (error instanceof ExchangeFailure) {
      deps.log?.warn({ order: row.id, err: error.message }, 'autotrade: could not size an order');
      return;
    }
    throw error;
  }
  if (sizing.kind === 'skip') {
    await finish(deps, row, 'skipped', sizing.reason);
    counters.skipped += 1;
    return;
  }
  // written before the request: a crash from here on is found by the client id
  const [claimed] = await deps.db
    .update(autotradeOrders)
    .set({
      status: 'sending',
      side: sizing.side,
      amount: sizing.amount.toString(),
      limitPrice: sizing.limit.toString(),
      attempts: sql`${autotradeOrders.attempts} + 1`,
      sentAt: now,
    })
    .where(and(eq(autotradeOrders.id, row.id), eq(autotradeOrders.status, 'pending')))
    .returning();
  if (claimed) await send(deps, claimed, credentials, counters);
}

/** 3. Every queued order, one worker per key. */
export async function processOutbox(deps: AutotradeDeps): Promise<Counters> {
  const rows = await deps.db
    .select({ id: autotradeOrders.id, apiKeyId: autotradeOrders.apiKeyId })
    .from(autotradeOrders)
    .where(inArray(autotradeOrders.status, ['pending', 'sending']))
    .orderBy(asc(autotradeOrders.id))
    .limit(1000);
  const byKey = new Map<number, number[]>();
  for (const row of rows) {
    // a queued order always has its key: a live subscription's key cannot be deleted
    if (row.apiKeyId === null) continue;
    const list = byKey.get(row.apiKeyId) ?? [];
    list.push(row.id);
    byKey.set(row.apiKeyId, list);
  }
  const counters: Counters = { sent: 0, recorded: 0, skipped: 0, paused: 0 };
  const keys = [...byKey.entries()];
  const worker = async () => {
    for (let next = keys.shift(); next; next = keys.shift()) {
      const [apiKeyId, ids] = next;
      let credentials: ExchangeCredentials;
      try {
        credentials = await memberCredentials(deps, apiKeyId);
      } catch (error) {
        deps.log?.warn({ apiKeyId, err: (error as Error).message }, 'autotrade: key unusable');
        continue;
      }
      for (const id of ids) {
        try {
          await processRow(deps, id, credentials, counters);
        } catch (error) {
          deps.log?.warn(
            { order: id, err: (error as Error).message },
            'autotrade: order not processed',
          );
        }
      }
    }
  };
  await Promise.all(Array.from({ length: KEY_WORKERS }, worker));
  return counters;
}

/** The `autotrade-executor` job. */
export async function runExecutor(deps: AutotradeDeps): Promise<ExecutorResult> {
  const fannedOut = await fanOutSignals(deps);
  const resumed = await resumeRecoveredSubscriptions(deps);
  const counters = await processOutbox(deps);
  return { fannedOut, resumed, ...counters };
}

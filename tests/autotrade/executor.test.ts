import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  autotradeBooks,
  autotradeFills,
  autotradeSignals,
  autotradeSubscriptions,
  exchangeApiKeys,
} from '../../src/server/db/schema';
import {
  loadBook,
  stopMirroring,
  subscriptionEquity,
} from '../../src/server/domain/autotrade/book';
import { SHARE_ONE } from '../../src/server/domain/autotrade/context';
import {
  fanOutSignals,
  processOutbox,
  runExecutor,
} from '../../src/server/domain/autotrade/executor';
import { ingestSignals } from '../../src/server/domain/autotrade/signals';
import { loadStrategy } from '../../src/server/domain/autotrade/strategies';
import { recheckApiKey } from '../../src/server/exchange/api-keys';
import { createCcxtBitfinexAdapter } from '../../src/server/exchange/ccxt-bitfinex';
import { mulUnits, ONE, toUnits } from '../../src/server/exchange/decimal';
import { createTestApp, type TestApp } from '../helpers/test-app';
import {
  activeSubscriber,
  depsOf,
  exchangeOrdersOf,
  ordersOf,
  paperOf,
  runningStrategy,
  signalOrdersOf,
  strategyOrder,
} from './helpers';

/**
 * The executor on the paper exchange through ccxt, with the test clock: signals mirrored once
 * and in proportion, restart-safe, a lost reply, a failing key, the market minimum.
 */

let t: TestApp;
const MINUTE = 60_000;

beforeAll(async () => {
  t = await createTestApp();
}, 120_000);

afterAll(async () => {
  await t?.close();
});

async function signalFromStrategy(
  key: { apiKey: string; secret: string },
  strategyId: number,
  side: 'buy' | 'sell',
  amount: string,
) {
  t.clock.advance(MINUTE);
  await strategyOrder(t.app, key, side, amount);
  const added = await ingestSignals(depsOf(t.app), await loadStrategy(depsOf(t.app), strategyId));
  expect(added).toBe(1);
  const signals = await t.app.db
    .select()
    .from(autotradeSignals)
    .where(eq(autotradeSignals.strategyId, strategyId));
  return signals.at(-1)!;
}

describe('mirroring a signal', () => {
  it('mirrors one signal once to three subscribers in proportion to their allocations', async () => {
    const { strategy, key } = await runningStrategy(t.app);
    const subscribers = [];
    for (const allocation of ['1000', '2000', '5000']) {
      subscribers.push(await activeSubscriber(t.app, t.clock, strategy.id, allocation));
    }
    // the strategy holds nothing yet: opening rebalances to nothing
    await runExecutor(depsOf(t.app));
    for (const { subscription } of subscribers) {
      const [open] = await ordersOf(t.app, subscription.id);
      expect(open).toMatchObject({
        purpose: 'open',
        status: 'skipped',
        reason: 'nothing_to_trade',
      });
    }

    // the strategy spends about 30 % of its 10,000 USDT on BTC
    const signal = await signalFromStrategy(key, strategy.id, 'buy', '0.05');
    expect(signal).toMatchObject({ signalNo: 1, side: 'buy', symbol: 'BTC/USDT' });
    const share = BigInt(signal.share);
    const strategySpent = mulUnits(BigInt(signal.amount), BigInt(signal.price));
    expect(share).toBe((strategySpent * SHARE_ONE) / (10_000n * ONE));

    const result = await runExecutor(depsOf(t.app));
    expect(result).toMatchObject({ fannedOut: 3, sent: 3, recorded: 3 });

    const amounts: bigint[] = [];
    for (const { subscription, account } of subscribers) {
      const orders = await signalOrdersOf(t.app, subscription.id);
      expect(orders).toHaveLength(1);
      const order = orders[0]!;
      expect(order).toMatchObject({ status: 'filled', side: 'buy', orderType: 'limit_ioc' });
      // the order asked: the signal's share of the book's cash, less the fee reserve, at the cap
      const cash = BigInt(subscription.allocation);
      const spend = (((cash * share) / SHARE_ONE) * 998n) / 1000n;
      expect(BigInt(order.amount!)).toBe((spend * ONE) / BigInt(order.limitPrice!));
      amounts.push(BigInt(order.amount!));
      // one order on the member's exchange account, with the outbox row's client id
      const onExchange = exchangeOrdersOf(t.app, account);
      expect(onExchange).toHaveLength(1);
      expect(onExchange[0]!.cid).toBe(order.clientOrderId);
      // the book moved by the fills: cash - cost, position + amount - the fee in BTC
      const fills = await t.app.db
        .select()
        .from(autotradeFills)
        .where(eq(autotradeFills.orderId, order.id));
      expect(fills.length).toBeGreaterThan(0);
      const cost = fills.reduce((sum, f) => sum + mulUnits(BigInt(f.amount), BigInt(f.price)), 0n);
      const fee = fills.reduce((sum, f) => sum + BigInt(f.fee), 0n);
      const book = (await loadBook(t.app.db, subscription.id))!;
      expect(BigInt(book.cash)).toBe(cash - cost);
      expect(BigInt(book.position)).toBe(BigInt(order.filled) - fee);
      expect(fee).toBe((BigInt(order.filled) * 2n + 999n) / 1000n);
    }
    // in proportion: 1 : 2 : 5 (to the last unit of rounding)
    expect(Number(amounts[1]! - amounts[0]! * 2n)).toBeLessThanOrEqual(2);
    expect(Number(amounts[2]! - amounts[0]! * 5n)).toBeLessThanOrEqual(5);
    expect(amounts[0]! * 2n - amounts[1]!).toBeLessThanOrEqual(2n);

    // running again sends nothing more
    const again = await runExecutor(depsOf(t.app));
    expect(again).toMatchObject({ fannedOut: 0, sent: 0 });
    for (const { account } of subscribers) expect(exchangeOrdersOf(t.app, account)).toHaveLength(1);

    // the strategy sells half its position: each member sells half of theirs
    const sell = await signalFromStrategy(key, strategy.id, 'sell', '0.025');
    expect(sell.signalNo).toBe(2);
    const strategyHeld = 5_000_000n - mulUnits(5_000_000n, 2n * 10n ** 5n); // 0.05 BTC less 0.2 %
    expect(BigInt(sell.share)).toBe((toUnits('0.025') * SHARE_ONE) / strategyHeld);
    const before = await Promise.all(subscribers.map((s) => loadBook(t.app.db, s.subscription.id)));
    await runExecutor(depsOf(t.app));
    for (const [i, { subscription }] of subscribers.entries()) {
      const orders = await signalOrdersOf(t.app, subscription.id);
      expect(orders).toHaveLength(2);
      const held = BigInt(before[i]!.position);
      expect(orders[1]).toMatchObject({ side: 'sell', status: 'filled' });
      expect(BigInt(orders[1]!.amount!)).toBe((held * BigInt(sell.share)) / SHARE_ONE);
      const equity = await subscriptionEquity(t.app.db, depsOf(t.app).exchange, subscription.id);
      // a few trades cost fees and spread, nothing else
      expect(equity).toBeGreaterThan((BigInt(subscription.allocation) * 98n) / 100n);
    }
  }, 60_000);

  it('skips and records an order below the market minimum (nothing sent)', async () => {
    const { strategy, key } = await runningStrategy(t.app);
    const small = await activeSubscriber(t.app, t.clock, strategy.id, '20');
    await signalFromStrategy(key, strategy.id, 'buy', '0.05');
    await runExecutor(depsOf(t.app));
    const [order] = await signalOrdersOf(t.app, small.subscription.id);
    expect(order).toMatchObject({ status: 'skipped', reason: 'below_minimum', sentAt: null });
    expect(exchangeOrdersOf(t.app, small.account)).toHaveLength(0);
    const book = (await loadBook(t.app.db, small.subscription.id))!;
    expect(book.cash).toBe(toUnits('20').toString());
  }, 60_000);
});

describe('joining and leaving', () => {
  it('opens a book at the strategy position share, and sells it back to cash at unsubscribe', async () => {
    const { strategy, key } = await runningStrategy(t.app);
    // the strategy already holds about 40 % of its equity in BTC
    await signalFromStrategy(key, strategy.id, 'buy', '0.065');
    await runExecutor(depsOf(t.app));
    const member = await activeSubscriber(t.app, t.clock, strategy.id, '2500');
    await runExecutor(depsOf(t.app));
    const [open] = await ordersOf(t.app, member.subscription.id);
    expect(open).toMatchObject({ purpose: 'open', status: 'filled', side: 'buy', signalId: null });
    const { last } = await depsOf(t.app).exchange.ticker('BTC/USDT');
    const balances = await depsOf(t.app).exchange.balances(key);
    const btc = balances.find((b) => b.currency === 'BTC')!.total;
    const usdt = balances.find((b) => b.currency === 'USDT')!.total;
    const strategyRatio = Number(mulUnits(btc, last)) / Number(usdt + mulUnits(btc, last));
    const book = (await loadBook(t.app.db, member.subscription.id))!;
    const held = Number(mulUnits(BigInt(book.position), last));
    expect(Math.abs(held / (held + Number(book.cash)) - strategyRatio)).toBeLessThan(0.01);
    // the signal that executed before the book opened is not mirrored on top of it
    expect(await signalOrdersOf(t.app, member.subscription.id)).toHaveLength(0);

    // unsubscribe: no more mirroring, the position is sold by a close order
    t.clock.advance(MINUTE);
    const stopped = await stopMirroring(depsOf(t.app), member.subscription.id);
    expect(stopped!.closedAt).not.toBeNull();
    await t.app.db
      .update(autotradeSubscriptions)
      .set({ state: 'ended', endedAt: t.clock.now() })
      .where(eq(autotradeSubscriptions.id, member.subscription.id));
    await signalFromStrategy(key, strategy.id, 'sell', '0.02');
    await runExecutor(depsOf(t.app));
    const orders = await ordersOf(t.app, member.subscription.id);
    expect(orders.map((o) => [o.purpose, o.status, o.side])).toEqual([
      ['open', 'filled', 'buy'],
      ['close', 'filled', 'sell'],
    ]);
    const closed = (await loadBook(t.app.db, member.subscription.id))!;
    expect(closed.position).toBe('0');
    expect(BigInt(closed.cash)).toBe(
      await subscriptionEquity(t.app.db, depsOf(t.app).exchange, member.subscription.id),
    );
    expect(BigInt(closed.cash)).toBeGreaterThan((toUnits('2500') * 98n) / 100n);
    // calling it again changes nothing
    await stopMirroring(depsOf(t.app), member.subscription.id);
    expect(await ordersOf(t.app, member.subscription.id)).toHaveLength(2);
  }, 60_000);
});

describe('never twice', () => {
  it('a restart between the signal and the order sends it once', async () => {
    const { strategy, key } = await runningStrategy(t.app);
    const member = await activeSubscriber(t.app, t.clock, strategy.id, '3000');
    await runExecutor(depsOf(t.app));
    await signalFromStrategy(key, strategy.id, 'buy', '0.05');
    // the outbox row is written, then the process dies while sending (after the row says so)
    expect(await fanOutSignals(depsOf(t.app))).toBe(1);
    const crashing = {
      ...depsOf(t.app),
      exchange: {
        ...depsOf(t.app).exchange,
        submitOrder: () => Promise.reject(new Error('process killed')),
      },
    };
    await processOutbox(crashing);
    const [sending] = await signalOrdersOf(t.app, member.subscription.id);
    expect(sending).toMatchObject({ status: 'sending', attempts: 1 });
    expect(exchangeOrdersOf(t.app, member.account)).toHaveLength(0);

    // a new process (a new ccxt client, nothing in memory) looks the client id up, then sends
    const restarted = {
      ...depsOf(t.app),
      exchange: createCcxtBitfinexAdapter({ paperUrl: paperOf(t.app).url }),
    };
    await runExecutor(restarted);
    await runExecutor(restarted);
    const [done] = await signalOrdersOf(t.app, member.subscription.id);
    expect(done).toMatchObject({ status: 'filled', attempts: 2 });
    const onExchange = exchangeOrdersOf(t.app, member.account);
    expect(onExchange).toHaveLength(1);
    expect(onExchange[0]!.cid).toBe(done!.clientOrderId);
  }, 60_000);

  it('a reply lost after the order reached the exchange is found by its client id', async () => {
    const { strategy, key } = await runningStrategy(t.app);
    const member = await activeSubscriber(t.app, t.clock, strategy.id, '3000');
    await runExecutor(depsOf(t.app));
    await signalFromStrategy(key, strategy.id, 'buy', '0.05');
    const paper = paperOf(t.app);
    const dropped = paper.droppedReplies;
    paper.dropNextReply(member.key.apiKey);
    await runExecutor(depsOf(t.app));
    expect(paper.droppedReplies).toBe(dropped + 1);
    const [lost] = await signalOrdersOf(t.app, member.subscription.id);
    expect(lost).toMatchObject({ status: 'sending' });
    expect(lost!.lastError).toMatch(/^network/);
    expect(exchangeOrdersOf(t.app, member.account)).toHaveLength(1);
    // the book has not moved yet
    expect((await loadBook(t.app.db, member.subscription.id))!.position).toBe('0');

    await runExecutor(depsOf(t.app));
    const [found] = await signalOrdersOf(t.app, member.subscription.id);
    expect(found).toMatchObject({ status: 'filled', attempts: 1 });
    expect(exchangeOrdersOf(t.app, member.account)).toHaveLength(1);
    const book = (await loadBook(t.app.db, member.subscription.id))!;
    expect(BigInt(book.position)).toBeGreaterThan(0n);
    const position = book.position;
    await runExecutor(depsOf(t.app));
    expect((await loadBook(t.app.db, member.subscription.id))!.position).toBe(position);
  }, 60_000);
});

describe('a failing key', () => {
  it('pauses the member (missed signals logged, not replayed) and rebalances once the key works', async () => {
    const { strategy, key } = await runningStrategy(t.app);
    const member = await activeSubscriber(t.app, t.clock, strategy.id, '4000');
    const other = await activeSubscriber(t.app, t.clock, strategy.id, '4000');
    await runExecutor(depsOf(t.app));
    const paper = paperOf(t.app);

    // mid-month the member revokes the key on the exchange
    t.clock.advance(14 * 24 * 60 * MINUTE);
    paper.engine.setRevoked(member.key.apiKey, true);
    await signalFromStrategy(key, strategy.id, 'buy', '0.05');
    const first = await runExecutor(depsOf(t.app));
    expect(first.paused).toBe(1);
    const [paused] = await t.app.db
      .select()
      .from(autotradeSubscriptions)
      .where(eq(autotradeSubscriptions.id, member.subscription.id));
    expect(paused).toMatchObject({ state: 'paused', pauseReason: 'key_authentication' });
    expect((await signalOrdersOf(t.app, member.subscription.id))[0]).toMatchObject({
      status: 'missed',
      reason: 'key_authentication',
    });
    // the other member was mirrored
    expect((await signalOrdersOf(t.app, other.subscription.id))[0]).toMatchObject({
      status: 'filled',
    });

    // another signal while paused: logged as missed, never sent
    await signalFromStrategy(key, strategy.id, 'buy', '0.02');
    await runExecutor(depsOf(t.app));
    const missed = await signalOrdersOf(t.app, member.subscription.id);
    expect(missed.map((o) => [o.status, o.reason])).toEqual([
      ['missed', 'key_authentication'],
      ['missed', 'paused:key_authentication'],
    ]);
    expect(exchangeOrdersOf(t.app, member.account)).toHaveLength(0);

    // the key is restored; until it is checked, nothing happens
    paper.engine.setRevoked(member.key.apiKey, false);
    await runExecutor(depsOf(t.app));
    expect(exchangeOrdersOf(t.app, member.account)).toHaveLength(0);
    // the member checks it (PUT user/ApiKey does this): correct again, and the next run resumes
    t.clock.advance(MINUTE);
    const [keyRow] = await t.app.db
      .select()
      .from(exchangeApiKeys)
      .where(eq(exchangeApiKeys.id, member.keyRow.id));
    const checked = await recheckApiKey(
      {
        db: t.app.db,
        clock: t.clock,
        exchange: depsOf(t.app).exchange,
        dataKey: depsOf(t.app).dataKey,
      },
      keyRow!,
    );
    expect(checked.status).toBe('correct');
    const resumed = await runExecutor(depsOf(t.app));
    expect(resumed.resumed).toBe(1);
    const [active] = await t.app.db
      .select()
      .from(autotradeSubscriptions)
      .where(eq(autotradeSubscriptions.id, member.subscription.id));
    expect(active).toMatchObject({ state: 'active', pauseReason: null });
    const orders = await ordersOf(t.app, member.subscription.id);
    const resume = orders.find((o) => o.purpose === 'resume')!;
    expect(resume).toMatchObject({ status: 'filled', side: 'buy' });
    // rebalanced to the strategy's position share (within the fee reserve and slippage)
    const strategyAccount = await depsOf(t.app).exchange.balances(key);
    const btc = strategyAccount.find((b) => b.currency === 'BTC')!.total;
    const usdt = strategyAccount.find((b) => b.currency === 'USDT')!.total;
    const { last } = await depsOf(t.app).exchange.ticker('BTC/USDT');
    const strategyRatio = Number(mulUnits(btc, last)) / Number(usdt + mulUnits(btc, last));
    const [book] = await t.app.db
      .select()
      .from(autotradeBooks)
      .where(eq(autotradeBooks.subscriptionId, member.subscription.id));
    const held = Number(mulUnits(BigInt(book!.position), last));
    const memberRatio = held / (held + Number(book!.cash));
    expect(Math.abs(memberRatio - strategyRatio)).toBeLessThan(0.01);
    // the missed signals stay missed
    expect((await signalOrdersOf(t.app, member.subscription.id)).map((o) => o.status)).toEqual([
      'missed',
      'missed',
    ]);
    expect(exchangeOrdersOf(t.app, member.account)).toHaveLength(1);
  }, 60_000);

  it('an order whose reply was lost before the key failed is recorded once the key works again', async () => {
    const { strategy, key } = await runningStrategy(t.app);
    const member = await activeSubscriber(t.app, t.clock, strategy.id, '3000');
    await runExecutor(depsOf(t.app));
    await signalFromStrategy(key, strategy.id, 'buy', '0.05');
    const paper = paperOf(t.app);
    paper.dropNextReply(member.key.apiKey);
    await runExecutor(depsOf(t.app));
    expect(exchangeOrdersOf(t.app, member.account)).toHaveLength(1);
    // the key is revoked before the look-up: paused, but the order it may have made stays open
    paper.engine.setRevoked(member.key.apiKey, true);
    t.clock.advance(MINUTE);
    expect((await runExecutor(depsOf(t.app))).paused).toBe(1);
    const [waiting] = await signalOrdersOf(t.app, member.subscription.id);
    expect(waiting).toMatchObject({ status: 'sending' });
    paper.engine.setRevoked(member.key.apiKey, false);
    t.clock.advance(MINUTE);
    const [keyRow] = await t.app.db
      .select()
      .from(exchangeApiKeys)
      .where(eq(exchangeApiKeys.id, member.keyRow.id));
    await recheckApiKey(
      {
        db: t.app.db,
        clock: t.clock,
        exchange: depsOf(t.app).exchange,
        dataKey: depsOf(t.app).dataKey,
      },
      keyRow!,
    );
    await runExecutor(depsOf(t.app));
    const [found] = await signalOrdersOf(t.app, member.subscription.id);
    expect(found).toMatchObject({ status: 'filled', attempts: 1 });
    // the resume then tops up only what the strategy share still lacks (often nothing)
    const resume = (await ordersOf(t.app, member.subscription.id)).find(
      (o) => o.purpose === 'resume',
    );
    expect(resume?.status).toMatch(/skipped|filled/);
    const onExchange = exchangeOrdersOf(t.app, member.account);
    expect(onExchange.filter((o) => o.cid === found!.clientOrderId)).toHaveLength(1);
  }, 60_000);
});

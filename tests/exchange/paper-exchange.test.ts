import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../src/server/clock';
import { ExchangeFailure, type ExchangeAdapter } from '../../src/server/exchange/adapter';
import {
  createCcxtBitfinexAdapter,
  increasingNonce,
} from '../../src/server/exchange/ccxt-bitfinex';
import { fromUnits, ONE, toUnits } from '../../src/server/exchange/decimal';
import {
  MAKER_FEE_PPM,
  type PaperKey,
  TAKER_FEE_PPM,
  tradeOnlyPermissions,
} from '../../src/server/exchange/paper/engine';
import { PaperMarket } from '../../src/server/exchange/paper/market';
import { createPaperExchange, type PaperExchange } from '../../src/server/exchange/paper/server';

/**
 * ccxt's bitfinex class against the paper exchange, over HTTP: what the platform's exchange
 * layer does in development and tests is the production code path.
 */

const START = '2026-03-02T00:00:00.000Z';
let clock: TestClock;
let paper: PaperExchange;
let exchange: ExchangeAdapter;

const credentials = (key: PaperKey) => ({ apiKey: key.apiKey, secret: key.secret });

async function failure(promise: Promise<unknown>): Promise<ExchangeFailure> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ExchangeFailure) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

/** A signed request as ccxt makes it, with a chosen nonce and secret. */
async function signedPost(
  key: { apiKey: string; secret: string },
  path: string,
  body: Record<string, unknown>,
  nonce: string,
) {
  const raw = JSON.stringify(body);
  const signature = createHmac('sha384', key.secret)
    .update(`/api/v2/${path}${nonce}${raw}`)
    .digest('hex');
  const response = await fetch(`${paper.url}/v2/${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'bfx-apikey': key.apiKey,
      'bfx-nonce': nonce,
      'bfx-signature': signature,
    },
    body: raw,
  });
  return { status: response.status, body: (await response.json()) as unknown[] };
}

beforeAll(async () => {
  clock = new TestClock(START);
  paper = createPaperExchange({ clock, seed: 'paper-exchange-test' });
  await paper.listen();
  exchange = createCcxtBitfinexAdapter({ paperUrl: paper.url });
}, 60_000);

afterAll(async () => {
  await paper.close();
});

describe('keys: signature, nonce and permissions', () => {
  it('reads a trade-only key as able to trade and not to withdraw', async () => {
    const key = paper.engine.createKey('perm-trade');
    const permissions = await exchange.checkKey(credentials(key));
    expect(permissions).toMatchObject({ trade: true, withdraw: false, read: true });
    expect(permissions.scopes.orders).toEqual({ read: true, write: true });
  }, 60_000);

  it('reads a key with withdrawal rights as one that can withdraw', async () => {
    const permissions = tradeOnlyPermissions();
    permissions.withdraw = { read: true, write: true };
    const key = paper.engine.createKey('perm-withdraw', permissions);
    expect(await exchange.checkKey(credentials(key))).toMatchObject({
      trade: true,
      withdraw: true,
    });
  });

  it('refuses a wrong secret, an unknown key and a revoked key as authentication failures', async () => {
    const key = paper.engine.createKey('perm-wrong');
    const wrong = await failure(
      exchange.checkKey({ apiKey: key.apiKey, secret: 'not-the-secret' }),
    );
    expect(wrong.kind).toBe('authentication');
    expect(wrong.message).toContain('digest invalid');
    const unknown = await failure(exchange.checkKey({ apiKey: 'nobody', secret: key.secret }));
    expect(unknown.kind).toBe('authentication');
    paper.engine.setRevoked(key.apiKey, true);
    expect((await failure(exchange.balances(credentials(key)))).kind).toBe('authentication');
  });

  it('verifies the HMAC-SHA384 signature over path, nonce and body', async () => {
    const key = paper.engine.createKey('sig');
    const good = await signedPost(key, 'auth/r/wallets', {}, '1000');
    expect(good.status).toBe(200);
    const tampered = await signedPost(
      { ...key, secret: `${key.secret}x` },
      'auth/r/wallets',
      {},
      '1001',
    );
    expect(tampered).toEqual({ status: 500, body: ['error', 10100, 'apikey: digest invalid'] });
  });

  it('refuses a nonce that is not above the key’s last one', async () => {
    const key = paper.engine.createKey('nonce');
    expect((await signedPost(key, 'auth/r/wallets', {}, '5000')).status).toBe(200);
    expect(await signedPost(key, 'auth/r/wallets', {}, '5000')).toEqual({
      status: 500,
      body: ['error', 10114, 'nonce: small'],
    });
    expect((await signedPost(key, 'auth/r/wallets', {}, '4999')).body).toEqual([
      'error',
      10114,
      'nonce: small',
    ]);
    expect((await signedPost(key, 'auth/r/wallets', {}, '5001')).status).toBe(200);
    // ccxt's nonce (milliseconds) is now below the key's last one: the adapter says so
    const ahead = paper.engine.createKey('nonce-ahead');
    await signedPost(ahead, 'auth/r/wallets', {}, String(Date.now() + 3_600_000));
    expect((await failure(exchange.balances(credentials(ahead)))).kind).toBe('nonce');
  });

  it('sends a growing nonce on calls of one key within one millisecond', async () => {
    const frozen = () => 1_800_000_000_000;
    const nonce = increasingNonce(frozen);
    expect([nonce(), nonce(), nonce()]).toEqual([
      1_800_000_000_000, 1_800_000_000_001, 1_800_000_000_002,
    ]);
    // and back on the clock once it has passed them
    let time = 1_800_000_000_000;
    const following = increasingNonce(() => time);
    following();
    time += 50;
    expect(following()).toBe(1_800_000_000_050);
    // the adapter's calls in a row on one key all pass the exchange's check
    const key = paper.engine.createKey('in-a-row');
    const calls = Array.from({ length: 8 }, () => exchange.balances(credentials(key)));
    expect(await Promise.all(calls)).toHaveLength(8);
  });
  it('refuses orders from a key without the orders write permission', async () => {
    const permissions = tradeOnlyPermissions();
    permissions.orders = { read: true, write: false };
    const key = paper.engine.createKey('read-only', permissions);
    paper.engine.fund('read-only', 'UST', 10_000n * ONE);
    expect((await exchange.checkKey(credentials(key))).trade).toBe(false);
    const refused = await failure(
      exchange.submitOrder(credentials(key), {
        symbol: 'BTC/USDT',
        side: 'buy',
        type: 'market',
        amount: toUnits('0.01'),
      }),
    );
    expect(refused.kind).toBe('permission');
    expect(paper.engine.openOrders(key.accountId)).toHaveLength(0);
  });
});

describe('orders, fills and fees', () => {
  it('lists the pairs with their minimum sizes and refuses amounts below them', async () => {
    const markets = await exchange.markets();
    expect(markets.map((market) => market.symbol).sort()).toEqual([
      'BTC/USDT',
      'ETH/USDT',
      'SOL/USDT',
    ]);
    expect(await exchange.minOrderSize('BTC/USDT')).toBe(toUnits('0.0004'));
    const key = paper.engine.createKey('min-size');
    paper.engine.fund('min-size', 'UST', 10_000n * ONE);
    // the adapter refuses before sending (ccxt would send it) ...
    const refused = await failure(
      exchange.submitOrder(credentials(key), {
        symbol: 'BTC/USDT',
        side: 'buy',
        type: 'market',
        amount: toUnits('0.0003'),
      }),
    );
    expect(refused.kind).toBe('invalid_order');
    expect(refused.message).toBe('Invalid order: minimum size for BTC/USDT is 0.0004');
    // ... and the paper exchange refuses it too when it arrives
    const direct = await signedPost(
      key,
      'auth/w/order/submit',
      { symbol: 'tBTCUST', type: 'EXCHANGE MARKET', amount: '0.0003' },
      String(Date.now()),
    );
    expect(direct).toEqual({
      status: 500,
      body: ['error', 10001, 'Invalid order: minimum size for BTCUST is 0.0004'],
    });
    expect(paper.engine.pastOrders(key.accountId)).toHaveLength(0);
  });

  it('fills an immediate-or-cancel limit only as deep as the book goes, and charges the taker fee', async () => {
    const key = paper.engine.createKey('depth');
    paper.engine.fund('depth', 'UST', 5_000_000n * ONE);
    const book = await exchange.book('BTC/USDT', 25);
    const limit = book.asks[3]![0];
    // what the four best asks offer up to the limit
    const depth = book.asks
      .filter(([price]) => price <= limit)
      .reduce((sum, [, amount]) => sum + amount, 0n);
    const cost = book.asks
      .filter(([price]) => price <= limit)
      .reduce((sum, [price, amount]) => sum + (price * amount) / ONE, 0n);
    const order = await exchange.submitOrder(credentials(key), {
      symbol: 'BTC/USDT',
      side: 'buy',
      type: 'limit',
      timeInForce: 'IOC',
      amount: 50n * ONE,
      price: limit,
      clientOrderId: 7001,
    });
    expect(order.status).toBe('canceled');
    expect(order.filled).toBe(depth);
    expect(order.remaining).toBe(50n * ONE - depth);
    expect(order.clientOrderId).toBe(7001);
    const fills = await exchange.fills(credentials(key), 'BTC/USDT');
    expect(fills).toHaveLength(4);
    expect(fills.reduce((sum, fill) => sum + fill.amount, 0n)).toBe(depth);
    for (const fill of fills) {
      expect(fill.maker).toBe(false);
      expect(fill.feeCurrency).toBe('BTC');
      expect(fill.fee).toBe((fill.amount * TAKER_FEE_PPM + 999_999n) / 1_000_000n);
    }
    const fees = fills.reduce((sum, fill) => sum + fill.fee, 0n);
    const balances = await exchange.balances(credentials(key));
    const btc = balances.find((balance) => balance.currency === 'BTC')!;
    const usdt = balances.find((balance) => balance.currency === 'USDT')!;
    expect(btc.total).toBe(depth - fees);
    // each fill's cost rounded up to 1e-8
    expect(5_000_000n * ONE - usdt.total - cost).toBeGreaterThanOrEqual(0n);
    expect(5_000_000n * ONE - usdt.total - cost).toBeLessThanOrEqual(4n);
    // the book shows what was taken in this minute
    const after = await exchange.book('BTC/USDT', 25);
    expect(after.asks[0]![0]).toBeGreaterThan(limit);
    const positions = await exchange.positions(credentials(key));
    expect(positions).toEqual([
      expect.objectContaining({ symbol: 'BTC/USDT', amount: depth - fees }),
    ]);
  });

  it('refuses an order the wallet cannot pay for', async () => {
    const key = paper.engine.createKey('poor');
    paper.engine.fund('poor', 'UST', 100n * ONE);
    const refused = await failure(
      exchange.submitOrder(credentials(key), {
        symbol: 'ETH/USDT',
        side: 'buy',
        type: 'limit',
        amount: ONE,
        price: 3_000n * ONE,
      }),
    );
    expect(refused.kind).toBe('insufficient_funds');
  });

  it('keeps a limit order open, reserves its funds, and cancels it', async () => {
    const key = paper.engine.createKey('resting');
    paper.engine.fund('resting', 'UST', 10_000n * ONE);
    const { bid } = await exchange.ticker('ETH/USDT');
    const price = (bid * 80n) / 100n;
    const order = await exchange.submitOrder(credentials(key), {
      symbol: 'ETH/USDT',
      side: 'buy',
      type: 'limit',
      amount: ONE,
      price,
    });
    expect(order.status).toBe('open');
    expect((await exchange.openOrders(credentials(key))).map((row) => row.id)).toEqual([order.id]);
    const usdt = (await exchange.balances(credentials(key))).find((b) => b.currency === 'USDT')!;
    expect(usdt.total).toBe(10_000n * ONE);
    expect(usdt.free).toBe(10_000n * ONE - price - (price * TAKER_FEE_PPM + 999_999n) / 1_000_000n);
    const cancelled = await exchange.cancelOrder(credentials(key), order.id, 'ETH/USDT');
    expect(cancelled.status).toBe('canceled');
    expect(await exchange.openOrders(credentials(key))).toEqual([]);
    expect((await exchange.pastOrders(credentials(key)))[0]).toMatchObject({
      id: order.id,
      status: 'canceled',
    });
    const again = await failure(exchange.cancelOrder(credentials(key), order.id, 'ETH/USDT'));
    expect(again.kind).toBe('order_not_found');
  });

  it('executes an order whose reply it was told to drop: the order is found by its client id', async () => {
    const key = paper.engine.createKey('dropped');
    paper.engine.fund('dropped', 'UST', 10_000n * ONE);
    paper.dropNextReply(key.apiKey);
    const lost = await failure(
      exchange.submitOrder(credentials(key), {
        symbol: 'SOL/USDT',
        side: 'buy',
        type: 'market',
        amount: 2n * ONE,
        clientOrderId: 99_001,
      }),
    );
    expect(lost.kind).toBe('network');
    expect(paper.droppedReplies).toBe(1);
    const past = await exchange.pastOrders(credentials(key), 'SOL/USDT');
    expect(past).toEqual([
      expect.objectContaining({ clientOrderId: 99_001, status: 'closed', filled: 2n * ONE }),
    ]);
  });
});

describe('the market moves with the server clock', () => {
  it('gives the same prices for the same seed, start and clock, and moves them minute by minute', async () => {
    const twin = new PaperMarket('paper-exchange-test', new Date(START));
    const minute = PaperMarket.minuteOf(clock.now());
    const before = await exchange.ticker('BTC/USDT');
    expect(before.last).toBe(twin.mid('BTCUST', minute));
    clock.advance(6 * 3_600_000);
    const after = await exchange.ticker('BTC/USDT');
    expect(after.last).toBe(twin.mid('BTCUST', minute + 360));
    expect(after.last).not.toBe(before.last);
    // another seed is another market
    expect(new PaperMarket('other', new Date(START)).mid('BTCUST', minute + 360)).not.toBe(
      after.last,
    );
  });

  it('fills a resting limit order as a maker when the walk reaches it, at its price', async () => {
    const key = paper.engine.createKey('maker');
    paper.engine.fund('maker', 'BTC', ONE);
    const start = PaperMarket.minuteOf(clock.now());
    const twin = new PaperMarket('paper-exchange-test', new Date(START));
    // a sell at the sixth ask (0.3 % above the mid; 5 significant digits, as ccxt sends
    // prices): find when the seeded walk's best bid reaches it
    const price = twin.book('BTCUST', start).asks[5]!.price;
    const order = await exchange.submitOrder(credentials(key), {
      symbol: 'BTC/USDT',
      side: 'sell',
      type: 'limit',
      amount: toUnits('0.1'),
      price,
    });
    expect(order.status).toBe('open');
    let minute = start + 1;
    while (twin.book('BTCUST', minute).bids[0]!.price < price) minute += 1;
    clock.set((minute - 1) * 60_000);
    expect((await exchange.openOrders(credentials(key))).map((row) => row.id)).toEqual([order.id]);
    // two minutes later: the fill is dated in the minute the walk crossed the price
    clock.set((minute + 2) * 60_000 + 30_000);
    const [filled] = await exchange.pastOrders(credentials(key), 'BTC/USDT');
    expect(filled).toMatchObject({ id: order.id, status: 'closed', average: price });
    const [fill] = await exchange.fills(credentials(key), 'BTC/USDT');
    expect(fill).toMatchObject({
      maker: true,
      price,
      feeCurrency: 'USDT',
      timestamp: minute * 60_000,
    });
    const proceeds = (toUnits('0.1') * price) / ONE;
    expect(fill!.fee).toBe((proceeds * MAKER_FEE_PPM + 999_999n) / 1_000_000n);
    const usdt = (await exchange.balances(credentials(key))).find((b) => b.currency === 'USDT')!;
    expect(fromUnits(usdt.total)).toBe(fromUnits(proceeds - fill!.fee));
  }, 60_000);
});

describe("the operator's market move", () => {
  /** moved / unmoved mid, as a float (both rounded to 5 significant digits) */
  const ratio = (moved: bigint, unmoved: bigint) => Number(moved) / Number(unmoved);

  it('shifts the walk by the percent from the current minute on, leaves the minutes before, and adds up', async () => {
    const twin = new PaperMarket('paper-exchange-test', new Date(START));
    const market = paper.engine.market;
    const moved = PaperMarket.minuteOf(clock.now());
    expect(market.mid('ETHUST', moved)).toBe(twin.mid('ETHUST', moved));

    const move = paper.engine.moveMarket('ETHUST', '+8.5');
    expect(move).toEqual({ pairId: 'ETHUST', minute: moved, percent: '8.5' });
    // the minute before keeps its price; this minute and later ones are 8.5 % higher (to the
    // 5 significant digits prices are shown with: 1 part in 10,000 at worst)
    expect(market.mid('ETHUST', moved - 1)).toBe(twin.mid('ETHUST', moved - 1));
    for (const minute of [moved, moved + 1, moved + 600]) {
      expect(ratio(market.mid('ETHUST', minute), twin.mid('ETHUST', minute))).toBeCloseTo(1.085, 3);
    }
    // the other pairs do not move
    expect(market.mid('BTCUST', moved + 600)).toBe(twin.mid('BTCUST', moved + 600));
    // the book is around the moved mid; ccxt's ticker reads it
    const book = market.book('ETHUST', moved);
    expect(ratio(book.asks[0]!.price, market.mid('ETHUST', moved))).toBeCloseTo(1.0005, 3);
    expect((await exchange.ticker('ETH/USDT')).last).toBe(market.mid('ETHUST', moved));

    // a fall an hour later: from then on both moves (1.085 x 0.97), between them the first
    clock.advance(60 * 60_000);
    const fell = PaperMarket.minuteOf(clock.now());
    paper.engine.moveMarket('ETHUST', '-3');
    expect(ratio(market.mid('ETHUST', fell - 1), twin.mid('ETHUST', fell - 1))).toBeCloseTo(
      1.085,
      3,
    );
    expect(ratio(market.mid('ETHUST', fell + 5), twin.mid('ETHUST', fell + 5))).toBeCloseTo(
      1.085 * 0.97,
      3,
    );
    expect((await exchange.ticker('ETH/USDT')).last).toBe(market.mid('ETHUST', fell));
    expect(paper.engine.snapshot().moves).toEqual([
      move,
      { pairId: 'ETHUST', minute: fell, percent: '-3' },
    ]);
  });

  it('refuses a move of 0, of -90 % or less, above 900 %, with more than 4 decimals, and of an unknown pair', () => {
    for (const percent of ['0', '-90', '-100', '901', '1.23456', 'up', '']) {
      expect(() => paper.engine.moveMarket('SOLUST', percent), percent).toThrow(RangeError);
    }
    expect(() => paper.engine.moveMarket('DOGEUST', '5')).toThrow('symbol: invalid');
    expect(paper.engine.snapshot().moves?.some((move) => move.pairId === 'SOLUST')).toBe(false);
  });
});

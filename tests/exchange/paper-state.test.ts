import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../src/server/clock';
import { ConfigError, loadConfig } from '../../src/server/config';
import { createCcxtBitfinexAdapter } from '../../src/server/exchange/ccxt-bitfinex';
import { ONE, toUnits } from '../../src/server/exchange/decimal';
import { PaperMarket } from '../../src/server/exchange/paper/market';
import { createPaperExchange } from '../../src/server/exchange/paper/server';

/**
 * The paper exchange keeps its keys, wallets, orders and market in DATA_DIR across restarts of
 * the API; EXCHANGE and PAPER_EXCHANGE_PORT configure it.
 */

const dir = mkdtempSync(join(tmpdir(), 'paper-exchange-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('paper exchange state file', () => {
  it('survives a restart: the same key, wallets, open order, nonce floor and prices', async () => {
    const stateFile = join(dir, 'paper-exchange.json');
    const clock = new TestClock('2026-04-01T00:00:00.000Z');
    const first = createPaperExchange({ clock, seed: 'restart', stateFile });
    await first.listen();
    const key = first.engine.createKey('restart-account');
    first.engine.fund('restart-account', 'UST', 10_000n * ONE);
    const exchange = createCcxtBitfinexAdapter({ paperUrl: first.url });
    const credentials = { apiKey: key.apiKey, secret: key.secret };
    const { bid } = await exchange.ticker('BTC/USDT');
    const order = await exchange.submitOrder(credentials, {
      symbol: 'BTC/USDT',
      side: 'buy',
      type: 'limit',
      amount: toUnits('0.01'),
      price: (bid * 90n) / 100n,
    });
    clock.advance(30 * 60_000);
    const before = await exchange.ticker('BTC/USDT');
    const savedNonce = first.engine.keys()[0]!.lastNonce;
    expect(savedNonce).toBeGreaterThan(0n);
    await first.close();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(statSync(stateFile).mode & 0o777).toBe(0o600);

    // another seed given at restart: the saved one wins, so the market continues
    const second = createPaperExchange({ clock, seed: 'ignored', stateFile });
    await second.listen();
    expect(second.engine.keys()[0]!.lastNonce).toBe(savedNonce);
    const again = createCcxtBitfinexAdapter({ paperUrl: second.url });
    try {
      expect(await again.ticker('BTC/USDT')).toEqual(before);
      expect((await again.openOrders(credentials)).map((row) => row.id)).toEqual([order.id]);
      const usdt = (await again.balances(credentials)).find((row) => row.currency === 'USDT');
      expect(usdt?.total).toBe(10_000n * ONE);
    } finally {
      await second.close();
    }
  }, 60_000);
});

describe('market moves across a restart', () => {
  it('keeps the moved prices: the state file carries the moves', async () => {
    const stateFile = join(dir, 'paper-exchange-moves.json');
    const clock = new TestClock('2026-04-01T00:00:00.000Z');
    const first = createPaperExchange({ clock, seed: 'moves', stateFile });
    clock.advance(10 * 60_000);
    const minute = PaperMarket.minuteOf(clock.now());
    const unmoved = new PaperMarket('moves', new Date('2026-04-01T00:00:00.000Z'));
    first.engine.moveMarket('BTCUST', '12');
    const moved = first.engine.market.mid('BTCUST', minute + 30);
    expect(Number(moved) / Number(unmoved.mid('BTCUST', minute + 30))).toBeCloseTo(1.12, 3);
    await first.close();
    // the state is written after the change (a microtask)
    await new Promise((resolve) => setTimeout(resolve, 10));

    const second = createPaperExchange({ clock, seed: 'moves', stateFile });
    expect(second.engine.snapshot().moves).toEqual([{ pairId: 'BTCUST', minute, percent: '12' }]);
    expect(second.engine.market.mid('BTCUST', minute + 30)).toBe(moved);
    expect(second.engine.market.mid('BTCUST', minute - 1)).toBe(unmoved.mid('BTCUST', minute - 1));
    await second.close();
  });
});

describe('exchange configuration', () => {
  it('is the paper exchange outside production and Bitfinex in production', () => {
    const dev = loadConfig({ NODE_ENV: 'development' }, {}, { resolveSecrets: false });
    expect(dev).toMatchObject({ exchange: 'paper', paperExchangePort: 0 });
    const prod = loadConfig({ NODE_ENV: 'production' }, {}, { resolveSecrets: false });
    expect(prod.exchange).toBe('bitfinex');
    const chosen = loadConfig(
      { NODE_ENV: 'test', EXCHANGE: 'bitfinex', PAPER_EXCHANGE_PORT: '4320' },
      {},
      { resolveSecrets: false },
    );
    expect(chosen).toMatchObject({ exchange: 'bitfinex', paperExchangePort: 4320 });
  });

  it('names a bad EXCHANGE or PAPER_EXCHANGE_PORT', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', EXCHANGE: 'binance' })).toThrow(ConfigError);
    try {
      loadConfig({ NODE_ENV: 'test', EXCHANGE: 'binance', PAPER_EXCHANGE_PORT: '70000' });
    } catch (error) {
      expect((error as ConfigError).problems.map((problem) => problem.variable).sort()).toEqual([
        'EXCHANGE',
        'PAPER_EXCHANGE_PORT',
      ]);
    }
  });
});

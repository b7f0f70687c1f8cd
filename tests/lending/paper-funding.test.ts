import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../src/server/clock';
import { ExchangeFailure, type ExchangeAdapter } from '../../src/server/exchange/adapter';
import { createCcxtBitfinexAdapter } from '../../src/server/exchange/ccxt-bitfinex';
import { mulUnits, ONE } from '../../src/server/exchange/decimal';
import { type PaperKey, tradeOnlyPermissions } from '../../src/server/exchange/paper/engine';
import { PaperFunding } from '../../src/server/exchange/paper/funding';
import { createPaperExchange, type PaperExchange } from '../../src/server/exchange/paper/server';

/**
 * The paper exchange's funding market through ccxt's implicit Bitfinex funding calls (the
 * adapter decodes the arrays): the funding wallet, the moving book, offers, borrowers taking
 * them into credits, daily interest net of the 15 % fee in the ledger, credits closing after
 * their period, the funding permission.
 */

const START = '2026-03-02T00:00:00.000Z';
const DAY = 86_400_000;
let clock: TestClock;
let paper: PaperExchange;
let exchange: ExchangeAdapter;
let key: PaperKey;
const creds = () => ({ apiKey: key.apiKey, secret: key.secret });

beforeAll(async () => {
  clock = new TestClock(START);
  paper = createPaperExchange({ clock, seed: 'paper-funding-test' });
  await paper.listen();
  exchange = createCcxtBitfinexAdapter({ paperUrl: paper.url });
  // the default key can write orders and funding offers
  key = paper.engine.createKey('lender');
  const account = paper.engine.account('lender');
  paper.engine.funding.fund(account.id, 'UST', 1_000n * ONE);
  paper.engine.fund('lender', 'UST', 50n * ONE);
}, 60_000);

afterAll(async () => {
  await paper.close();
});

describe('paper funding market', () => {
  it('shows the funding wallet apart from the exchange wallet', async () => {
    expect(await exchange.fundingBalances(creds())).toEqual([
      { currency: 'USDT', total: 1_000n * ONE, free: 1_000n * ONE },
    ]);
    const spot = await exchange.balances(creds());
    expect(spot.find((b) => b.currency === 'USDT')?.total).toBe(50n * ONE);
  }, 60_000);

  it('answers a book of offers cheapest first that moves with the clock', async () => {
    const book = await exchange.fundingBook('USDT');
    expect(book.asks).toHaveLength(10);
    expect(book.bids.length).toBeGreaterThan(0);
    for (let i = 1; i < book.asks.length; i++) {
      expect(book.asks[i]!.rate).toBeGreaterThan(book.asks[i - 1]!.rate);
    }
    expect(book.bids[0]!.rate).toBeLessThan(book.asks[0]!.rate);
    const rates = new Set<bigint>();
    for (let hour = 0; hour < 12; hour++) {
      clock.advance(3_600_000);
      rates.add((await exchange.fundingBook('USDT')).asks[0]!.rate);
    }
    expect(rates.size).toBeGreaterThan(3);
  }, 60_000);

  it('refuses an offer below the minimum, above the free balance, or with a bad period', async () => {
    const refuse = async (offer: { amount: bigint; rate: bigint; period: number }) => {
      const error = await exchange
        .submitFundingOffer(creds(), { currency: 'USDT', ...offer })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ExchangeFailure);
      return error as ExchangeFailure;
    };
    expect((await refuse({ amount: 100n * ONE, rate: 20_000n, period: 2 })).message).toMatch(
      /minimum/,
    );
    expect((await refuse({ amount: 2_000n * ONE, rate: 20_000n, period: 2 })).message).toMatch(
      /not enough/,
    );
    expect((await refuse({ amount: 200n * ONE, rate: 20_000n, period: 121 })).message).toMatch(
      /period/,
    );
  }, 60_000);

  it('a key without funding write cannot offer', async () => {
    const permissions = tradeOnlyPermissions();
    permissions.funding = { read: true, write: false };
    const readOnly = paper.engine.createKey('lender', permissions);
    const error = await exchange
      .submitFundingOffer(
        { apiKey: readOnly.apiKey, secret: readOnly.secret },
        { currency: 'USDT', amount: 200n * ONE, rate: 20_000n, period: 2 },
      )
      .catch((e: unknown) => e);
    expect((error as ExchangeFailure).kind).toBe('permission');
  }, 60_000);

  it('borrowers take a cheap offer into a credit that pays daily interest net of 15 % and closes after its period', async () => {
    const book = await exchange.fundingBook('USDT');
    const rate = book.asks[0]!.rate - 1n;
    const offer = await exchange.submitFundingOffer(creds(), {
      currency: 'USDT',
      amount: 400n * ONE,
      rate,
      period: 2,
    });
    expect(offer).toMatchObject({ amount: 400n * ONE, rate, period: 2, status: 'ACTIVE' });
    expect(await exchange.fundingOffers(creds(), 'USDT')).toHaveLength(1);
    const [wallet] = await exchange.fundingBalances(creds());
    expect(wallet!.free).toBe(600n * ONE);

    clock.advance(3 * 3_600_000);
    const credits = await exchange.fundingCredits(creds(), 'USDT');
    expect(credits.length).toBeGreaterThan(0);
    const lent = credits.reduce((sum, c) => sum + c.amount, 0n);
    const open = (await exchange.fundingOffers(creds(), 'USDT')).reduce((s, o) => s + o.amount, 0n);
    expect(lent + open).toBe(400n * ONE);
    expect(credits.every((c) => c.rate === rate && c.period === 2 && c.status === 'active')).toBe(
      true,
    );

    // cancel what is left; after two days the credits paid twice and closed
    for (const left of await exchange.fundingOffers(creds(), 'USDT')) {
      expect((await exchange.cancelFundingOffer(creds(), left.id)).status).toBe('CANCELED');
    }
    clock.advance(2 * DAY);
    expect(await exchange.fundingCredits(creds(), 'USDT')).toEqual([]);
    const ledger = await exchange.fundingLedger(creds(), 'USDT');
    expect(ledger).toHaveLength(credits.length * 2);
    let expected = 0n;
    for (const credit of credits) {
      const { gross, fee, net } = PaperFunding.dailyInterest(credit.amount, credit.rate);
      expect(fee).toBe((gross * 15n + 99n) / 100n);
      expected += 2n * net;
      const entries = ledger.filter((e) => e.creditId === credit.id);
      expect(entries.map((e) => e.amount)).toEqual([net, net]);
      expect(entries.every((e) => e.interest)).toBe(true);
    }
    expect(mulUnits(400n * ONE, rate)).toBeGreaterThan(0n);
    const [after] = await exchange.fundingBalances(creds());
    expect(after!.total).toBe(1_000n * ONE + expected);
    expect(after!.free).toBe(after!.total);
  }, 60_000);
});

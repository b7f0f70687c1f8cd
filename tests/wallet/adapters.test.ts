// The wallet's adapters are buildApp options: a test (or production) passes its own and every
// user of the adapter (routes, the scheduler's jobs, operator commands) gets that instance.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepositNetworkAdapter } from '../../src/server/domain/wallet/deposit-networks';
import { accountBalance, memberAccount } from '../../src/server/domain/wallet/ledger';
import type { LocalPriceFeed, PriceQuote } from '../../src/server/domain/wallet/price-feed';
import type { PayoutAdapter } from '../../src/server/domain/wallet/withdrawal-payouts';
import type { DepositInfo } from '../../src/shared/api/wallet-deposit';
import { call, createMember } from '../helpers/auth';
import { verifyIdentity } from '../helpers/loyalty';
import { createTestApp, type TestApp } from '../helpers/test-app';

const quotedAt = new Date('2025-03-01T00:00:00.000Z');
const quote = (priceUsdt: string): PriceQuote => ({
  currency: 'BCNT',
  priceUsdt,
  version: `fixed-${priceUsdt}`,
  quotedAt,
});
const prices: LocalPriceFeed = {
  quote: async () => quote('0.75'),
  setBcntPrice: async (price) => quote(price),
};
const payouts: PayoutAdapter = {
  send: async () => ({ txid: 'f'.repeat(64) }),
  confirmations: async () => 1,
};
/** A TRON node that has seen one 42 USDT transfer into the first address it watches. */
const tron: DepositNetworkAdapter & { watched: string[] } = {
  network: 'TRC20',
  watched: [],
  async observe(addresses) {
    tron.watched = [...addresses];
    const [address] = addresses;
    return address
      ? [{ txid: 'a'.repeat(64), outputIndex: 0, address, currency: 'USDT', amount: 42_000_000n }]
      : [];
  },
  confirmations: async () => 12,
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ build: { adapters: { prices, payouts, depositNetworks: [tron] } } });
});
afterAll(async () => t?.close());

describe('adapters given to buildApp', () => {
  it('are the ones the app, the wallet domain and the operator commands use', () => {
    // the ones given, and the defaults of the others (the local paper exchange outside production)
    expect(t.app.adapters).toMatchObject({ prices, payouts, depositNetworks: [tron] });
    expect(Object.keys(t.app.adapters).sort()).toEqual(
      ['depositNetworks', 'exchange', 'paperExchange', 'payouts', 'prices'].sort(),
    );
    expect(t.app.adapters.paperExchange).toBeDefined();
    expect(t.app.wallet.prices).toBe(prices);
    expect(t.app.wallet.payouts).toBe(payouts);
    expect(t.app.wallet.depositNetworks).toEqual([tron]);
  });

  it('the quotation service answers the given price feed', async () => {
    const res = await call(t.app, 'GET', '/quotation/bcnt/price');
    expect(res.json().data).toEqual({
      price: '0.75',
      version: 'fixed-0.75',
      quotedAt: quotedAt.toISOString(),
    });
  });

  it('the deposits job asks the given deposit networks', async () => {
    const member = await createMember(t.app);
    await verifyIdentity(t, member);
    const res = await call(
      t.app,
      'GET',
      '/api/v1/user/WalletDepositInfo?currency=USDT',
      undefined,
      {
        token: member.token,
      },
    );
    const info = res.json().data as DepositInfo;
    const address = info.networks.find((n) => n.network === 'TRC20')!.address;

    const result = (await t.app.scheduler.runTask('deposits')) as {
      networks: Record<string, { outcome: string }[]>;
    };
    expect(tron.watched).toEqual([address]);
    expect(Object.keys(result.networks)).toEqual(['TRC20']);
    expect(result.networks.TRC20).toEqual([expect.objectContaining({ outcome: 'credited' })]);
    expect(await accountBalance(t.database.db, memberAccount(member.memberId), 'USDT')).toBe(
      42_000_000n,
    );
  });
});

describe('adapters not given', () => {
  it('are the local defaults: the price feed, the payout simulator, both network simulators', async () => {
    const plain = await createTestApp({ database: t.database, clock: t.clock });
    try {
      expect(plain.app.adapters.prices).not.toBe(prices);
      expect(plain.app.wallet.prices).toBe(plain.app.adapters.prices);
      expect(plain.app.wallet.payouts).toBe(plain.app.adapters.payouts);
      expect(plain.app.adapters.depositNetworks.map((n) => n.network)).toEqual([
        'BTC_NATIVE_SEGWIT',
        'TRC20',
      ]);
    } finally {
      await plain.app.close();
    }
  });
});

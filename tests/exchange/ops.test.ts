import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExchangeCredentials } from '../../src/server/exchange/adapter';
import { fromUnits, ONE } from '../../src/server/exchange/decimal';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * The paper exchange's operator commands through the API's loopback /ops route (the exchange
 * lives in the API process), checked through the app's own exchange adapter (ccxt).
 */

const OPS_TOKEN = 'exchange-ops-token-0123456789abcdef';
let t: TestApp;

// what the commands answer (each reads its own fields)
type OpsAnswer = ExchangeCredentials & Record<string, unknown>;

async function ops(command: string, body: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/ops/${command}`,
    headers: { 'x-ops-token': OPS_TOKEN },
    remoteAddress: '127.0.0.1',
    payload: body,
  });
  return {
    status: res.statusCode,
    body: res.json() as { status: number; message: string; data: OpsAnswer },
  };
}

beforeAll(async () => {
  t = await createTestApp({ opsToken: OPS_TOKEN });
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('paper exchange operator commands', () => {
  it('refuses while the paper exchange is not listening, then creates a funded trade-only key', async () => {
    const early = await ops('exchange/keys');
    expect(early.status).not.toBe(200);
    await t.app.adapters.paperExchange!.listen();

    const created = await ops('exchange/create-key', {
      account: 'ops-alice',
      fund: 'UST=2500,BTC=0.5',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const data = created.body.data;
    expect(data.permissions).toBe(
      'account:r,history:r,orders:rw,positions:r,funding:rw,settings:r,wallets:r,withdraw:-',
    );
    expect(data.wallets).toEqual({ UST: '2500', BTC: '0.5' });
    const key = { apiKey: data.apiKey, secret: data.secret };
    expect(await t.app.adapters.exchange.checkKey(key)).toMatchObject({
      trade: true,
      withdraw: false,
    });
    const balances = await t.app.adapters.exchange.balances(key);
    expect(balances).toEqual(
      expect.arrayContaining([
        { currency: 'USDT', total: 2_500n * ONE, free: 2_500n * ONE },
        { currency: 'BTC', total: ONE / 2n, free: ONE / 2n },
      ]),
    );

    // a key with withdrawal rights, listed without its secret
    const withdraw = await ops('exchange/create-key', {
      account: 'ops-alice',
      permissions: 'withdraw:rw',
    });
    expect(await t.app.adapters.exchange.checkKey(withdraw.body.data)).toMatchObject({
      withdraw: true,
    });
    const keys = await ops('exchange/keys');
    expect(keys.body.data).toHaveLength(2);
    expect(JSON.stringify(keys.body.data)).not.toContain(data.secret);

    // revoked, the key fails authentication; restored, it works again
    await ops('exchange/revoke-key', { apiKey: key.apiKey });
    await expect(t.app.adapters.exchange.balances(key)).rejects.toMatchObject({
      kind: 'authentication',
    });
    await ops('exchange/restore-key', { apiKey: key.apiKey });
    expect(await t.app.adapters.exchange.balances(key)).toHaveLength(2);

    // funds taken back, and not below what the account holds
    expect(
      (await ops('exchange/fund', { account: 'ops-alice', fund: 'UST=-500' })).body.data,
    ).toEqual({
      account: 'ops-alice',
      wallets: { UST: '2000' },
    });
    expect(
      (await ops('exchange/fund', { account: 'ops-alice', fund: 'UST=-5000' })).status,
    ).not.toBe(200);
    expect(
      (await ops('exchange/create-key', { account: 'x', permissions: 'moon:rw' })).status,
    ).not.toBe(200);
  });

  it('moves a pair from this minute on (up, then down), and refuses a bad pair or percent', async () => {
    const adapter = t.app.adapters.exchange;
    const before = (await adapter.ticker('SOL/USDT')).last;
    const up = await ops('exchange/move', { pair: 'SOL/USDT', percent: '+12.5' });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body.data).toMatchObject({ pair: 'SOLUST', percent: '12.5' });
    expect(up.body.data.before).toBe(fromUnits(before));
    const after = (await adapter.ticker('SOL/USDT')).last;
    expect(up.body.data.after).toBe(fromUnits(after));
    expect(Number(after) / Number(before)).toBeCloseTo(1.125, 3);

    const down = await ops('exchange/move', { pair: 'tSOLUST', percent: '-20' });
    expect(down.status, JSON.stringify(down.body)).toBe(200);
    expect(Number((await adapter.ticker('SOL/USDT')).last) / Number(after)).toBeCloseTo(0.8, 3);

    for (const body of [
      { pair: 'DOGE/USDT', percent: '5' },
      { pair: 'SOLUST', percent: '0' },
      { pair: 'SOLUST', percent: '-90' },
      { pair: 'SOLUST', percent: 'lots' },
      { pair: 'SOLUST' },
    ]) {
      expect((await ops('exchange/move', body)).status, JSON.stringify(body)).not.toBe(200);
    }
    expect(t.app.adapters.paperExchange!.engine.snapshot().moves).toHaveLength(2);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fund, getAs, postAs, verifiedMember } from '../wallet/convert-helpers';
import {
  ADDRESSES,
  fund as fundUnits,
  nextCode,
  withdraw,
  withdrawMember,
} from '../helpers/withdrawals';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * An Idempotency-Key of the longest length the header accepts (100 characters) is a
 * normal key on every money route: never a 500 (ConvertCurrency's ledger reference overflowed at
 * 93-100 characters), and a retry with it answers the same.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const longKey = (label: string) => `${label}-`.padEnd(100, 'k');

describe('the longest Idempotency-Key on every money route', () => {
  it('ConvertCurrency', async () => {
    const member = await verifiedMember(t);
    await fund(t, member.memberId, 'USDT', '100');
    const version = (await getAs(t, '/quotation/bcnt/price')).json().data.version as string;
    const body = { from: 'USDT', to: 'BCNT', amount: '20', priceVersion: version };
    const key = longKey('convert');
    expect(key).toHaveLength(100);
    const first = await postAs(t, '/api/v1/user/ConvertCurrency', member, body, key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await postAs(t, '/api/v1/user/ConvertCurrency', member, body, key);
    expect(again.json()).toEqual(first.json());
  });

  it('wallet/stake', async () => {
    const member = await verifiedMember(t);
    await fund(t, member.memberId, 'BCNT', '1000');
    const key = longKey('stake');
    const res = await postAs(
      t,
      '/api/v1/user/wallet/stake',
      member,
      { action: 'stake', amount: '100' },
      key,
    );
    expect(res.statusCode, res.body).toBe(200);
  });

  it('Withdraw', async () => {
    const member = await withdrawMember(t);
    await fundUnits(t, member.memberId, 'USDT', 100_000_000n);
    const res = await withdraw(
      t,
      member,
      {
        currency: 'USDT',
        network: 'ERC20',
        address: ADDRESSES.evm,
        amount: '50',
        code: nextCode(t, member),
      },
      longKey('withdraw'),
    );
    expect(res.statusCode, res.body).toBe(200);
  });

  it('store order', async () => {
    const member = await verifiedMember(t);
    const res = await postAs(t, '/token/order', member, { usdtAmount: '200' }, longKey('order'));
    expect(res.statusCode, res.body).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/database';
import {
  memberAccount,
  postLedgerTransaction,
  transfer,
} from '../../src/server/domain/wallet/ledger';
import { createMember, type TestMember } from '../helpers/auth';
import { get } from '../helpers/loyalty';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { creditMember } from '../helpers/wallet';

let t: TestApp;
let ann: TestMember;
let bob: TestMember;

beforeAll(async () => {
  t = await createTestApp();
  ann = await createMember(t.app);
  bob = await createMember(t.app);
});
afterAll(async () => t.close());

describe('WalletInfo and WalletHistory', () => {
  it('need a session', async () => {
    expect((await get(t.app, '/api/v1/user/WalletInfo')).statusCode).toBe(401);
    expect((await get(t.app, '/api/v1/user/WalletHistory')).statusCode).toBe(401);
  });

  it('report every currency, zero before any movement', async () => {
    const res = await get(t.app, '/api/v1/user/WalletInfo', ann.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const balances = res.json().data.balances as { currency: string; total: string }[];
    expect(balances.map((b) => b.currency)).toEqual(['BCNT', 'USDT', 'USDC', 'BTC', 'ETH']);
    expect(balances.every((b) => b.total === '0')).toBe(true);
  });

  it('report total, available and staking from the ledger, per member', async () => {
    const db = t.database.db;
    await creditMember(db, t.clock, ann.memberId, 'USDT', 1_250_500_000n); // 1250.5
    await creditMember(db, t.clock, ann.memberId, 'BCNT', 3_000n * 10n ** 18n);
    await db.transaction((tx) =>
      postLedgerTransaction(tx as unknown as Db, t.clock, {
        idempotencyKey: `stake-test-${ann.memberId}`,
        type: 'stake',
        memberId: ann.memberId,
        postings: transfer(
          memberAccount(ann.memberId),
          memberAccount(ann.memberId, 'staking'),
          'BCNT',
          1_000n * 10n ** 18n,
        ),
      }),
    );
    const info = (await get(t.app, '/api/v1/user/WalletInfo', ann.token)).json().data;
    const bcnt = info.balances.find((b: { currency: string }) => b.currency === 'BCNT');
    const usdt = info.balances.find((b: { currency: string }) => b.currency === 'USDT');
    expect(bcnt).toEqual({
      currency: 'BCNT',
      total: '3000',
      available: '2000',
      staking: '1000',
      pendingWithdrawal: '0',
    });
    expect(usdt.available).toBe('1250.5');
    const other = (await get(t.app, '/api/v1/user/WalletInfo', bob.token)).json().data;
    expect(other.balances.every((b: { total: string }) => b.total === '0')).toBe(true);

    const history = (await get(t.app, '/api/v1/user/WalletHistory?pageSize=2', ann.token)).json()
      .data;
    expect(history.total).toBe(3);
    expect(history.items.map((i: { kind: string; amount: string }) => [i.kind, i.amount])).toEqual([
      ['stake', '-1000'],
      ['deposit', '3000'],
    ]);
    expect(history.items[1].transactionType).toBe(2);
    const usdtOnly = (
      await get(t.app, '/api/v1/user/WalletHistory?currency=USDT', ann.token)
    ).json().data;
    expect(usdtOnly.items).toHaveLength(1);
    expect(usdtOnly.items[0].amount).toBe('1250.5');
    expect(
      (await get(t.app, '/api/v1/user/WalletHistory?currency=XRP', ann.token)).statusCode,
    ).toBe(400);
  });
});

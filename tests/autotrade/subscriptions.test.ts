import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaperExchange } from '../../src/server/exchange/paper/server';
import {
  accountBalance,
  memberAccount,
  platformAccount,
} from '../../src/server/domain/wallet/ledger';
import { AutotradeSubscriptionError as E } from '../../src/shared/api/autotrade-subscriptions';
import { call } from '../helpers/auth';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { expectBooksBalanced } from '../helpers/wallet';
import {
  act,
  type AutotradeMember,
  insertStrategy,
  memberWithKey,
  setBookCash,
  USDT6,
} from './subscription-helpers';

/**
 * Subscribing with a custodial USDT margin on the paper exchange through ccxt: the minimum
 * stake, one ledger move into the margin account, the refusals of the spec, the key in use,
 * the reads, and Unsubscribe with the final fee and the margin back in the wallet.
 */

let t: TestApp;
let paper: PaperExchange;
let strategyId: number;
let otherStrategyId: number;
let alice: AutotradeMember;

const body = (overrides: Record<string, unknown> = {}) => ({
  strategyId,
  apiKeyId: alice.keyId,
  allocation: '5000',
  marginCurrency: 'USDT',
  marginSource: 'custodial',
  margin: '150',
  consent: true,
  riskAcknowledged: true,
  ...overrides,
});

beforeAll(async () => {
  t = await createTestApp();
  paper = t.app.adapters.paperExchange!;
  strategyId = (await insertStrategy(t.database.db, t.clock.now())).id;
  otherStrategyId = (
    await insertStrategy(t.database.db, t.clock.now(), { marginCurrencies: ['USDT'] })
  ).id;
  alice = await memberWithKey(t, { exchangeUsdt: 10_000, usdt: USDT6(1_000) });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('Smart Autotrade: subscribing with a custodial margin', () => {
  it('MinStakeAmount: the fee on a 10 % gain of the allocation, 20 % less in BCNT at the feed price', async () => {
    const usdt = await act(
      t.app,
      alice.member,
      'GET',
      `/api/v1/strategy/MinStakeAmount?strategyId=${strategyId}&allocation=5000&marginCurrency=USDT`,
    );
    expect(usdt.statusCode, usdt.body).toBe(200);
    // 5,000 x 10 % = 500 gain, x 20 % fee = 100 USDT; 30 % of it warns
    expect(usdt.json().data).toMatchObject({
      minStake: '100',
      warningBelow: '30',
      discountBps: 0,
      quoteCurrency: 'USDT',
      minInvest: '100',
    });
    const bcnt = await act(
      t.app,
      alice.member,
      'GET',
      `/api/v1/strategy/MinStakeAmount?strategyId=${strategyId}&allocation=5000&marginCurrency=BCNT`,
    );
    // 100 USDT x 0.8 = 80 USDT at 0.5 USDT per BCNT = 160 BCNT
    expect(bcnt.json().data).toMatchObject({
      minStake: '160',
      discountBps: 2000,
      priceUsdt: '0.5',
    });
  });

  it('refuses what the spec refuses, moving nothing', async () => {
    const refusal = async (
      overrides: Record<string, unknown>,
      message: string,
      status: number,
      who = alice,
    ) => {
      const res = await act(t.app, who.member, 'POST', '/api/v1/strategy/Subscribe', {
        ...body(overrides),
        apiKeyId: overrides.apiKeyId ?? who.keyId,
      });
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toBe(message);
      return res.json().data;
    };
    expect(
      await refusal({ allocation: '20000', margin: '500' }, E.exchangeInsufficientBalance, 400),
    ).toMatchObject({ field: 'allocation' });
    expect(await refusal({ allocation: '50' }, E.belowMinimum, 400)).toMatchObject({
      minimum: '100',
    });
    expect(await refusal({ margin: '99.9' }, E.marginBelowMinimum, 400)).toMatchObject({
      minimum: '100',
      currency: 'USDT',
    });
    await refusal({ apiKeyId: 999_999 }, E.apiKeyNotFound, 404);
    await refusal({ margin: '5000' }, E.insufficientBalance, 400);
    expect(await refusal({ consent: false }, 'validation_failed', 400)).toMatchObject({
      field: 'consent',
    });
    await refusal(
      { strategyId: otherStrategyId, marginCurrency: 'BCNT', margin: '1000' },
      E.marginCurrencyNotAccepted,
      400,
    );

    // not identity verified: the guard refuses before anything
    const unverified = await memberWithKey(t, { verified: false });
    await refusal({}, 'kyc_required', 403, unverified);

    // a key the exchange no longer accepts: checked, incorrect, refused
    const revoked = await memberWithKey(t, { usdt: USDT6(500) });
    const apiKey = paper.engine
      .keys()
      .find((k) => k.accountId === paper.engine.account(revoked.account).id)!;
    paper.engine.setRevoked(apiKey.apiKey, true);
    const check = await call(
      t.app,
      'PUT',
      '/api/v1/user/ApiKey',
      { id: revoked.keyId },
      { token: revoked.member.token },
    );
    expect(check.json().data.status).toBe('incorrect');
    await refusal({}, E.apiKeyIncorrect, 400, revoked);

    expect(await accountBalance(t.database.db, memberAccount(alice.member.memberId), 'USDT')).toBe(
      USDT6(1_000),
    );
  });

  let subscriptionId: number;
  it('subscribes: one ledger move into the margin account, active at once; a retry moves nothing', async () => {
    const key = randomUUID();
    const first = await act(t.app, alice.member, 'POST', '/api/v1/strategy/Subscribe', body(), key);
    expect(first.statusCode, first.body).toBe(200);
    const sub = first.json().data;
    subscriptionId = sub.id;
    expect(sub).toMatchObject({
      state: 'active',
      allocation: '5000',
      highWaterMark: '5000',
      marginCurrency: 'USDT',
      marginSource: 'custodial',
      margin: '150',
      requiredMargin: '100',
      marginWarning: false,
      deposit: null,
    });
    const again = await act(t.app, alice.member, 'POST', '/api/v1/strategy/Subscribe', body(), key);
    expect(again.json().data).toEqual(sub);
    const db = t.database.db;
    expect(await accountBalance(db, memberAccount(alice.member.memberId), 'USDT')).toBe(USDT6(850));
    expect(await accountBalance(db, memberAccount(alice.member.memberId, 'margin'), 'USDT')).toBe(
      USDT6(150),
    );
    await expectBooksBalanced(db);
  });

  it('one product per exchange account; the key in use cannot be deleted', async () => {
    const second = await act(
      t.app,
      alice.member,
      'POST',
      '/api/v1/strategy/Subscribe',
      body({ strategyId: otherStrategyId }),
    );
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('Only one product per exchange account.');
    const del = await call(
      t.app,
      'DELETE',
      '/api/v1/user/ApiKey',
      { id: alice.keyId },
      { token: alice.member.token },
    );
    expect(del.statusCode).toBe(409);
    expect(del.json()).toMatchObject({
      message: 'api_key_in_use',
      data: { usedBy: ['autotrade'] },
    });

    const check = await act(
      t.app,
      alice.member,
      'GET',
      `/api/v1/strategy/CheckSubscription?strategyId=${strategyId}`,
    );
    expect(check.json().data).toMatchObject({
      subscription: { id: subscriptionId, state: 'active' },
      keys: [{ apiKeyId: alice.keyId, usedBySubscriptionId: subscriptionId, available: false }],
    });
  });

  it('reads the exchange balance, the assets under management and the fee due before leaving', async () => {
    // mirroring made 250 USDT so far (the book opened at the allocation)
    await setBookCash(t.database.db, subscriptionId, 5_250);

    const balance = await act(
      t.app,
      alice.member,
      'GET',
      `/api/v1/user/ExchangeBalance?apiKeyId=${alice.keyId}`,
    );
    expect(balance.json().data.balances).toContainEqual({
      currency: 'USDT',
      total: '10000',
      free: '10000',
    });

    const aum = await act(t.app, alice.member, 'GET', '/api/v1/user/AssetUnderManagement');
    expect(aum.json().data).toEqual({
      byQuote: [{ currency: 'USDT', allocation: '5000', equity: '5250' }],
      margins: [{ currency: 'USDT', amount: '150' }],
      subscriptions: 1,
    });

    const info = await act(
      t.app,
      alice.member,
      'GET',
      `/api/v1/user/UnsubscribeInfo?id=${subscriptionId}`,
    );
    // 250 profit x 20 % = 50 USDT from the margin, 100 back
    expect(info.json().data).toMatchObject({
      equity: '5250',
      highWaterMark: '5000',
      profit: '250',
      feeDue: '50',
      margin: '150',
      marginReturned: '100',
    });
  });

  it('unsubscribes: the final fee to the platform, the rest of the margin back to the wallet, ended', async () => {
    const db = t.database.db;
    const feesBefore = await accountBalance(db, platformAccount('fees'), 'USDT');
    const key = randomUUID();
    const res = await act(
      t.app,
      alice.member,
      'POST',
      '/api/v1/strategy/Unsubscribe',
      { id: subscriptionId },
      key,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ state: 'ended', margin: '0' });
    expect(await accountBalance(db, memberAccount(alice.member.memberId), 'USDT')).toBe(USDT6(950));
    expect(await accountBalance(db, memberAccount(alice.member.memberId, 'margin'), 'USDT')).toBe(
      0n,
    );
    expect((await accountBalance(db, platformAccount('fees'), 'USDT')) - feesBefore).toBe(
      USDT6(50),
    );
    // the same click again: the stored answer, nothing moves
    const again = await act(
      t.app,
      alice.member,
      'POST',
      '/api/v1/strategy/Unsubscribe',
      { id: subscriptionId },
      key,
    );
    expect(again.json().data).toEqual(res.json().data);
    expect(await accountBalance(db, memberAccount(alice.member.memberId), 'USDT')).toBe(USDT6(950));
    // another click: the subscription is over
    const other = await act(t.app, alice.member, 'POST', '/api/v1/strategy/Unsubscribe', {
      id: subscriptionId,
    });
    expect(other.statusCode).toBe(409);
    await expectBooksBalanced(db);

    const history = await act(t.app, alice.member, 'GET', '/api/v1/user/StrategyHistory');
    expect(history.json().data.list).toEqual([
      expect.objectContaining({
        subscription: expect.objectContaining({ id: subscriptionId, state: 'ended' }),
        feesPaid: '50',
        marginReturned: '100',
      }),
    ]);
    const follow = await act(
      t.app,
      alice.member,
      'GET',
      `/api/v1/user/StrategyFollowHistory?id=${subscriptionId}`,
    );
    expect(
      follow.json().data.movements.map((m: { kind: string; amount: string }) => [m.kind, m.amount]),
    ).toEqual([
      ['deposit', '150'],
      ['fee', '-50'],
      ['release', '-100'],
    ]);
    expect(follow.json().data.fees).toEqual([
      expect.objectContaining({
        kind: 'final',
        equity: '5250',
        highWaterMarkAfter: '5250',
        feeTaken: '50',
      }),
    ]);

    // the key is no longer in use
    const keys = await call(t.app, 'GET', '/api/v1/user/ApiKey', undefined, {
      token: alice.member.token,
    });
    expect(keys.json().data.list).toEqual([
      expect.objectContaining({ id: alice.keyId, inUse: false }),
    ]);
    // so the member can delete it; the ended subscription and its orders stay, without the key
    const del = await call(
      t.app,
      'DELETE',
      '/api/v1/user/ApiKey',
      { id: alice.keyId },
      { token: alice.member.token },
    );
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json().data.list).toEqual([]);
    const after = await act(t.app, alice.member, 'GET', '/api/v1/user/StrategyHistory');
    expect(after.json().data.list).toEqual([
      expect.objectContaining({
        subscription: expect.objectContaining({ id: subscriptionId, apiKeyId: null }),
        feesPaid: '50',
      }),
    ]);
  });

  it('two Subscribe calls at once on one exchange account: exactly one is taken', async () => {
    const carol = await memberWithKey(t, { usdt: USDT6(1_000) });
    const attempt = (id: number) =>
      act(t.app, carol.member, 'POST', '/api/v1/strategy/Subscribe', {
        ...body({ strategyId: id, apiKeyId: carol.keyId }),
      });
    const results = await Promise.all([attempt(strategyId), attempt(otherStrategyId)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await accountBalance(t.database.db, memberAccount(carol.member.memberId), 'USDT')).toBe(
      USDT6(850),
    );
  });

  it('another member cannot read or end someone else’s subscription', async () => {
    const bob = await memberWithKey(t);
    const info = await act(
      t.app,
      bob.member,
      'GET',
      `/api/v1/user/UnsubscribeInfo?id=${subscriptionId}`,
    );
    expect(info.statusCode).toBe(404);
    const end = await act(t.app, bob.member, 'POST', '/api/v1/strategy/Unsubscribe', {
      id: subscriptionId,
    });
    expect(end.statusCode).toBe(404);
    const anonymous = await call(t.app, 'GET', '/api/v1/user/AssetUnderManagement');
    expect(anonymous.statusCode).toBe(401);
  });
});

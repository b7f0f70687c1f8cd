// Conversion between USDT and BCNT: the quote, the rules, every refusal with its
// message, rounding in the platform's favour, the daily quotas across members and their reset
// at 00:00 UTC+8, and idempotent retries.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversions } from '../../src/server/db/schema/convert';
import { accountBalance, platformAccount } from '../../src/server/domain/wallet/ledger';
import { ConvertError } from '../../src/shared/api/wallet-convert';
import { createMember, loginSession, type TestMember } from '../helpers/auth';
import { createTestApp, type TestApp } from '../helpers/test-app';
import {
  fund,
  getAs,
  ledgerCount,
  postAs,
  setPrice,
  verifiedMember,
  walletBalance,
} from './convert-helpers';

const CONVERT = '/api/v1/user/ConvertCurrency';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function relogin(member: TestMember): Promise<TestMember> {
  return { ...member, ...(await loginSession(t.app, member)) };
}

async function currentVersion(): Promise<string> {
  const res = await getAs(t, '/quotation/bcnt/price');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.version as string;
}

async function convert(
  member: TestMember,
  body: { from: string; to: string; amount: string; priceVersion?: string },
  key?: string,
) {
  return postAs(
    t,
    CONVERT,
    member,
    { ...body, priceVersion: body.priceVersion ?? (await currentVersion()) },
    key ?? randomUUID(),
  );
}

describe('quote and rules', () => {
  it('publishes the BCNT price with a version, and the rules without a token', async () => {
    const price = await getAs(t, '/quotation/bcnt/price');
    expect(price.statusCode).toBe(200);
    expect(price.json().data).toMatchObject({ price: '0.5', version: expect.any(String) });

    const rules = await getAs(t, '/api/v1/common/convertCurrency/bcnt');
    expect(rules.statusCode, rules.body).toBe(200);
    expect(rules.json().data).toMatchObject({
      quote: { price: '0.5', version: price.json().data.version },
      pairs: [
        { from: 'USDT', to: 'BCNT', minimum: '10' },
        { from: 'BCNT', to: 'USDT', minimum: '100' },
      ],
      memberDailyQuotaUsdt: '50000',
      platformDailySupply: '1000000',
      platformRemaining: '1000000',
      // the test clock starts at 2025-03-01T04:00Z = 12:00 UTC+8
      day: '2025-03-01',
      resetsAt: '2025-03-01T16:00:00.000Z',
    });
  });

  it('answers the member info only with a token', async () => {
    expect((await getAs(t, '/api/v1/user/ConvertInfo')).statusCode).toBe(401);
    const member = await verifiedMember(t);
    await fund(t, member.memberId, 'USDT', '123.45');
    const res = await getAs(t, '/api/v1/user/ConvertInfo', member);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      memberRemainingUsdt: '50000',
      available: { USDT: '123.45', BCNT: '0' },
      quote: { price: '0.5' },
    });
  });
});

describe('ConvertCurrency', () => {
  it('needs a session, identity verification and an idempotency key', async () => {
    const body = { from: 'USDT', to: 'BCNT', amount: '10', priceVersion: 'x' };
    const anonymous = await getAs(t, CONVERT);
    expect(anonymous.statusCode).toBe(404); // GET is not a route
    const unverified = await createMember(t.app);
    const refused = await postAs(t, CONVERT, unverified, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('kyc_required');

    const member = await verifiedMember(t);
    const noKey = await postAs(t, CONVERT, member, body, null);
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().message).toBe('idempotency_key_required');
  });

  it('converts USDT to BCNT and back at the quoted price, rounding down for the member', async () => {
    const member = await verifiedMember(t);
    await fund(t, member.memberId, 'USDT', '100');
    const bookBefore = await accountBalance(t.database.db, platformAccount('conversion'), 'USDT');

    const res = await convert(member, { from: 'USDT', to: 'BCNT', amount: '100' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      from: 'USDT',
      to: 'BCNT',
      fromAmount: '100',
      toAmount: '200',
      price: '0.5',
    });
    expect(await walletBalance(t, member, 'USDT')).toMatchObject({ available: '0' });
    expect(await walletBalance(t, member, 'BCNT')).toMatchObject({ available: '200' });
    expect(await accountBalance(t.database.db, platformAccount('conversion'), 'USDT')).toBe(
      bookBefore + 100_000_000n,
    );

    // 0.3 USDT per BCNT: 10 USDT buy 33.333... BCNT, cut at the 18th decimal
    await setPrice(t, '0.3');
    await fund(t, member.memberId, 'USDT', '10');
    const thirds = await convert(member, { from: 'USDT', to: 'BCNT', amount: '10' });
    expect(thirds.json().data.toAmount).toBe('33.333333333333333333');
    // 100.000000000000000001 BCNT at 0.3 = 30.0000000000000000003 USDT -> 30 USDT
    await fund(t, member.memberId, 'BCNT', '0.000000000000000001');
    const back = await convert(member, {
      from: 'BCNT',
      to: 'USDT',
      amount: '100.000000000000000001',
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data).toMatchObject({ toAmount: '30', price: '0.3' });
    expect(await walletBalance(t, member, 'USDT')).toMatchObject({ available: '30' });
    expect(await walletBalance(t, member, 'BCNT')).toMatchObject({
      available: '133.333333333333333333',
    });
    expect(await ledgerCount(t, member.memberId, 'convert')).toBe(3);

    const history = await getAs(t, '/api/v1/user/ConvertHistory?page=1&pageSize=2', member);
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().data).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(history.json().data.items).toHaveLength(2);
    expect(history.json().data.items[0]).toMatchObject({
      from: 'BCNT',
      to: 'USDT',
      fromAmount: '100.000000000000000001',
      toAmount: '30',
      price: '0.3',
      createdAt: '2025-03-01T04:00:00.000Z',
    });
    await setPrice(t, '0.5');
  });

  it('refuses below the minimum, bad pairs and decimals, and more than the balance', async () => {
    const member = await verifiedMember(t);
    await fund(t, member.memberId, 'USDT', '50');
    await fund(t, member.memberId, 'BCNT', '500');

    const small = await convert(member, { from: 'USDT', to: 'BCNT', amount: '9.999999' });
    expect(small.statusCode).toBe(400);
    expect(small.json()).toMatchObject({
      message: ConvertError.belowMinimum,
      data: { currency: 'USDT', minimum: '10' },
    });
    const smallBcnt = await convert(member, { from: 'BCNT', to: 'USDT', amount: '99' });
    expect(smallBcnt.json()).toMatchObject({
      message: ConvertError.belowMinimum,
      data: { currency: 'BCNT', minimum: '100' },
    });
    const same = await convert(member, { from: 'USDT', to: 'USDT', amount: '10' });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe(ConvertError.unsupportedPair);
    const decimals = await convert(member, { from: 'USDT', to: 'BCNT', amount: '10.1234567' });
    expect(decimals.statusCode).toBe(400);
    expect(decimals.json().data.field).toBe('amount');
    const broke = await convert(member, { from: 'USDT', to: 'BCNT', amount: '50.000001' });
    expect(broke.statusCode).toBe(400);
    expect(broke.json().message).toBe('Not enough available balance');

    expect(await ledgerCount(t, member.memberId, 'convert')).toBe(0);
    expect(await walletBalance(t, member, 'USDT')).toMatchObject({ available: '50' });
  });

  it('refuses a stale quote after the price changes, with the new quote, then takes the resend', async () => {
    const member = await verifiedMember(t);
    await fund(t, member.memberId, 'USDT', '20');
    const seen = await currentVersion();
    const fresh = await setPrice(t, '0.25');
    expect(fresh.version).not.toBe(seen);

    const key = randomUUID();
    const stale = await convert(
      member,
      { from: 'USDT', to: 'BCNT', amount: '20', priceVersion: seen },
      key,
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      message: 'BCNT price has been updated. Please send your request again.',
      data: { price: '0.25', version: fresh.version },
    });
    expect(await ledgerCount(t, member.memberId, 'convert')).toBe(0);

    // the refused request stored nothing: the member resends the same action with the new quote
    const resend = await convert(
      member,
      { from: 'USDT', to: 'BCNT', amount: '20', priceVersion: fresh.version },
      key,
    );
    expect(resend.statusCode, resend.body).toBe(200);
    expect(resend.json().data).toMatchObject({ toAmount: '80', price: '0.25' });
    await setPrice(t, '0.5');
  });

  it('moves money once per idempotency key, also for 50 concurrent retries', async () => {
    const member = await verifiedMember(t);
    await fund(t, member.memberId, 'USDT', '1000');
    const version = await currentVersion();
    const body = { from: 'USDT', to: 'BCNT', amount: '10', priceVersion: version };
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => postAs(t, CONVERT, member, body, key)),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const first = answers[0]!.json().data;
    for (const res of answers) expect(res.json().data).toEqual(first);
    const again = await postAs(t, CONVERT, member, body, key);
    expect(again.json().data).toEqual(first);

    expect(await ledgerCount(t, member.memberId, 'convert')).toBe(1);
    const rows = await t.database.db
      .select()
      .from(conversions)
      .where(eq(conversions.memberId, member.memberId));
    expect(rows).toHaveLength(1);
    expect(await walletBalance(t, member, 'USDT')).toMatchObject({ available: '990' });

    const reused = await postAs(t, CONVERT, member, { ...body, amount: '11' }, key);
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toBe('idempotency_key_reused');
  });
});

describe('daily quotas', () => {
  it('share the platform supply across members, cap each member, and reset at 00:00 UTC+8', async () => {
    const fresh = await createTestApp();
    const previous = t;
    t = fresh;
    try {
      // 0.05 USDT per BCNT: 50,000 USDT (a member's whole quota) would take all 1,000,000 BCNT
      await setPrice(t, '0.05');
      const [a, b, c] = [await verifiedMember(t), await verifiedMember(t), await verifiedMember(t)];
      for (const m of [a, b, c]) await fund(t, m.memberId, 'USDT', '60000');

      const first = await convert(a, { from: 'USDT', to: 'BCNT', amount: '30000' });
      expect(first.json().data.toAmount).toBe('600000');

      // 30,000 USDT = 600,000 BCNT, but only 400,000 are left today
      const over = await convert(b, { from: 'USDT', to: 'BCNT', amount: '30000' });
      expect(over.statusCode).toBe(400);
      expect(over.json()).toMatchObject({
        message: 'BCNT quota is insufficient. Please send your request again.',
        data: { platformRemaining: '400000' },
      });
      const rest = await convert(b, { from: 'USDT', to: 'BCNT', amount: '20000' });
      expect(rest.statusCode, rest.body).toBe(200);

      const info = await getAs(t, '/api/v1/user/ConvertInfo', c);
      expect(info.json().data).toMatchObject({
        platformRemaining: '0',
        memberRemainingUsdt: '50000',
      });
      const none = await convert(c, { from: 'USDT', to: 'BCNT', amount: '10' });
      expect(none.statusCode).toBe(400);
      expect(none.json().message).toBe('All available BCNT have been converted.');

      // A's own quota: 20,000 USDT left; selling BCNT counts the USDT received
      const aInfo = await getAs(t, '/api/v1/user/ConvertInfo', a);
      expect(aInfo.json().data.memberRemainingUsdt).toBe('20000');
      const tooMuch = await convert(a, { from: 'BCNT', to: 'USDT', amount: '400020' });
      expect(tooMuch.json()).toMatchObject({
        message: ConvertError.quotaInsufficient,
        data: { memberRemainingUsdt: '20000' },
      });
      const exact = await convert(a, { from: 'BCNT', to: 'USDT', amount: '400000' });
      expect(exact.statusCode, exact.body).toBe(200);
      const spent = await convert(a, { from: 'BCNT', to: 'USDT', amount: '200' });
      expect(spent.json().message).toBe(ConvertError.quotaInsufficient);

      // 23:59:59 UTC+8: still the same day (12 hours on: the sessions are renewed)
      t.clock.set('2025-03-01T15:59:59.000Z');
      const [a2, c2] = [await relogin(a), await relogin(c)];
      expect((await convert(c2, { from: 'USDT', to: 'BCNT', amount: '10' })).json().message).toBe(
        ConvertError.allConverted,
      );
      // 00:00 UTC+8: a new day, new supply and quotas
      t.clock.set('2025-03-01T16:00:00.000Z');
      const rules = await getAs(t, '/api/v1/common/convertCurrency/bcnt');
      expect(rules.json().data).toMatchObject({
        day: '2025-03-02',
        platformRemaining: '1000000',
        resetsAt: '2025-03-02T16:00:00.000Z',
      });
      const nextDay = await convert(c2, { from: 'USDT', to: 'BCNT', amount: '10' });
      expect(nextDay.statusCode, nextDay.body).toBe(200);
      const aNextDay = await convert(a2, { from: 'BCNT', to: 'USDT', amount: '200' });
      expect(aNextDay.statusCode, aNextDay.body).toBe(200);
    } finally {
      t = previous;
      await fresh.close();
    }
  });
});

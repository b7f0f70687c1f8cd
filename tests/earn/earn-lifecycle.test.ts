// Earn products through the API and the `earn-lifecycle` job on the server clock: the catalog
// from the operator commands, Join and its refusals, whole contracts lived through in seconds
// (fundraising -> running -> daily and monthly settlements -> renewal or asset return -> back
// in the wallet), a level change mid-contract, a soft cap not met, an early redemption in BCNT,
// Pro compounding with Asset Return, and a settlement run that dies half-way. The books balance
// after every test.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/database';
import { listProducts, productNav, readableProduct } from '../../src/server/domain/earn/catalog';
import { seedDemoCatalog } from '../../src/server/domain/earn/demo-catalog';
import { runEarnLifecycle } from '../../src/server/domain/earn/lifecycle';
import { runOpsCommand, type OpsCommandName } from '../../src/server/ops/commands';
import { earnDepsOf } from '../../src/server/jobs/earn-lifecycle';
import type {
  EarnCheckJoin,
  EarnDetail,
  EarnHistory,
  EarnProduct,
  EarnSubscription,
} from '../../src/shared/api/earn';
import { parseAmount } from '../../src/shared/money/decimal';
import { createMember, loginSession, type TestMember } from '../helpers/auth';
import { createTestApp, createTestDatabase, type TestApp } from '../helpers/test-app';
import { expectBooksBalanced } from '../helpers/wallet';
import {
  fund,
  getAs,
  ledgerCount,
  postAs,
  verifiedMember,
  walletBalance,
} from '../wallet/convert-helpers';

const DAY = 24 * 3600 * 1000;
const ALL_CONSENTS = [
  'notices',
  'lenderContract',
  'redemptionNotice',
  'notUsOrJapan',
  'autoRenewInitialQuantity',
];
let t: TestApp;

beforeAll(async () => {
  // 2025-03-01 12:00 UTC+8
  t = await createTestApp();
});
afterEach(async () => {
  await expectBooksBalanced(t.database.db);
});
afterAll(async () => {
  await t?.close();
});

/** When each member's token was made: a token older than 5 minutes of clock time is renewed. */
const loggedInAt = new Map<number, number>();
async function fresh(member: TestMember): Promise<TestMember> {
  const now = t.clock.now().getTime();
  const since = loggedInAt.get(member.memberId);
  if (since === undefined) loggedInAt.set(member.memberId, now);
  else if (now - since > 5 * 60_000 || now < since) {
    Object.assign(member, await loginSession(t.app, member));
    loggedInAt.set(member.memberId, now);
  }
  return member;
}
const get = async (url: string, member?: TestMember) =>
  getAs(t, url, member ? await fresh(member) : undefined);
const post = async (url: string, member: TestMember, body: unknown, key?: string | null) =>
  postAs(t, url, await fresh(member), body, key === undefined ? randomUUID() : key);

const ops = (name: OpsCommandName, input: Record<string, unknown>) =>
  runOpsCommand(
    { db: t.database.db, clock: t.clock, wallet: t.app.wallet, chainId: t.app.config.chainId },
    name,
    input,
  );

/** 00:00 UTC+8 of a day, as the clock's time. */
const startOf = (day: string) => new Date(`${day}T00:00:00+08:00`);

let day0 = 0;
/** A fresh product whose fundraising runs from now (the clock's day) for `raiseDays`. */
async function product(fields: Record<string, unknown> = {}, raiseDays = 5): Promise<EarnProduct> {
  const today = new Date(t.clock.now().getTime() + 8 * 3600 * 1000).toISOString().slice(0, 10);
  const shift = (days: number) =>
    new Date(startOf(today).getTime() + days * DAY + 8 * 3600 * 1000).toISOString().slice(0, 10);
  day0 += 1;
  const created = (await ops('product/create', {
    kind: 'fixed',
    currency: 'USDT',
    name: `Stable Income ${day0}`,
    period: 3,
    'per-unit': '100',
    'min-unit': 10,
    'max-unit': 100,
    'raise-start': today,
    'raise-end': shift(raiseDays),
    start: shift(raiseDays),
    settlement: 'daily',
    ...fields,
  })) as { serialNumber: string };
  await ops('product/open', { sn: created.serialNumber });
  const list = (await get('/api/v1/premium2/List')).json().data.list as EarnProduct[];
  const found = list.find((p) => p.serialNumber === created.serialNumber);
  if (!found) throw new Error(`${created.serialNumber} not listed`);
  return found;
}

const join = (
  member: TestMember,
  premiumId: number,
  units: number,
  key = randomUUID(),
  consents = ALL_CONSENTS,
) =>
  post(
    '/api/v1/premium2/Join',
    member,
    { premiumId, units, consents, riskAcknowledged: true },
    key,
  );

async function joined(
  member: TestMember,
  premiumId: number,
  units: number,
): Promise<EarnSubscription> {
  const res = await join(member, premiumId, units);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as EarnSubscription;
}

async function detail(member: TestMember, sn: string): Promise<EarnDetail> {
  const res = await get(`/api/v1/premium2/Detail?sn=${sn}`, member);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as EarnDetail;
}

const run = () => t.app.scheduler.runTask('earn-lifecycle') as Promise<Record<string, number>>;

/** Moves the clock to `time` and runs the job. */
async function at(time: Date) {
  t.clock.set(time);
  return run();
}

const usdt = (text: string) => parseAmount(text, 6)!;
/** A day's reward of a principal at a yearly rate in basis points, rounded down. */
const dailyReward = (principal: bigint, bps: number) =>
  (principal * BigInt(bps)) / (365n * 10_000n);

async function funded(amount = '100000'): Promise<TestMember> {
  const member = await verifiedMember(t);
  await fund(t, member.memberId, 'USDT', amount);
  return member;
}

describe('the earn catalog', () => {
  it('lists products by sortOrder then id, with serial numbers by the spec rule and the fallback return', async () => {
    const a = await product({ sort: 2, return: 7.5 });
    const b = await product({ sort: 1 });
    const btc = await product({
      currency: 'BTC',
      period: 6,
      'per-unit': '0.01',
      'min-unit': 5,
      limited: true,
    });
    const mixed = await product({ kind: 'mixed', strategy: 'defi', settlement: 'monthly' });
    expect(a.serialNumber).toMatch(/^USDT-\d{3}R$/);
    expect(btc.serialNumber).toMatch(/^BTC-\d{3}R$/);
    expect(mixed.serialNumber).toMatch(/^USDT-\d{3}D$/);
    expect(a).toMatchObject({
      annualReturn: 7.5,
      annualReturnFallback: false,
      productType: 1,
      minInvestment: '1000',
    });
    // no figure: the fallback of the spec (USDT 8, BTC 6, DeFi 10), "up to" the level-3 rate for USDT
    expect(b).toMatchObject({
      annualReturn: 8,
      annualReturnFallback: true,
      stakeInterestAPYLv3: 8,
    });
    expect(btc).toMatchObject({
      annualReturn: 6,
      limited: false,
      minInvestment: '0.05',
      stakeInterestAPYLv3: null,
    });
    expect(mixed).toMatchObject({ annualReturn: 10, kind: 'mixed', strategy: 'defi' });
    const list = (await get('/api/v1/premium2/List')).json().data.list as EarnProduct[];
    const order = list.map((p) => p.serialNumber);
    expect(order.indexOf(b.serialNumber)).toBeLessThan(order.indexOf(a.serialNumber));
    expect(b.state).toBe('raising');
    const guest = await get(`/api/v1/premium2/GuestDetail?sn=${b.serialNumber}`);
    expect(guest.json().data).toMatchObject({
      levelRates: { lv1Rate: 6, lv2Rate: 7, lv3Rate: 8, lv4Rate: 9 },
      consents: expect.arrayContaining(['notices', 'autoRenewInitialQuantity']),
    });
  });

  it('hides drafts and premium funds from visitors and members who are not premier', async () => {
    const draft = (await ops('product/create', {
      kind: 'fixed',
      currency: 'USDC',
      name: 'Draft',
      period: 3,
      'per-unit': '100',
      'min-unit': 1,
      'max-unit': 10,
      'raise-start': '2030-01-01',
      'raise-end': '2030-01-05',
      start: '2030-01-05',
    })) as { serialNumber: string };
    expect((await get(`/api/v1/premium2/GuestDetail?sn=${draft.serialNumber}`)).statusCode).toBe(
      404,
    );
    const fund = await product({ kind: 'mixed', strategy: 'fusion', premium: true }).catch(
      () => null,
    );
    expect(fund).toBeNull(); // not listed for a visitor
    const member = await funded();
    const list = (await get('/api/v1/premium2/List', member)).json().data.list as EarnProduct[];
    expect(list.some((p) => p.premiumOnly)).toBe(false);
  });
});

describe('joining', () => {
  it('refuses what it must and moves the principal from the wallet once per key', async () => {
    const p = await product();
    const visitorJoin = await postAs(t, '/api/v1/premium2/Join', { token: 'x' } as TestMember, {
      premiumId: p.id,
      units: 10,
      consents: ALL_CONSENTS,
    });
    expect(visitorJoin.statusCode).toBe(401);
    const unverified = await createMember(t.app);
    expect((await join(unverified, p.id, 10)).json().message).toBe('kyc_required');
    const member = await funded('2500');
    expect(
      (
        await post(
          '/api/v1/premium2/Join',
          member,
          { premiumId: p.id, units: 10, consents: ALL_CONSENTS, riskAcknowledged: true },
          null,
        )
      ).json().message,
    ).toBe('idempotency_key_required');
    const noConsent = await join(member, p.id, 10, randomUUID(), ['notices']);
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.json().data.issues[0].message).toBe('earn_consent_missing');
    expect((await join(member, p.id, 9)).json()).toMatchObject({
      message: 'earn_below_min_units',
      data: { minUnit: 10 },
    });
    expect((await join(member, p.id, 101)).json().message).toBe('earn_above_max_units');
    expect((await join(member, p.id, 30)).json().message).toBe('Insufficient Balance.');

    const check = (await get(`/api/v1/premium2/CheckJoin?sn=${p.serialNumber}`, member)).json()
      .data as EarnCheckJoin;
    expect(check).toMatchObject({
      canJoin: true,
      minUnits: 10,
      maxUnits: 100,
      available: '2500',
      addMore: false,
    });

    const key = randomUUID();
    const first = await join(member, p.id, 20, key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await join(member, p.id, 20, key);
    expect(again.json()).toEqual(first.json());
    expect(await ledgerCount(t, member.memberId, 'invest')).toBe(1);
    expect((await walletBalance(t, member, 'USDT')).available).toBe('500');
    expect(first.json().data).toMatchObject({
      state: 'raising',
      units: 20,
      investedAmount: '2000',
      autoRenew: false,
      canCancel: true,
    });

    // add more before the start: one subscription, more units
    const more = await joined(member, p.id, 5);
    expect(more).toMatchObject({ units: 25, investedAmount: '2500', addedAmount: '500' });
    expect(
      (await get(`/api/v1/premium2/CheckJoin?sn=${p.serialNumber}`, member)).json().data,
    ).toMatchObject({ addMore: true, unitsHeld: 25, minUnits: 1, maxUnits: 75 });
  });

  it('never sells more than the capacity, even to concurrent joins', async () => {
    const p = await product({ capacity: 30 });
    const members = await Promise.all([funded(), funded(), funded()]);
    const answers = await Promise.all(members.map((m) => join(m, p.id, 15)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(answers.find((r) => r.statusCode !== 200)?.json()).toMatchObject({
      message: 'earn_sold_out',
      data: { left: 0 },
    });
  });

  it('cancels before the start (refunded by the job), not after', async () => {
    const p = await product();
    const member = await funded('1000');
    await joined(member, p.id, 10);
    const leave = await post('/api/v1/premium2/Leave', member, {
      premiumId: p.id,
      action: 'cancel',
    });
    expect(leave.json().data.state).toBe('cancel_pending');
    await run();
    expect((await detail(member, p.serialNumber)).subscription?.state).toBe('canceled');
    expect((await walletBalance(t, member, 'USDT')).available).toBe('1000');
  });
});

describe('a whole Stable Income contract', () => {
  it('runs, pays each day at the level rate, follows a level change, returns 3 working days after expiry', async () => {
    const p = await product();
    const member = await funded('1000');
    await joined(member, p.id, 10);
    // the fundraising ends, the contract starts at 00:00 UTC+8 of its start day
    await at(new Date(Date.parse(p.startAt) + 60_000));
    let d = await detail(member, p.serialNumber);
    expect(d.subscription).toMatchObject({ state: 'running', currentRate: 6, term: 1 });
    expect(d.product.state).toBe('running');

    // ten days at level 1 (6 %): ten rewards, each rounded down
    await at(new Date(Date.parse(p.startAt) + 10 * DAY + 60_000));
    const principal = usdt('1000');
    const perDay = dailyReward(principal, 600);
    d = await detail(member, p.serialNumber);
    expect(usdt(d.subscription!.accumulatedReward)).toBe(perDay * 10n);
    expect(usdt((await walletBalance(t, member, 'USDT')).available)).toBe(perDay * 10n);
    // the same run again pays nothing
    await run();
    expect(usdt((await detail(member, p.serialNumber)).subscription!.accumulatedReward)).toBe(
      perDay * 10n,
    );

    // level 2 by a custodial stake: the next days at 7 %
    await fund(t, member.memberId, 'BCNT', '20000');
    const stake = await post('/api/v1/user/wallet/stake', member, {
      action: 'stake',
      amount: '20000',
    });
    expect(stake.statusCode, stake.body).toBe(200);
    await at(new Date(Date.parse(p.startAt) + 15 * DAY + 60_000));
    const history = (
      await get(`/api/v1/premium2/PremiumHistory?premiumId=${p.id}&pageSize=100`, member)
    ).json().data as EarnHistory;
    const rewards = history.list.filter((e) => e.kind === 'reward');
    expect(rewards).toHaveLength(15);
    expect(rewards.slice(0, 5).every((e) => e.rate === 7 && e.level === 2)).toBe(true);
    expect(rewards.slice(5).every((e) => e.rate === 6 && e.level === 1)).toBe(true);
    const expected = perDay * 10n + dailyReward(principal, 700) * 5n;
    expect(usdt((await detail(member, p.serialNumber)).subscription!.accumulatedReward)).toBe(
      expected,
    );

    // auto-renew off: at expiry the principal waits 3 working days, then is back
    const off = await post('/api/v1/premium2/Setting', member, {
      premiumId: p.id,
      isRenew: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    const expiry = Date.parse(p.endAt);
    await at(new Date(expiry + 60_000));
    d = await detail(member, p.serialNumber);
    expect(d.subscription?.state).toBe('asset_return');
    const due = Date.parse(d.subscription!.returnDueAt!);
    expect(due - expiry).toBeGreaterThanOrEqual(3 * DAY);
    expect(due - expiry).toBeLessThanOrEqual(5 * DAY);
    const before = usdt((await walletBalance(t, member, 'USDT')).available);
    await at(new Date(due + 60_000));
    d = await detail(member, p.serialNumber);
    expect(d.subscription?.state).toBe('ended');
    expect(usdt((await walletBalance(t, member, 'USDT')).available) - before).toBe(principal);
    // every day of the term was paid once
    const days = (expiry - Date.parse(p.startAt)) / DAY;
    const all = (
      await get(`/api/v1/premium2/PremiumHistory?premiumId=${p.id}&pageSize=100`, member)
    ).json().data as EarnHistory;
    expect(all.list.filter((e) => e.kind === 'reward')).toHaveLength(Math.round(days));
  });

  it('refunds everything when the soft cap is not met', async () => {
    const p = await product({ 'soft-cap': 50 });
    const member = await funded('1000');
    await joined(member, p.id, 10);
    expect((await walletBalance(t, member, 'USDT')).available).toBe('0');
    const report = await at(new Date(Date.parse(p.startAt) + 60_000));
    expect(report.failed).toBeGreaterThanOrEqual(1);
    const d = await detail(member, p.serialNumber);
    expect(d.subscription?.state).toBe('failed');
    expect(d.product.state).toBe('failed');
    expect((await walletBalance(t, member, 'USDT')).available).toBe('1000');
  });

  it('redeems early in BCNT at the price feed rate, once, until a day before expiry', async () => {
    const p = await product();
    const member = await funded('1000');
    await joined(member, p.id, 10);
    await at(new Date(Date.parse(p.startAt) + 3 * DAY + 60_000));
    const key = randomUUID();
    const redeem = await post(
      '/api/v1/premium2/Leave',
      member,
      { premiumId: p.id, action: 'redeem' },
      key,
    );
    expect(redeem.statusCode, redeem.body).toBe(200);
    // 1,000 USDT at 0.5 USDT per BCNT
    expect(redeem.json().data).toMatchObject({ state: 'canceled', redeemedBcnt: '2000' });
    expect((await walletBalance(t, member, 'BCNT')).available).toBe('2000');
    expect(
      (
        await post('/api/v1/premium2/Leave', member, { premiumId: p.id, action: 'redeem' }, key)
      ).json(),
    ).toEqual(redeem.json());
    expect(await ledgerCount(t, member.memberId, 'earn_redeem')).toBe(1);
    // nothing more is paid after it
    const rewardsBefore = (await detail(member, p.serialNumber)).subscription!.accumulatedReward;
    await at(new Date(Date.parse(p.startAt) + 6 * DAY + 60_000));
    expect((await detail(member, p.serialNumber)).subscription!.accumulatedReward).toBe(
      rewardsBefore,
    );

    // another member, the last day: too late
    const q = await product();
    const late = await funded('1000');
    await joined(late, q.id, 10);
    await at(new Date(Date.parse(q.endAt) - 12 * 3600 * 1000));
    const refused = await post('/api/v1/premium2/Leave', late, {
      premiumId: q.id,
      action: 'redeem',
    });
    expect(refused.json().message).toBe('earn_redemption_closed');
    await at(new Date(Date.parse(q.endAt) + 10 * DAY));
  });

  it('pays a monthly product on each month of the term', async () => {
    const p = await product({ settlement: 'monthly' });
    const member = await funded('1000');
    await joined(member, p.id, 10);
    await at(new Date(Date.parse(p.startAt) + 20 * DAY + 60_000));
    let s = (await detail(member, p.serialNumber)).subscription!;
    expect(s.accumulatedReward).toBe('0');
    expect(usdt(s.pendingReward)).toBe(dailyReward(usdt('1000'), 600) * 20n);
    await at(new Date(Date.parse(p.startAt) + 40 * DAY + 60_000));
    s = (await detail(member, p.serialNumber)).subscription!;
    // the first month's days were paid on its anniversary (00:00 UTC+8, same day next month)
    const local = new Date(Date.parse(p.startAt) + 8 * 3600 * 1000);
    const anniversary =
      Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, local.getUTCDate()) -
      8 * 3600 * 1000;
    const firstMonth = BigInt(Math.round((anniversary - Date.parse(p.startAt)) / DAY));
    expect(usdt(s.accumulatedReward)).toBe(dailyReward(usdt('1000'), 600) * firstMonth);
    expect(usdt(s.accumulatedReward) + usdt(s.pendingReward)).toBe(
      dailyReward(usdt('1000'), 600) * 40n,
    );
    expect((await walletBalance(t, member, 'USDT')).available).toBe(s.accumulatedReward);
  });
});

describe('Stable Income Pro', () => {
  it('compounds, renews with Asset Return units paid back, and a level change cancels the request', async () => {
    const p = await product({ kind: 'fixed-pro', period: 1, 'min-unit': 5 });
    const member = await funded('1000');
    const sub = await joined(member, p.id, 10);
    expect(sub.autoRenew).toBe(true); // on by default for Pro
    await at(new Date(Date.parse(p.startAt) + 2 * DAY + 60_000));
    const day1 = dailyReward(usdt('1000'), 800);
    const day2 = dailyReward(usdt('1000') + day1, 800);
    let s = (await detail(member, p.serialNumber)).subscription!;
    expect(usdt(s.lockedAmount)).toBe(usdt('1000') + day1 + day2);
    expect((await walletBalance(t, member, 'USDT')).available).toBe('0');

    const tooMany = await post('/api/v1/premium2/ChangeAssetReturn', member, {
      premiumId: p.id,
      assetReturnUnits: 11,
    });
    expect(tooMany.json()).toMatchObject({
      message: 'earn_return_above_max',
      data: { maxReturnUnits: 10 },
    });
    const request = await post('/api/v1/premium2/ChangeAssetReturn', member, {
      premiumId: p.id,
      assetReturnUnits: 4,
    });
    expect(request.json().data.assetReturnUnits).toBe(4);

    // expiry: 6 units renew; 4 units and the compounded rewards come back at once
    await at(new Date(Date.parse(p.endAt) + 60_000));
    s = (await detail(member, p.serialNumber)).subscription!;
    expect(s).toMatchObject({
      state: 'running',
      term: 2,
      units: 6,
      lockedAmount: '600',
      assetReturnUnits: null,
    });
    const back = usdt((await walletBalance(t, member, 'USDT')).available);
    expect(back).toBeGreaterThan(usdt('400'));
    expect(back).toBeLessThan(usdt('410'));

    // a new request, then the member's level changes: the request is cancelled and they hear of it
    await post('/api/v1/premium2/ChangeAssetReturn', member, {
      premiumId: p.id,
      assetReturnUnits: 2,
    });
    await fund(t, member.memberId, 'BCNT', '20000');
    await post('/api/v1/user/wallet/stake', member, { action: 'stake', amount: '20000' });
    const report = await run();
    expect(report.returnRequestsCancelled).toBe(1);
    expect((await detail(member, p.serialNumber)).subscription!.assetReturnUnits).toBeNull();
    const mail = await t.app.inject({
      method: 'GET',
      url: `/dev/outbox?to=${encodeURIComponent(member.email)}`,
    });
    expect(mail.body).toContain('Asset Return request was cancelled');
  });
});

describe('restart safety', () => {
  it('a settlement run that dies half-way pays each day once when run again', async () => {
    const p = await product();
    const members = await Promise.all([funded('1000'), funded('1000'), funded('1000')]);
    for (const m of members) await joined(m, p.id, 10);
    await at(new Date(Date.parse(p.startAt) + 60_000));
    t.clock.set(new Date(Date.parse(p.startAt) + 20 * DAY + 60_000));
    // the process dies at its 6th database transaction of the run
    const real = t.database.db;
    let transactions = 0;
    const dying = new Proxy(real, {
      get(target, prop, receiver) {
        if (prop === 'transaction')
          return (fn: (tx: Db) => Promise<unknown>) => {
            transactions += 1;
            if (transactions === 6) throw new Error('killed');
            return target.transaction(fn as never);
          };
        return Reflect.get(target, prop, receiver);
      },
    }) as Db;
    const deps = earnDepsOf({ ...t.app.wallet, db: dying, outbox: t.app.auth.outbox });
    await expect(runEarnLifecycle(deps, t.clock.now())).rejects.toThrow('killed');
    const paid = (m: TestMember) =>
      detail(m, p.serialNumber).then((d) => usdt(d.subscription!.accumulatedReward));
    const partial = await Promise.all(members.map(paid));
    expect(partial.some((v) => v < dailyReward(usdt('1000'), 600) * 20n)).toBe(true);
    await run();
    for (const m of members) expect(await paid(m)).toBe(dailyReward(usdt('1000'), 600) * 20n);
    for (const m of members)
      expect(usdt((await walletBalance(t, m, 'USDT')).available)).toBe(
        dailyReward(usdt('1000'), 600) * 20n,
      );
  });
});

describe('the demo catalog', () => {
  it("seeds the spec's examples into an empty catalog only, with NAV histories", async () => {
    const database = await createTestDatabase();
    try {
      const db = database.database.db;
      expect(await seedDemoCatalog(db, t.clock)).toBe(15);
      expect(await seedDemoCatalog(db, t.clock)).toBe(0);
      const visible = await listProducts(db, t.clock, { premier: false });
      expect(visible).toHaveLength(14);
      expect((await listProducts(db, t.clock, { premier: true })).length).toBe(15);
      expect(visible.map((p) => p.serialNumber)).toEqual(
        expect.arrayContaining(['USDT-001R', 'BTC-001R', 'USDT-005D', 'USDT-006A']),
      );
      expect(visible.every((p) => p.state === 'raising')).toBe(true);
      const fusion = visible.find((p) => p.strategy === 'fusion')!;
      const row = await readableProduct(db, fusion.serialNumber, { premier: false });
      expect((await productNav(db, row)).list).toHaveLength(181);
    } finally {
      await database.dispose();
    }
  });
});

// NAV products settled through whole contracts on the server clock: a mixed product up and down
// (valued at NAV(end)/NAV(start), the gain paid by and the loss kept by `earn_fund`, the return
// waiting for a missing NAV), a Flagship (5 % fixed daily, 50 % of the excess on the 15th, early
// termination at 5 % and 3.5 %), an Alliance product (management and performance fees each
// quarter with the high-water mark) and a run that dies half-way. The books balance after every
// test.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../src/server/db/database';
import { earnEvents } from '../../src/server/db/schema/earn';
import { runEarnLifecycle } from '../../src/server/domain/earn/lifecycle';
import { earnDepsOf } from '../../src/server/jobs/earn-lifecycle';
import { addMonths, daysBetween } from '../../src/shared/time/platform-days';
import { parseAmount } from '../../src/shared/money/decimal';
import type { TestMember } from '../helpers/auth';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { expectBooksBalanced } from '../helpers/wallet';
import { ledgerCount, walletBalance } from '../wallet/convert-helpers';
import { addDay, DAY, dayOf, earnHarness, startOf, usdt } from './earn-helpers';

let t: TestApp;
const h = earnHarness(() => t);

beforeAll(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await expectBooksBalanced(t.database.db);
});
afterAll(async () => {
  await t?.close();
});

const nav18 = (text: string) => parseAmount(text, 18)!;
const BPS = 10_000n;
const YEAR = 365n;
const wallet = async (member: TestMember) =>
  usdt((await walletBalance(t, await h.fresh(member), 'USDT')).available);
const minute = (time: string | Date | number) => new Date(new Date(time).getTime() + 60_000);

/** The 15th after `day` (UTC+8 days). */
function nextFifteenth(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  if (d < 15) return `${y}-${String(m).padStart(2, '0')}-15`;
  const next = new Date(Date.UTC(y, m, 15));
  return next.toISOString().slice(0, 10);
}

/** The first days of January, April, July and October strictly between two days. */
function quarterFirsts(after: string, before: string): string[] {
  const out: string[] = [];
  let [y, m] = after.split('-').map(Number) as [number, number];
  for (let i = 0; i < 40; i += 1) {
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
    const day = `${y}-${String(m).padStart(2, '0')}-01`;
    if (day >= before) break;
    if ([1, 4, 7, 10].includes(m) && day > after) out.push(day);
  }
  return out;
}

describe('a mixed product', () => {
  it('pays principal x NAV(end)/NAV(start) at the return, up or down, and waits for a missing NAV', async () => {
    const up = await h.product({ kind: 'mixed', strategy: 'fusion' });
    const down = await h.product({ kind: 'mixed', strategy: 'sapphire' });
    const first = dayOf(up.startAt);
    // start NAV: the last posted on or before the first day
    await h.nav(up.serialNumber, addDay(first, -2), '0.9');
    await h.nav(up.serialNumber, first, '1');
    await h.nav(down.serialNumber, addDay(first, -1), '2');
    const a = await h.funded('1000');
    const b = await h.funded('1000');
    await h.join(a, up.id, 10);
    await h.join(b, down.id, 10);

    await h.at(minute(up.startAt));
    let s = (await h.detail(a, up.serialNumber)).subscription!;
    expect(s).toMatchObject({ state: 'running', startNav: '1', currentValue: '1000' });
    // valued and returned at expiry: never renewed
    expect(s).toMatchObject({ autoRenew: false, canSetRenew: false, nextRenewalAt: null });
    const renew = await h.post('/api/v1/premium2/Setting', a, { premiumId: up.id, isRenew: true });
    expect(renew.json().message).toBe('earn_setting_closed');
    expect((await h.detail(b, down.serialNumber)).subscription!.startNav).toBe('2');

    // the value follows the NAV mid-term
    await h.nav(up.serialNumber, addDay(first, 10), '1.05');
    await h.at(minute(Date.parse(up.startAt) + 11 * DAY));
    s = (await h.detail(a, up.serialNumber)).subscription!;
    expect(s).toMatchObject({
      currentValue: '1050',
      profitLoss: '50',
      latestNav: '1.05',
      itdReturn: 5,
      awaitingNav: false,
    });

    // expiry without an end NAV: nothing moves, the operator is told which NAV is missing
    const expiryDay = dayOf(up.endAt);
    const report = await h.at(minute(up.endAt));
    expect(report.awaitingNav).toEqual(
      expect.arrayContaining([
        { serialNumber: up.serialNumber, day: expiryDay },
        { serialNumber: down.serialNumber, day: expiryDay },
      ]),
    );
    s = (await h.detail(a, up.serialNumber)).subscription!;
    expect(s).toMatchObject({ state: 'running', awaitingNav: true });
    // the operator's list of NAVs to post says the same without settling anything
    const due = (await h.ops('earn/nav-due', {})) as { due: unknown[] };
    expect(due.due).toEqual(
      expect.arrayContaining([
        { serialNumber: up.serialNumber, day: expiryDay, nav: 'checkpoint', subscriptions: 1 },
      ]),
    );
    await h.run();
    expect((await h.detail(a, up.serialNumber)).subscription!.state).toBe('running');

    // the operator posts the last term day's NAV (up 10 %) and the expiry day's (down 7 %)
    await h.nav(up.serialNumber, addDay(expiryDay, -1), '1.1');
    await h.nav(down.serialNumber, expiryDay, '1.86');
    await h.run();
    s = (await h.detail(a, up.serialNumber)).subscription!;
    expect(s).toMatchObject({ state: 'asset_return', returnAmount: '1100', profitLoss: '100' });
    expect(
      ((await h.ops('earn/nav-due', {})) as { due: { serialNumber: string }[] }).due.filter(
        (row) => row.serialNumber === up.serialNumber,
      ),
    ).toEqual([]);
    const sb = (await h.detail(b, down.serialNumber)).subscription!;
    expect(sb).toMatchObject({ state: 'asset_return', returnAmount: '930', profitLoss: '-70' });

    const fundBefore = await h.platform('earn_fund');
    await h.at(minute(s.returnDueAt!));
    expect((await h.detail(a, up.serialNumber)).subscription!.state).toBe('ended');
    expect(await wallet(a)).toBe(usdt('1100'));
    expect(await wallet(b)).toBe(usdt('930'));
    // the gain came from the trading book, the loss stayed with it
    expect((await h.platform('earn_fund')) - fundBefore).toBe(usdt('-30'));
    const returns = (await h.history(a, up.id)).list.filter((e) => e.kind === 'return');
    expect(returns).toEqual([expect.objectContaining({ amount: '1100', detail: 'nav' })]);
    expect(await ledgerCount(t, a.memberId, 'earn_return')).toBe(1);
    // a later run pays nothing again
    await h.run();
    expect(await wallet(a)).toBe(usdt('1100'));
  }, 120_000);
});

describe('a Flagship product', () => {
  it('pays 5 % a year daily, 50 % of the NAV excess on the 15th, and charges early termination 5 % then 3.5 %', async () => {
    const p = await h.product({ kind: 'flagship', period: 12 });
    const first = dayOf(p.startAt);
    await h.nav(p.serialNumber, first, '1');
    const [a, b, c] = [await h.funded('1000'), await h.funded('1000'), await h.funded('1000')];
    for (const m of [a, b, c]) await h.join(m, p.id, 10);
    await h.at(minute(p.startAt));

    const principal = usdt('1000');
    const daily = (principal * 500n) / (YEAR * BPS);
    const fifteenth = nextFifteenth(first);
    const days = BigInt(daysBetween(first, fifteenth));
    await h.nav(p.serialNumber, addDay(fifteenth, -1), '1.03');
    await h.at(minute(startOf(fifteenth)));
    // 50 % of (30 USDT of NAV gain - 5 % a year for the days since the start)
    const hurdle = (principal * 500n * days) / (YEAR * BPS);
    const excess = (usdt('30') - hurdle) / 2n;
    expect(excess).toBeGreaterThan(0n);
    let s = (await h.detail(c, p.serialNumber)).subscription!;
    expect(usdt(s.excessReward!)).toBe(excess);
    expect(usdt(s.accumulatedReward)).toBe(daily * days + excess);
    expect(await wallet(c)).toBe(daily * days + excess);
    const excessRows = async (m: TestMember) =>
      (await h.history(m, p.id)).list.filter((e) => e.detail === 'excess');
    expect(await excessRows(c)).toHaveLength(1);
    expect(s).toMatchObject({ earlyTerminationFeePct: 5, earlyTerminationFee: '50' });

    // the next 15th, NAV lower: the share since the start is below what was paid, nothing more
    const second = nextFifteenth(fifteenth);
    await h.nav(p.serialNumber, addDay(second, -1), '1.01');
    await h.at(minute(startOf(second)));
    expect(await excessRows(c)).toHaveLength(1);

    // A leaves within six months: 5 % of the principal
    const feesBefore = await h.platform('fees');
    const walletBefore = await wallet(a);
    const leave = await h.post('/api/v1/premium2/Leave', a, { premiumId: p.id, action: 'redeem' });
    expect(leave.statusCode, leave.body).toBe(200);
    expect(leave.json().data).toMatchObject({
      state: 'canceled',
      terminationFee: '50',
      returnAmount: '950',
    });
    expect((await wallet(a)) - walletBefore).toBe(usdt('950'));
    expect((await h.platform('fees')) - feesBefore).toBe(usdt('50'));
    const aFees = (await h.history(a, p.id)).list.filter((e) => e.kind === 'fee');
    expect(aFees).toEqual([
      expect.objectContaining({ amount: '-50', detail: 'early_termination' }),
    ]);

    // B leaves after six months: 3.5 %
    await h.at(minute(Date.parse(addMonths(new Date(p.startAt), 6).toISOString()) + DAY));
    s = (await h.detail(b, p.serialNumber)).subscription!;
    expect(s).toMatchObject({ earlyTerminationFeePct: 3.5, earlyTerminationFee: '35' });
    const bBefore = await wallet(b);
    const bLeave = await h.post('/api/v1/premium2/Leave', b, { premiumId: p.id, action: 'redeem' });
    expect(bLeave.json().data).toMatchObject({ state: 'canceled', terminationFee: '35' });
    expect((await wallet(b)) - bBefore).toBe(usdt('965'));

    // C runs to expiry; the operator posts every checkpoint's NAV; principal back at the end
    const expiryDay = dayOf(p.endAt);
    for (let day = nextFifteenth(second); day < expiryDay; day = nextFifteenth(day))
      await h.nav(p.serialNumber, addDay(day, -1), '1.01');
    await h.nav(p.serialNumber, addDay(expiryDay, -1), '1.02');
    await h.at(minute(p.endAt));
    s = (await h.detail(c, p.serialNumber)).subscription!;
    expect(s).toMatchObject({ state: 'asset_return', returnAmount: '1000' });
    await h.at(minute(s.returnDueAt!));
    s = (await h.detail(c, p.serialNumber)).subscription!;
    expect(s.state).toBe('ended');
    const termDays = BigInt(daysBetween(first, expiryDay));
    expect(usdt(s.accumulatedReward)).toBe(daily * termDays + excess);
    expect(await wallet(c)).toBe(principal + daily * termDays + excess);
    // one fixed reward row a day of the term (the history pages hold 100, count them here)
    const [rows] = await t.database.db
      .select({ n: count() })
      .from(earnEvents)
      .where(
        and(
          eq(earnEvents.subscriptionId, s.id),
          eq(earnEvents.kind, 'reward'),
          isNull(earnEvents.detail),
        ),
      );
    const rewards = { length: rows!.n };
    expect(rewards.length).toBe(Number(termDays));
  }, 120_000);
});

/** Alliance fees, as the spec's rule reads (see nav-settlement.ts), for the expected values. */
function expectedAllianceFees(
  first: string,
  checkpoints: string[],
  navs: string[],
  invested: bigint,
) {
  let previous = first;
  let mark = nav18('1');
  const start = nav18('1');
  return checkpoints.map((day, i) => {
    const days = BigInt(daysBetween(previous, day));
    const nav = nav18(navs[i]!);
    const management = (invested * 200n * days) / (YEAR * BPS);
    const hurdle = mark + (mark * 500n * days) / (YEAR * BPS);
    const performance = nav > hurdle ? (invested * (nav - hurdle) * 3000n) / (start * BPS) : 0n;
    if (nav > mark) mark = nav;
    previous = day;
    return { day, management, performance };
  });
}

describe('a Trader Alliance product', () => {
  it('deducts the management fee each quarter and the performance fee over the high-water mark only', async () => {
    const p = await h.product({
      kind: 'alliance',
      period: 12,
      'management-fee': 2,
      'performance-fee': 30,
    });
    const first = dayOf(p.startAt);
    const expiryDay = dayOf(p.endAt);
    await h.nav(p.serialNumber, first, '1');
    const member = await h.funded('1000');
    await h.join(member, p.id, 10);
    await h.at(minute(p.startAt));
    expect((await h.detail(member, p.serialNumber)).subscription!.highWatermark).toBe('1');

    const checkpoints = [...quarterFirsts(first, expiryDay), expiryDay];
    expect(checkpoints.length).toBeGreaterThanOrEqual(4);
    // up, below the mark, a new high, below it again, ..., the end
    const navs = ['1.1', '1.05', '1.2', '1.15', '1.12', '1.25'].slice(0, checkpoints.length - 1);
    navs.push('1.25');
    const expected = expectedAllianceFees(first, checkpoints, navs, usdt('1000'));
    const feesBefore = await h.platform('fees');
    for (const [i, day] of checkpoints.entries()) {
      await h.nav(p.serialNumber, addDay(day, -1), navs[i]!);
      if (day === expiryDay) break;
      await h.at(minute(startOf(day)));
      const rows = (await h.history(member, p.id)).list.filter((e) => e.day === day);
      const management = rows.find((e) => e.detail === 'management');
      const performance = rows.find((e) => e.detail === 'performance');
      expect(usdt(management!.amount.slice(1))).toBe(expected[i]!.management);
      if (expected[i]!.performance > 0n)
        expect(usdt(performance!.amount.slice(1))).toBe(expected[i]!.performance);
      else expect(performance).toBeUndefined();
    }
    // the quarter below the mark charged no performance fee, the one above it did
    expect(expected[0]!.performance).toBeGreaterThan(0n);
    expect(expected[1]!.performance).toBe(0n);
    expect(expected[2]!.performance).toBeGreaterThan(0n);
    let s = (await h.detail(member, p.serialNumber)).subscription!;
    expect(s.highWatermark).toBe('1.2');

    await h.at(minute(p.endAt));
    s = (await h.detail(member, p.serialNumber)).subscription!;
    const management = expected.reduce((sum, e) => sum + e.management, 0n);
    const performance = expected.reduce((sum, e) => sum + e.performance, 0n);
    expect(usdt(s.managementFee!)).toBe(management);
    expect(usdt(s.performanceFee!)).toBe(performance);
    expect(s.highWatermark).toBe('1.25');
    // principal left + initial amount x (1.25 - 1)
    const value = usdt('1000') - management - performance + usdt('250');
    expect(s.state).toBe('asset_return');
    expect(usdt(s.returnAmount!)).toBe(value);
    expect((await h.platform('fees')) - feesBefore).toBe(management + performance);
    await h.at(minute(s.returnDueAt!));
    expect(await wallet(member)).toBe(value);
    expect((await h.detail(member, p.serialNumber)).subscription!.state).toBe('ended');
  }, 120_000);
});

describe('restart safety of the NAV settlement', () => {
  it('a run that dies between checkpoints charges each fee once when run again', async () => {
    const p = await h.product({ kind: 'alliance', period: 12, 'management-fee': 2 });
    const first = dayOf(p.startAt);
    await h.nav(p.serialNumber, first, '1');
    const members = [await h.funded('1000'), await h.funded('1000'), await h.funded('1000')];
    for (const m of members) await h.join(m, p.id, 10);
    await h.at(minute(p.startAt));
    const [q1, q2] = quarterFirsts(first, dayOf(p.endAt)) as [string, string];
    await h.nav(p.serialNumber, addDay(q1, -1), '1.3');
    await h.nav(p.serialNumber, addDay(q2, -1), '1.4');
    t.clock.set(minute(startOf(q2)));
    // the process dies at its 4th database transaction of the run (2 checkpoints x 3 members)
    const real = t.database.db;
    let transactions = 0;
    const dying = new Proxy(real, {
      get(target, prop, receiver) {
        if (prop === 'transaction')
          return (fn: (tx: Db) => Promise<unknown>) => {
            transactions += 1;
            if (transactions === 4) throw new Error('killed');
            return target.transaction(fn as never);
          };
        return Reflect.get(target, prop, receiver);
      },
    }) as Db;
    const deps = earnDepsOf({ ...t.app.wallet, db: dying, outbox: t.app.auth.outbox });
    await expect(runEarnLifecycle(deps, t.clock.now())).rejects.toThrow('killed');
    await h.run();
    await h.run();
    const expected = expectedAllianceFees(first, [q1, q2], ['1.3', '1.4'], usdt('1000'));
    for (const m of members) {
      const s = (await h.detail(m, p.serialNumber)).subscription!;
      expect(usdt(s.managementFee!)).toBe(expected[0]!.management + expected[1]!.management);
      expect(usdt(s.performanceFee!)).toBe(expected[0]!.performance + expected[1]!.performance);
      expect(await ledgerCount(t, m.memberId, 'earn_fee')).toBe(2);
      expect((await h.history(m, p.id)).list.filter((e) => e.kind === 'fee')).toHaveLength(4);
    }
  }, 120_000);
});

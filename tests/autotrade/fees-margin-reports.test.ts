import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  autotradeBooks,
  autotradeFeeSettlements,
  autotradeSubscriptions,
  ledgerTransactions,
} from '../../src/server/db/schema';
import { AUTOTRADE_FEES_TASK, runMonthlyFees } from '../../src/server/domain/autotrade/fees';
import { autotradeDepsOf } from '../../src/server/domain/autotrade/margin';
import {
  accountBalance,
  memberAccount,
  platformAccount,
} from '../../src/server/domain/wallet/ledger';
import { outbox } from '../helpers/auth';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { creditMember, expectBooksBalanced } from '../helpers/wallet';
import {
  act,
  type AutotradeMember,
  BCNT18,
  insertStrategy,
  memberWithKey,
  moveClockTo,
  setBookCash,
  subscribeOk,
  USDT6,
} from './subscription-helpers';

/**
 * Performance fees, the margin watch and the monthly reports over a few months of the test
 * clock (UTC+8 months), on custodial margins: a fee only above the high-water mark, the BCNT
 * discount, the fee job charging every subscription exactly once across a crash and a re-run,
 * the low-margin warning (once per episode, the banner), the automatic top-up, the automatic
 * cancellation below the fee due, and the report on the 5th.
 */

let t: TestApp;
let strategyId: number;
const subs: Record<'u' | 'b' | 'w' | 'a', { m: AutotradeMember; id: number }> = {} as never;

const margin = (who: keyof typeof subs) =>
  t.database.db
    .select()
    .from(autotradeSubscriptions)
    .where(eq(autotradeSubscriptions.id, subs[who].id))
    .then(([row]) => row!);

const members = () => Object.values(subs).map((s) => s.m.member);

beforeAll(async () => {
  t = await createTestApp({ clock: undefined });
  t.clock.set('2025-03-10T04:00:00.000Z');
  strategyId = (await insertStrategy(t.database.db, t.clock.now())).id;
  const base = {
    strategyId,
    allocation: '5000',
    marginSource: 'custodial',
    consent: true,
    riskAcknowledged: true,
  };
  const u = await memberWithKey(t, { usdt: USDT6(500) });
  const b = await memberWithKey(t, { bcnt: BCNT18(1_000) });
  const w = await memberWithKey(t, { usdt: USDT6(100) });
  const a = await memberWithKey(t, { usdt: USDT6(1_100) });
  const make = async (m: AutotradeMember, extra: Record<string, unknown>) =>
    (await subscribeOk(t.app, m.member, { ...base, apiKeyId: m.keyId, ...extra })).id;
  subs.u = { m: u, id: await make(u, { marginCurrency: 'USDT', margin: '500' }) };
  subs.b = { m: b, id: await make(b, { marginCurrency: 'BCNT', margin: '1000' }) };
  subs.w = { m: w, id: await make(w, { marginCurrency: 'USDT', margin: '100' }) };
  subs.a = { m: a, id: await make(a, { marginCurrency: 'USDT', margin: '100', autoTopUp: true }) };
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('Smart Autotrade fees, margin watch and reports', () => {
  it('nothing is charged within the month', async () => {
    await t.app.scheduler.runTask(AUTOTRADE_FEES_TASK);
    expect(await t.database.db.select().from(autotradeFeeSettlements)).toHaveLength(0);
  });

  it('on the 1st (UTC+8) each subscription is charged once for March, also across a crash and a re-run', async () => {
    const db = t.database.db;
    await setBookCash(db, subs.u.id, 6_000); // +1,000
    await setBookCash(db, subs.b.id, 6_000); // +1,000
    await setBookCash(db, subs.w.id, 5_375); // +375
    await setBookCash(db, subs.a.id, 5_375); // +375
    // 2025-04-01 00:30 in UTC+8
    await moveClockTo(t, '2025-03-31T16:30:00.000Z', members());
    const deps = autotradeDepsOf(t.app.wallet, t.app.auth.outbox);
    // the process dies right after the first subscription's settlement committed
    await expect(
      runMonthlyFees(deps, t.clock.now(), {
        afterSettlement() {
          throw new Error('killed');
        },
      }),
    ).rejects.toThrow('killed');
    expect(await db.select().from(autotradeFeeSettlements)).toHaveLength(1);
    // restarted: the job (and a second run after it) finish the month
    await t.app.scheduler.runTask(AUTOTRADE_FEES_TASK);
    await t.app.scheduler.runTask(AUTOTRADE_FEES_TASK);
    const settlements = await db.select().from(autotradeFeeSettlements);
    expect(settlements.map((s) => [s.subscriptionId, s.period]).sort()).toEqual(
      Object.values(subs)
        .map((s) => [s.id, '2025-03'])
        .sort(),
    );
    for (const { id } of Object.values(subs)) {
      const fees = await db
        .select()
        .from(ledgerTransactions)
        .where(
          and(
            eq(ledgerTransactions.type, 'autotrade_fee'),
            eq(ledgerTransactions.reference, `autotrade:${id}`),
          ),
        );
      expect(fees, `subscription ${id}`).toHaveLength(1);
    }

    // USDT: 1,000 x 20 % = 200; BCNT: 200 x 0.8 = 160 USDT at 0.5 = 320 BCNT
    expect((await margin('u')).marginAmount).toBe(USDT6(300).toString());
    expect((await margin('u')).highWaterMark).toBe((6_000n * 10n ** 8n).toString());
    expect((await margin('b')).marginAmount).toBe(BCNT18(680).toString());
    expect((await margin('w')).marginAmount).toBe(USDT6(25).toString());
    expect(await accountBalance(db, platformAccount('fees'), 'USDT')).toBe(USDT6(200 + 75 + 75));
    expect(await accountBalance(db, platformAccount('fees'), 'BCNT')).toBe(BCNT18(320));
    expect(
      await accountBalance(db, memberAccount(subs.b.m.member.memberId, 'margin'), 'BCNT'),
    ).toBe(BCNT18(680));
    await expectBooksBalanced(db);
  });

  it('margin below 30 % of the stake warns once (e-mail and banner); with auto top-up it is topped up instead', async () => {
    await t.app.scheduler.runTask('autotrade-margin');
    await t.app.scheduler.runTask('autotrade-margin');
    const w = subs.w.m.member;
    const warned = (await outbox(t.app, w.email)).filter(
      (m) => m.subject === 'Smart Autotrade: your margin is low',
    );
    expect(warned).toHaveLength(1);
    expect(warned[0]!.body).toContain('25 USDT');
    // the link opens the member's subscription (MyStrategiesDetail takes the subscription's id)
    expect(warned[0]!.link).toMatch(new RegExp(`/portfolio/autotrade/${subs.w.id}$`));
    const check = await act(
      t.app,
      w,
      'GET',
      `/api/v1/strategy/CheckSubscription?strategyId=${strategyId}`,
    );
    expect(check.json().data.subscription).toMatchObject({
      id: subs.w.id,
      marginWarning: true,
      margin: '25',
      requiredMargin: '100',
    });

    // A: 25 left, topped up from the wallet to the stake (75), e-mailed; no warning
    expect((await margin('a')).marginAmount).toBe(USDT6(100).toString());
    const a = subs.a.m.member;
    expect(await accountBalance(t.database.db, memberAccount(a.memberId), 'USDT')).toBe(
      USDT6(1_100 - 100 - 75),
    );
    const mails = (await outbox(t.app, a.email)).map((m) => m.subject);
    expect(mails).toContain('Smart Autotrade: margin topped up');
    expect(mails).not.toContain('Smart Autotrade: your margin is low');
    await expectBooksBalanced(t.database.db);
  });

  it('StakeStrategy adds custodial margin (the warning ends) and switches the top-up; on-chain amounts are refused', async () => {
    const w = subs.w.m.member;
    await creditMember(t.database.db, t.clock, w.memberId, 'USDT', USDT6(10));
    const res = await act(t.app, w, 'POST', '/api/v1/user/StakeStrategy', {
      id: subs.w.id,
      amount: '10',
      autoTopUp: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    // 35 of a 100 stake: no longer below 30 %
    expect(res.json().data).toMatchObject({ margin: '35', marginWarning: false, autoTopUp: false });
    expect(await accountBalance(t.database.db, memberAccount(w.memberId, 'margin'), 'USDT')).toBe(
      USDT6(35),
    );
    const broke = await act(t.app, w, 'POST', '/api/v1/user/StakeStrategy', {
      id: subs.w.id,
      amount: '10',
    });
    expect(broke.json().message).toBe('Insufficient Balance.');
    const notMine = await act(t.app, subs.u.m.member, 'POST', '/api/v1/user/StakeStrategy', {
      id: subs.w.id,
      amount: '1',
    });
    expect(notMine.statusCode).toBe(404);
  });

  it('on the 5th (UTC+8) the March report is stored, readable and e-mailed once', async () => {
    await moveClockTo(t, '2025-04-03T16:00:00.000Z', members()); // 2025-04-04 00:00 UTC+8
    await t.app.scheduler.runTask('autotrade-reports');
    const u = subs.u.m.member;
    let reports = await act(t.app, u, 'GET', `/api/v1/user/StrategyReport?id=${subs.u.id}`);
    expect(reports.json().data.list).toEqual([]);

    await moveClockTo(t, '2025-04-04T16:00:00.000Z', members()); // the 5th
    await t.app.scheduler.runTask('autotrade-reports');
    await t.app.scheduler.runTask('autotrade-reports');
    reports = await act(t.app, u, 'GET', `/api/v1/user/StrategyReport?id=${subs.u.id}`);
    expect(reports.json().data.list).toEqual([
      expect.objectContaining({
        month: '2025-03',
        quoteCurrency: 'USDT',
        startEquity: '5000',
        endEquity: '6000',
        pnl: '1000',
        trades: 0,
        marginCurrency: 'USDT',
        fee: '200',
        marginIn: '500',
        // the March fee left the margin on April 1st: it is April's movement
        marginOut: '0',
      }),
    ]);
    const mails = (await outbox(t.app, u.email)).filter(
      (m) => m.subject === 'Smart Autotrade: your report for 2025-03',
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain('5000 -> 6000 USDT');
    // someone else's report is not readable
    const other = await act(
      t.app,
      subs.b.m.member,
      'GET',
      `/api/v1/user/StrategyReport?id=${subs.u.id}`,
    );
    expect(other.statusCode).toBe(404);
  });

  it('a margin below the fee due cancels the subscription: the margin taken, mirroring stopped, e-mailed', async () => {
    const db = t.database.db;
    await setBookCash(db, subs.w.id, 6_000); // 625 over the HWM: fee 125 > the 25 left
    await t.app.scheduler.runTask('autotrade-margin');
    const w = await margin('w');
    expect(w.state).toBe('cancelled');
    expect(w.marginAmount).toBe('0');
    const [book] = await db
      .select()
      .from(autotradeBooks)
      .where(eq(autotradeBooks.subscriptionId, subs.w.id));
    expect(book!.closedAt).not.toBeNull();
    const mail = (await outbox(t.app, subs.w.m.member.email)).find(
      (m) => m.subject === 'Smart Autotrade: subscription cancelled',
    );
    expect(mail?.body).toContain('(125 USDT)');
    expect(mail?.body).toContain('(35 USDT)');
    expect(
      await accountBalance(db, memberAccount(subs.w.m.member.memberId, 'margin'), 'USDT'),
    ).toBe(0n);
    // the others go on
    expect((await margin('u')).state).toBe('active');
    await expectBooksBalanced(db);
  });

  it('May 1st: no fee below the high-water mark; above it only on the part above, 20 % less in BCNT; two runs at once charge once', async () => {
    const db = t.database.db;
    await setBookCash(db, subs.u.id, 5_500); // below the 6,000 HWM
    await setBookCash(db, subs.b.id, 6_500); // 500 above it
    await moveClockTo(t, '2025-04-30T16:00:00.000Z', members()); // 2025-05-01 00:00 UTC+8
    // two processes at once, without the scheduler's lease: the settlement row alone holds
    const deps = autotradeDepsOf(t.app.wallet, t.app.auth.outbox);
    const runs = await Promise.all([
      runMonthlyFees(deps, t.clock.now()),
      runMonthlyFees(deps, t.clock.now()),
    ]);
    expect(runs[0]!.settled + runs[1]!.settled).toBe(3); // U, B and A; W was cancelled
    expect(
      await db
        .select()
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.idempotencyKey, `autotrade-fee:${subs.b.id}:2025-04`)),
    ).toHaveLength(1);
    const [uApril] = await db
      .select()
      .from(autotradeFeeSettlements)
      .where(
        and(
          eq(autotradeFeeSettlements.subscriptionId, subs.u.id),
          eq(autotradeFeeSettlements.period, '2025-04'),
        ),
      );
    expect(uApril).toMatchObject({ feeDue: '0', feeTaken: '0' });
    expect((await margin('u')).highWaterMark).toBe((6_000n * 10n ** 8n).toString());
    expect((await margin('u')).marginAmount).toBe(USDT6(300).toString());
    // 500 x 20 % = 100 USDT, x 0.8 = 80 USDT, at 0.5 = 160 BCNT
    expect((await margin('b')).marginAmount).toBe(BCNT18(680 - 160).toString());
    expect((await margin('b')).highWaterMark).toBe((6_500n * 10n ** 8n).toString());
    const follow = await act(
      t.app,
      subs.b.m.member,
      'GET',
      `/api/v1/user/StrategyFollowHistory?id=${subs.b.id}`,
    );
    expect(
      follow
        .json()
        .data.fees.map((f: { period: string; feeTaken: string; highWaterMarkAfter: string }) => [
          f.period,
          f.feeTaken,
          f.highWaterMarkAfter,
        ]),
    ).toEqual([
      ['2025-03', '320', '6000'],
      ['2025-04', '160', '6500'],
    ]);
    await expectBooksBalanced(db);
  });
});

// Smart DCA (X-saving) of a Stable Income subscription through the API and the earn-lifecycle
// job: the setting and its refusals, each payout converted into BCNT at the price feed's rate
// (one balanced ledger transaction through the platform's conversion account), once a day,
// the figures (expected, converted, to be converted, average price, current amount, count), the
// history route paged, and turning it off. The books balance after every test.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EarnSubscription, EarnXSavingHistory } from '../../src/shared/api/earn';
import { parseAmount } from '../../src/shared/money/decimal';
import type { Db } from '../../src/server/db/database';
import { runEarnLifecycle } from '../../src/server/domain/earn/lifecycle';
import {
  memberAccount,
  platformAccount,
  postLedgerTransaction,
  transfer,
} from '../../src/server/domain/wallet/ledger';
import { earnDepsOf } from '../../src/server/jobs/earn-lifecycle';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { expectBooksBalanced } from '../helpers/wallet';
import { ledgerCount, walletBalance } from '../wallet/convert-helpers';
import { DAY, dayOf, earnHarness, usdt } from './earn-helpers';

let t: TestApp;
const h = earnHarness(() => t);

beforeAll(async () => {
  t = await createTestApp();
  await t.app.wallet.prices.setBcntPrice('0.5');
});
afterEach(async () => {
  await expectBooksBalanced(t.database.db);
});
afterAll(async () => {
  await t?.close();
});

const bcnt = (text: string) => parseAmount(text, 18)!;
const daily = (usdt('1000') * 600n) / (365n * 10_000n);
/** USDT atomic (6) -> BCNT atomic (18) at a USDT price of BCNT */
const toBcnt = (amount: bigint, price: bigint) => (amount * 10n ** 12n * 10n ** 18n) / price;

describe('Smart DCA', () => {
  it('converts each payout of a Stable Income subscription into BCNT, once a day, with its figures and history', async () => {
    const p = await h.product({ kind: 'fixed' });
    const member = await h.funded('1000');
    await h.join(member, p.id, 10);
    const setting = (body: unknown) =>
      h.post('/api/v1/premium2/XSavingSetting', member, body, null);

    // refusals: its own currency, an unknown currency, a product without subscription, a Pro
    expect((await setting({ premiumId: p.id, currency: 'USDT' })).json().message).toBe(
      'earn_dca_same_currency',
    );
    expect((await setting({ premiumId: p.id, currency: 'DOGE' })).statusCode).toBe(400);
    const other = await h.product({ kind: 'fixed' });
    expect((await setting({ premiumId: other.id, currency: 'BCNT' })).statusCode).toBe(404);
    const pro = await h.product({ kind: 'fixed-pro' });
    const proMember = await h.funded('1000');
    await h.join(proMember, pro.id, 10);
    const proSetting = await h.post(
      '/api/v1/premium2/XSavingSetting',
      proMember,
      { premiumId: pro.id, currency: 'BCNT' },
      null,
    );
    expect(proSetting.json().message).toBe('earn_dca_not_available');

    // on while raising
    const on = await setting({ premiumId: p.id, currency: 'BCNT' });
    expect(on.statusCode, on.body).toBe(200);
    expect((on.json().data as EarnSubscription).smartDca).toMatchObject({
      currency: 'BCNT',
      rewardCurrency: 'USDT',
      converted: '0',
      conversionCount: 0,
      averagePrice: null,
    });

    await h.at(new Date(Date.parse(p.startAt) + 60_000));
    // three days paid in one run, converted together at 0.5 USDT per BCNT
    await h.at(new Date(Date.parse(p.startAt) + 3 * DAY + 60_000));
    const termDays = BigInt(Math.round((Date.parse(p.endAt) - Date.parse(p.startAt)) / DAY));
    let s = (await h.detail(member, p.serialNumber)).subscription!;
    expect(usdt(s.accumulatedReward)).toBe(daily * 3n);
    expect(s.smartDca).toMatchObject({
      currency: 'BCNT',
      toBeConverted: '0',
      averagePrice: '0.5',
      conversionCount: 1,
    });
    expect(usdt(s.smartDca!.converted)).toBe(daily * 3n);
    expect(bcnt(s.smartDca!.currentAmount)).toBe(toBcnt(daily * 3n, bcnt('0.5')));
    // what the whole term should bring at 6 %
    expect(usdt(s.smartDca!.expectedAccumulated)).toBe(daily * termDays);
    expect(bcnt((await walletBalance(t, await h.fresh(member), 'BCNT')).available)).toBe(
      toBcnt(daily * 3n, bcnt('0.5')),
    );
    expect((await walletBalance(t, await h.fresh(member), 'USDT')).available).toBe('0');

    // the same day again converts nothing more
    await h.run();
    expect((await h.detail(member, p.serialNumber)).subscription!.smartDca!.conversionCount).toBe(
      1,
    );

    // the next day's payout at a new price
    await t.app.wallet.prices.setBcntPrice('0.25');
    await h.at(new Date(Date.parse(p.startAt) + 4 * DAY + 60_000));
    s = (await h.detail(member, p.serialNumber)).subscription!;
    const acquired = toBcnt(daily * 3n, bcnt('0.5')) + toBcnt(daily, bcnt('0.25'));
    expect(s.smartDca).toMatchObject({ conversionCount: 2, toBeConverted: '0' });
    expect(bcnt(s.smartDca!.currentAmount)).toBe(acquired);
    // average: USDT converted / BCNT bought
    const average = (daily * 4n * 10n ** 12n * 10n ** 18n) / acquired;
    expect(bcnt(s.smartDca!.averagePrice!)).toBe(average);
    expect(await ledgerCount(t, member.memberId, 'earn_dca')).toBe(2);

    // history: newest first, paged, per product or all
    const history = (
      await h.get(`/api/v1/premium2/XSavingHistory?premiumId=${p.id}`, member)
    ).json().data as EarnXSavingHistory;
    expect(history.total).toBe(2);
    expect(history.list[0]).toMatchObject({
      premiumId: p.id,
      serialNumber: p.serialNumber,
      fromCurrency: 'USDT',
      toCurrency: 'BCNT',
      price: '0.25',
      day: dayOf(Date.parse(p.startAt) + 4 * DAY),
    });
    expect(usdt(history.list[0]!.fromAmount)).toBe(daily);
    const page2 = (await h.get('/api/v1/premium2/XSavingHistory?pageSize=1&page=2', member)).json()
      .data as EarnXSavingHistory;
    expect(page2).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(page2.list[0]!.price).toBe('0.5');
    const bad = await h.get('/api/v1/premium2/XSavingHistory?pageSize=1000', member);
    expect(bad.statusCode).toBe(400);
    // another member sees none of it
    const stranger = await h.funded('10');
    expect((await h.get('/api/v1/premium2/XSavingHistory', stranger)).json().data.total).toBe(0);
    // the movements include the conversions
    const events = (await h.history(member, p.id)).list.filter((e) => e.kind === 'dca');
    expect(events).toHaveLength(2);

    // off: the next payouts stay in USDT
    const off = await setting({ premiumId: p.id, currency: null });
    expect(off.json().data.smartDca).toBeNull();
    await h.at(new Date(Date.parse(p.startAt) + 6 * DAY + 60_000));
    expect(usdt((await walletBalance(t, await h.fresh(member), 'USDT')).available)).toBe(
      daily * 2n,
    );
    expect(await ledgerCount(t, member.memberId, 'earn_dca')).toBe(2);

    // on again into ETH: only what is paid from now on
    await setting({ premiumId: p.id, currency: 'ETH' });
    await h.at(new Date(Date.parse(p.startAt) + 7 * DAY + 60_000));
    s = (await h.detail(member, p.serialNumber)).subscription!;
    expect(s.smartDca).toMatchObject({ currency: 'ETH', conversionCount: 1 });
    // rounded down in ETH, so a hair above the feed's 3,000 USDT
    expect(s.smartDca!.averagePrice).toMatch(/^3000\.00000000\d*$/);
    expect(usdt(s.smartDca!.converted)).toBe(daily);
    expect(usdt((await walletBalance(t, await h.fresh(member), 'USDT')).available)).toBe(
      daily * 2n,
    );
    expect(parseAmount((await walletBalance(t, await h.fresh(member), 'ETH')).available, 18)).toBe(
      (daily * 10n ** 12n) / 3000n,
    );
  }, 90_000);

  it('a run that dies before the conversion converts once when run again, what the wallet still holds', async () => {
    await t.app.wallet.prices.setBcntPrice('0.5');
    const p = await h.product({ kind: 'fixed' });
    const member = await h.funded('1000');
    await h.join(member, p.id, 10);
    await h.post('/api/v1/premium2/XSavingSetting', member, { premiumId: p.id, currency: 'BCNT' });
    await h.at(new Date(Date.parse(p.startAt) + 60_000));
    t.clock.set(new Date(Date.parse(p.startAt) + 3 * DAY + 60_000));
    // the process dies at the conversion's transaction, after the rewards were paid
    const dying = new Proxy(t.database.db, {
      get(target, prop, receiver) {
        if (prop === 'transaction')
          return (fn: (tx: Db) => Promise<unknown>) => {
            if (new Error().stack?.includes('convertOne')) throw new Error('killed');
            return target.transaction(fn as never);
          };
        return Reflect.get(target, prop, receiver);
      },
    }) as Db;
    const deps = earnDepsOf({ ...t.app.wallet, db: dying, outbox: t.app.auth.outbox });
    await expect(runEarnLifecycle(deps, t.clock.now())).rejects.toThrow('killed');
    let s = (await h.detail(member, p.serialNumber)).subscription!;
    expect(usdt(s.smartDca!.toBeConverted)).toBe(daily * 3n);
    expect(s.smartDca!.conversionCount).toBe(0);
    // meanwhile the member spends one day's reward
    await t.database.db.transaction((tx) =>
      postLedgerTransaction(tx as unknown as Db, t.clock, {
        idempotencyKey: `test-spend:${member.memberId}`,
        type: 'withdrawal',
        memberId: member.memberId,
        postings: transfer(
          memberAccount(member.memberId),
          platformAccount('hot_wallet'),
          'USDT',
          daily,
        ),
      }),
    );
    await h.run();
    await h.run();
    s = (await h.detail(member, p.serialNumber)).subscription!;
    expect(s.smartDca).toMatchObject({ conversionCount: 1, toBeConverted: '0' });
    expect(usdt(s.smartDca!.converted)).toBe(daily * 2n);
    expect(bcnt((await walletBalance(t, await h.fresh(member), 'BCNT')).available)).toBe(
      toBcnt(daily * 2n, bcnt('0.5')),
    );
    expect((await walletBalance(t, await h.fresh(member), 'USDT')).available).toBe('0');
    expect(await ledgerCount(t, member.memberId, 'earn_dca')).toBe(1);
  }, 90_000);
});

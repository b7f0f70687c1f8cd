// Earn rules proven on the server clock, each through the API and the `earn-lifecycle` job: the
// renewal reminder (2 days before, once, only for what really renews, saying what renews), a
// Stable Income renewal below the minimum renewal units returned to the wallet (and a Pro one
// under one unit), the level rules of a running Stable Income (a rise at once, a lower level
// after unstaking 14 days later, an Alliance NFT registration ended: the same day), and premium
// funds for premier members only. The books balance after every test.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { allianceRegistrations } from '../../src/server/db/schema';
import type { EarnHistory, EarnProduct } from '../../src/shared/api/earn';
import { EARN_CONSENTS } from '../../src/shared/constants/earn';
import { outbox, type TestMember } from '../helpers/auth';
import { kycCall, ops as kycOps, tempUploadsDir, uploadImage } from '../helpers/kyc';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { expectBooksBalanced } from '../helpers/wallet';
import { fund, walletBalance } from '../wallet/convert-helpers';
import { addDay, DAY, dayOf, earnHarness, usdt } from './earn-helpers';

let t: TestApp;
const h = earnHarness(() => t);
// the premier application's proof of assets is an upload
const storage = tempUploadsDir();

beforeAll(async () => {
  t = await createTestApp({ config: { uploadsDir: storage.dir } });
});
afterEach(async () => {
  await expectBooksBalanced(t.database.db);
});
afterAll(async () => {
  await t?.close();
  storage.remove();
});

const REMINDER = 'Your earn product renews in 2 days';
const reminders = async (member: TestMember) =>
  (await outbox(t.app, member.email, 100)).filter((m) => m.subject === REMINDER);
const wallet = async (member: TestMember) =>
  usdt((await walletBalance(t, await h.fresh(member), 'USDT')).available);
const renewOn = async (member: TestMember, premiumId: number) => {
  const res = await h.post('/api/v1/premium2/Setting', member, { premiumId, isRenew: true });
  expect(res.statusCode, res.body).toBe(200);
};
/** A day's reward of a principal at a yearly rate in basis points, rounded down. */
const dailyReward = (principal: bigint, bps: number) =>
  (principal * BigInt(bps)) / (365n * 10_000n);

describe('the renewal reminder', () => {
  it('e-mails the member once, 2 days before the renewal, with what renews; none for what does not renew', async () => {
    const p = await h.product({ kind: 'fixed', period: 1, 'min-unit': 10, 'min-renew': 12 });
    const renewing = await h.funded('2000');
    const noRenew = await h.funded('2000');
    const belowMin = await h.funded('2000');
    await h.join(renewing, p.id, 15);
    await h.join(noRenew, p.id, 15);
    await h.join(belowMin, p.id, 10);
    await renewOn(renewing, p.id);
    await renewOn(belowMin, p.id);
    await h.at(Date.parse(p.startAt) + 60_000);
    const expiry = Date.parse(p.endAt);

    // an hour before the 2 days: nothing yet
    let report = await h.at(expiry - 2 * DAY - 3600_000);
    expect(report.reminders).toBe(0);
    expect(await reminders(renewing)).toHaveLength(0);

    // from 2 days before: the member whose subscription renews hears of it, once
    report = await h.at(expiry - 2 * DAY + 60_000);
    expect(report.reminders).toBe(1);
    const [mail, ...more] = await reminders(renewing);
    expect(more).toHaveLength(0);
    expect(mail?.to).toBe(renewing.email);
    expect(mail?.body).toContain(`(${p.serialNumber}) renews automatically on ${dayOf(expiry)}`);
    expect(mail?.body).toContain('15 units, 1500 USDT, for another 1 months.');
    expect(mail?.link).toContain(`/portfolio/earn/${p.serialNumber}`);
    // auto-renew off, or below the product's 12 renewal units: no "renews" e-mail
    expect(await reminders(noRenew)).toHaveLength(0);
    expect(await reminders(belowMin)).toHaveLength(0);

    // later runs before the renewal send nothing again
    expect((await h.at(expiry - DAY)).reminders).toBe(0);
    expect((await h.run()).reminders).toBe(0);
    expect(await reminders(renewing)).toHaveLength(1);

    // the renewal happens; the next term gets its own reminder 2 days before its end
    await h.at(expiry + 60_000);
    const renewed = (await h.detail(renewing, p.serialNumber)).subscription!;
    expect(renewed).toMatchObject({ state: 'running', term: 2, units: 15 });
    expect(await reminders(renewing)).toHaveLength(1);
    const nextEnd = Date.parse(renewed.expiryAt!);
    expect(nextEnd).toBeGreaterThan(expiry + 27 * DAY);
    expect((await h.at(nextEnd - 2 * DAY + 60_000)).reminders).toBe(1);
    const both = await reminders(renewing);
    expect(both).toHaveLength(2);
    expect(both[0]?.body).toContain(`renews automatically on ${dayOf(nextEnd)}`);
    // settle the rest so the books close
    await h.at(nextEnd + 10 * DAY);
  });
});

describe('a renewal below the minimum', () => {
  it('returns a Stable Income below the minimum renewal units to the wallet; one at the minimum renews', async () => {
    const p = await h.product({ kind: 'fixed', period: 1, 'min-unit': 10, 'min-renew': 20 });
    const small = await h.funded('1000');
    const large = await h.funded('2000');
    await h.join(small, p.id, 10);
    await h.join(large, p.id, 20);
    await renewOn(small, p.id);
    await renewOn(large, p.id);
    await h.at(Date.parse(p.startAt) + 60_000);
    const expiry = Date.parse(p.endAt);
    await h.at(expiry + 60_000);

    const s = (await h.detail(small, p.serialNumber)).subscription!;
    expect(s).toMatchObject({ state: 'asset_return', term: 1, autoRenew: true });
    const due = Date.parse(s.returnDueAt!);
    expect(due - expiry).toBeGreaterThanOrEqual(3 * DAY);
    expect(due - expiry).toBeLessThanOrEqual(5 * DAY);
    const l = (await h.detail(large, p.serialNumber)).subscription!;
    expect(l).toMatchObject({ state: 'running', term: 2, units: 20, lockedAmount: '2000' });

    const rewards = await wallet(small);
    expect(rewards).toBeGreaterThan(0n);
    await h.at(due - 60_000);
    expect(await wallet(small)).toBe(rewards);
    await h.at(due + 60_000);
    expect((await h.detail(small, p.serialNumber)).subscription?.state).toBe('ended');
    expect((await wallet(small)) - rewards).toBe(usdt('1000'));
    const events = (await h.history(small, p.id)).list;
    expect(events.filter((e) => e.kind === 'renew')).toHaveLength(0);
    expect(events.filter((e) => e.kind === 'return')).toHaveLength(1);
    await h.at(Date.parse(l.expiryAt!) + 10 * DAY);
  });

  it('returns a Pro subscription whose renewal would be under one unit, with its compounded rewards', async () => {
    const p = await h.product({ kind: 'fixed-pro', period: 1, 'min-unit': 1, 'min-renew': 1 });
    const member = await h.funded('500');
    const sub = await h.join(member, p.id, 5);
    expect(sub.autoRenew).toBe(true);
    // Asset Return of every unit: nothing would renew
    const request = await h.post('/api/v1/premium2/ChangeAssetReturn', member, {
      premiumId: p.id,
      assetReturnUnits: 5,
    });
    expect(request.statusCode, request.body).toBe(200);
    await h.at(Date.parse(p.startAt) + 60_000);
    const expiry = Date.parse(p.endAt);
    await h.at(expiry + 60_000);
    const s = (await h.detail(member, p.serialNumber)).subscription!;
    expect(s.state).toBe('asset_return');
    const locked = usdt(s.lockedAmount);
    expect(locked).toBeGreaterThan(usdt('500'));
    await h.at(Date.parse(s.returnDueAt!) + 60_000);
    expect((await h.detail(member, p.serialNumber)).subscription?.state).toBe('ended');
    expect(await wallet(member)).toBe(locked);
    expect((await h.history(member, p.id)).list.some((e) => e.kind === 'renew')).toBe(false);
  });
});

describe('levels and a running Stable Income', () => {
  it('a rise pays at once, a lower level after unstaking 14 days later, an Alliance NFT unregistered the same day', async () => {
    const p = await h.product({ kind: 'fixed', period: 3 });
    const staker = await h.funded('1000');
    const ally = await h.funded('1000');
    await h.join(staker, p.id, 10);
    await h.join(ally, p.id, 10);
    // the ally holds a registered Alliance NFT: level 3
    await t.database.db.insert(allianceRegistrations).values({
      memberId: ally.memberId,
      chainId: t.app.config.chainId,
      address: `0x${ally.memberId.toString(16).padStart(40, 'a')}`,
      tokenId: '7',
      registeredAt: t.clock.now(),
      registeredBlock: 1,
    });
    const start = Date.parse(p.startAt);
    const firstDay = dayOf(start);
    /** one scheduler tick a minute after 00:00 UTC+8 of day `d` of the term */
    const tick = async (d: number) => {
      await h.at(start + d * DAY + 60_000);
      await t.app.scheduler.runTask('custodial-unstake');
    };
    await tick(0);

    // day 5: the staker stakes 20,000 BCNT (level 2): day 5 is paid at 7 %
    for (let d = 1; d <= 5; d += 1) await tick(d);
    await fund(t, staker.memberId, 'BCNT', '20000');
    const stake = await h.post('/api/v1/user/wallet/stake', staker, {
      action: 'stake',
      amount: '20000',
    });
    expect(stake.statusCode, stake.body).toBe(200);
    // day 10: the staker asks to unstake (level kept 14 days, until the release on day 24);
    // the ally unregisters the NFT (level 1 from that day)
    for (let d = 6; d <= 10; d += 1) await tick(d);
    const unstake = await h.post('/api/v1/user/wallet/stake', staker, {
      action: 'unstake',
      amount: '20000',
    });
    expect(unstake.statusCode, unstake.body).toBe(200);
    const unregister = await t.app.inject({
      method: 'PATCH',
      url: '/member/loyalty/alliance/unregister',
      headers: { authorization: `Bearer ${(await h.fresh(ally)).token}` },
    });
    expect(unregister.statusCode, unregister.body).toBe(200);
    for (let d = 11; d <= 45; d += 1) await tick(d);
    expect((await walletBalance(t, await h.fresh(staker), 'BCNT')).available).toBe('20000');

    const principal = usdt('1000');
    const rewardsOf = async (member: TestMember) => {
      const list = (await h.history(member, p.id)).list.filter((e) => e.kind === 'reward');
      return list.sort((a, b) => (a.day ?? '').localeCompare(b.day ?? ''));
    };
    const check = async (member: TestMember, rateOfDay: (d: number) => number) => {
      const rewards = await rewardsOf(member);
      expect(rewards).toHaveLength(45);
      let total = 0n;
      rewards.forEach((e, d) => {
        expect([e.day, e.rate]).toEqual([addDay(firstDay, d), rateOfDay(d)]);
        const amount = dailyReward(principal, rateOfDay(d) * 100);
        expect(usdt(e.amount)).toBe(amount);
        total += amount;
      });
      const s = (await h.detail(member, p.serialNumber)).subscription!;
      expect(usdt(s.accumulatedReward)).toBe(total);
      expect(await wallet(member)).toBe(total);
    };
    // staker: 6 % days 0-4, 7 % from day 5 (the stake) through day 37 (the release on day 24
    // and 13 days more), 6 % from day 38 (14 days after the level fell)
    await check(staker, (d) => (d < 5 ? 6 : d < 38 ? 7 : 6));
    // ally: 8 % (level 3) days 0-9, 6 % from day 10, the day the registration ended
    await check(ally, (d) => (d < 10 ? 8 : 6));
    await h.at(Date.parse(p.endAt) + 10 * DAY);
  });
});

describe('levels when the job catches up several days', () => {
  it('an Alliance registration that ended while the job was stopped lowers the rate from the day it ended', async () => {
    const p = await h.product({ kind: 'fixed', period: 3 });
    const ally = await h.funded('1000');
    await h.join(ally, p.id, 10);
    await t.database.db.insert(allianceRegistrations).values({
      memberId: ally.memberId,
      chainId: t.app.config.chainId,
      address: `0x${ally.memberId.toString(16).padStart(40, 'b')}`,
      tokenId: '8',
      registeredAt: t.clock.now(),
      registeredBlock: 1,
    });
    const start = Date.parse(p.startAt);
    for (let d = 0; d <= 5; d += 1) await h.at(start + d * DAY + 60_000);
    // day 5, 12:00: unregistered; the job does not run again before day 9
    t.clock.set(new Date(start + 5 * DAY + 12 * 3600_000));
    const unregister = await t.app.inject({
      method: 'PATCH',
      url: '/member/loyalty/alliance/unregister',
      headers: { authorization: `Bearer ${(await h.fresh(ally)).token}` },
    });
    expect(unregister.statusCode, unregister.body).toBe(200);
    await h.at(start + 9 * DAY + 60_000);
    const rewards = (await h.history(ally, p.id)).list
      .filter((e) => e.kind === 'reward')
      .sort((a, b) => (a.day ?? '').localeCompare(b.day ?? ''));
    expect(rewards.map((e) => e.rate)).toEqual([8, 8, 8, 8, 8, 6, 6, 6, 6]);
    const principal = usdt('1000');
    expect(usdt((await h.detail(ally, p.serialNumber)).subscription!.accumulatedReward)).toBe(
      dailyReward(principal, 800) * 5n + dailyReward(principal, 600) * 4n,
    );
    await h.at(Date.parse(p.endAt) + 10 * DAY);
  });
});

describe('premium funds', () => {
  it('a premier member sees and joins one; anyone else is refused with earn_premier_only', async () => {
    const created = (await h.ops('product/create', {
      kind: 'fixed',
      currency: 'USDT',
      name: 'Premium fund',
      period: 3,
      'per-unit': '100',
      'min-unit': 10,
      'max-unit': 100,
      'raise-start': dayOf(t.clock.now()),
      'raise-end': addDay(dayOf(t.clock.now()), 5),
      start: addDay(dayOf(t.clock.now()), 5),
      premium: true,
    })) as { serialNumber: string; id: number };
    await h.ops('product/open', { sn: created.serialNumber });
    const premier = await h.funded('2000');
    const other = await h.funded('2000');
    // premier membership as the member and the operator make it: apply, KYC2, approve
    const as = await h.fresh(premier);
    expect((await kycCall(t.app, as, 'applyForPremierMember')).json().data.state).toBe(
      'email_sent',
    );
    const kyc2 = await kycCall(t.app, as, 'applyForKYC2', {
      investableAssets: '3m_to_30m',
      assetProofImageId: await uploadImage(t.app, as),
      professionalInvestor: true,
    });
    expect(kyc2.json().data, kyc2.body).toEqual({ state: 'under_review' });
    // under review is not premier yet
    const early = await h.post('/api/v1/premium2/Join', premier, {
      premiumId: created.id,
      units: 10,
      consents: [...EARN_CONSENTS],
      riskAcknowledged: true,
    });
    expect(early.json().message).toBe('earn_premier_only');
    await kycOps(t, 'premier/approve', { email: premier.email });

    const listOf = async (member?: TestMember) =>
      (await h.get('/api/v1/premium2/List', member)).json().data.list as EarnProduct[];
    const fundIn = (list: EarnProduct[]) => list.find((x) => x.id === created.id);
    expect(fundIn(await listOf(premier))).toMatchObject({ premiumOnly: true });
    expect(fundIn(await listOf(other))).toBeUndefined();
    expect(fundIn(await listOf())).toBeUndefined();

    const body = {
      premiumId: created.id,
      units: 10,
      consents: [...EARN_CONSENTS],
      riskAcknowledged: true,
    };
    const refused = await h.post('/api/v1/premium2/Join', other, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('earn_premier_only');
    expect(await wallet(other)).toBe(usdt('2000'));
    expect(
      (await h.get(`/api/v1/premium2/CheckJoin?sn=${created.serialNumber}`, other)).statusCode,
    ).toBe(404);

    const check = (
      await h.get(`/api/v1/premium2/CheckJoin?sn=${created.serialNumber}`, premier)
    ).json().data;
    expect(check).toMatchObject({ canJoin: true, reason: null });
    const joined = await h.post('/api/v1/premium2/Join', premier, body);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().data).toMatchObject({ state: 'raising', investedAmount: '1000' });
    expect(await wallet(premier)).toBe(usdt('1000'));
    const d = await h.detail(premier, created.serialNumber);
    expect(d.subscription?.units).toBe(10);
    const history = (await h.history(premier, created.id)) as EarnHistory;
    expect(history.list.some((e) => e.kind === 'subscribe')).toBe(true);
  });
});

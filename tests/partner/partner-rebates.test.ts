// The partner (Coolbitx) referral program with the server clock: a partner joins with a USDT
// (ERC20) address, members who register through the partner sign-up with the partner's code
// (recorded with the account; a code no partner has is refused) earn the partner 0.4 % of what
// they subscribe, each subscription once; crossing
// 500 USDT queues ONE withdrawal of everything accrued to the partner's address, due the next
// business day, also when the run is killed right after the payout and run again.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members, partnerPayouts, withdrawals } from '../../src/server/db/schema';
import { runPartnerRebates } from '../../src/server/domain/partner/rebates';
import {
  accountBalance,
  memberAccount,
  platformAccount,
} from '../../src/server/domain/wallet/ledger';
import type { PartnerHistory, PartnerReferralInfo } from '../../src/shared/api/partner';
import { DEVICE_TYPE, type RegisterBody } from '../../src/shared/api/auth';
import {
  createMember,
  deviceHeaders,
  newCredentials,
  registerBody,
  type TestMember,
} from '../helpers/auth';
import { verifyIdentity } from '../helpers/loyalty';
import { fund } from '../wallet/convert-helpers';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { expectBooksBalanced } from '../helpers/wallet';
import { earnHarness, usdt } from '../earn/earn-helpers';

const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

let t: TestApp;
const earn = earnHarness(() => t);
let partner: TestMember;
let code: string;
let premiumId: number;

const run = () =>
  t.app.scheduler.runTask('partner-rebates') as ReturnType<typeof runPartnerRebates>;
const info = async () => {
  const res = await earn.get('/api/v1/htoken/coolBitX/referralInfo', partner);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as PartnerReferralInfo;
};
const platform = (kind: 'partner_rebates' | 'partner_rebates_payable') =>
  accountBalance(t.database.db, platformAccount(kind), 'USDT');

/** A verified, funded member, registered through the partner sign-up with `partnerCode`. */
async function referredMember(partnerCode: string | null): Promise<TestMember> {
  const member = await createMember(t.app, partnerCode ? { partnerCode } : {});
  await verifyIdentity(t, member);
  await fund(t, member.memberId, 'USDT', '200000');
  return member;
}

/** POST /member/register through the partner sign-up (the raw answer). */
async function registerWithPartnerCode(overrides: Partial<RegisterBody>) {
  const credentials = newCredentials();
  return t.app.inject({
    method: 'POST',
    url: '/member/register',
    headers: deviceHeaders(credentials.clientId, DEVICE_TYPE.register),
    payload: await registerBody(t.app, credentials, overrides),
  });
}

beforeAll(async () => {
  // Saturday 1 March 2025, 12:00 UTC+8
  t = await createTestApp();
  partner = await createMember(t.app);
  await earn.fresh(partner);
  const [row] = await t.database.db
    .select({ code: members.referralCode })
    .from(members)
    .where(eq(members.id, partner.memberId));
  code = row!.code;
  const product = await earn.product({
    kind: 'fixed',
    'per-unit': '1000',
    'min-unit': 1,
    'max-unit': 100,
  });
  premiumId = product.id;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('partner referral program', () => {
  it('joins with a valid ERC20 address only; a partner sign-up records the member, a code no partner has is refused', async () => {
    const bad = await earn.post('/api/v1/htoken/coolBitX/createReferral', partner, {
      address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
    });
    expect(bad.statusCode).toBe(400);
    expect((await info()).joined).toBe(false);

    const res = await earn.post('/api/v1/htoken/coolBitX/createReferral', partner, {
      address: ADDRESS.toLowerCase(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      joined: true,
      code,
      ratePercent: '0.4',
      minimumPayout: '500',
      payoutAddress: ADDRESS,
      accrued: '0',
      paid: '0',
      referred: [],
      payouts: [],
    });

    // registered through the partner sign-up with the code (typed: any case, spaces around)
    const signedUp = await createMember(t.app, { partnerCode: ` ${code.toLowerCase()} ` });
    const [signedUpRow] = await t.database.db
      .select({ referredBy: members.referredBy })
      .from(members)
      .where(eq(members.id, signedUp.memberId));
    expect(signedUpRow?.referredBy).toBe(partner.memberId);
    // a member who registered with the code as an ordinary referral code is not the partner's
    await createMember(t.app, { referralCode: code });
    // a code no partner has: an ordinary member's code, one that does not exist, a malformed one
    const outsider = await createMember(t.app);
    const [outsiderRow] = await t.database.db
      .select({ code: members.referralCode })
      .from(members)
      .where(eq(members.id, outsider.memberId));
    for (const partnerCode of [outsiderRow!.code, 'ZZZZZZZZ', 'ab-12']) {
      const refused = await registerWithPartnerCode({ partnerCode });
      expect(refused.statusCode, partnerCode).toBe(400);
      expect(refused.json()).toMatchObject({
        message: 'validation_failed',
        data: { field: 'partnerCode', issues: [{ message: 'partner_code_unknown' }] },
      });
    }
    // a referral code other than the partner code with it
    const mixed = await registerWithPartnerCode({
      partnerCode: code,
      referralCode: outsiderRow!.code,
    });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().data.field).toBe('referralCode');
    // no session, no record
    expect((await earn.get('/api/v1/htoken/coolBitX/referralInfo')).statusCode).toBe(401);

    const record = await info();
    expect(record.referred).toHaveLength(1);
    // registerBody names every test member 'Tester'
    expect(record.referred[0]).toMatchObject({ nickname: 'Tester', rebate: '0' });
  });

  it('accrues 0.4 % once per subscription and pays out once when 500 USDT is crossed', async () => {
    const first = await referredMember(code);
    // a member who is not the partner's: no rebate on their subscription
    const other = await referredMember(null);
    await earn.join(other, premiumId, 50);

    await earn.join(first, premiumId, 60); // 60,000 USDT -> 240 USDT
    const one = await run();
    expect(one.accrual).toEqual({ accrued: 1, amount: '240' });
    expect(one.payout).toEqual({ payouts: 0, amount: '0' });
    // nothing twice
    expect((await run()).accrual).toEqual({ accrued: 0, amount: '0' });
    expect(await platform('partner_rebates_payable')).toBe(usdt('240'));
    expect((await info()).accrued).toBe('240');

    const second = await referredMember(code);
    await earn.join(second, premiumId, 70); // 70,000 USDT -> 280 USDT: 520 in all

    // the run is killed right after the payout committed
    await expect(
      runPartnerRebates({ db: t.database.db, clock: t.clock }, t.clock.now(), {
        afterPayout: () => {
          throw new Error('killed');
        },
      }),
    ).rejects.toThrow('killed');
    const again = await run();
    expect(again.accrual).toEqual({ accrued: 0, amount: '0' });
    expect(again.payout).toEqual({ payouts: 0, amount: '0' });

    const payouts = await t.database.db
      .select()
      .from(partnerPayouts)
      .where(eq(partnerPayouts.partnerId, partner.memberId));
    expect(payouts).toHaveLength(1);
    const [withdrawal] = await t.database.db
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.id, payouts[0]!.withdrawalId));
    expect(withdrawal).toMatchObject({
      memberId: partner.memberId,
      currency: 'USDT',
      network: 'ERC20',
      address: ADDRESS,
      amount: usdt('520').toString(),
      fee: usdt('5').toString(),
      status: 'queued',
    });
    // Monday 3 March 10:00 UTC+8: processed within 1-3 business days
    expect(withdrawal!.dueAt.toISOString()).toBe('2025-03-03T02:00:00.000Z');

    // the ledger: everything owed moved to the partner's pending withdrawal, the fee borne by
    // the platform; the partner's available balance never held it
    expect(await platform('partner_rebates_payable')).toBe(0n);
    expect(await platform('partner_rebates')).toBe(-usdt('525'));
    expect(
      await accountBalance(
        t.database.db,
        memberAccount(partner.memberId, 'pending_withdrawal'),
        'USDT',
      ),
    ).toBe(usdt('525'));
    expect(await accountBalance(t.database.db, memberAccount(partner.memberId), 'USDT')).toBe(0n);
    await expectBooksBalanced(t.database.db);

    const record = await info();
    expect(record).toMatchObject({ accrued: '0', paid: '520' });
    expect(record.payouts).toEqual([
      expect.objectContaining({ amount: '520', state: 'processing', completedAt: null }),
    ]);
    expect(record.referred).toHaveLength(3);

    const history = (await earn.get('/api/v1/xsaving/coolBitX/history', partner)).json()
      .data as PartnerHistory;
    expect(history.total).toBe(2);
    expect(history.rows.map((row) => [row.base, row.amount, row.paidOut])).toEqual([
      ['70000', '280', true],
      ['60000', '240', true],
    ]);

    // an addition to a subscription earns a rebate on what was added, once; the next payout's
    // total starts from zero
    await earn.join(first, premiumId, 10); // +10,000 USDT -> 40 USDT
    expect((await run()).accrual).toEqual({ accrued: 1, amount: '40' });
    expect((await run()).accrual).toEqual({ accrued: 0, amount: '0' });
    expect((await info()).accrued).toBe('40');
    expect(await platform('partner_rebates_payable')).toBe(usdt('40'));
  });
});

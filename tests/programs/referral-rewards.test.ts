// The referral program's rewards with the server clock (spec section 9): a month with 40
// friends reaching level 1 counts 35 for the referrer, the friends' first purchases pay the
// tiers, payments happen only in a distribution window from the pool (never overdrawn), and a
// run killed between payments pays nothing twice when it runs again.
import { and, count, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransactions, members, referralRewards } from '../../src/server/db/schema';
import {
  accountBalance,
  memberAccount,
  platformAccount,
} from '../../src/server/domain/wallet/ledger';
import { runReferralRewards } from '../../src/server/domain/programs/referral-rewards';
import { runOpsCommand } from '../../src/server/ops/commands';
import type { ReferralProgram } from '../../src/shared/api/programs';
import type { ReferralHistory } from '../../src/shared/api/referral';
import { ROLE } from '../../src/shared/membership/levels';
import { parseAmount } from '../../src/shared/money/decimal';
import { createMember, type TestMember } from '../helpers/auth';
import { verifyIdentity } from '../helpers/loyalty';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { insertMembers } from '../helpers/wallet';
import { earnHarness } from '../earn/earn-helpers';
import { fund } from '../wallet/convert-helpers';

const BCNT = (whole: string) => parseAmount(whole, 18)!;

let t: TestApp;
const earn = earnHarness(() => t);
let referrer: TestMember;
/** the three friends who register through the API and buy a product */
const buyers: TestMember[] = [];
/** the other 37 friends (bare member rows) */
let others: { id: number; email: string }[] = [];

const ops = (name: 'referral/pool-fund' | 'referral/pool', input: Record<string, unknown> = {}) =>
  runOpsCommand({ db: t.database.db, clock: t.clock, wallet: t.app.wallet }, name, input);
const run = () =>
  t.app.scheduler.runTask('referral-rewards') as ReturnType<typeof runReferralRewards>;
const bcntOf = (memberId: number) => accountBalance(t.database.db, memberAccount(memberId), 'BCNT');
const pool = () => accountBalance(t.database.db, platformAccount('referral_pool'), 'BCNT');
/** identity verified (the kyc2 bit, as `member verify` sets it) for bare member rows at once */
const verifyRows = (rows: { id: number }[]) =>
  t.database.db
    .update(members)
    .set({ roleId: sql`${members.roleId} | ${ROLE.kyc2}` })
    .where(
      inArray(
        members.id,
        rows.map((row) => row.id),
      ),
    );

beforeAll(async () => {
  // Saturday 1 March 2025, 12:00 UTC+8: not a distribution day
  t = await createTestApp();
  referrer = await createMember(t.app);
  const [row] = await t.database.db
    .select({ code: members.referralCode })
    .from(members)
    .where(eq(members.id, referrer.memberId));
  for (let i = 0; i < 3; i += 1) {
    buyers.push(await createMember(t.app, { referralCode: row!.code }));
  }
  // their tokens are renewed by the harness as the clock moves
  for (const member of [referrer, ...buyers]) await earn.fresh(member);
  const ids = await insertMembers(t.database.db, t.clock, 37);
  await t.database.db
    .update(members)
    .set({ referredBy: referrer.memberId })
    .where(sql`${members.id} in ${ids}`);
  const rows = await t.database.db
    .select({ id: members.id, email: members.email })
    .from(members)
    .where(sql`${members.id} in ${ids}`)
    .orderBy(members.id);
  others = rows;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('referral rewards', () => {
  it('counts 35 of the 40 friends who reach level 1 in a month and accrues their rewards', async () => {
    for (const buyer of buyers) await verifyIdentity(t, buyer);
    await verifyRows(others.slice(0, 17));
    const first = await run();
    expect(first.accrual).toMatchObject({ friends: 20, counted: 20, capped: 0 });
    // Saturday: outside a distribution window, nothing is paid
    expect(first.distribution.window).toBe(false);

    t.clock.advance(24 * 3600 * 1000); // Sunday 2 March
    await verifyRows(others.slice(17));
    const second = await run();
    expect(second.accrual).toMatchObject({ friends: 20, counted: 15, capped: 5 });
    // nothing twice
    expect((await run()).accrual).toMatchObject({ friends: 0, firstPurchases: 0 });

    const res = await earn.get('/api/v1/user/referral/program', referrer);
    expect(res.statusCode, res.body).toBe(200);
    const record = res.json().data as ReferralProgram;
    expect(record).toMatchObject({
      referred: 40,
      level1: 40,
      qualified: 35,
      countedThisMonth: 35,
      monthlyCap: 35,
      totalRewards: '0',
      pendingRewards: '3500',
      rate: '100',
      // Wednesday 5 March 00:00 UTC+8
      nextDistribution: '2025-03-04T16:00:00.000Z',
    });

    const history = (await earn.get('/api/v1/user/referral/history?pageSize=100', referrer)).json()
      .data as ReferralHistory;
    expect(history.total).toBe(40);
    expect(history.list.filter((r) => r.qualified)).toHaveLength(35);
    expect(history.list.every((r) => r.level1At !== null && r.level === 1)).toBe(true);
    // the last five to reach level 1 are the ones over the cap
    const capped = history.list.filter((r) => !r.qualified);
    expect(capped.every((r) => r.level1At === '2025-03-02T04:00:00.000Z')).toBe(true);
  });

  it('pays nothing beyond the pool, and a run killed between payments pays each once', async () => {
    await ops('referral/pool-fund', { amount: '5000', ref: 'march-1' });
    // a retry of the same funding moves nothing
    const again = (await ops('referral/pool-fund', { amount: '5000', ref: 'march-1' })) as {
      created: boolean;
      balance: string;
    };
    expect(again).toMatchObject({ created: false, balance: '5000' });

    // Wednesday 5 March 10:00 UTC+8 (also the 5th): a distribution window
    t.clock.set(new Date('2025-03-05T02:00:00Z'));
    let payments = 0;
    await expect(
      runReferralRewards({ db: t.database.db, clock: t.clock }, t.clock.now(), {
        afterPayment: () => {
          payments += 1;
          if (payments === 10) throw new Error('killed');
        },
      }),
    ).rejects.toThrow('killed');
    expect(payments).toBe(10);

    const report = await run();
    // 40 friends x (50 + 100) + 35 x 100 for the referrer = 9,500 BCNT due; 5,000 in the pool
    expect(report.distribution.window).toBe(true);
    expect(report.distribution.waitingForPool).toBeGreaterThan(0);
    const left = await pool();
    expect(left).toBeGreaterThanOrEqual(0n);
    const [paid] = await t.database.db
      .select({ n: count(), total: sql<string>`coalesce(sum(${referralRewards.amount}), 0)` })
      .from(referralRewards)
      .where(eq(referralRewards.state, 'paid'));
    expect(BigInt(paid!.total) + left).toBe(BCNT('5000'));
    // one ledger transaction per paid reward, none twice
    const [posted] = await t.database.db
      .select({ n: count() })
      .from(ledgerTransactions)
      .where(like(ledgerTransactions.idempotencyKey, 'referral-reward:%'));
    expect(posted!.n).toBe(paid!.n);
  });

  it('pays the rest once the pool is funded, and the first purchases at the next window', async () => {
    await ops('referral/pool-fund', { amount: '95000', ref: 'march-2' });
    // the program's 100,000 BCNT are funded: no more
    await expect(ops('referral/pool-fund', { amount: '1', ref: 'march-3' })).rejects.toMatchObject({
      message: 'referral_pool_full',
    });

    // the three buyers subscribe to an earn product during the window
    const product = await earn.product({ kind: 'fixed', currency: 'USDT' });
    for (const buyer of buyers) {
      await fund(t, buyer.memberId, 'USDT', '5000');
      await earn.join(buyer, product.id, 10);
    }
    const report = await run();
    expect(report.accrual.firstPurchases).toBe(3);
    // accrued inside this window: they wait for the next one
    expect(report.distribution.waitingForPool).toBe(0);
    expect(await bcntOf(referrer.memberId)).toBe(BCNT('3500'));
    for (const buyer of buyers) expect(await bcntOf(buyer.memberId)).toBe(BCNT('150'));
    for (const friend of others) expect(await bcntOf(friend.id)).toBe(BCNT('150'));

    let record = (await earn.get('/api/v1/user/referral/program', referrer)).json()
      .data as ReferralProgram;
    expect(record).toMatchObject({ totalRewards: '3500', pendingRewards: '300', rate: '200' });

    // Thursday: no window; Wednesday 12 March: paid
    t.clock.set(new Date('2025-03-06T02:00:00Z'));
    expect((await run()).distribution.paid).toBe(0);
    t.clock.set(new Date('2025-03-12T01:00:00Z'));
    expect((await run()).distribution).toMatchObject({ paid: 3, paidBcnt: '300' });
    expect(await bcntOf(referrer.memberId)).toBe(BCNT('3800'));
    record = (await earn.get('/api/v1/user/referral/program', referrer)).json()
      .data as ReferralProgram;
    expect(record).toMatchObject({ totalRewards: '3800', pendingRewards: '0' });

    // 35 referrer rewards for level 1, 3 first purchases; the pool paid 9,800 BCNT in all
    const [referrerRewards] = await t.database.db
      .select({ n: count() })
      .from(referralRewards)
      .where(
        and(
          eq(referralRewards.memberId, referrer.memberId),
          eq(referralRewards.kind, 'referrer_level1'),
        ),
      );
    expect(referrerRewards!.n).toBe(35);
    expect(await pool()).toBe(BCNT('100000') - BCNT('9800'));
    expect((await ops('referral/pool')) as { paid: string }).toMatchObject({ paid: '9800' });
  });
});

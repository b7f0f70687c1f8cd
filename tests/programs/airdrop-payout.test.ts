// The airdrop payout job with the server clock: after an airdrop campaign ends, its pool is shared
// equally among the members qualified at the end (a USDT subscription of at least 300 held 30
// days), allocated once; each share is paid from the airdrop pool by one ledger transaction while
// the pool holds it (never below zero), and a run killed after a payment pays nobody twice.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { airdropPayouts, ledgerTransactions } from '../../src/server/db/schema';
import { fundAirdropPool, runAirdropPayout } from '../../src/server/domain/programs/airdrop-payout';
import {
  accountBalance,
  memberAccount,
  platformAccount,
} from '../../src/server/domain/wallet/ledger';
import { runOpsCommand } from '../../src/server/ops/commands';
import { parseAmount } from '../../src/shared/money/decimal';
import type { TestMember } from '../helpers/auth';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { expectBooksBalanced } from '../helpers/wallet';
import { DAY, earnHarness } from '../earn/earn-helpers';

let t: TestApp;
const earn = earnHarness(() => t);
const bcnt = (text: string) => parseAmount(text, 18)!;
const deps = () => ({ db: t.database.db, clock: t.clock });
const run = () => t.app.scheduler.runTask('airdrop-payout') as ReturnType<typeof runAirdropPayout>;
const pool = () => accountBalance(t.database.db, platformAccount('airdrop_pool'), 'BCNT');
const bcntOf = (member: TestMember) =>
  accountBalance(t.database.db, memberAccount(member.memberId), 'BCNT');

// 1,000 BCNT in three equal shares: 333.333333333333333333 each, one atom left in the pool
const SHARE = bcnt('1000') / 3n;
let qualified: TestMember[];
let small: TestMember;
let late: TestMember;

beforeAll(async () => {
  // Saturday 1 March 2025, 12:00 UTC+8
  t = await createTestApp();
  await runOpsCommand(deps(), 'campaign/create', {
    slug: 'spring-airdrop',
    kind: 'event',
    'title-en': 'Spring airdrop',
    'title-tw': '春季空投',
    'title-zh': '春季空投',
    'summary-en': 'Hold a subscription for 30 days.',
    'summary-tw': '持有申購 30 天。',
    'summary-zh': '持有申购 30 天。',
    starts: '2025-03-01T00:00:00+08:00',
    ends: '2025-04-15T00:00:00+08:00',
    airdrop: '1000',
    'min-days': 30,
    'min-amounts': 'USDT=300',
  });
  // three members subscribe 1,000 USDT now (held 45 days at the end), one only 200 USDT
  const product = await earn.product({ kind: 'fixed', currency: 'USDT', 'min-unit': 1 });
  qualified = [];
  for (let i = 0; i < 3; i += 1) {
    const member = await earn.funded('5000');
    await earn.join(member, product.id, 10);
    qualified.push(member);
  }
  small = await earn.funded('5000');
  await earn.join(small, product.id, 2);
  // one subscribes 20 days before the end: held 20 days only
  t.clock.advance(25 * DAY);
  const later = await earn.product({ kind: 'fixed', currency: 'USDT' });
  late = await earn.funded('5000');
  await earn.join(late, later.id, 10);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('airdrop payout', () => {
  it('allocates nothing before the campaign ends', async () => {
    expect((await run()).allocation).toEqual({ campaigns: 0, members: 0 });
  });

  it('shares the pool equally among the members qualified at the end, once, paying only what the pool holds', async () => {
    t.clock.set(new Date('2025-04-15T01:00:00+08:00'));
    // the pool is not funded yet: allocated, nothing paid, the pool never below zero
    const first = await run();
    expect(first.allocation).toEqual({ campaigns: 1, members: 3 });
    expect(first.payment).toEqual({ paid: 0, paidBcnt: '0', waitingForPool: 3 });
    expect(await pool()).toBe(0n);
    const rows = await t.database.db.select().from(airdropPayouts);
    expect(rows.map((row) => row.memberId).sort()).toEqual(
      qualified.map((member) => member.memberId).sort(),
    );
    expect(rows.every((row) => BigInt(row.amount) === SHARE)).toBe(true);

    // 500 BCNT: one share fits, the next waits
    await fundAirdropPool(deps(), { amount: bcnt('500'), reference: 'AD-1' });
    const second = await run();
    expect(second.allocation).toEqual({ campaigns: 0, members: 0 });
    expect(second.payment).toMatchObject({ paid: 1, waitingForPool: 2 });
    expect(await pool()).toBe(bcnt('500') - SHARE);

    // the same reference again moves nothing
    expect(
      (await fundAirdropPool(deps(), { amount: bcnt('500'), reference: 'AD-1' })).created,
    ).toBe(false);
    expect(await pool()).toBe(bcnt('500') - SHARE);
  });

  it('a run killed right after a payment, then run again, pays each member once', async () => {
    // the operator's command
    expect(
      await runOpsCommand(deps(), 'campaign/airdrop-fund', { amount: '600', ref: 'AD-2' }),
    ).toMatchObject({ created: true });
    await expect(
      runAirdropPayout(deps(), t.clock.now(), {
        afterPayment: () => {
          throw new Error('killed');
        },
      }),
    ).rejects.toThrow('killed');
    const again = await run();
    expect(again.payment).toMatchObject({ paid: 1, waitingForPool: 0 });
    expect((await run()).payment).toEqual({ paid: 0, paidBcnt: '0', waitingForPool: 0 });

    for (const member of qualified) {
      expect(await bcntOf(member)).toBe(SHARE);
      const posted = await t.database.db
        .select()
        .from(ledgerTransactions)
        .where(
          and(
            eq(ledgerTransactions.memberId, member.memberId),
            eq(ledgerTransactions.type, 'airdrop'),
          ),
        );
      expect(posted).toHaveLength(1);
    }
    // not qualified: below the minimum, or held less than 30 days by the end
    expect(await bcntOf(small)).toBe(0n);
    expect(await bcntOf(late)).toBe(0n);
    // 1,100 funded, three shares paid, the rounding's atom left
    expect(await pool()).toBe(bcnt('1100') - 3n * SHARE);
    const paid = await t.database.db.select().from(airdropPayouts);
    expect(paid.every((row) => row.state === 'paid' && row.ledgerTransactionId !== null)).toBe(
      true,
    );
    await expectBooksBalanced(t.database.db);
  });
});

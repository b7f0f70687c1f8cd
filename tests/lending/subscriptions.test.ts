import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ledgerTransactions,
  members as memberRows,
  lendingPeriods,
  lendingSubscriptions,
} from '../../src/server/db/schema';
import { LENDING_BILLING_TASK, runBilling } from '../../src/server/domain/lending/billing';
import { LENDING_BOT_TASK } from '../../src/server/domain/lending/bot';
import { lendingDepsOf } from '../../src/server/domain/lending/context';
import { seedLendingProducts } from '../../src/server/domain/lending/seed';
import {
  accountBalance,
  memberAccount,
  platformAccount,
} from '../../src/server/domain/wallet/ledger';
import { ONE } from '../../src/server/exchange/decimal';
import { tradeOnlyPermissions } from '../../src/server/exchange/paper/engine';
import type { PaperExchange } from '../../src/server/exchange/paper/server';
import type {
  LendingExchangeBalance,
  LendingInterestHistory,
  LendingSubscription,
} from '../../src/shared/api/lending';
import {
  act,
  type AutotradeMember,
  BCNT18,
  memberWithKey,
  moveClockTo,
  USDT6,
} from '../autotrade/subscription-helpers';
import { call, outbox } from '../helpers/auth';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { creditMember, expectBooksBalanced } from '../helpers/wallet';

/**
 * The lending bot over three months of the test clock, through the API and the two jobs on the
 * paper exchange's funding market: Subscribe (refusals, the trial), the bot lending the idle
 * amount and recording deals and interest, the trial's end charged once per subscription across
 * a crash and a re-run (USDT, and BCNT 20 % less), two paid periods, a renewal the wallet cannot
 * pay (flagged and e-mailed before, the service stopping at the end), suspend and resume, an
 * idle-amount change, Unsubscribe to the period end, and a Resubscribe refused while offers are
 * open on the exchange.
 */

const START = '2026-03-02T00:00:00.000Z';
const OPS_TOKEN = 'lending-ops-token-0123456789abcdef';
const DAY = 86_400_000;
let t: TestApp;
let paper: PaperExchange;
let a: AutotradeMember; // pays USDT: two periods, then short
let b: AutotradeMember; // pays BCNT: suspend, idle amount, unsubscribe, resubscribe
const members = () => [a.member, b.member];

const at = (days: number, minutes = 0) =>
  new Date(Date.parse(START) + days * DAY + minutes * 60_000).toISOString();

/** A member's key able to lend (funding write) and a funded funding wallet. */
async function lender(usdt: bigint, bcnt: bigint, funding: number) {
  const m = await memberWithKey(t, { usdt, bcnt });
  const engine = paper.engine;
  const account = engine.account(m.account);
  const permissions = tradeOnlyPermissions();
  permissions.funding = { read: true, write: true };
  for (const key of engine.keys().filter((k) => k.accountId === account.id)) {
    engine.setPermissions(key.apiKey, permissions);
  }
  engine.funding.fund(account.id, 'UST', BigInt(funding) * ONE);
  return m;
}

const post = (m: AutotradeMember, path: string, body: unknown) =>
  act(t.app, m.member, 'POST', `/api/v1/lending/${path}`, body);
const get = async <T>(m: AutotradeMember, path: string) => {
  const res = await act(t.app, m.member, 'GET', path);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as T;
};
const subscription = async (m: AutotradeMember) =>
  (
    await get<{ subscription: LendingSubscription }>(
      m,
      '/api/v1/lending/CheckSubscription?strategyId=1',
    )
  ).subscription!;
const referralCodeOf = async (m: AutotradeMember) =>
  (
    await t.database.db
      .select({ code: memberRows.referralCode })
      .from(memberRows)
      .where(eq(memberRows.id, m.member.memberId))
  )[0]!.code;
const offersOf = (m: AutotradeMember) =>
  paper.engine.funding.openOffers(paper.engine.account(m.account).id, 'UST');
const fees = (m: AutotradeMember) =>
  t.database.db
    .select()
    .from(ledgerTransactions)
    .where(
      and(
        eq(ledgerTransactions.type, 'lending_fee'),
        eq(ledgerTransactions.memberId, m.member.memberId),
      ),
    );

beforeAll(async () => {
  t = await createTestApp({ opsToken: OPS_TOKEN });
  t.clock.set(START);
  paper = t.app.adapters.paperExchange as PaperExchange;
  await paper.listen();
  expect(await seedLendingProducts(t.database.db, t.clock)).toBe(1);
  a = await lender(USDT6(10), 0n, 2_000);
  b = await lender(0n, BCNT18(100), 1_000);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('lending bot: subscribing', () => {
  it('shows the product and its fee to anyone, the rest only to members', async () => {
    const detail = await call(t.app, 'GET', '/api/v1/lending/StrategyDetail?strategyId=1');
    expect(detail.json().data.strategy).toMatchObject({
      id: 1,
      currency: 'USDT',
      feeUsdt: '5',
      trialDays: 14,
      periodDays: 30,
      exchangeFeeBps: 1_500,
      minimumOffer: '150',
    });
    const fee = await call(t.app, 'GET', '/api/v1/lending/SubscriptionFee?strategyId=1');
    // BCNT at 0.5 USDT: 5 x 0.8 / 0.5 = 8 BCNT
    expect(fee.json().data.fees).toEqual([
      { feeCurrencyId: 28, currency: 'USDT', amount: '5', discountBps: 0, priceUsdt: '1' },
      { feeCurrencyId: 27, currency: 'BCNT', amount: '8', discountBps: 2_000, priceUsdt: '0.5' },
    ]);
    for (const [method, url] of [
      ['GET', '/api/v1/lending/CheckSubscription?strategyId=1'],
      ['POST', '/api/v1/lending/Subscribe'],
      ['GET', '/api/v1/user/LendingStrategyList'],
      ['GET', '/api/v1/user/LendingInterestHistory?strategyId=1'],
    ] as const) {
      expect((await call(t.app, method, url, method === 'POST' ? {} : undefined)).statusCode).toBe(
        401,
      );
    }
  });

  it('refuses a bad subscribe with the spec words', async () => {
    const base = { strategyId: 1, keyId: a.keyId, idleAmount: '1500', feeCurrencyId: 28 };
    const refusal = async (body: Record<string, unknown>) => {
      const res = await post(a, 'Subscribe', { ...base, ...body });
      expect(res.statusCode).not.toBe(200);
      return res.json() as { message: string; data: Record<string, unknown> };
    };
    expect((await refusal({ idleAmount: '100' })).message).toBe(
      'lending_idle_amount_below_minimum',
    );
    expect((await refusal({ idleAmount: '2500' })).message).toBe('Exchange Insufficient Balance.');
    expect((await refusal({ referralCode: 'NOPE1234' })).message).toBe(
      'The referral code is invalid.',
    );
    expect((await refusal({ keyId: b.keyId })).message).toBe('api_key_not_found');
    expect((await refusal({ strategyId: 99 })).message).toBe('lending_strategy_not_found');
    expect((await refusal({ feeCurrencyId: 2 })).message).toBe('validation_failed');
    expect(await t.database.db.select().from(lendingSubscriptions)).toHaveLength(0);
  });

  it('starts the 14-day trial without charging, and refuses a second subscription', async () => {
    const res = await post(a, 'Subscribe', {
      strategyId: 1,
      keyId: a.keyId,
      idleAmount: '1500',
      feeCurrencyId: 28,
    });
    expect(res.statusCode, res.body).toBe(200);
    const sub = res.json().data.subscription as LendingSubscription;
    expect(sub).toMatchObject({
      state: 'trial',
      lendingAsset: 'USDT',
      paymentAsset: 'USDT',
      subscriptionFee: '5',
      apiKeyStatus: 'correct',
      idleAmount: '1500',
      totalAssets: '2000',
      autoRenew: true,
      renewDate: at(14),
      endDate: null,
      pauseReason: null,
      recommendedMinimum: '500',
    });
    expect(
      (
        await post(a, 'Subscribe', {
          strategyId: 1,
          keyId: a.keyId,
          idleAmount: '1500',
          feeCurrencyId: 28,
        })
      ).json().message,
    ).toBe('lending_already_subscribed');
    const resB = await post(b, 'Subscribe', {
      strategyId: 1,
      keyId: b.keyId,
      idleAmount: '900',
      feeCurrencyId: 27,
      referralCode: await referralCodeOf(a),
    });
    expect(resB.statusCode, resB.body).toBe(200);
    const [rowB] = await t.database.db
      .select()
      .from(lendingSubscriptions)
      .where(eq(lendingSubscriptions.memberId, b.member.memberId));
    expect(rowB!.referrerMemberId).toBe(a.member.memberId);
    expect(await fees(a)).toHaveLength(0);
    const list = await get<{ list: { subscription: LendingSubscription }[] }>(
      a,
      '/api/v1/user/LendingStrategyList',
    );
    expect(list.list.map((row) => row.subscription.id)).toEqual([sub.id]);
  });
});

describe('lending bot: lending', () => {
  it('spreads the idle amount into offers above the minimum rate and records deals and interest', async () => {
    await t.app.scheduler.runTask(LENDING_BOT_TASK);
    const offers = offersOf(a);
    expect(offers.length).toBeGreaterThan(1);
    expect(offers.reduce((s, o) => s + o.amount, 0n)).toBe(1_500n * ONE);
    expect(offers.every((o) => o.rate >= 5_000n && o.period === 2)).toBe(true);
    expect(new Set(offers.map((o) => o.rate)).size).toBe(offers.length);
    expect((await subscription(a)).lockedIdleAssets).toBe('1500');

    // a few hours on, borrowers took some: deals; the bot re-lends within the idle amount
    await moveClockTo(t, at(0, 6 * 60), members());
    await t.app.scheduler.runTask(LENDING_BOT_TASK);
    const account = paper.engine.account(a.account).id;
    const lent = paper.engine.funding
      .activeCredits(account, 'UST')
      .reduce((s, c) => s + c.amount, 0n);
    expect(lent).toBeGreaterThan(0n);
    const out = lent + offersOf(a).reduce((s, o) => s + o.amount, 0n);
    expect(out).toBeLessThanOrEqual(1_500n * ONE);

    // a day later the first interest is paid (net of the exchange's 15 %) and recorded
    await moveClockTo(t, at(1, 7 * 60), members());
    await t.app.scheduler.runTask(LENDING_BOT_TASK);
    const history = await get<LendingInterestHistory>(
      a,
      '/api/v1/user/LendingInterestHistory?strategyId=1',
    );
    expect(history.deals.length).toBeGreaterThan(0);
    expect(history.deals.length).toBeLessThanOrEqual(10);
    const deal = history.deals.find((d) => Number(d.reward) > 0)!;
    expect(deal).toBeDefined();
    expect(deal.returnX365).toBeCloseTo(Number(deal.dailyRate) * 365 * 100, 1);
    // 15 % of the gross: fee / (reward + fee)
    const gross = Number(deal.reward) + Number(deal.exchangeFee);
    expect(Number(deal.exchangeFee) / gross).toBeCloseTo(0.15, 3);
    expect(Number(history.interestTotal)).toBeGreaterThan(0);
    expect(history.periods).toEqual([
      expect.objectContaining({ number: 1, kind: 'trial', amount: '0', currency: null }),
    ]);
    const balance = await get<LendingExchangeBalance>(
      a,
      '/api/v1/user/LendingExchangeBalance?strategyId=1',
    );
    expect(Number(balance.totalAssets)).toBeGreaterThan(2_000);
    expect(Number(balance.lentAssets)).toBeGreaterThan(0);
    expect(balance.maxIdleAmount).toBe(balance.totalAssets);
  }, 60_000);

  it('a key the exchange refuses pauses lending (nothing lost, e-mailed once) until it works again', async () => {
    const account = paper.engine.account(a.account).id;
    const key = paper.engine.keys().find((k) => k.accountId === account)!;
    paper.engine.setRevoked(key.apiKey, true);
    await moveClockTo(t, at(1, 8 * 60), members());
    await t.app.scheduler.runTask(LENDING_BOT_TASK);
    expect((await subscription(a)).pauseReason).toBe('api_key');
    await moveClockTo(t, at(1, 8 * 60 + 20), members());
    await t.app.scheduler.runTask(LENDING_BOT_TASK);
    const mails = (await outbox(t.app, a.member.email)).filter(
      (m) => m.subject === 'Lending bot: API key incorrect',
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.link).toMatch(/\/lending-bot\/1$/);
    paper.engine.setRevoked(key.apiKey, false);
    await moveClockTo(t, at(1, 8 * 60 + 40), members());
    await t.app.scheduler.runTask(LENDING_BOT_TASK);
    expect((await subscription(a)).pauseReason).toBeNull();
  }, 60_000);

  it('suspend cancels the offers and lends nothing; resume lends again', async () => {
    // b's 900 are lent out by now: more money and a higher idle amount give the bot room
    const account = paper.engine.account(b.account).id;
    paper.engine.funding.fund(account, 'UST', 600n * ONE);
    const raised = await post(b, 'IdleAmount', { strategyId: 1, idleAmount: '1500' });
    expect(raised.statusCode, raised.body).toBe(200);
    await t.app.scheduler.runTask(LENDING_BOT_TASK);
    expect(offersOf(b).length).toBeGreaterThan(0);
    const res = await post(b, 'Suspend', { strategyId: 1, suspend: true });
    expect(res.json().data.subscription).toMatchObject({
      suspended: true,
      pauseReason: 'suspended',
    });
    await t.app.scheduler.runTask(LENDING_BOT_TASK);
    expect(offersOf(b)).toEqual([]);
    expect((await subscription(b)).lockedIdleAssets).toBe('0');
    await post(b, 'Suspend', { strategyId: 1, suspend: false });
    await t.app.scheduler.runTask(LENDING_BOT_TASK);
    expect(offersOf(b).length).toBeGreaterThan(0);
  });

  it('an idle amount above the funding wallet is refused with the max; a lower one is lent at once', async () => {
    const balance = await get<LendingExchangeBalance>(
      b,
      '/api/v1/user/LendingExchangeBalance?strategyId=1',
    );
    const over = await post(b, 'IdleAmount', { strategyId: 1, idleAmount: '5000' });
    expect(over.json()).toMatchObject({
      message: 'Insufficient Assets',
      data: { max: balance.maxIdleAmount },
    });
    const res = await post(b, 'IdleAmount', { strategyId: 1, idleAmount: '300' });
    expect(res.json().data.subscription.idleAmount).toBe('300');
    await t.app.scheduler.runTask(LENDING_BOT_TASK);
    const account = paper.engine.account(b.account).id;
    const lent = paper.engine.funding
      .activeCredits(account, 'UST')
      .reduce((s, c) => s + c.amount, 0n);
    const offered = offersOf(b).reduce((s, o) => s + o.amount, 0n);
    // never more out than the idle amount (what is already lent counts)
    expect(offered).toBe(
      lent >= 300n * ONE || 300n * ONE - lent < 150n * ONE ? 0n : 300n * ONE - lent,
    );
  });
});

describe('lending bot: billing', () => {
  it('two days before the trial ends, wallets that can pay the renewal are not flagged', async () => {
    await moveClockTo(t, at(12, 30), members());
    await t.app.scheduler.runTask(LENDING_BILLING_TASK);
    await t.app.scheduler.runTask(LENDING_BILLING_TASK);
    expect((await subscription(a)).paymentFailed).toBe(false);
    // b has 100 BCNT: enough for 8 BCNT
    expect((await subscription(b)).paymentFailed).toBe(false);
  });

  it('at the trial end each subscription is charged once, also across a crash and a re-run', async () => {
    await moveClockTo(t, at(14, 1), members());
    const deps = lendingDepsOf(t.app.wallet, t.app.auth.outbox);
    await expect(
      runBilling(deps, t.clock.now(), {
        afterRenewal() {
          throw new Error('killed');
        },
      }),
    ).rejects.toThrow('killed');
    expect(
      await t.database.db.select().from(lendingPeriods).where(eq(lendingPeriods.kind, 'paid')),
    ).toHaveLength(1);
    await t.app.scheduler.runTask(LENDING_BILLING_TASK);
    await t.app.scheduler.runTask(LENDING_BILLING_TASK);
    expect(await fees(a)).toHaveLength(1);
    expect(await fees(b)).toHaveLength(1);
    const db = t.database.db;
    expect(await accountBalance(db, memberAccount(a.member.memberId), 'USDT')).toBe(USDT6(5));
    expect(await accountBalance(db, memberAccount(b.member.memberId), 'BCNT')).toBe(BCNT18(92));
    expect(await accountBalance(db, platformAccount('fees'), 'USDT')).toBe(USDT6(5));
    expect(await accountBalance(db, platformAccount('fees'), 'BCNT')).toBe(BCNT18(8));
    expect(await subscription(a)).toMatchObject({
      state: 'active',
      periodStartsAt: at(14),
      periodEndsAt: at(44),
      renewDate: at(44),
    });
    // the charge is in the wallet history
    const history = await get<{ items: { kind: string; amount: string; currency: string }[] }>(
      a,
      '/api/v1/user/WalletHistory?currency=USDT',
    );
    expect(history.items[0]).toMatchObject({ kind: 'lending_fee', amount: '-5', currency: 'USDT' });
    await expectBooksBalanced(db);
  });

  it('unsubscribing keeps the service to the period end, then it ends', async () => {
    const res = await post(b, 'Unsubscribe', { strategyId: 1 });
    expect(res.json().data.subscription).toMatchObject({
      state: 'active',
      autoRenew: false,
      renewDate: null,
      endDate: at(44),
    });
    await moveClockTo(t, at(30), members());
    await t.app.scheduler.runTask(LENDING_BILLING_TASK);
    await t.app.scheduler.runTask(LENDING_BOT_TASK);
    expect((await subscription(b)).state).toBe('active');
  });

  it('the second paid period renews a; b ends and its offers are cancelled', async () => {
    await moveClockTo(t, at(44, 5), members());
    await t.app.scheduler.runTask(LENDING_BILLING_TASK);
    await t.app.scheduler.runTask(LENDING_BOT_TASK);
    expect(await fees(a)).toHaveLength(2);
    expect(await accountBalance(t.database.db, memberAccount(a.member.memberId), 'USDT')).toBe(0n);
    expect(await subscription(b)).toMatchObject({
      state: 'ended',
      endReason: 'unsubscribed',
      endDate: at(44),
      pauseReason: 'ended',
    });
    expect(offersOf(b)).toEqual([]);
    expect(await fees(b)).toHaveLength(1);
    const mail = await outbox(t.app, b.member.email);
    expect(mail.some((m) => m.subject === 'Lending bot: service stopped')).toBe(true);
  });

  it('resubscribing is refused while offers are open on the exchange, then charges a period at once', async () => {
    const account = paper.engine.account(b.account).id;
    const offer = paper.engine.funding.submitOffer(account, {
      currency: 'UST',
      amount: 200n * ONE,
      rate: 90_000n,
      period: 2,
    });
    const refused = await post(b, 'Resubscribe', { strategyId: 1 });
    expect(refused.json().message).toBe(
      'Clear open orders and positions on the exchange before resubscribing.',
    );
    expect(await fees(b)).toHaveLength(1);
    paper.engine.funding.cancelOffer(account, offer.id);
    const res = await post(b, 'Resubscribe', { strategyId: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.subscription).toMatchObject({
      state: 'active',
      autoRenew: true,
      periodStartsAt: t.clock.now().toISOString(),
      paymentAsset: 'BCNT',
    });
    expect(await fees(b)).toHaveLength(2);
    expect(await accountBalance(t.database.db, memberAccount(b.member.memberId), 'BCNT')).toBe(
      BCNT18(84),
    );
  });

  it('a renewal the wallet cannot pay: "Insufficient Balance." and an e-mail before, then the service stops', async () => {
    await moveClockTo(t, at(72, 5), members());
    await t.app.scheduler.runTask(LENDING_BILLING_TASK);
    await t.app.scheduler.runTask(LENDING_BILLING_TASK);
    expect(await subscription(a)).toMatchObject({ state: 'active', paymentFailed: true });
    const warnings = (await outbox(t.app, a.member.email)).filter(
      (m) => m.subject === 'Lending bot: Insufficient Balance.',
    );
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.body).toContain('5 USDT');

    await moveClockTo(t, at(74, 5), members());
    await t.app.scheduler.runTask(LENDING_BILLING_TASK);
    await t.app.scheduler.runTask(LENDING_BOT_TASK);
    expect(await subscription(a)).toMatchObject({ state: 'ended', endReason: 'unpaid' });
    expect(offersOf(a)).toEqual([]);
    expect(await fees(a)).toHaveLength(2);
    const db = t.database.db;
    const [row] = await db
      .select()
      .from(lendingSubscriptions)
      .where(eq(lendingSubscriptions.memberId, a.member.memberId));
    expect(row!.endedAt!.toISOString()).toBe(at(74));
    // a starting again pays at once: without the money, nothing changes
    await creditMember(db, t.clock, a.member.memberId, 'USDT', USDT6(1));
    const refused = await post(a, 'Resubscribe', { strategyId: 1 });
    expect(refused.json().message).toBe('Insufficient Balance.');
    expect((await subscription(a)).state).toBe('ended');
    await expectBooksBalanced(db);
  }, 60_000);
});

describe('lending bot: operator commands', () => {
  const ops = async (command: string, body: Record<string, unknown> = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/ops/lending/${command}`,
      headers: { 'x-ops-token': OPS_TOKEN },
      remoteAddress: '127.0.0.1',
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Record<string, unknown>;
  };

  it('seeds once, funds a funding wallet, lists and runs the jobs under their leases', async () => {
    expect(await ops('seed')).toEqual({ created: 0 });
    expect(await ops('fund', { account: a.account, amount: '10' })).toMatchObject({
      account: a.account,
      currency: 'UST',
    });
    const list = (await ops('list', { email: b.member.email })) as unknown as {
      state: string;
      feeCurrency: string;
    }[];
    expect(list).toEqual([expect.objectContaining({ state: 'active', feeCurrency: 'BCNT' })]);
    const run = await ops('run');
    expect(run.billing).toEqual({ renewed: 0, ended: 0, warned: 0 });
    expect(Array.isArray(run.cycles)).toBe(true);
  });
});

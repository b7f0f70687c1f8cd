// Withdrawals and the address book through the API (app.inject on PGlite): every rule of the
// Withdraw call with its message, the rolling 24-hour limit and the 24-hour lock with the clock
// moved, 50 concurrent identical requests with one idempotency key, the queue processed for
// the simulated Bitcoin/TRON payouts, and support's refund.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/database';
import { kycApplications } from '../../src/server/db/schema';
import { ledgerTransactions } from '../../src/server/db/schema/wallet';
import { withdrawals } from '../../src/server/db/schema/withdrawal';
import {
  accountBalance,
  memberAccount,
  platformAccount,
  postLedgerTransaction,
  transfer,
} from '../../src/server/domain/wallet/ledger';
import { runOpsCommand } from '../../src/server/ops/commands';
import type {
  SavedAddress,
  Withdrawal,
  WithdrawNetworkInfo,
} from '../../src/shared/api/wallet-withdraw';
import { latestCode, post } from '../helpers/auth';
import { createTestApp, type TestApp } from '../helpers/test-app';
import {
  ADDRESSES,
  fresh,
  fund,
  gatewayCall,
  nextCode,
  walletBalance,
  withdraw,
  withdrawMember,
  type WithdrawMember,
} from '../helpers/withdrawals';

const USDT = (n: number | string) => BigInt(Math.round(Number(n) * 1e6));
const BCNT = (n: number) => BigInt(n) * 10n ** 18n;
const HOUR = 3600_000;
const DAY = 24 * HOUR;

let t: TestApp;
beforeAll(async () => {
  // Second-factor calls count 10 per 10 minutes per member; this file's members add up to 11
  // addresses and retry one withdrawal 50 times at once (rate limits: tests/api/rate-limits).
  t = await createTestApp({ config: { rateLimitScale: 10 } });
});
afterAll(async () => t?.close());

const ops = (command: Parameters<typeof runOpsCommand>[1], input: Record<string, unknown> = {}) =>
  runOpsCommand(
    { db: t.database.db, clock: t.clock, wallet: t.app.wallet, scheduler: t.app.scheduler },
    command,
    input,
  );

const usdtErc20 = (
  member: WithdrawMember,
  amount: string,
  extra: Record<string, unknown> = {},
) => ({
  currency: 'USDT',
  network: 'ERC20',
  address: ADDRESSES.evm,
  amount,
  code: nextCode(t, member),
  ...extra,
});

function expectRefusal(res: { json(): unknown; body: string }, message: string) {
  const body = res.json() as { status: number; message: string; data: Record<string, string> };
  expect(body.status, res.body).not.toBe(0);
  expect(body.message, res.body).toBe(message);
  return body.data;
}

describe('address book', () => {
  const add = (member: WithdrawMember, body: Record<string, unknown>) =>
    gatewayCall(t, 'POST', '/user/address', member, {
      name: 'Cold wallet',
      currency: 'USDT',
      network: 'ERC20',
      address: ADDRESSES.evmLower,
      code: nextCode(t, member),
      password: member.password,
      ...body,
    });
  const list = async (member: WithdrawMember, currency?: string) =>
    (
      await gatewayCall(t, 'GET', `/user/address${currency ? `?currency=${currency}` : ''}`, member)
    ).json().data;

  it('needs two-step verification on: a member without it is told to enable it', async () => {
    const member = await withdrawMember(t, { twoFactor: false });
    const res = await gatewayCall(t, 'POST', '/user/address', member, {
      name: 'x',
      currency: 'USDT',
      network: 'ERC20',
      address: ADDRESSES.evm,
      code: '123456',
      password: member.password,
    });
    expect(res.statusCode).toBe(403);
    expectRefusal(res, 'two_factor_not_enabled');
    expect((await list({ ...member, secret: '' })).items).toEqual([]);
  });

  it('adds with the authenticator code, stored EIP-55 and trimmed; a wrong code saves nothing', async () => {
    const member = await withdrawMember(t);
    const wrong = await gatewayCall(t, 'POST', '/user/address', member, {
      name: 'x',
      currency: 'USDT',
      network: 'ERC20',
      address: ADDRESSES.evm,
      code: '000000',
      password: member.password,
    });
    expectRefusal(wrong, 'The code is wrong.');
    const res = await add(member, { name: '  Cold wallet  ' });
    expect(res.json().status, res.body).toBe(0);
    expect(res.json().data).toMatchObject({
      name: 'Cold wallet',
      address: ADDRESSES.evm,
      network: 'ERC20',
      currency: 'USDT',
      isDefault: false,
    });
    // the same address again (any spelling) is a duplicate
    expectRefusal(await add(member, { address: ADDRESSES.evm }), 'address_duplicate');
    expect((await list(member)).items).toHaveLength(1);
  });

  it('validates with the spec messages naming the field, the name length and the network', async () => {
    const member = await withdrawMember(t);
    const bad = await add(member, { address: ADDRESSES.evmBadChecksum });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data).toMatchObject({
      field: 'address',
      issues: [{ field: 'address', message: 'Recipient address is invalid.' }],
    });
    const shape = await add(member, { address: '0x1234' });
    expect(shape.json().data.issues[0]).toEqual({
      field: 'address',
      message: 'The address format is incorrect.',
    });
    // a TRON address on ERC20 is the wrong shape; on TRC20 it is fine
    expect((await add(member, { address: ADDRESSES.tron })).json().data.issues[0].message).toBe(
      'The address format is incorrect.',
    );
    expect((await add(member, { address: ADDRESSES.tron, network: 'TRC20' })).json().status).toBe(
      0,
    );
    // BCNT only on ERC20
    expectRefusal(
      await add(member, { currency: 'BCNT', network: 'TRC20', address: ADDRESSES.tron }),
      'network_not_allowed',
    );
    const long = await add(member, { name: 'x'.repeat(31) });
    expect(long.statusCode).toBe(400);
    expect(long.json().data.field).toBe('name');
    const blank = await add(member, { name: '   ' });
    expect(blank.json().data.field).toBe('name');
  });

  it('keeps at most 10 per member (all currencies)', async () => {
    const member = await withdrawMember(t);
    const evm = (i: number) => `0x${(i + 1).toString(16).padStart(40, '0')}`;
    for (let i = 0; i < 10; i += 1) {
      const res = await add(member, {
        name: `Address ${i}`,
        address: evm(i),
        ...(i % 2 ? { currency: 'ETH', network: 'ETH' } : {}),
      });
      expect(res.json().status, res.body).toBe(0);
    }
    const full = await add(member, { name: 'Eleventh', address: evm(20) });
    expect(full.statusCode).toBe(409);
    expect(expectRefusal(full, 'address_book_full')).toEqual({ max: 10 });
    const all = await list(member);
    expect(all).toMatchObject({ count: 10, max: 10 });
    expect((await list(member, 'ETH')).items).toHaveLength(5);
    // deleting one makes room
    const del = await gatewayCall(t, 'DELETE', '/user/address', member, { id: all.items[0].id });
    expect(del.json().data.count).toBe(9);
    expect((await add(member, { name: 'Eleventh', address: evm(20) })).json().status).toBe(0);
  });

  it('one default per currency and network; delete and default act only on own addresses', async () => {
    const member = await withdrawMember(t);
    const a = (await add(member, { name: 'A', isDefault: true })).json().data;
    const b = (
      await add(member, {
        name: 'B',
        address: '0x0000000000000000000000000000000000000001',
        isDefault: true,
      })
    ).json().data;
    const c = (
      await add(member, { name: 'C', network: 'TRC20', address: ADDRESSES.tron, isDefault: true })
    ).json().data;
    const defaults = async () =>
      (await list(member)).items
        .filter((x: SavedAddress) => x.isDefault)
        .map((x: SavedAddress) => x.name)
        .sort();
    expect(await defaults()).toEqual(['B', 'C']);
    const patched = await gatewayCall(t, 'PATCH', '/user/address/default', member, { id: a.id });
    expect(patched.json().status).toBe(0);
    expect(await defaults()).toEqual(['A', 'C']);

    const other = await withdrawMember(t);
    expect((await gatewayCall(t, 'DELETE', '/user/address', other, { id: b.id })).statusCode).toBe(
      404,
    );
    expect(
      (await gatewayCall(t, 'PATCH', '/user/address/default', other, { id: c.id })).statusCode,
    ).toBe(404);
    expect((await list(member)).items).toHaveLength(3);
  });
});

describe('WithdrawInfo', () => {
  it('networks with minimum and fee, available balance, the level 1 limit, the lock, BCNT rules', async () => {
    const member = await withdrawMember(t, { waitLock: false });
    await fund(t, member.memberId, 'USDT', USDT(250));
    const res = await gatewayCall(t, 'GET', '/user/WithdrawInfo?currency=USDT', member);
    const info = res.json().data;
    expect(info).toMatchObject({
      currency: 'USDT',
      available: '250',
      twoFactorMethod: 'totp',
      kycVerified: true,
      bcnt: null,
      limit: {
        level: 1,
        dailyLimitUsdt: '20000',
        usedUsdt: '0',
        remainingUsdt: '20000',
        remaining: '20000',
      },
    });
    expect(info.networks.map((n: WithdrawNetworkInfo) => [n.network, n.minimum, n.fee])).toEqual([
      ['TRC20', '10', '1'],
      ['ERC20', '20', '5'],
    ]);
    expect(Date.parse(info.lockedUntil)).toBeGreaterThan(t.clock.now().getTime());
    const bcnt = (await gatewayCall(t, 'GET', '/user/WithdrawInfo?currency=BCNT', member)).json()
      .data;
    expect(bcnt.bcnt).toEqual({ identityVerified: true, kycUnderReview: false, withdrawable: '0' });
    // ETH limit in ETH at the reference price 3000: 20000 / 3000
    const eth = (await gatewayCall(t, 'GET', '/user/WithdrawInfo?currency=ETH', member)).json()
      .data;
    expect(eth.limit.remaining).toBe('6.666666666666666666');
  });

  it('needs identity verification', async () => {
    const member = await withdrawMember(t, { verified: false });
    const res = await gatewayCall(t, 'GET', '/user/WithdrawInfo?currency=USDT', member);
    expect(res.statusCode).toBe(403);
    expectRefusal(res, 'kyc_required');
  });
});

describe('Withdraw rules', () => {
  it('refuses an unverified member, a member without two-step, and a missing idempotency key', async () => {
    const unverified = await withdrawMember(t, { verified: false });
    expectRefusal(await withdraw(t, unverified, usdtErc20(unverified, '50')), 'kyc_required');
    const noTwoFactor = await withdrawMember(t, { twoFactor: false });
    await fund(t, noTwoFactor.memberId, 'USDT', USDT(100));
    const res = await withdraw(t, noTwoFactor, {
      currency: 'USDT',
      network: 'ERC20',
      address: ADDRESSES.evm,
      amount: '50',
      code: '123456',
    });
    expect(res.statusCode).toBe(403);
    expectRefusal(res, 'two_factor_not_enabled');
    const member = await withdrawMember(t);
    const noKey = await gatewayCall(t, 'POST', '/user/Withdraw', member, usdtErc20(member, '50'));
    expectRefusal(noKey, 'idempotency_key_required');
  });

  it('locks withdrawals for 24 hours after a two-step change, then allows them', async () => {
    const member = await withdrawMember(t, { waitLock: false });
    await fund(t, member.memberId, 'USDT', USDT(100));
    const locked = await withdraw(t, member, usdtErc20(member, '50'));
    expect(locked.statusCode).toBe(403);
    const data = expectRefusal(locked, 'withdrawal_locked');
    const until = Date.parse(data.lockedUntil ?? '');
    expect(until - t.clock.now().getTime()).toBeGreaterThan(23 * HOUR);
    t.clock.set(until + 1000);
    expect((await withdraw(t, member, usdtErc20(member, '50'))).json().status).toBe(0);

    // switching to SMS is a change: locked again for 24 hours; SMS codes then confirm
    await fresh(t, member);
    await post(t.app, '/member/set2FASettings', { action: 'send-sms' }, member);
    const sms = await latestCode(t.app, member.mobile);
    const switched = await post(
      t.app,
      '/member/set2FASettings',
      {
        action: 'enable-sms',
        code: sms,
        currentCode: nextCode(t, member),
        password: member.password,
      },
      member,
    );
    expect(switched.json().status, switched.body).toBe(0);
    const smsBody = { currency: 'USDT', network: 'ERC20', address: ADDRESSES.evm, amount: '20' };
    expectRefusal(await withdraw(t, member, { ...smsBody, code: '111111' }), 'withdrawal_locked');
    t.clock.advance(DAY + 1000);
    const sent = await gatewayCall(t, 'POST', '/user/Withdraw/sendCode', member);
    expect(sent.json().status, sent.body).toBe(0);
    expectRefusal(await withdraw(t, member, { ...smsBody, code: '000000' }), 'The code is wrong.');
    const code = await latestCode(t.app, member.mobile);
    const ok = await withdraw(t, member, { ...smsBody, code });
    expect(ok.json().data.status, ok.body).toBe('queued');
  });

  it('checks network, address, amount format and decimals, minimum, balance and the code, each with its message', async () => {
    const member = await withdrawMember(t);
    await fund(t, member.memberId, 'USDT', USDT(100));
    expectRefusal(
      await withdraw(t, member, usdtErc20(member, '50', { network: 'ETH' })),
      'network_not_allowed',
    );
    const address = await withdraw(
      t,
      member,
      usdtErc20(member, '50', { address: ADDRESSES.evmBadChecksum }),
    );
    expect(address.json().data.issues[0]).toEqual({
      field: 'address',
      message: 'Recipient address is invalid.',
    });
    const shape = await withdraw(t, member, usdtErc20(member, '50', { address: 'T123' }));
    expect(shape.json().data.issues[0].message).toBe('The address format is incorrect.');
    const format = await withdraw(t, member, usdtErc20(member, '1e3'));
    expect(format.json().data.issues[0]).toEqual({ field: 'amount', message: 'amount_format' });
    const decimals = await withdraw(t, member, usdtErc20(member, '20.1234567'));
    expect(decimals.json().data.issues[0].message).toBe('amount_too_many_decimals');
    expect(
      expectRefusal(await withdraw(t, member, usdtErc20(member, '19.99')), 'Minimum Withdrawal'),
    ).toMatchObject({
      minimum: '20',
    });
    // 96 + 5 fee > 100
    expectRefusal(
      await withdraw(t, member, usdtErc20(member, '96')),
      'Not enough available balance',
    );
    expectRefusal(
      await withdraw(t, member, usdtErc20(member, '95', { code: '000000' })),
      'The code is wrong.',
    );
    expect(await walletBalance(t, member, 'USDT')).toMatchObject({
      available: '100',
      pendingWithdrawal: '0',
    });

    // 95 + 5 = 100: queued for 10:00 UTC+8 of the next working day
    const res = await withdraw(t, member, usdtErc20(member, '95'));
    const queued = res.json().data;
    expect(queued).toMatchObject({
      status: 'queued',
      amount: '95',
      fee: '5',
      address: ADDRESSES.evm,
      txHash: null,
    });
    const due = new Date(queued.dueAt);
    expect(due.getUTCHours()).toBe(2); // 10:00 UTC+8
    expect(due.getTime()).toBeGreaterThan(t.clock.now().getTime());
    expect(await walletBalance(t, member, 'USDT')).toMatchObject({
      available: '0',
      pendingWithdrawal: '100',
    });
    const history = (await gatewayCall(t, 'GET', '/user/Withdraw', member)).json().data;
    expect(history.items).toEqual([queued]);
  });

  it('sends to a saved address by id (only the member’s own, same currency and network)', async () => {
    const member = await withdrawMember(t);
    await fund(t, member.memberId, 'USDT', USDT(100));
    const saved = (
      await gatewayCall(t, 'POST', '/user/address', member, {
        name: 'Tron',
        currency: 'USDT',
        network: 'TRC20',
        address: ADDRESSES.tron,
        code: nextCode(t, member),
        password: member.password,
      })
    ).json().data;
    const body = { currency: 'USDT', network: 'TRC20', amount: '10', addressId: saved.id };
    const wrongNetwork = await withdraw(t, member, {
      ...body,
      network: 'ERC20',
      code: nextCode(t, member),
    });
    expectRefusal(wrongNetwork, 'address_not_found');
    const other = await withdrawMember(t);
    await fund(t, other.memberId, 'USDT', USDT(100));
    expectRefusal(
      await withdraw(t, other, { ...body, code: nextCode(t, other) }),
      'address_not_found',
    );
    const res = await withdraw(t, member, { ...body, code: nextCode(t, member) });
    expect(res.json().data).toMatchObject({
      status: 'queued',
      address: ADDRESSES.tron,
      network: 'TRC20',
      fee: '1',
    });
  });

  it('keeps within the rolling 24-hour limit of the level (USDT equivalent over all currencies)', async () => {
    const member = await withdrawMember(t);
    await fund(t, member.memberId, 'USDT', USDT(30_000));
    await fund(t, member.memberId, 'ETH', 10n ** 18n);
    expect((await withdraw(t, member, usdtErc20(member, '15000'))).json().status).toBe(0);
    t.clock.advance(12 * HOUR);
    // 0.5 ETH = 1500 USDT at the reference price: 16500 used
    const eth = await withdraw(t, member, {
      currency: 'ETH',
      network: 'ETH',
      address: ADDRESSES.evm,
      amount: '0.5',
      code: nextCode(t, member),
    });
    expect(eth.json().status, eth.body).toBe(0);
    const over = await withdraw(t, member, usdtErc20(member, '3600'));
    expect(expectRefusal(over, 'Withdrawal limit exceed')).toMatchObject({
      remainingUsdt: '3500',
      remaining: '3500',
    });
    const info = (await gatewayCall(t, 'GET', '/user/WithdrawInfo?currency=USDT', member)).json()
      .data;
    expect(info.limit).toMatchObject({ usedUsdt: '16500', remainingUsdt: '3500' });
    expect((await withdraw(t, member, usdtErc20(member, '3500'))).json().status).toBe(0);
    // 24 hours after the first one it no longer counts
    t.clock.advance(12 * HOUR + 60_000);
    const later = (await gatewayCall(t, 'GET', '/user/WithdrawInfo?currency=USDT', member)).json()
      .data;
    expect(later.limit).toMatchObject({ usedUsdt: '5000', remainingUsdt: '15000' });
    expect((await withdraw(t, member, usdtErc20(member, '5000'))).json().status).toBe(0);
  });

  it('BCNT: none while a KYC re-review is under review; rewards of subscriptions held 30 days or less stay', async () => {
    const member = await withdrawMember(t);
    const db = t.database.db;
    await fund(t, member.memberId, 'BCNT', BCNT(300));
    const now = t.clock.now();
    await db.insert(kycApplications).values({
      memberId: member.memberId,
      kind: 'individual',
      state: 'under_review',
      createdAt: now,
      updatedAt: now,
    });
    const bcntBody = () => ({
      currency: 'BCNT',
      network: 'ERC20',
      address: ADDRESSES.evm,
      amount: '200',
      code: nextCode(t, member),
    });
    expect((await withdraw(t, member, bcntBody())).statusCode).toBe(403);
    expectRefusal(await withdraw(t, member, bcntBody()), 'bcnt_kyc_under_review');
    await db
      .update(kycApplications)
      .set({ state: 'verified' })
      .where(eq(kycApplications.memberId, member.memberId));

    // a 500 BCNT reward of a subscription started 29 days ago
    await db.transaction((tx) =>
      postLedgerTransaction(tx as unknown as Db, t.clock, {
        idempotencyKey: `reward:${randomUUID()}`,
        type: 'reward',
        memberId: member.memberId,
        memo: { subscribedAt: new Date(t.clock.now().getTime() - 29 * DAY).toISOString() },
        postings: transfer(
          platformAccount('store'),
          memberAccount(member.memberId),
          'BCNT',
          BCNT(500),
        ),
      }),
    );
    const info = (await gatewayCall(t, 'GET', '/user/WithdrawInfo?currency=BCNT', member)).json()
      .data;
    expect(info.bcnt).toEqual({
      identityVerified: true,
      kycUnderReview: false,
      withdrawable: '300',
    });
    expect(info.available).toBe('800');
    // 300 + 20 fee > 300 withdrawable
    const locked = await withdraw(t, member, { ...bcntBody(), amount: '300' });
    expect(expectRefusal(locked, 'bcnt_reward_locked')).toMatchObject({ withdrawable: '300' });
    expect((await withdraw(t, member, { ...bcntBody(), amount: '280' })).json().status).toBe(0);
    // 2 days later the subscription is over 30 days old: the reward is free
    t.clock.advance(2 * DAY);
    const freed = await withdraw(t, member, { ...bcntBody(), amount: '480' });
    expect(freed.json().status, freed.body).toBe(0);
  });

  it('BCNT needs identity verification', async () => {
    const member = await withdrawMember(t, { verified: false });
    const res = await gatewayCall(t, 'GET', '/user/WithdrawInfo?currency=BCNT', member);
    expectRefusal(res, 'kyc_required');
  });
});

describe('idempotency', () => {
  it('50 concurrent identical requests with one key: one withdrawal, one ledger movement, identical answers', async () => {
    const member = await withdrawMember(t);
    await fund(t, member.memberId, 'USDT', USDT(1000));
    const key = randomUUID();
    const body = usdtErc20(member, '100');
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => withdraw(t, member, body, key)),
    );
    const bodies = answers.map((res) => res.body);
    expect(answers[0]!.json().status, bodies[0]).toBe(0);
    expect(new Set(bodies).size).toBe(1);
    const rows = await t.database.db
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.memberId, member.memberId));
    expect(rows).toHaveLength(1);
    const moves = await t.database.db
      .select({ type: ledgerTransactions.type })
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.reference, `withdrawal:${rows[0]!.id}`)));
    expect(moves.map((m) => m.type).sort()).toEqual(['withdrawal', 'withdrawal_fee']);
    expect(await walletBalance(t, member, 'USDT')).toMatchObject({
      available: '895',
      pendingWithdrawal: '105',
    });
    // a later retry (even with a new code) gets the same answer; another body with the key is refused
    const again = await withdraw(t, member, { ...body, code: nextCode(t, member) }, key);
    expect(again.body).toBe(bodies[0]);
    expectRefusal(
      await withdraw(t, member, { ...body, amount: '101' }, key),
      'idempotency_key_reused',
    );
  });
});

describe('processing (simulated Bitcoin and TRON payouts) and support', () => {
  it('processes when due (10:00 UTC+8 next working day): pending -> hot wallet and fees, with the txid', async () => {
    const member = await withdrawMember(t);
    await fund(t, member.memberId, 'BTC', 10n ** 8n);
    const res = await withdraw(t, member, {
      currency: 'BTC',
      network: 'BTC_NATIVE_SEGWIT',
      address: ADDRESSES.btcSegwit,
      amount: '0.01',
      code: nextCode(t, member),
    });
    const queued = res.json().data;
    expect(queued.status, res.body).toBe('queued');
    await t.app.scheduler.runTask('withdrawals');
    const row = async () =>
      (await t.database.db.select().from(withdrawals).where(eq(withdrawals.id, queued.id)))[0]!;
    expect((await row()).status).toBe('queued');
    const feesBefore = await accountBalance(t.database.db, platformAccount('fees'), 'BTC');
    t.clock.set(Date.parse(queued.dueAt) + 1000);
    await t.app.scheduler.runTask('withdrawals');
    const done = await row();
    expect(done.status).toBe('completed');
    expect(done.txHash).toMatch(/^[0-9a-f]{64}$/);
    expect(await walletBalance(t, member, 'BTC')).toMatchObject({
      available: '0.9897',
      pendingWithdrawal: '0',
    });
    expect((await accountBalance(t.database.db, platformAccount('fees'), 'BTC')) - feesBefore).toBe(
      30_000n,
    );
    const listed = (await gatewayCall(t, 'GET', '/user/Withdraw?currency=BTC', member)).json().data
      .items;
    expect(listed[0]).toMatchObject({ id: queued.id, status: 'completed', txHash: done.txHash });
  });

  it('ops: list by state, fail a queued one (refund), run the queue now regardless of the due time', async () => {
    const member = await withdrawMember(t);
    await fund(t, member.memberId, 'USDT', USDT(100));
    const first = (
      await withdraw(
        t,
        member,
        usdtErc20(member, '10', { network: 'TRC20', address: ADDRESSES.tron }),
      )
    ).json().data;
    const second = (
      await withdraw(
        t,
        member,
        usdtErc20(member, '20', { network: 'TRC20', address: ADDRESSES.tron }),
      )
    ).json().data;
    const queued = (await ops('withdrawals/list', { state: 'queued' })) as { id: number }[];
    expect(queued.map((w) => w.id)).toEqual(expect.arrayContaining([first.id, second.id]));
    const failed = (await ops('withdrawals/fail', {
      id: first.id,
      reason: 'member asked',
    })) as Withdrawal;
    expect(failed).toMatchObject({ status: 'failed', failureReason: 'member asked' });
    expect(await walletBalance(t, member, 'USDT')).toMatchObject({
      available: '79',
      pendingWithdrawal: '21',
    });
    await expect(ops('withdrawals/fail', { id: first.id })).rejects.toThrow(
      'withdrawal_already_sent',
    );
    const result = await ops('withdrawals/run');
    expect(result).toMatchObject({ failed: 0 });
    const [row] = await t.database.db
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.id, second.id));
    expect(row!.status).toBe('completed');
    expect(await walletBalance(t, member, 'USDT')).toMatchObject({
      available: '79',
      pendingWithdrawal: '0',
    });
    // a failed request does not count against the limit
    const info = (await gatewayCall(t, 'GET', '/user/WithdrawInfo?currency=USDT', member)).json()
      .data;
    expect(info.limit.usedUsdt).toBe('20');
  });
});

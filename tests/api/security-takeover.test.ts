import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestLink, loginStep1, loginStep2, post, solveCaptcha } from '../helpers/auth';
import {
  ADDRESSES,
  fresh,
  fund,
  gatewayCall,
  nextCode,
  withdraw,
  withdrawMember,
  type WithdrawMember,
} from '../helpers/withdrawals';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * Issue 14, account takeover: what a stolen session (or a stolen password) must not be able to
 * turn into a lasting takeover or a quick withdrawal.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const HOUR = 3600_000;
const USDT = (n: number) => BigInt(n) * 1_000_000n;

const addAddress = (member: WithdrawMember, extra: Record<string, unknown> = {}) =>
  gatewayCall(t, 'POST', '/user/address', member, {
    name: 'Cold wallet',
    currency: 'USDT',
    network: 'ERC20',
    address: ADDRESSES.evm,
    code: nextCode(t, member),
    password: member.password,
    ...extra,
  });

const withdrawUsdt = (member: WithdrawMember) =>
  withdraw(t, member, {
    currency: 'USDT',
    network: 'ERC20',
    address: ADDRESSES.evm,
    amount: '50',
    code: nextCode(t, member),
  });

function expectLocked(res: { statusCode: number; json(): { message: string; data: unknown } }) {
  expect(res.statusCode).toBe(403);
  const body = res.json();
  expect(body.message).toBe('withdrawal_locked');
  const until = Date.parse((body.data as { lockedUntil: string }).lockedUntil);
  expect(until - t.clock.now().getTime()).toBeGreaterThan(23 * HOUR);
  return until;
}

describe('a password change or reset locks withdrawals and new addresses for 24 hours', () => {
  it('updatePwd: Withdraw and adding an address are refused until the lock ends', async () => {
    const member = await withdrawMember(t);
    await fund(t, member.memberId, 'USDT', USDT(200));
    const changed = await post(
      t.app,
      '/member/updatePwd',
      { oldPassword: member.password, password: 'Changed123', confirmPassword: 'Changed123' },
      { token: member.token },
    );
    expect(changed.json().status, changed.body).toBe(0);
    member.password = 'Changed123';

    const settings = await post(t.app, '/member/get2FASettings', undefined, member);
    const until = Date.parse(settings.json().data.withdrawalLockedUntil);
    expect(until - t.clock.now().getTime()).toBe(24 * HOUR);
    expectLocked(await withdrawUsdt(member));
    expectLocked(await addAddress(member));

    t.clock.set(until + 1000);
    await fresh(t, member);
    expect((await addAddress(member)).json().status).toBe(0);
    expect((await withdrawUsdt(member)).json().status).toBe(0);
  });

  it('resetPwd: the same lock (after logging in again with the second factor)', async () => {
    const member = await withdrawMember(t);
    await fund(t, member.memberId, 'USDT', USDT(200));
    await post(t.app, '/member/forgotPwd', {
      email: member.email,
      captcha: await solveCaptcha(t.app),
    });
    const { token } = await latestLink(t.app, member.email, '/reset-password');
    const reset = await post(t.app, '/member/resetPwd', {
      token,
      password: 'Reset1234',
      confirmPassword: 'Reset1234',
    });
    expect(reset.json().status, reset.body).toBe(0);
    member.password = 'Reset1234';
    const ticket = (await loginStep1(t.app, member)).json().data.ticket as string;
    const login = await loginStep2(t.app, ticket, nextCode(t, member), member.clientId);
    expect(login.json().data.result, login.body).toBe('success');
    Object.assign(member, login.json().data.session);

    const until = expectLocked(await withdrawUsdt(member));
    expectLocked(await addAddress(member));
    t.clock.set(until + 1000);
    await fresh(t, member);
    expect((await withdrawUsdt(member)).json().status).toBe(0);
  });
});

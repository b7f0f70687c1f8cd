import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members, memberActivity } from '../../src/server/db/schema';
import { decryptAtRest } from '../../src/server/domain/auth/crypto';
import { totpCode } from '../../src/server/domain/auth/two-factor';
import {
  createMember,
  latestCode,
  latestLink,
  loginSession,
  loginStep1,
  loginStep2,
  newClientId,
  outbox,
  post,
  solveCaptcha,
  type TestMember,
} from '../helpers/auth';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const HOUR = 3600_000;
const as = (member: { token: string }) => ({ token: member.token });
/** set2FASettings with the member's password (re-authentication); the body may override it. */
const set2FA = (member: { token: string; password: string }, body: object) =>
  post(t.app, '/member/set2FASettings', { password: member.password, ...body }, as(member));
const memberInfo = (token: string) =>
  post(t.app, '/member/ico/getMemberInfo', undefined, { token });

async function enableTotp(member: TestMember): Promise<string> {
  const setup = (await set2FA(member, { action: 'totp-setup' })).json().data;
  const secret = setup.totp.secret as string;
  const res = await set2FA(member, {
    action: 'enable-totp',
    code: totpCode(secret, t.clock.now()),
  });
  expect(res.json().status).toBe(0);
  return secret;
}

async function activityOf(memberId: number) {
  return (
    await t.database.db.select().from(memberActivity).where(eq(memberActivity.memberId, memberId))
  ).map((row) => row.action);
}

describe('two-step verification settings', () => {
  it('get2FASettings: off by default, masked verified mobile', async () => {
    const member = await createMember(t.app);
    const res = await post(t.app, '/member/get2FASettings', undefined, as(member));
    expect(res.json().data).toEqual({
      method: 'none',
      mobile: `${member.mobile.slice(0, 5)}****${member.mobile.slice(-3)}`,
      mobileVerified: true,
      withdrawalLockedUntil: null,
    });
  });

  it('authenticator: setup gives a base32 secret and otpauth URL; the first code enables it and locks withdrawals 24 h', async () => {
    const member = await createMember(t.app);
    const setup = (await set2FA(member, { action: 'totp-setup' })).json().data;
    expect(setup.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(setup.totp.otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe(`/BCNT Platform:${member.email}`);
    expect(url.searchParams.get('issuer')).toBe('BCNT Platform');
    expect(url.searchParams.get('secret')).toBe(setup.totp.secret);
    expect(setup.settings.method).toBe('none');

    // stored encrypted, bound to the member
    const [row] = await t.database.db.select().from(members).where(eq(members.id, member.memberId));
    expect(row?.totpPendingSecret).not.toContain(setup.totp.secret);
    expect(
      decryptAtRest(t.app.auth.keys.data, row!.totpPendingSecret!, `totp:${member.memberId}`),
    ).toBe(setup.totp.secret);
    expect(() =>
      decryptAtRest(t.app.auth.keys.data, row!.totpPendingSecret!, `totp:${member.memberId + 1}`),
    ).toThrow();

    const wrong = await set2FA(member, { action: 'enable-totp', code: '000000' });
    expect(wrong.json()).toMatchObject({ status: 400, message: 'The code is wrong.' });
    const code = totpCode(setup.totp.secret, t.clock.now());
    const ok = await set2FA(member, { action: 'enable-totp', code });
    const until = new Date(t.clock.now().getTime() + 24 * HOUR).toISOString();
    expect(ok.json().data).toEqual({
      settings: {
        method: 'totp',
        mobile: expect.any(String),
        mobileVerified: true,
        withdrawalLockedUntil: until,
      },
      totp: null,
      sms: null,
    });
    expect(await activityOf(member.memberId)).toContain('two_factor_changed');

    // the confirming code cannot log in: next login wants a later code
    const ticket = (await loginStep1(t.app, member)).json().data.ticket;
    expect((await loginStep2(t.app, ticket, code, member.clientId)).json().message).toBe(
      'The code is wrong.',
    );
  });

  it('any change needs the current factor; switching to SMS turns the authenticator off', async () => {
    const member = await createMember(t.app);
    const secret = await enableTotp(member);
    t.clock.advance(30_000);

    // re-keying the authenticator without the current code
    const setup = (await set2FA(member, { action: 'totp-setup' })).json().data;
    const noCurrent = await set2FA(member, {
      action: 'enable-totp',
      code: totpCode(setup.totp.secret, t.clock.now()),
    });
    expect(noCurrent.json()).toMatchObject({ status: 403, message: 'two_factor_required' });
    const disableWrong = await set2FA(member, { action: 'disable', currentCode: '000000' });
    expect(disableWrong.json()).toMatchObject({
      message: 'The code is wrong.',
      data: { field: 'currentCode' },
    });

    const sms = await set2FA(member, { action: 'send-sms' });
    expect(sms.json().data.sms).toMatchObject({ resendAfter: 60 });
    const smsCode = await latestCode(t.app, member.mobile);
    const noTotp = await set2FA(member, { action: 'enable-sms', code: smsCode });
    expect(noTotp.json().message).toBe('two_factor_required');
    const enable = await set2FA(member, {
      action: 'enable-sms',
      code: smsCode,
      currentCode: totpCode(secret, t.clock.now()),
    });
    expect(enable.json().data.settings.method).toBe('sms');
    const [row] = await t.database.db.select().from(members).where(eq(members.id, member.memberId));
    expect(row).toMatchObject({ twoFactorMethod: 'sms', totpSecret: null });

    // disabling SMS needs an SMS code
    t.clock.advance(61_000);
    await set2FA(member, { action: 'send-sms' });
    const disable = await set2FA(member, {
      action: 'disable',
      currentCode: await latestCode(t.app, member.mobile),
    });
    expect(disable.json().data.settings.method).toBe('none');
  });

  it('enabling the authenticator while SMS is on needs the SMS code and turns SMS off', async () => {
    const member = await createMember(t.app);
    await set2FA(member, { action: 'send-sms' });
    const enable = await set2FA(member, {
      action: 'enable-sms',
      code: await latestCode(t.app, member.mobile),
    });
    expect(enable.json().data.settings.method).toBe('sms');
    const setup = (await set2FA(member, { action: 'totp-setup' })).json().data;
    t.clock.advance(61_000);
    await set2FA(member, { action: 'send-sms' });
    const res = await set2FA(member, {
      action: 'enable-totp',
      code: totpCode(setup.totp.secret, t.clock.now()),
      currentCode: await latestCode(t.app, member.mobile),
    });
    expect(res.json().data.settings.method).toBe('totp');
  });

  it('SMS needs a verified mobile', async () => {
    const member = await createMember(t.app, { verify: false });
    const res = await set2FA(member, { action: 'send-sms' });
    expect(res.json()).toMatchObject({ status: 403, message: 'mobile_not_verified' });
    const enable = await set2FA(member, { action: 'enable-sms', code: '123456' });
    expect(enable.json().message).toBe('mobile_not_verified');
  });

  it('a password reset keeps 2FA: the next login still asks for the code', async () => {
    const member = await createMember(t.app);
    const secret = await enableTotp(member);
    await post(t.app, '/member/forgotPwd', {
      email: member.email,
      captcha: await solveCaptcha(t.app),
    });
    const { token } = await latestLink(t.app, member.email, '/reset-password');
    await post(t.app, '/member/resetPwd', {
      token,
      password: 'Brandnew123',
      confirmPassword: 'Brandnew123',
    });
    const login = await loginStep1(t.app, { ...member, password: 'Brandnew123' });
    expect(login.json().data).toMatchObject({ result: 'second_factor', method: 'totp' });
    t.clock.advance(30_000);
    const done = await loginStep2(
      t.app,
      login.json().data.ticket,
      totpCode(secret, t.clock.now()),
      member.clientId,
    );
    expect(done.json().data.result).toBe('success');
  });
});

describe('devices and activity', () => {
  it('lists devices (newest first, 20 a page, filters, current flag) and activity (10 a page, oldest first)', async () => {
    const member = await createMember(t.app);
    const clients = [newClientId(), newClientId()];
    for (const clientId of clients) {
      await loginStep1(t.app, { ...member, clientId });
      const { token } = await latestLink(t.app, member.email, '/authorizeLoginDevice');
      await post(t.app, '/member/authorizeLoginDevice', { token });
      t.clock.advance(61_000);
    }
    const laptop = await loginSession(t.app, { ...member, clientId: clients[1]! });

    const res = await post(t.app, '/member/getLoginDevices', {}, as(laptop));
    const { list, total } = res.json().data;
    expect(total).toBe(3);
    expect(list.map((d: { clientId: string }) => d.clientId)).toEqual([
      clients[1],
      clients[0],
      member.clientId,
    ]);
    expect(list.map((d: { current: boolean }) => d.current)).toEqual([true, false, false]);
    expect(list[0]).toMatchObject({
      status: 1,
      deviceType: 13,
      device: 'Test Browser on Linux',
      os: 'Linux',
      position: 'Taipei',
      deviceID: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    const page = await post(
      t.app,
      '/member/getLoginDevices',
      { pageSize: 1, pageNow: 2 },
      as(laptop),
    );
    expect(page.json().data.list.map((d: { clientId: string }) => d.clientId)).toEqual([
      clients[0],
    ]);
    const byId = await post(
      t.app,
      '/member/getLoginDevices',
      { deviceID: list[2].deviceID },
      as(laptop),
    );
    expect(byId.json().data).toMatchObject({ total: 1, list: [{ clientId: member.clientId }] });
    const noBody = await post(t.app, '/member/getLoginDevices', undefined, as(laptop));
    expect(noBody.json().data.total).toBe(3);

    const logs = (await post(t.app, '/member/getLoginDeviceLogs', undefined, as(laptop))).json()
      .data;
    expect(logs.list.length).toBeLessThanOrEqual(10);
    const ids = logs.list.map((l: { id: number }) => l.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(logs.list[0]).toMatchObject({ action: 'login', ip: expect.any(String) });
    expect(logs.list.map((l: { action: string }) => l.action)).toContain('device_authorized');
  });

  it('revoking a device ends its sessions at once and it must be authorised again', async () => {
    const member = await createMember(t.app);
    const tablet = { ...member, clientId: newClientId() };
    await loginStep1(t.app, tablet);
    await post(t.app, '/member/authorizeLoginDevice', {
      token: (await latestLink(t.app, member.email, '/authorizeLoginDevice')).token,
    });
    const tabletSession = await loginSession(t.app, tablet);
    const tabletSession2 = await loginSession(t.app, tablet);

    const res = await post(
      t.app,
      '/member/revokeLoginDevice',
      { clientId: tablet.clientId },
      as(member),
    );
    expect(res.json()).toEqual({ status: 0, message: 'success', data: { revokedSessions: 2 } });
    expect((await memberInfo(tabletSession.token)).statusCode).toBe(401);
    expect((await memberInfo(tabletSession2.token)).statusCode).toBe(401);
    expect(
      (await post(t.app, '/member/refresh', { token: tabletSession.refreshToken })).statusCode,
    ).toBe(401);
    expect((await memberInfo(member.token)).json().status).toBe(0);

    const list = (await post(t.app, '/member/getLoginDevices', { status: 2 }, as(member))).json()
      .data;
    expect(list.list.map((d: { clientId: string }) => d.clientId)).toEqual([tablet.clientId]);
    t.clock.advance(61_000);
    expect((await loginStep1(t.app, tablet)).json().data.result).toBe('device_authorization');
    expect(await activityOf(member.memberId)).toContain('device_revoked');
  });
});

describe('passwords and profile', () => {
  it('forgotPwd answers the same for an unknown e-mail and sends nothing', async () => {
    const member = await createMember(t.app);
    const known = await post(t.app, '/member/forgotPwd', {
      email: member.email,
      captcha: await solveCaptcha(t.app),
    });
    const unknown = await post(t.app, '/member/forgotPwd', {
      email: 'no-one@example.com',
      captcha: await solveCaptcha(t.app),
    });
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ status: 0, message: 'success', data: { sent: true } });
    expect(await outbox(t.app, 'no-one@example.com')).toHaveLength(0);
    const noCaptcha = await post(t.app, '/member/forgotPwd', { email: member.email });
    expect(noCaptcha.statusCode).toBe(400);
  });

  it('reset link: single use, 30 minutes, ends every session', async () => {
    const member = await createMember(t.app);
    const other = await loginSession(t.app, member);
    await post(t.app, '/member/forgotPwd', {
      email: member.email,
      captcha: await solveCaptcha(t.app),
    });
    const { link, token } = await latestLink(t.app, member.email, '/reset-password');
    expect(link.startsWith('http://localhost:5173/reset-password?token=')).toBe(true);

    const mismatch = await post(t.app, '/member/resetPwd', {
      token,
      password: 'Newpass123',
      confirmPassword: 'Newpass124',
    });
    expect(mismatch.json()).toMatchObject({
      message: 'validation_failed',
      data: { field: 'confirmPassword', issues: [{ message: 'Passwords do not match.' }] },
    });
    const weak = await post(t.app, '/member/resetPwd', {
      token,
      password: 'short',
      confirmPassword: 'short',
    });
    expect(weak.json().data.issues[0].message).toBe('8-128 characters with letter and number');

    const ok = await post(t.app, '/member/resetPwd', {
      token,
      password: 'Newpass123',
      confirmPassword: 'Newpass123',
    });
    expect(ok.json()).toEqual({
      status: 0,
      message: 'success',
      data: { reset: true, unlinkedWallets: 0, walletLoginSuspended: false },
    });
    expect((await memberInfo(member.token)).statusCode).toBe(401);
    expect((await memberInfo(other.token)).statusCode).toBe(401);
    const reuse = await post(t.app, '/member/resetPwd', {
      token,
      password: 'Other1234',
      confirmPassword: 'Other1234',
    });
    expect(reuse.json()).toMatchObject({
      status: 400,
      message: 'Please confirm that the link is valid',
    });
    expect((await loginStep1(t.app, member)).json().message).toBe('invalid_credentials');
    expect(
      (await loginStep1(t.app, { ...member, password: 'Newpass123' })).json().data.result,
    ).toBe('success');
    expect(await activityOf(member.memberId)).toContain('password_reset');

    t.clock.advance(61_000);
    await post(t.app, '/member/forgotPwd', {
      email: member.email,
      captcha: await solveCaptcha(t.app),
    });
    const late = await latestLink(t.app, member.email, '/reset-password');
    t.clock.advance(30 * 60_000 + 1);
    const expired = await post(t.app, '/member/resetPwd', {
      token: late.token,
      password: 'Later1234',
      confirmPassword: 'Later1234',
    });
    expect(expired.json().message).toBe('Please confirm that the link is valid');
  });

  it('updatePwd checks the current password and ends the other sessions only', async () => {
    const member = await createMember(t.app);
    const other = await loginSession(t.app, member);
    const wrong = await post(
      t.app,
      '/member/updatePwd',
      { oldPassword: 'Not-it-123', password: 'Changed123', confirmPassword: 'Changed123' },
      as(member),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      message: 'invalid_credentials',
      data: { field: 'oldPassword' },
    });
    const mismatch = await post(
      t.app,
      '/member/updatePwd',
      { oldPassword: member.password, password: 'Changed123', confirmPassword: 'Changed124' },
      as(member),
    );
    expect(mismatch.json().data.issues[0].message).toBe('Passwords do not match.');
    const ok = await post(
      t.app,
      '/member/updatePwd',
      { oldPassword: member.password, password: 'Changed123', confirmPassword: 'Changed123' },
      as(member),
    );
    expect(ok.json().data).toEqual({ endedSessions: 1 });
    expect((await memberInfo(member.token)).json().status).toBe(0);
    expect((await memberInfo(other.token)).statusCode).toBe(401);
    expect(
      (await loginStep1(t.app, { ...member, password: 'Changed123' })).json().data.result,
    ).toBe('success');
  });

  it('modifyNickname and getMemberInfo', async () => {
    const member = await createMember(t.app);
    const res = await post(
      t.app,
      '/member/ico/modifyNickname',
      { nickname: '  Alice  ' },
      as(member),
    );
    expect(res.json().data).toEqual({ nickname: 'Alice' });
    const blank = await post(t.app, '/member/ico/modifyNickname', { nickname: ' ' }, as(member));
    expect(blank.json().data.issues[0].message).toBe('Please Fill in the Username.');
    const info = (await memberInfo(member.token)).json().data;
    expect(info).toMatchObject({
      memberId: member.memberId,
      nickname: 'Alice',
      referralCode: null,
    });
    // the referral code shows from level 1 (role bit 64)
    await t.database.db
      .update(members)
      .set({ roleId: 2 | 64 })
      .where(eq(members.id, member.memberId));
    expect((await memberInfo(member.token)).json().data.referralCode).toMatch(/^[A-Z0-9]{8}$/);
  });
});

describe('setPreferedSettings', () => {
  it("stores the member's language; login and getMemberInfo answer it", async () => {
    const member = await createMember(t.app);
    expect((await memberInfo(member.token)).json().data.language).toBeNull();
    const res = await post(t.app, '/member/setPreferedSettings', { language: 'zh-TW' }, as(member));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ language: 'zh-TW' });
    expect((await memberInfo(member.token)).json().data.language).toBe('zh-TW');
    // the next login (another device would do the same) carries it
    const login = (await loginStep1(t.app, member)).json().data;
    expect(login.result).toBe('success');
    expect(login.member.language).toBe('zh-TW');
  });

  it('refuses a language the app does not have, and a caller without a session', async () => {
    const member = await createMember(t.app);
    const bad = await post(t.app, '/member/setPreferedSettings', { language: 'ko-KR' }, as(member));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.field).toBe('language');
    const guest = await post(t.app, '/member/setPreferedSettings', { language: 'zh-CN' });
    expect(guest.statusCode).toBe(401);
    expect((await memberInfo(member.token)).json().data.language).toBeNull();
  });
});

describe("two members cannot read or change each other's data", () => {
  it("every call acts on the session's member only", async () => {
    const alice = await createMember(t.app);
    const bob = await createMember(t.app);

    // ids in the body are ignored / rejected; the session decides
    const info = await post(
      t.app,
      '/member/ico/getMemberInfo',
      { memberId: alice.memberId },
      as(bob),
    );
    expect(info.json().data.memberId).toBe(bob.memberId);
    await post(
      t.app,
      '/member/ico/modifyNickname',
      { nickname: 'Bob', memberId: alice.memberId },
      as(bob),
    );
    expect((await memberInfo(alice.token)).json().data.nickname).toBe('Tester');

    const bobDevices = (await post(t.app, '/member/getLoginDevices', {}, as(bob))).json().data;
    expect(bobDevices.list.map((d: { clientId: string }) => d.clientId)).toEqual([bob.clientId]);
    const aliceDevice = (await post(t.app, '/member/getLoginDevices', {}, as(alice))).json().data
      .list[0];
    const byOthersId = await post(
      t.app,
      '/member/getLoginDevices',
      { deviceID: aliceDevice.deviceID },
      as(bob),
    );
    expect(byOthersId.json().data.total).toBe(0);
    const revoke = await post(
      t.app,
      '/member/revokeLoginDevice',
      { clientId: alice.clientId },
      as(bob),
    );
    expect(revoke.statusCode).toBe(404);
    expect((await memberInfo(alice.token)).json().status).toBe(0);

    const logs = (await post(t.app, '/member/getLoginDeviceLogs', {}, as(bob))).json().data;
    const aliceLog = (await post(t.app, '/member/getLoginDeviceLogs', {}, as(alice))).json().data;
    const aliceIds = new Set(aliceLog.list.map((l: { id: number }) => l.id));
    expect(logs.list.some((l: { id: number }) => aliceIds.has(l.id))).toBe(false);

    // 2FA settings and the password of the other member stay untouched
    await set2FA(bob, { action: 'totp-setup' });
    const [aliceRow] = await t.database.db
      .select()
      .from(members)
      .where(eq(members.id, alice.memberId));
    expect(aliceRow?.totpPendingSecret).toBeNull();
    const pwd = await post(
      t.app,
      '/member/updatePwd',
      { oldPassword: alice.password, password: 'Hijack1234', confirmPassword: 'Hijack1234' },
      as(bob),
    );
    // Bob's own password is the same test password: the change applies to Bob, never Alice
    expect(pwd.json().status).toBe(0);
    expect((await loginStep1(t.app, alice)).json().data.result).toBe('success');
    expect((await loginStep1(t.app, { ...bob, password: 'Hijack1234' })).json().data.result).toBe(
      'success',
    );
    const wallets = (await post(t.app, '/member/siwe/wallets', undefined, as(bob))).json().data;
    expect(wallets.list).toEqual([]);
  });
});

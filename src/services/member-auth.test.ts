import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeFetch, type FakeHandler } from './fake-fetch';
import { ApiError, configureHttpClient } from './http-client';
import {
  activation,
  addUserType,
  authorizeLoginDevice,
  clearLoginSession,
  forgotPwd,
  getCaptchaChallenge,
  getMemberInfo,
  login,
  loginDelaySeconds,
  loginRetryAt,
  logout,
  logoutSession,
  register,
  registerValidation,
  resetPwd,
  sendVerifyEmailCode,
  sendVerifySmsCode,
  storeLoginSession,
  updateStoredMember,
} from './member-auth';
import { loginInfoSnapshot, subscribeLoginInfo } from './session-events';
import { getLoginInfo, setLoginInfo } from './session';

function setup(handler: FakeHandler) {
  const fake = createFakeFetch(handler);
  const goToLanding = vi.fn();
  const reload = vi.fn();
  configureHttpClient({
    fetch: fake.fetch,
    getLocale: () => 'en-US',
    goToLanding,
    reload,
    retryDelayMs: 0,
  });
  return { ...fake, goToLanding, reload };
}

const captcha = {
  algorithm: 'SHA-256' as const,
  challenge: 'ab'.repeat(32),
  salt: 's?expires=1',
  signature: 'sig',
  number: 42,
};
const member = {
  memberId: 7,
  userName: 'ann@example.com',
  nickname: 'Ann',
  email: 'ann@example.com',
  mobile: '+886912345678',
  emailVerified: true,
  mobileVerified: true,
  roleId: 1,
  accountType: 'individual' as const,
  twoFactor: 'none' as const,
  referralCode: null,
  language: null,
  groupID: 1 as const,
  realName: null,
  kyc2ApplyResult: null,
  kycFlags: { insufficient: false },
  region: null,
  premier: false,
};
const session = { token: 'tok', refreshToken: 'ref', expiredTime: Date.now() + 60_000 };
const UUID = /^[0-9a-f-]{36}$/;

function loggedIn() {
  setLoginInfo({ ...member, ...session });
}

describe('guest calls', () => {
  beforeEach(loggedIn); // guest calls carry no token even when one is stored

  it('getCaptchaChallenge: GET /member/geetest/initialize, parsed', async () => {
    const challenge = {
      algorithm: 'SHA-256',
      challenge: 'c',
      salt: 's',
      signature: 'g',
      maxnumber: 10,
    };
    const fake = setup(() => ({ data: challenge }));
    await expect(getCaptchaChallenge()).resolves.toEqual(challenge);
    expect(fake.requests[0]).toMatchObject({ path: '/member/geetest/initialize', method: 'GET' });
    expect(fake.requests[0]?.headers).not.toHaveProperty('Authorization');
  });

  it('getCaptchaChallenge: another algorithm is an invalid response', async () => {
    setup(() => ({
      data: { algorithm: 'MD5', challenge: 'c', salt: 's', signature: 'g', maxnumber: 10 },
    }));
    await expect(getCaptchaChallenge()).rejects.toMatchObject({ message: 'invalid_response' });
  });

  it('register: POST with the form body and the register device headers (type 3)', async () => {
    const fake = setup(() => ({
      data: { memberId: 3, email: 'a@b.co', mobile: '+886****678', resendAfter: 60 },
    }));
    const body = {
      accountType: 'individual' as const,
      userName: 'ann',
      email: 'a@b.co',
      mobile: '+886912345678',
      password: 'abc12345',
      confirmPassword: 'abc12345',
      agreement: true as const,
      privacyPolicy: true as const,
      referralCode: '',
      captcha,
    };
    await expect(register(body)).resolves.toMatchObject({ memberId: 3, resendAfter: 60 });
    const sent = fake.requests[0]!;
    expect(sent).toMatchObject({ path: '/member/register', method: 'POST', body });
    expect(sent.headers['x-device-type']).toBe('3');
    expect(sent.headers['x-client-id']).toMatch(UUID);
    expect(sent.headers['x-client-id']).toBe(localStorage.getItem('clientId'));
    expect(sent.headers['x-device-agent']).toBe(navigator.userAgent);
    expect(sent.headers['x-device-os']).toBeTruthy();
    expect(sent.headers).not.toHaveProperty('Authorization');
  });

  it('registerValidation: GET with field and value', async () => {
    const fake = setup(() => ({ data: { valid: false, message: 'Invalid Referral Code.' } }));
    await expect(registerValidation({ field: 'referralCode', value: 'ZZZ999' })).resolves.toEqual({
      valid: false,
      message: 'Invalid Referral Code.',
    });
    expect(fake.requests[0]?.path).toBe('/member/registerValidation');
    expect(fake.requests[0]?.query.get('field')).toBe('referralCode');
    expect(fake.requests[0]?.query.get('value')).toBe('ZZZ999');
  });

  it('sendVerifyEmailCode / sendVerifySmsCode: POST the account e-mail; answer the countdown', async () => {
    const fake = setup(() => ({ data: { resendAfter: 60, sentTo: 'a***@b.co' } }));
    await expect(sendVerifyEmailCode({ userName: 'a@b.co' })).resolves.toEqual({
      resendAfter: 60,
      sentTo: 'a***@b.co',
    });
    await sendVerifySmsCode({ userName: 'a@b.co' });
    expect(fake.requests.map((r) => [r.path, r.method, r.body])).toEqual([
      ['/member/sendVerifyEmailCode', 'POST', { userName: 'a@b.co' }],
      ['/member/sendVerifySmsCode', 'POST', { userName: 'a@b.co' }],
    ]);
  });

  it('activation: PUT actionType, userName, code; a wrong code rejects with the spec message', async () => {
    const fake = setup((req) =>
      (req.body as { code: string }).code === '123456'
        ? { data: { emailVerified: true, mobileVerified: false } }
        : { http: 400, status: 400, message: 'The code is wrong.' },
    );
    const body = { actionType: 'email' as const, userName: 'a@b.co', code: '123456' };
    await expect(activation(body)).resolves.toEqual({ emailVerified: true, mobileVerified: false });
    expect(fake.requests[0]).toMatchObject({ path: '/member/activation', method: 'PUT', body });
    await expect(activation({ ...body, code: '000000' })).rejects.toMatchObject({
      message: 'The code is wrong.',
    });
  });

  it('forgotPwd and resetPwd: guest POSTs', async () => {
    const answer = { reset: true, unlinkedWallets: 0, walletLoginSuspended: true };
    const fake = setup((req) => ({
      data: req.path.endsWith('forgotPwd') ? { sent: true } : answer,
    }));
    await forgotPwd({ email: 'a@b.co', captcha });
    const reset = {
      token: 't'.repeat(32),
      password: 'abc12345',
      confirmPassword: 'abc12345',
      unlinkWallets: false,
    };
    expect(await resetPwd(reset)).toEqual(answer);
    expect(fake.requests[0]).toMatchObject({
      path: '/member/forgotPwd',
      method: 'POST',
      body: { email: 'a@b.co', captcha },
    });
    expect(fake.requests[1]).toMatchObject({ path: '/member/resetPwd', body: reset });
    expect(fake.requests[1]?.headers).not.toHaveProperty('Authorization');
  });

  it('resetPwd: an invalid link rejects with the spec message', async () => {
    setup(() => ({ http: 400, status: 400, message: 'Please confirm that the link is valid' }));
    await expect(
      resetPwd({ token: 't'.repeat(32), password: 'abc12345', confirmPassword: 'abc12345' }),
    ).rejects.toMatchObject({ message: 'Please confirm that the link is valid' });
  });
});

describe('loginRetryAt', () => {
  it('reads the retryAt of login_delayed, rounded up to the minute; null otherwise', () => {
    const delayed = (data: unknown) => new ApiError({ call: 'x', message: 'login_delayed', data });
    expect(loginRetryAt(delayed({ retryAfter: 5, retryAt: '2025-03-01T04:14:20.000Z' }))).toEqual(
      new Date('2025-03-01T04:15:00.000Z'),
    );
    expect(loginRetryAt(delayed({ retryAfter: 5, retryAt: '2025-03-01T04:14:00.000Z' }))).toEqual(
      new Date('2025-03-01T04:14:00.000Z'),
    );
    expect(loginRetryAt(delayed({ retryAfter: 5 }))).toBeNull();
    expect(loginRetryAt(delayed({ retryAt: 'soon' }))).toBeNull();
    expect(
      loginRetryAt(new ApiError({ call: 'x', message: 'invalid_credentials', data: null })),
    ).toBeNull();
  });
});

describe('login', () => {
  it('keeps the device token a login answers and sends it with the next login', async () => {
    localStorage.removeItem('deviceToken');
    const deviceToken = 'D'.repeat(43);
    const fake = setup(() => ({
      data: { result: 'success', session, member, offerInvestorRole: false, deviceToken },
    }));
    await login({ step: 1, email: 'ann@example.com', password: 'pw', captcha });
    expect(fake.requests[0]!.headers).not.toHaveProperty('x-device-token');
    expect(localStorage.getItem('deviceToken')).toBe(deviceToken);
    await login({ step: 1, email: 'ann@example.com', password: 'pw', captcha });
    expect(fake.requests[1]!.headers['x-device-token']).toBe(deviceToken);
    localStorage.removeItem('deviceToken');
  });

  it('step 1: e-mail, password, grant_type password, source 0, step 1, captcha; device type 13', async () => {
    const fake = setup(() => ({
      data: { result: 'success', session, member, offerInvestorRole: true },
    }));
    const result = await login({ step: 1, email: 'ann@example.com', password: 'pw', captcha });
    expect(result).toEqual({ result: 'success', session, member, offerInvestorRole: true });
    const sent = fake.requests[0]!;
    expect(sent.path).toBe('/member/login');
    expect(sent.body).toEqual({
      email: 'ann@example.com',
      password: 'pw',
      grant_type: 'password',
      source: 0,
      step: 1,
      captcha,
    });
    expect(sent.headers['x-device-type']).toBe('13');
    expect(sent.headers['x-client-id']).toBe(localStorage.getItem('clientId'));
    expect(sent.headers).not.toHaveProperty('Authorization');
  });

  it('step 2: the ticket and the code in google2FAToken, no e-mail or password', async () => {
    const fake = setup(() => ({ data: { result: 'device_authorization', sentTo: 'a***@b.co' } }));
    await expect(login({ step: 2, ticket: 'tk', google2FAToken: '123456' })).resolves.toEqual({
      result: 'device_authorization',
      sentTo: 'a***@b.co',
    });
    expect(fake.requests[0]?.body).toEqual({
      grant_type: 'password',
      source: 0,
      step: 2,
      ticket: 'tk',
      google2FAToken: '123456',
    });
  });

  it('parses the second-factor answer and refuses an unknown result', async () => {
    let reply: unknown = {
      result: 'second_factor',
      method: 'sms',
      ticket: 't',
      sentTo: '+886****678',
    };
    setup(() => ({ data: reply }));
    await expect(
      login({ step: 1, email: 'a@b.co', password: 'p', captcha }),
    ).resolves.toMatchObject({ result: 'second_factor', method: 'sms' });
    reply = { result: 'welcome' };
    await expect(login({ step: 1, email: 'a@b.co', password: 'p', captcha })).rejects.toMatchObject(
      { message: 'invalid_response' },
    );
  });

  it('login_delayed: the refusal carries the seconds to wait', async () => {
    setup(() => ({ http: 429, status: 429, message: 'login_delayed', data: { retryAfter: 4.2 } }));
    const error = await login({ step: 1, email: 'a@b.co', password: 'p', captcha }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(loginDelaySeconds(error)).toBe(5);
    expect(
      loginDelaySeconds(new ApiError({ call: 'x', message: 'login_delayed', data: null })),
    ).toBe(60);
    expect(loginDelaySeconds(new ApiError({ call: 'x', message: 'invalid_credentials' }))).toBe(
      null,
    );
    expect(loginDelaySeconds(new Error('login_delayed'))).toBe(null);
  });

  it('authorizeLoginDevice: POST the link token with this device headers', async () => {
    const fake = setup(() => ({ data: { authorized: true } }));
    await authorizeLoginDevice('x'.repeat(40));
    expect(fake.requests[0]).toMatchObject({
      path: '/member/authorizeLoginDevice',
      method: 'POST',
      body: { token: 'x'.repeat(40) },
    });
    expect(fake.requests[0]?.headers['x-client-id']).toBe(localStorage.getItem('clientId'));
  });
});

describe('member calls', () => {
  beforeEach(loggedIn);

  it('logout, addUserType and getMemberInfo carry the bearer token', async () => {
    const fake = setup((req) => {
      if (req.path.endsWith('/logout')) return { data: { loggedOut: true } };
      if (req.path.endsWith('/addUserType')) return { data: { roleId: 3 } };
      return { data: member };
    });
    await logout();
    await expect(addUserType()).resolves.toEqual({ roleId: 3 });
    await expect(getMemberInfo()).resolves.toEqual(member);
    expect(fake.requests.map((r) => [r.path, r.method, r.headers.Authorization])).toEqual([
      ['/member/logout', 'POST', 'Bearer tok'],
      ['/member/addUserType', 'POST', 'Bearer tok'],
      ['/member/ico/getMemberInfo', 'POST', 'Bearer tok'],
    ]);
    expect(fake.requests[1]?.body).toEqual({ userType: 2 });
  });
});

describe('the stored session', () => {
  it('storeLoginSession keeps token, refresh token, expiry and member fields, and notifies', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeLoginInfo(listener);
    storeLoginSession({ session, member });
    expect(getLoginInfo()).toEqual({ ...member, ...session });
    expect(listener).toHaveBeenCalledTimes(1);
    updateStoredMember({ roleId: 3 });
    expect(getLoginInfo()?.roleId).toBe(3);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    clearLoginSession();
    expect(listener).toHaveBeenCalledTimes(2);
    expect(loginInfoSnapshot()).toBeNull();
  });

  it('hears changes made in another tab', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeLoginInfo(listener);
    window.dispatchEvent(new StorageEvent('storage', { key: 'lang' }));
    expect(listener).not.toHaveBeenCalled();
    window.dispatchEvent(new StorageEvent('storage', { key: 'loginInfo' }));
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('logoutSession ends the session on the server, then forgets it', async () => {
    loggedIn();
    const fake = setup(() => ({ data: { loggedOut: true } }));
    const listener = vi.fn();
    const unsubscribe = subscribeLoginInfo(listener);
    await logoutSession();
    unsubscribe();
    expect(fake.to('/member/logout')).toHaveLength(1);
    expect(getLoginInfo()).toBeNull();
    expect(listener).toHaveBeenCalled();
  });

  it('logoutSession ignores a failed logout call and still forgets the session', async () => {
    loggedIn();
    setup(() => ({ http: 500, status: 500, message: 'boom' }));
    await expect(logoutSession()).resolves.toBeUndefined();
    expect(getLoginInfo()).toBeNull();
  });

  it('logoutSession without a session calls nothing', async () => {
    const fake = setup(() => ({ data: { loggedOut: true } }));
    await logoutSession();
    expect(fake.requests).toHaveLength(0);
  });
});

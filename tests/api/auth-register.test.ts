import { parseOptions } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_TYPE } from '../../src/shared/api/auth';
import { devices, members, verificationCodes } from '../../src/server/db/schema';
import { solveCaptchaChallenge } from '../../src/server/domain/auth/captcha';
import {
  PASSWORD_HASH_PARAMS,
  setPasswordHashParams,
  TEST_PASSWORD_HASH_PARAMS,
} from '../../src/server/domain/auth/passwords';
import {
  call,
  createMember,
  deviceHeaders,
  freshIp,
  latestCode,
  newCredentials,
  outbox,
  post,
  registerBody,
  solveCaptcha,
} from '../helpers/auth';
import { createTestApp, TEST_CAPTCHA_MAX_NUMBER, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function register(overrides: Record<string, unknown> = {}, credentials = newCredentials()) {
  const body = { ...(await registerBody(t.app, credentials)), ...overrides };
  const res = await post(t.app, '/member/register', body, {
    headers: deviceHeaders(credentials.clientId, DEVICE_TYPE.register),
  });
  return { res, credentials };
}

async function memberRow(email: string) {
  const [row] = await t.database.db.select().from(members).where(eq(members.email, email));
  return row;
}

describe('captcha (GET /member/geetest/initialize)', () => {
  it('issues a signed ALTCHA-style challenge with the configured maxnumber', async () => {
    const res = await call(t.app, 'GET', '/member/geetest/initialize');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ algorithm: 'SHA-256', maxnumber: TEST_CAPTCHA_MAX_NUMBER });
    expect(data.challenge).toMatch(/^[0-9a-f]{64}$/);
    expect(data.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(data.salt).toMatch(/\?expires=\d+$/);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('refuses a missing, forged, wrongly solved, reused or expired solution', async () => {
    const credentials = newCredentials();
    const refusal = { status: 400, message: 'captcha_invalid' };

    const { captcha: _drop, ...noCaptcha } = await registerBody(t.app, credentials);
    expect((await post(t.app, '/member/register', noCaptcha)).statusCode).toBe(400);

    const good = await solveCaptcha(t.app);
    const forged = { ...good, signature: 'f'.repeat(64) };
    expect((await register({ captcha: forged })).res.json()).toMatchObject(refusal);

    const wrong = await solveCaptcha(t.app);
    const wrongNumber = { ...wrong, number: (wrong.number + 1) % (TEST_CAPTCHA_MAX_NUMBER + 1) };
    expect((await register({ captcha: wrongNumber })).res.json()).toMatchObject(refusal);

    // A salt with another expiry does not match the signed challenge.
    const tampered = { ...good, salt: good.salt.replace(/expires=\d+/, 'expires=9999999999') };
    expect((await register({ captcha: tampered })).res.json()).toMatchObject(refusal);

    // used once: the second registration with the same solution is refused
    const reused = await solveCaptcha(t.app);
    expect((await register({ captcha: reused })).res.statusCode).toBe(200);
    expect((await register({ captcha: reused })).res.json()).toMatchObject(refusal);

    const old = await solveCaptcha(t.app);
    t.clock.advance(11 * 60_000);
    expect((await register({ captcha: old })).res.json()).toMatchObject(refusal);
  });

  it('the solver finds the number the server picked', async () => {
    const res = await call(t.app, 'GET', '/member/geetest/initialize');
    const solution = solveCaptchaChallenge(res.json().data);
    expect(solution.number).toBeGreaterThanOrEqual(0);
    expect(solution.number).toBeLessThanOrEqual(TEST_CAPTCHA_MAX_NUMBER);
  });
});

describe('POST /member/register', () => {
  it('creates an Investor with an argon2id hash at OWASP parameters, sends both codes, authorises the registering device', async () => {
    // the suite hashes with cheap parameters (tests/setup-integration.ts): a server's are these
    setPasswordHashParams(PASSWORD_HASH_PARAMS);
    const ok = await register().finally(() => setPasswordHashParams(TEST_PASSWORD_HASH_PARAMS));
    expect(ok.res.statusCode).toBe(200);
    const data = ok.res.json().data;
    expect(data).toMatchObject({
      email: ok.credentials.email,
      mobile: ok.credentials.mobile,
      resendAfter: 60,
    });
    const row = await memberRow(ok.credentials.email);
    expect(row).toMatchObject({ id: data.memberId, roleId: 2, accountType: 'individual' });
    expect(row?.referralCode).toMatch(/^[A-Z0-9]{8}$/);
    expect(row?.passwordHash).not.toContain(ok.credentials.password);
    const params = parseOptions(row!.passwordHash);
    expect(row!.passwordHash.startsWith('$argon2id$')).toBe(true);
    expect(params).toMatchObject({
      memoryCost: PASSWORD_HASH_PARAMS.memoryCost,
      timeCost: PASSWORD_HASH_PARAMS.timeCost,
      parallelism: PASSWORD_HASH_PARAMS.parallelism,
    });
    expect(params.memoryCost).toBeGreaterThanOrEqual(19_456);
    expect(params.timeCost).toBeGreaterThanOrEqual(2);

    const mail = await outbox(t.app, ok.credentials.email);
    const sms = await outbox(t.app, ok.credentials.mobile);
    expect(mail[0]?.code).toMatch(/^\d{6}$/);
    expect(sms[0]?.code).toMatch(/^\d{6}$/);
    expect(sms[0]).toMatchObject({ channel: 'sms', subject: null });

    const [device] = await t.database.db
      .select()
      .from(devices)
      .where(eq(devices.memberId, data.memberId));
    expect(device).toMatchObject({
      clientId: ok.credentials.clientId,
      deviceType: 3,
      status: 1,
      os: 'Linux',
      position: 'Taipei',
    });
    // codes are stored hashed
    const codes = await t.database.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.memberId, data.memberId));
    expect(codes).toHaveLength(2);
    for (const code of codes) expect(code.codeHash).not.toBe(mail[0]?.code);
  });

  it('institutional accounts get Investor and Business roles', async () => {
    const { res, credentials } = await register({ accountType: 'institutional' });
    expect(res.statusCode).toBe(200);
    expect((await memberRow(credentials.email))?.roleId).toBe(6);
  });

  it('answers the spec messages for each invalid field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { password: 'short1', confirmPassword: 'short1' },
        'password',
        '8-128 characters with letter and number',
      ],
      [
        { password: 'lettersonly', confirmPassword: 'lettersonly' },
        'password',
        '8-128 characters with letter and number',
      ],
      [{ confirmPassword: 'Different1' }, 'confirmPassword', 'Passwords do not match.'],
      [{ agreement: false }, 'agreement', 'agreement_required'],
      [{ privacyPolicy: false }, 'privacyPolicy', 'agreement_required'],
      [{ userName: '   ' }, 'userName', 'Please Fill in the Username.'],
      [{ email: 'not-an-email' }, 'email', 'Incorrect email format'],
      [{ mobile: '' }, 'mobile', 'Phone Number must not be blank!!'],
      [{ mobile: '0912345678' }, 'mobile', 'Incorrect mobile format'],
      [{ referralCode: 'bad!' }, 'referralCode', 'Invalid Referral Code.'],
      [{ referralCode: 'NOSUCH99' }, 'referralCode', 'Invalid Referral Code.'],
    ];
    for (const [overrides, field, message] of cases) {
      const { res } = await register(overrides);
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      const body = res.json();
      expect(body.message).toBe('validation_failed');
      expect(body.data.field).toBe(field);
      expect(body.data.issues[0].message).toBe(message);
    }
  });

  it('refuses a taken e-mail (any case) with email_taken', async () => {
    const { credentials } = await register();
    const again = newCredentials();
    again.email = credentials.email.toUpperCase();
    const { res } = await register({}, again);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: 409, message: 'email_taken' });
  });

  it('accepts a valid referral code (any case) and records the referrer', async () => {
    const referrer = await createMember(t.app);
    const referrerRow = await memberRow(referrer.email);
    const { res, credentials } = await register({
      referralCode: referrerRow!.referralCode.toLowerCase(),
    });
    expect(res.statusCode).toBe(200);
    expect((await memberRow(credentials.email))?.referredBy).toBe(referrer.memberId);
  });
});

describe('GET /member/registerValidation', () => {
  it('tells whether an e-mail is free and a referral code valid', async () => {
    const member = await createMember(t.app);
    const row = await memberRow(member.email);
    const check = async (field: string, value: string) =>
      (
        await call(
          t.app,
          'GET',
          `/member/registerValidation?field=${field}&value=${encodeURIComponent(value)}`,
        )
      ).json().data;
    expect(await check('email', member.email)).toEqual({ valid: false, message: 'email_taken' });
    expect(await check('email', 'free@example.com')).toEqual({ valid: true, message: null });
    expect(await check('email', 'nope')).toEqual({
      valid: false,
      message: 'Incorrect email format',
    });
    expect(await check('referralCode', row!.referralCode)).toEqual({ valid: true, message: null });
    expect(await check('referralCode', 'ZZZZZZ')).toEqual({
      valid: false,
      message: 'Invalid Referral Code.',
    });
    const bad = await call(t.app, 'GET', '/member/registerValidation?field=name&value=x');
    expect(bad.statusCode).toBe(400);
  });
});

describe('contact verification', () => {
  it('activates e-mail and mobile with their codes; a code is single use', async () => {
    const { credentials } = await register();
    const emailCode = await latestCode(t.app, credentials.email);
    const smsCode = await latestCode(t.app, credentials.mobile);
    const activate = (actionType: string, code: string) =>
      call(t.app, 'PUT', '/member/activation', { actionType, userName: credentials.email, code });

    // the SMS code does not verify the e-mail
    if (smsCode !== emailCode) {
      expect((await activate('email', smsCode)).json().message).toBe('The code is wrong.');
    }
    const first = await activate('email', emailCode);
    expect(first.json()).toMatchObject({
      status: 0,
      data: { emailVerified: true, mobileVerified: false },
    });
    const again = await activate('email', emailCode);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('code_expired');

    const mobile = await activate('mobile', smsCode);
    expect(mobile.json().data).toEqual({ emailVerified: true, mobileVerified: true });
    const row = await memberRow(credentials.email);
    expect(row?.emailVerifiedAt?.toISOString()).toBe(t.clock.now().toISOString());
  });

  it('a code expires after 10 minutes', async () => {
    const { credentials } = await register();
    const code = await latestCode(t.app, credentials.email);
    t.clock.advance(10 * 60_000 + 1);
    const res = await call(t.app, 'PUT', '/member/activation', {
      actionType: 'email',
      userName: credentials.email,
      code,
    });
    expect(res.json()).toMatchObject({ status: 400, message: 'code_expired' });
  });

  it('5 wrong codes kill the code', async () => {
    const { credentials } = await register();
    const code = await latestCode(t.app, credentials.mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    const activate = (value: string) =>
      call(t.app, 'PUT', '/member/activation', {
        actionType: 'mobile',
        userName: credentials.email,
        code: value,
      });
    for (let i = 1; i <= 5; i += 1) {
      const res = await activate(wrong);
      expect(res.json()).toMatchObject({
        message: 'The code is wrong.',
        data: { field: 'code', attemptsLeft: 5 - i },
      });
    }
    expect((await activate(code)).json().message).toBe('code_expired');
  });

  it('resend: 60-second cooldown with resendAfter, then a new code replaces the old; hourly cap', async () => {
    const { credentials } = await register();
    const first = await latestCode(t.app, credentials.email);
    const send = () => post(t.app, '/member/sendVerifyEmailCode', { userName: credentials.email });
    const soon = await send();
    expect(soon.statusCode).toBe(429);
    expect(soon.json()).toMatchObject({ message: 'resend_too_soon' });
    expect(soon.json().data.resendAfter).toBeGreaterThan(0);
    expect(soon.json().data.resendAfter).toBeLessThanOrEqual(60);

    t.clock.advance(61_000);
    const again = await send();
    expect(again.json()).toMatchObject({ status: 0, data: { resendAfter: 60 } });
    expect(again.json().data.sentTo).toMatch(/^\w\*\*\*\w?@example\.com$/);
    const second = await latestCode(t.app, credentials.email);
    if (first !== second) {
      const old = await call(t.app, 'PUT', '/member/activation', {
        actionType: 'email',
        userName: credentials.email,
        code: first,
      });
      // refused: only the newest code counts
      expect(old.json()).toMatchObject({ status: 400, message: 'The code is wrong.' });
    }
    // 2 sent so far this hour; 3 more allowed, then the cap
    for (let i = 0; i < 3; i += 1) {
      t.clock.advance(61_000);
      expect((await send()).statusCode).toBe(200);
    }
    t.clock.advance(61_000);
    const capped = await send();
    expect(capped.statusCode).toBe(429);
    expect(capped.json().data.resendAfter).toBeGreaterThan(60);
  });

  it('SMS codes go to the stored mobile only; an unknown account gets the same kind of answer', async () => {
    const { credentials } = await register();
    t.clock.advance(61_000);
    const res = await post(t.app, '/member/sendVerifySmsCode', { userName: credentials.email });
    expect(res.json()).toMatchObject({ status: 0, data: { resendAfter: 60 } });
    expect(res.json().data.sentTo).toBe(
      `${credentials.mobile.slice(0, 5)}****${credentials.mobile.slice(-3)}`,
    );
    expect(await outbox(t.app, credentials.mobile)).toHaveLength(2);

    const unknown = await post(t.app, '/member/sendVerifyEmailCode', {
      userName: 'nobody@example.com',
    });
    expect(unknown.json()).toMatchObject({ status: 0, data: { resendAfter: 60 } });
    expect(await outbox(t.app, 'nobody@example.com')).toHaveLength(0);
    const badEmail = await post(t.app, '/member/sendVerifyEmailCode', { userName: 'x' });
    expect(badEmail.json()).toMatchObject({
      message: 'validation_failed',
      data: { field: 'userName' },
    });
  });
});

describe('dev outbox', () => {
  it('lists messages as JSON, filtered by address, and as an escaped HTML page for a browser', async () => {
    const evil = newCredentials();
    const { res } = await register({ userName: '<script>alert(1)</script>' }, evil);
    expect(res.statusCode).toBe(200);
    const json = await call(
      t.app,
      'GET',
      `/dev/outbox?to=${encodeURIComponent(evil.email.toUpperCase())}&limit=1`,
    );
    expect(json.headers['content-type']).toMatch(/application\/json/);
    const list = json.json().data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ channel: 'email', to: evil.email });

    const spaced = `${evil.mobile.slice(0, 4)} ${evil.mobile.slice(4)}`;
    expect(await outbox(t.app, spaced)).toHaveLength(1);

    const html = await t.app.inject({
      method: 'GET',
      url: `/dev/outbox?to=${encodeURIComponent('<b>"x"</b>')}`,
      remoteAddress: freshIp(),
      headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
    });
    expect(html.headers['content-type']).toMatch(/text\/html/);
    expect(html.body).toContain('&lt;b&gt;&quot;x&quot;&lt;/b&gt;');
    expect(html.body).not.toContain('<b>"x"</b>');

    const all = await t.app.inject({
      method: 'GET',
      url: '/dev/outbox?limit=200',
      remoteAddress: freshIp(),
      headers: { accept: 'text/html' },
    });
    expect(all.body).toContain(evil.email);
    expect(all.body).toMatch(/class="code"[^>]*>\d{6}</);
  });

  it('does not exist in production', async () => {
    const prod = await createTestApp({
      config: {
        nodeEnv: 'production',
        appOrigin: 'https://app.example.com',
        // production refuses anvil's test mnemonic and needs DATA_KEY
        walletSeed:
          'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
        dataKey: 'a-production-data-key-of-32-chars-at-least',
      },
    });
    try {
      const res = await call(prod.app, 'GET', '/dev/outbox');
      expect(res.statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});

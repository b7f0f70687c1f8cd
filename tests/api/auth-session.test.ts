import { eq } from 'drizzle-orm';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberActivity, sessionFamilies, sessions } from '../../src/server/db/schema';
import {
  JWT_AUDIENCE,
  JWT_ISSUER,
  REFRESH_IDLE_TTL_MS,
  revokeMemberSessions,
  SESSION_ABSOLUTE_TTL_MS,
} from '../../src/server/domain/auth/sessions';
import {
  call,
  type CallOptions,
  createMember,
  loginSession,
  post,
  type TestMember,
} from '../helpers/auth';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const DAY = 24 * 3600_000;
const refresh = (token: string) => post(t.app, '/member/refresh', { token });
const memberInfo = (token: string) =>
  post(t.app, '/member/ico/getMemberInfo', undefined, { token });

const LOGIN_AGAIN = { status: 401, message: 'Please login again.', data: null };
const EXPIRED = { status: 401, message: 'Verify token error: jwt expired', data: null };

/** Member routes and a body each accepts, so a refusal can only come from authentication. */
/** [url, body, method (default POST)] */
const MEMBER_ROUTES: [string, unknown, ('GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE')?][] = [
  ['/member/logout', undefined],
  ['/member/addUserType', { userType: 2 }],
  ['/member/get2FASettings', undefined],
  ['/member/set2FASettings', { action: 'totp-setup' }],
  ['/member/getLoginDevices', {}],
  ['/member/getLoginDeviceLogs', {}],
  ['/member/revokeLoginDevice', { clientId: 'no-such-client' }],
  [
    '/member/updatePwd',
    { oldPassword: 'x', password: 'Newpass123', confirmPassword: 'Newpass123' },
  ],
  ['/member/ico/modifyNickname', { nickname: 'Eve' }],
  ['/member/setPreferedSettings', { language: 'zh-TW' }],
  ['/member/ico/getMemberInfo', undefined],
  ['/member/siwe/link', { message: 'x', signature: '0x00' }],
  ['/member/siwe/wallets', undefined],
  ['/member/siwe/unlink', { address: `0x${'1'.repeat(40)}`, code: '123456' }],
  ['/member/loyalty/status', undefined, 'GET'],
  ['/member/loyalty/alliance/check', undefined, 'GET'],
  [
    '/member/loyalty/alliance/register',
    { address: `0x${'1'.repeat(40)}`, message: 'x', signature: '0x00', ts: 1 },
  ],
  ['/member/loyalty/alliance/unregister', undefined, 'PATCH'],
  // identity verification (KYC), premier membership, uploads, referral record
  ['/member/uploadImage', undefined],
  ['/member/ico/kyc/image/:imageId', undefined, 'GET'],
  ['/member/ico/kyc/getStatus', undefined],
  ['/member/ico/kyc/kycForm', undefined, 'GET'],
  ['/member/ico/kyc/getLevelOne', undefined],
  ['/member/ico/kyc/getLevelTwo', undefined],
  ['/member/ico/kyc/getLevelThree', undefined],
  ['/member/ico/kyc/modifyLevelOne', {}],
  ['/member/ico/kyc/modifyLevelTwo', {}],
  ['/member/ico/kyc/verifyLevelThree', { declaration: true }],
  ['/member/applyBusinessVerify', {}],
  ['/member/ico/kyc/applyForPremierMember', undefined],
  ['/member/ico/kyc/applyForKYC2', {}],
  ['/api/v1/user/referral/history', undefined, 'GET'],
  ['/api/v1/user/referral/program', undefined, 'GET'],
  ['/api/v1/user/campaign/Airdrop', undefined, 'GET'],
  // the partner (Coolbitx) referral program
  [
    '/api/v1/htoken/coolBitX/createReferral',
    { address: '0x0000000000000000000000000000000000000001' },
  ],
  ['/api/v1/htoken/coolBitX/referralInfo', undefined, 'GET'],
  ['/api/v1/xsaving/coolBitX/history', undefined, 'GET'],
  // custodial wallet and the BCNT store (authentication runs before body validation)
  ['/api/v1/user/WalletInfo', undefined, 'GET'],
  ['/api/v1/user/WalletHistory', undefined, 'GET'],
  ['/api/v1/user/WalletDepositInfo', undefined, 'GET'],
  ['/api/v1/user/WithdrawInfo', undefined, 'GET'],
  ['/api/v1/user/Withdraw', undefined, 'GET'],
  ['/api/v1/user/Withdraw', {}],
  ['/api/v1/user/Withdraw/sendCode', undefined],
  ['/api/v1/user/address', undefined, 'GET'],
  ['/api/v1/user/address', {}],
  ['/api/v1/user/address', {}, 'DELETE'],
  ['/api/v1/user/address/default', {}, 'PATCH'],
  ['/api/v1/user/ConvertInfo', undefined, 'GET'],
  ['/api/v1/user/ConvertHistory', undefined, 'GET'],
  ['/api/v1/user/ConvertCurrency', {}],
  ['/api/v1/user/wallet/stake', {}],
  ['/api/v1/user/wallet/stake/record', undefined, 'GET'],
  ['/token/order', undefined, 'GET'],
  ['/token/order', {}],
  // earn products: the member's part (the catalog is public)
  ['/api/v1/premium2/Detail', undefined, 'GET'],
  ['/api/v1/premium2/CheckJoin', undefined, 'GET'],
  ['/api/v1/premium2/UserFunds', undefined, 'GET'],
  ['/api/v1/premium2/PremiumHistory', undefined, 'GET'],
  ['/api/v1/premium2/Join', {}],
  ['/api/v1/premium2/Leave', {}],
  ['/api/v1/premium2/Setting', {}],
  ['/api/v1/premium2/ChangeAssetReturn', {}],
  ['/api/v1/premium2/XSavingSetting', {}],
  ['/api/v1/premium2/XSavingHistory', undefined, 'GET'],
  ['/api/v1/premium2/Statement', undefined, 'GET'],
  // members' exchange API keys
  ['/api/v1/user/ApiKey', undefined, 'GET'],
  ['/api/v1/user/ApiKey', {}],
  ['/api/v1/user/ApiKey', {}, 'PUT'],
  ['/api/v1/user/ApiKey', {}, 'DELETE'],
  // Smart Autotrade: the member's strategies, favorites, reviews, orders
  ['/api/v1/user/UserDashboardStrategyList', undefined, 'GET'],
  ['/api/v1/user/FavoriteStrategy', undefined, 'GET'],
  ['/api/v1/user/FavoriteStrategy', {}],
  ['/api/v1/user/FavoriteStrategy', {}, 'DELETE'],
  ['/api/v1/user/StrategyReview', {}],
  ['/api/v1/user/Portfolio', undefined, 'GET'],
  ['/api/v1/user/OrderList', undefined, 'GET'],
  ['/api/v1/user/ProfitLossChart', undefined, 'GET'],
  ['/api/v1/user/EquityAndDrawdownChart', undefined, 'GET'],
  // Smart Autotrade: subscribing, margins, reports
  ['/api/v1/strategy/MinStakeAmount', undefined, 'GET'],
  ['/api/v1/strategy/CheckSubscription', undefined, 'GET'],
  ['/api/v1/strategy/Subscribe', {}],
  ['/api/v1/strategy/Unsubscribe', {}],
  ['/api/v1/user/UnsubscribeInfo', undefined, 'GET'],
  ['/api/v1/user/StakeStrategy', {}],
  ['/api/v1/user/StrategyHistory', undefined, 'GET'],
  ['/api/v1/user/StrategyFollowHistory', undefined, 'GET'],
  ['/api/v1/user/AssetUnderManagement', undefined, 'GET'],
  ['/api/v1/user/ExchangeBalance', undefined, 'GET'],
  ['/api/v1/user/StrategyReport', undefined, 'GET'],
  // the risk questionnaire and suitability
  ['/api/v1/questionnaire/draft', undefined, 'GET'],
  ['/api/v1/questionnaire/save', {}],
  ['/api/v1/questionnaire/submit', {}],
  ['/api/v1/questionnaire/result', undefined, 'GET'],
  ['/api/v1/questionnaire/suitability', undefined, 'GET'],
  // the lending bot
  ['/api/v1/lending/CheckSubscription', undefined, 'GET'],
  ['/api/v1/user/LendingExchangeBalance', undefined, 'GET'],
  ['/api/v1/user/LendingInterestHistory', undefined, 'GET'],
  ['/api/v1/user/LendingStrategyList', undefined, 'GET'],
  ['/api/v1/lending/FeeCurrency', {}],
  ['/api/v1/lending/IdleAmount', {}],
  ['/api/v1/lending/Resubscribe', {}],
  ['/api/v1/lending/Subscribe', {}],
  ['/api/v1/lending/Suspend', {}],
  ['/api/v1/lending/Unsubscribe', {}],
  // BinFi: a member's own view of the rounds
  ['/api/v1/binfi/CheckJoin', undefined, 'GET'],
  ['/api/v1/binfi/SupplierDetail3', undefined, 'GET'],
  ['/api/v1/binfi/TakerDetail3', undefined, 'GET'],
  ['/api/v1/binfi/user/funds', undefined, 'GET'],
  ['/api/v1/binfi/Supply', {}],
  ['/api/v1/binfi/Take', {}],
  ['/api/v1/binfi/CheckReferral', undefined, 'GET'],
];

async function sign(
  claims: Record<string, unknown>,
  options: { key?: string; alg?: string; exp?: number; aud?: string; iss?: string } = {},
) {
  const now = Math.floor(t.clock.now().getTime() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: options.alg ?? 'HS256' })
    .setIssuer(options.iss ?? JWT_ISSUER)
    .setAudience(options.aud ?? JWT_AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(options.exp ?? now + 600)
    .sign(new TextEncoder().encode(options.key ?? TEST_JWT_SECRET));
}

describe('refresh tokens', () => {
  it('rotate: a new pair each time, the old refresh token is spent', async () => {
    const member = await createMember(t.app);
    t.clock.advance(60_000);
    const first = await refresh(member.refreshToken);
    expect(first.statusCode).toBe(200);
    const pair = first.json().data;
    expect(pair.refreshToken).not.toBe(member.refreshToken);
    expect(pair.token).not.toBe(member.token);
    expect(pair.expiredTime).toBe(t.clock.now().getTime() + 15 * 60_000);
    expect((await memberInfo(pair.token)).json().data.memberId).toBe(member.memberId);
    // stored as hashes only
    const rows = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.memberId, member.memberId));
    for (const row of rows) {
      expect(row.refreshTokenHash).not.toBe(pair.refreshToken);
      expect(row.refreshTokenHash).toMatch(/^[0-9a-f]{64}$/);
    }
    const next = await refresh(pair.refreshToken);
    expect(next.json().status).toBe(0);
  });

  it('reusing a rotated refresh token revokes the whole family in that request and logs refresh_reuse', async () => {
    const member = await createMember(t.app);
    const otherLogin = await loginSession(t.app, member);
    const rotated = (await refresh(member.refreshToken)).json().data;
    const rotatedAgain = (await refresh(rotated.refreshToken)).json().data;

    const reuse = await refresh(member.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual(LOGIN_AGAIN);
    // every token of that family is dead at once
    expect((await memberInfo(rotatedAgain.token)).json()).toEqual(LOGIN_AGAIN);
    expect((await memberInfo(rotated.token)).json()).toEqual(LOGIN_AGAIN);
    expect((await refresh(rotatedAgain.refreshToken)).json()).toEqual(LOGIN_AGAIN);
    // another login of the same member is another family: untouched
    expect((await memberInfo(otherLogin.token)).json().status).toBe(0);

    const families = await t.database.db
      .select()
      .from(sessionFamilies)
      .where(eq(sessionFamilies.memberId, member.memberId));
    expect(families.filter((f) => f.revokedReason === 'refresh_reuse')).toHaveLength(1);
    const log = await t.database.db
      .select()
      .from(memberActivity)
      .where(eq(memberActivity.memberId, member.memberId));
    expect(log.filter((row) => row.action === 'refresh_reuse')).toHaveLength(1);
  });

  it('concurrent use of one refresh token: at most one rotation, and the family dies', async () => {
    const member = await createMember(t.app);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => refresh(member.refreshToken)),
    );
    const ok = results.filter((res) => res.statusCode === 200);
    expect(ok.length).toBeLessThanOrEqual(1);
    for (const res of ok) {
      expect((await memberInfo(res.json().data.token)).statusCode).toBe(401);
    }
  });

  it('idle expiry: a refresh token unused for 7 days is refused', async () => {
    const member = await createMember(t.app);
    t.clock.advance(REFRESH_IDLE_TTL_MS + 1000);
    expect((await refresh(member.refreshToken)).json()).toEqual(LOGIN_AGAIN);
  });

  it('absolute lifetime: 30 days after login the family ends even when refreshed every 6 days', async () => {
    const member = await createMember(t.app);
    let token = member.refreshToken;
    for (let day = 6; day < 30; day += 6) {
      t.clock.advance(6 * DAY);
      const res = await refresh(token);
      expect(res.json().status, `day ${day}`).toBe(0);
      token = res.json().data.refreshToken;
    }
    t.clock.advance(SESSION_ABSOLUTE_TTL_MS - 24 * DAY);
    expect((await refresh(token)).json()).toEqual(LOGIN_AGAIN);
  });

  it('refuses unknown and malformed refresh tokens', async () => {
    expect((await refresh('x'.repeat(43))).json()).toEqual(LOGIN_AGAIN);
    expect((await refresh('short')).statusCode).toBe(400);
  });
});

describe('access tokens', () => {
  let member: TestMember;
  beforeAll(async () => {
    member = await createMember(t.app);
  });

  it('expire after 15 minutes with "Verify token error: jwt expired"', async () => {
    const login = await loginSession(t.app, member);
    t.clock.advance(15 * 60_000 - 1000);
    expect((await memberInfo(login.token)).json().status).toBe(0);
    t.clock.advance(2000);
    const res = await memberInfo(login.token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(EXPIRED);
  });

  it('refuse another key, alg none, another algorithm, wrong aud or iss, a missing session', async () => {
    const login = await loginSession(t.app, member);
    const sid = JSON.parse(Buffer.from(login.token.split('.')[1]!, 'base64url').toString()).sid;
    const claims = { sub: String(member.memberId), sid };
    // sanity: the same claims with the right key and settings pass
    expect((await memberInfo(await sign(claims))).json().status).toBe(0);

    const forged = [
      await sign(claims, { key: 'another-secret-of-sufficient-length-0123456789' }),
      await sign(claims, { alg: 'HS512' }),
      await sign(claims, { aud: 'someone-else' }),
      await sign(claims, { iss: 'someone-else' }),
      await sign({ sub: String(member.memberId), sid: 999_999 }),
      await sign({ sub: String(member.memberId + 1), sid }),
      new UnsecuredJWT(claims)
        .setIssuer(JWT_ISSUER)
        .setAudience(JWT_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime('10m')
        .encode(),
      // an expired token with a bad signature is "login again", not "expired"
      await sign(claims, {
        key: 'another-secret-of-sufficient-length-0123456789',
        exp: Math.floor(t.clock.now().getTime() / 1000) - 10,
      }),
      'not-a-jwt',
    ];
    for (const token of forged) {
      const res = await memberInfo(token);
      expect(res.statusCode, token).toBe(401);
      expect(res.json(), token).toEqual(LOGIN_AGAIN);
    }
  });

  it('a logout in one API process ends the session in another at once, though it had it cached', async () => {
    const other = await createTestApp({ database: t.database, clock: t.clock });
    try {
      const login = await loginSession(t.app, member);
      const otherInfo = () =>
        post(other.app, '/member/ico/getMemberInfo', undefined, { token: login.token });
      expect((await otherInfo()).json().status).toBe(0);
      expect((await otherInfo()).json().status).toBe(0);
      await post(t.app, '/member/logout', undefined, { token: login.token });
      // PGlite delivers the notification before the logout answers; PostgreSQL within
      // milliseconds over the other process's LISTEN connection
      await expect
        .poll(async () => (await otherInfo()).json(), { timeout: 2000 })
        .toEqual(LOGIN_AGAIN);
      // and a password change ends every other session there too
      const second = await loginSession(other.app, member);
      const third = await loginSession(t.app, member);
      expect((await memberInfo(second.token)).json().status).toBe(0);
      const ended = await revokeMemberSessions(t.app.auth, member.memberId, 'password_changed');
      expect(ended).toBeGreaterThanOrEqual(2);
      for (const token of [second.token, third.token]) {
        await expect
          .poll(
            async () =>
              (await post(other.app, '/member/ico/getMemberInfo', undefined, { token })).json(),
            { timeout: 2000 },
          )
          .toEqual(LOGIN_AGAIN);
        expect((await memberInfo(token)).json()).toEqual(LOGIN_AGAIN);
      }
    } finally {
      await other.close();
    }
  });

  it('logout ends the session family on the server at once', async () => {
    const login = await loginSession(t.app, member);
    const res = await post(t.app, '/member/logout', undefined, { token: login.token });
    expect(res.json()).toEqual({ status: 0, message: 'success', data: { loggedOut: true } });
    expect((await memberInfo(login.token)).json()).toEqual(LOGIN_AGAIN);
    expect((await refresh(login.refreshToken)).json()).toEqual(LOGIN_AGAIN);
  });
});

describe('every member route refuses a missing, malformed, expired or revoked token', () => {
  it('covers every authenticated route the app registers', () => {
    const registered = t.app.authenticatedRoutes.map((r) => `${r.method} ${r.url}`).sort();
    expect(registered).toEqual(
      MEMBER_ROUTES.map(([url, , method = 'POST']) => `${method} ${url}`).sort(),
    );
  });

  // one member's sessions serve every route (a member and two logins per route were most of
  // this file's time): a logged-out one, and one that each test lets expire and then takes the
  // clock back for the next route
  let revoked: string;
  let expiring: string;
  beforeAll(async () => {
    const member = await createMember(t.app);
    revoked = (await loginSession(t.app, member)).token;
    await post(t.app, '/member/logout', undefined, { token: revoked });
    expiring = (await loginSession(t.app, member)).token;
  });

  it.each(MEMBER_ROUTES)('%s', async (route, body, method = 'POST') => {
    const url = route.replace(':imageId', 'AbCdEfGhIjKlMnOp');
    const send = (options?: CallOptions) => call(t.app, method, url, body, options);
    const missing = await send();
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual(LOGIN_AGAIN);
    const basic = await send({ headers: { authorization: 'Basic abc' } });
    expect(basic.json()).toEqual(LOGIN_AGAIN);
    expect((await send({ token: 'garbage' })).json()).toEqual(LOGIN_AGAIN);
    expect((await send({ token: revoked })).json()).toEqual(LOGIN_AGAIN);

    const issued = t.clock.now();
    t.clock.advance(16 * 60_000);
    try {
      expect((await send({ token: expiring })).json()).toEqual(EXPIRED);
    } finally {
      t.clock.set(issued);
    }
  });
});

import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../src/server/app';
import { TestClock } from '../../src/server/clock';
import { requireKycVerified, requirePremier } from '../../src/server/plugins/kyc';
import { ok } from '../../src/shared/api/envelope';
import { call, createMember, outbox, post, type TestMember } from '../helpers/auth';
import {
  as,
  kycCall,
  ops,
  status,
  submitIndividual,
  tempUploadsDir,
  uploadImage,
} from '../helpers/kyc';
import {
  CLOSED_RPC_URL,
  createTestDatabase,
  TEST_CAPTCHA_MAX_NUMBER,
  TEST_JWT_SECRET,
  type TestApp,
  type TestDatabase,
} from '../helpers/test-app';

/** Routes registered only in this test: they prove the reusable guards of later issues. */
const guardedRoutes: FastifyPluginAsync = async (app) => {
  app.post(
    '/test/wallet-like',
    { onRequest: app.authenticate, preHandler: requireKycVerified, config: { auth: true } },
    async (request) => ok({ memberId: request.member.memberId }),
  );
  app.post(
    '/test/premium-like',
    { onRequest: app.authenticate, preHandler: requirePremier, config: { auth: true } },
    async (request) => ok({ memberId: request.member.memberId }),
  );
};

let t: TestApp;
let testDb: TestDatabase;
let storage: ReturnType<typeof tempUploadsDir>;

beforeAll(async () => {
  storage = tempUploadsDir();
  testDb = await createTestDatabase();
  const clock = new TestClock('2025-03-01T04:00:00.000Z');
  const app: App = await buildApp({
    env: { NODE_ENV: 'test' },
    config: {
      jwtSecret: TEST_JWT_SECRET,
      rpcUrl: CLOSED_RPC_URL,
      serveApp: false,
      captchaMaxNumber: TEST_CAPTCHA_MAX_NUMBER,
      uploadsDir: storage.dir,
    },
    db: testDb.database,
    clock,
    logger: false,
    plugins: [guardedRoutes],
  });
  t = { app, database: testDb.database, clock, close: () => app.close() };
});
afterAll(async () => {
  await t?.close();
  await testDb?.dispose();
  storage?.remove();
});

const memberInfo = async (member: TestMember) =>
  (await post(t.app, '/member/ico/getMemberInfo', undefined, as(member))).json().data;
const kyc2Body = async (member: TestMember) => ({
  investableAssets: '3m_to_30m',
  assetProofImageId: await uploadImage(t.app, member),
  professionalInvestor: true,
});
const mails = async (member: TestMember) =>
  (await outbox(t.app, member.email)).filter((m) => /premier/i.test(m.subject ?? ''));
const premierError = (state: string | null) => ({
  status: 409,
  message: 'premier_state',
  data: { state },
});

describe('requireKycVerified (the wallet and subscribe gate)', () => {
  it('refuses members below level 1 with 403 kyc_required and lets verified ones through', async () => {
    const member = await createMember(t.app);
    const anonymous = await post(t.app, '/test/wallet-like');
    expect(anonymous.statusCode).toBe(401);
    const refused = await post(t.app, '/test/wallet-like', undefined, as(member));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ status: 403, message: 'kyc_required', data: null });

    await submitIndividual(t.app, member);
    await ops(t, 'kyc/start', { email: member.email });
    expect((await post(t.app, '/test/wallet-like', undefined, as(member))).statusCode).toBe(403);
    await ops(t, 'kyc/approve', { email: member.email });
    const passed = await post(t.app, '/test/wallet-like', undefined, as(member));
    expect(passed.statusCode).toBe(200);
    expect(passed.json().data).toEqual({ memberId: member.memberId });
  });
});

describe('premier membership', () => {
  it('pending_id_verification until the KYC is approved, then email_sent, under_review, approved', async () => {
    const member = await createMember(t.app);
    expect((await kycCall(t.app, member, 'applyForKYC2', await kyc2Body(member))).json()).toEqual(
      premierError(null),
    );
    const applied = await kycCall(t.app, member, 'applyForPremierMember');
    expect(applied.json().data).toEqual({ state: 'pending_id_verification' });
    expect((await status(t.app, member)).premier).toEqual({
      state: 'pending_id_verification',
      appliedAt: t.clock.now().toISOString(),
      decidedAt: null,
    });
    expect(await memberInfo(member)).toMatchObject({
      kyc2ApplyResult: 'pending_id_verification',
      premier: false,
    });
    // asking again changes nothing; the next step needs the e-mail first
    expect((await kycCall(t.app, member, 'applyForPremierMember')).json().data.state).toBe(
      'pending_id_verification',
    );
    expect((await kycCall(t.app, member, 'applyForKYC2', await kyc2Body(member))).json()).toEqual(
      premierError('pending_id_verification'),
    );
    expect(await mails(member)).toHaveLength(0);

    // the KYC approval moves it on and e-mails the next step
    await submitIndividual(t.app, member);
    await ops(t, 'kyc/approve', { email: member.email });
    expect((await status(t.app, member)).premier.state).toBe('email_sent');
    const [next] = await mails(member);
    expect(next).toMatchObject({
      subject: 'BCNT Platform: Premier membership: your next step',
      link: 'http://localhost:5173/account',
    });
    const history = (
      (await ops(t, 'kyc/show', { email: member.email })) as {
        history: { subject: string; from: string | null; to: string; actor: string }[];
      }
    ).history.filter((h) => h.subject === 'premier');
    expect(history.map((h) => [h.from, h.to, h.actor])).toEqual([
      [null, 'pending_id_verification', 'member'],
      ['pending_id_verification', 'email_sent', 'system'],
    ]);
    expect((await kycCall(t.app, member, 'applyForPremierMember')).json().data.state).toBe(
      'email_sent',
    );
    expect(await mails(member)).toHaveLength(1);

    // applyForKYC2: the member's own proof, the declaration
    const other = await createMember(t.app);
    const foreign = await kycCall(t.app, member, 'applyForKYC2', {
      ...(await kyc2Body(member)),
      assetProofImageId: await uploadImage(t.app, other),
    });
    expect(foreign.json()).toEqual({
      status: 400,
      message: 'kyc_unknown_image',
      data: { field: 'assetProofImageId' },
    });
    const noDeclaration = await kycCall(t.app, member, 'applyForKYC2', {
      ...(await kyc2Body(member)),
      professionalInvestor: false,
    });
    expect(noDeclaration.json().data.field).toBe('professionalInvestor');
    const submitted = await kycCall(t.app, member, 'applyForKYC2', await kyc2Body(member));
    expect(submitted.json().data).toEqual({ state: 'under_review' });
    expect((await kycCall(t.app, member, 'applyForPremierMember')).json()).toEqual(
      premierError('under_review'),
    );
    expect((await kycCall(t.app, member, 'applyForKYC2', await kyc2Body(member))).json()).toEqual(
      premierError('under_review'),
    );

    // the operator's queue and decision; requirePremier follows it
    const queue = (await ops(t, 'premier/list', {})) as { email: string; state: string }[];
    expect(queue).toContainEqual(
      expect.objectContaining({
        email: member.email,
        state: 'under_review',
        investableAssets: '3m_to_30m',
      }),
    );
    const gated = await post(t.app, '/test/premium-like', undefined, as(member));
    expect(gated.json()).toEqual({ status: 403, message: 'premier_required', data: null });
    await ops(t, 'premier/approve', { email: member.email });
    expect(await memberInfo(member)).toMatchObject({ kyc2ApplyResult: 'approved', premier: true });
    expect((await status(t.app, member)).premier).toMatchObject({
      state: 'approved',
      decidedAt: t.clock.now().toISOString(),
    });
    expect((await mails(member))[0]?.subject).toBe('BCNT Platform: Welcome, premier member');
    expect((await post(t.app, '/test/premium-like', undefined, as(member))).statusCode).toBe(200);
    await expect(ops(t, 'premier/approve', { email: member.email })).rejects.toThrow(
      /it is approved \(already decided\)/,
    );
  });

  it('goes straight to email_sent for a verified member; a rejection is final', async () => {
    const member = await createMember(t.app);
    await submitIndividual(t.app, member);
    await ops(t, 'kyc/approve', { email: member.email });
    const applied = await kycCall(t.app, member, 'applyForPremierMember');
    expect(applied.json().data).toEqual({ state: 'email_sent' });
    expect(await mails(member)).toHaveLength(1);
    await expect(ops(t, 'premier/approve', { email: member.email })).rejects.toThrow(
      /it is email_sent \(not under review\)/,
    );
    await kycCall(t.app, member, 'applyForKYC2', await kyc2Body(member));
    await expect(ops(t, 'premier/reject', { email: member.email })).rejects.toThrow();
    await ops(t, 'premier/reject', { email: member.email, note: 'proof not legible' });
    expect(await memberInfo(member)).toMatchObject({ kyc2ApplyResult: 'rejected', premier: false });
    expect((await mails(member))[0]?.subject).toBe('BCNT Platform: Premier membership application');
    expect((await kycCall(t.app, member, 'applyForPremierMember')).json()).toEqual(
      premierError('rejected'),
    );
    expect((await post(t.app, '/test/premium-like', undefined, as(member))).statusCode).toBe(403);
  });
});

describe('GET /api/v1/user/referral/history', () => {
  it('lists the members who registered with the code, newest first, masked, with their level', async () => {
    const referrer = await createMember(t.app);
    await submitIndividual(t.app, referrer);
    await ops(t, 'kyc/approve', { email: referrer.email });
    const code = (await memberInfo(referrer)).referralCode as string;
    expect(code).toMatch(/^[A-Z2-9]{8}$/);

    const first = await createMember(t.app, { referralCode: code });
    t.clock.advance(60_000);
    const second = await createMember(t.app, { referralCode: code });
    await createMember(t.app); // registered without a code
    await submitIndividual(t.app, first);
    await ops(t, 'kyc/approve', { email: first.email });

    const history = async (query = '', member = referrer) =>
      call(t.app, 'GET', `/api/v1/user/referral/history${query}`, undefined, as(member));
    const res = await history();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const mask = (email: string) => `${email[0]}***${email.split('@')[0]!.at(-1)}@example.com`;
    expect(res.json().data).toEqual({
      list: [
        {
          email: mask(second.email),
          registeredAt: t.clock.now().toISOString(),
          level: 0,
          level1At: null,
          qualified: false,
        },
        {
          email: mask(first.email),
          registeredAt: new Date(t.clock.now().getTime() - 60_000).toISOString(),
          level: 1,
          // the referral program records a friend's level 1 when its job sees it (none ran here)
          level1At: null,
          qualified: false,
        },
      ],
      total: 2,
      page: 1,
      pageSize: 10,
    });
    expect(JSON.stringify(res.json())).not.toContain(first.email);
    const page2 = (await history('?page=2&pageSize=1')).json().data;
    expect(page2).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(page2.list.map((r: { email: string }) => r.email)).toEqual([mask(first.email)]);
    expect((await history('?pageSize=500')).statusCode).toBe(400);
    expect((await history('', first)).json().data).toMatchObject({ list: [], total: 0 });
    expect((await call(t.app, 'GET', '/api/v1/user/referral/history')).statusCode).toBe(401);
  });
});

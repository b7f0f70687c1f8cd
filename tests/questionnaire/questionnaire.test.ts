// The risk questionnaire through the API on one app: answers saved per step (the member resumes
// where they left), the whole questionnaire submitted and scored, its expiry a year later on the
// server clock, and suitability: an earn Join and a Smart Autotrade Subscribe above the member's
// risk type (or without a valid questionnaire) refused without the acknowledgement, accepted
// with it, and the acknowledgement stored with the subscription.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suitabilityAcknowledgements } from '../../src/server/db/schema';
import { QuestionnaireError, type QuestionnaireAnswers } from '../../src/shared/api/questionnaire';
import { EARN_CONSENTS } from '../../src/shared/constants/earn';
import { createMember, type TestMember } from '../helpers/auth';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { expectBooksBalanced } from '../helpers/wallet';
import { earnHarness } from '../earn/earn-helpers';
import { act, insertStrategy, memberWithKey, USDT6 } from '../autotrade/subscription-helpers';

let t: TestApp;
const h = earnHarness(() => t);

beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** 8 points: Conservative (1). */
const conservative: QuestionnaireAnswers = {
  country: 'TW',
  age: 6,
  maritalStatus: 1,
  education: 3,
  industry: 4,
  job: 7,
  occupationRisks: [],
  income: 1,
  purpose: 1,
  liquidCapital: 1,
  expectedReturn: 1,
  productsUsed: [],
  monthlyLoss: 1,
  lockUp: 1,
};
/** 5 + 3 + 3 + 2 + 3 + 3 + 2 + 2 = 23 points: Balanced (3). */
const balanced: QuestionnaireAnswers = {
  ...conservative,
  age: 3,
  income: 3,
  purpose: 3,
  liquidCapital: 2,
  expectedReturn: 3,
  productsUsed: [1, 5],
  monthlyLoss: 3,
  lockUp: 2,
};
/** 40 points: Aggressive (5). */
const aggressive: QuestionnaireAnswers = {
  ...conservative,
  age: 2,
  occupationRisks: [3, 28],
  income: 5,
  purpose: 5,
  liquidCapital: 5,
  expectedReturn: 5,
  productsUsed: [5, 8, 9, 12],
  monthlyLoss: 5,
  lockUp: 5,
};

const submit = (member: TestMember, answers: unknown) =>
  h.post('/api/v1/questionnaire/submit', member, { answers }, null);
const save = (member: TestMember, step: string, answers: Record<string, unknown>) =>
  h.post('/api/v1/questionnaire/save', member, { step, answers }, null);
const suitability = async (member: TestMember, product: string, id: number) => {
  const res = await h.get(`/api/v1/questionnaire/suitability?product=${product}&id=${id}`, member);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const join = (member: TestMember, premiumId: number, extra: Record<string, unknown> = {}) =>
  h.post('/api/v1/premium2/Join', member, {
    premiumId,
    units: 10,
    consents: [...EARN_CONSENTS],
    ...extra,
  });
const acknowledgementsOf = (memberId: number) =>
  t.database.db
    .select()
    .from(suitabilityAcknowledgements)
    .where(eq(suitabilityAcknowledgements.memberId, memberId));

describe('answers saved per step', () => {
  it('keeps each step on the server and resumes at the first step not answered', async () => {
    const member = await createMember(t.app);
    const empty = await h.get('/api/v1/questionnaire/draft', member);
    expect(empty.json()).toMatchObject({ status: 0, data: null });

    const basic = await save(member, 'basic-info', {
      country: 'TW',
      age: 2,
      maritalStatus: 1,
      education: 4,
    });
    expect(basic.statusCode, basic.body).toBe(200);
    expect(basic.json().data).toMatchObject({ resumeStep: 'industry' });
    expect((await save(member, 'industry', { industry: 16 })).statusCode).toBe(200);

    // a member who leaves and comes back reads the same answers and the step to resume at
    const draft = (await h.get('/api/v1/questionnaire/draft', member)).json().data;
    expect(draft).toMatchObject({
      answers: { country: 'TW', age: 2, maritalStatus: 1, education: 4, industry: 16 },
      resumeStep: 'job',
    });

    // a step answered again replaces its answers; other steps stay
    await save(member, 'basic-info', { country: 'JP', age: 3, maritalStatus: 2, education: 4 });
    expect((await h.get('/api/v1/questionnaire/draft', member)).json().data.answers).toEqual({
      country: 'JP',
      age: 3,
      maritalStatus: 2,
      education: 4,
      industry: 16,
    });
  });

  it('refuses options outside the spec counts, missing or foreign answers of a step', async () => {
    const member = await createMember(t.app);
    const refusals = [
      ['industry', { industry: 17 }],
      ['job', { job: 21 }],
      ['basic-info', { country: 'TW', age: 7, maritalStatus: 1, education: 1 }],
      ['basic-info', { country: 'TW', age: 1, maritalStatus: 3, education: 1 }],
      ['occupation-risks', { occupationRisks: [29] }],
      ['occupation-risks', { occupationRisks: [2, 2] }],
      ['products-used', { productsUsed: [13] }],
      ['monthly-loss', { monthlyLoss: 0 }],
      ['basic-info', { country: 'TW', age: 1 }],
      ['job', { job: 2, industry: 1 }],
    ] as const;
    for (const [step, answers] of refusals) {
      const res = await save(member, step, answers);
      expect(res.statusCode, `${step} ${JSON.stringify(answers)}: ${res.body}`).toBe(400);
    }
    expect((await h.get('/api/v1/questionnaire/draft', member)).json().data).toBeNull();
    // the upper bounds themselves are options
    for (const [step, answers] of [
      ['job', { job: 20 }],
      ['occupation-risks', { occupationRisks: Array.from({ length: 28 }, (_, i) => i + 1) }],
      ['products-used', { productsUsed: Array.from({ length: 12 }, (_, i) => i + 1) }],
    ] as const) {
      expect((await save(member, step, answers)).statusCode).toBe(200);
    }
  });

  it('answers only a signed-in member', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/questionnaire/draft' });
    expect(res.statusCode).toBe(401);
    const submitted = await t.app.inject({
      method: 'POST',
      url: '/api/v1/questionnaire/submit',
      payload: { answers: conservative },
    });
    expect(submitted.statusCode).toBe(401);
  });
});

describe('submit', () => {
  it('scores the whole questionnaire into a risk type valid a year, and clears the draft', async () => {
    const member = await createMember(t.app);
    await save(member, 'basic-info', { country: 'TW', age: 3, maritalStatus: 1, education: 3 });
    const incomplete = await submit(member, { ...balanced, lockUp: undefined });
    expect(incomplete.statusCode).toBe(400);

    const res = await submit(member, balanced);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().data;
    expect(result).toMatchObject({ riskType: 3, score: 23, expired: false });
    const submittedAt = new Date(result.submittedAt);
    expect(submittedAt.getTime()).toBe(t.clock.now().getTime());
    const year = new Date(submittedAt);
    year.setUTCFullYear(year.getUTCFullYear() + 1);
    expect(result.expiresAt).toBe(year.toISOString());
    expect((await h.get('/api/v1/questionnaire/draft', member)).json().data).toBeNull();
    expect((await h.get('/api/v1/questionnaire/result', member)).json().data).toEqual(result);

    // submitted again, the latest answers count
    expect((await submit(member, aggressive)).json().data).toMatchObject({
      riskType: 5,
      score: 40,
    });
    expect((await h.get('/api/v1/questionnaire/result', member)).json().data).toMatchObject({
      riskType: 5,
    });
  });
});

describe('suitability of an earn subscription', () => {
  it('without a questionnaire: Join refused until acknowledged, the acknowledgement stored with it', async () => {
    const product = await h.product({ kind: 'fixed', risk: 2 });
    const member = await h.funded('10000');
    expect(await suitability(member, 'earn', product.id)).toEqual({
      productRisk: 2,
      riskType: null,
      reason: 'missing',
    });
    const refused = await join(member, product.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: QuestionnaireError.acknowledgementRequired,
      data: { productRisk: 2, riskType: null, reason: 'missing' },
    });
    expect(await acknowledgementsOf(member.memberId)).toEqual([]);

    const joined = await join(member, product.id, { riskAcknowledged: true });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(await acknowledgementsOf(member.memberId)).toEqual([
      expect.objectContaining({
        product: 'earn',
        productId: product.id,
        subscriptionId: joined.json().data.id,
        productRisk: 2,
        riskType: null,
        questionnaireId: null,
        reason: 'missing',
        acknowledgedAt: t.clock.now(),
      }),
    ]);
    await expectBooksBalanced(t.database.db);
  });

  it('above the risk type: refused without the acknowledgement; a suited product needs none', async () => {
    const risky = await h.product({ kind: 'fixed', risk: 4 });
    const suited = await h.product({ kind: 'fixed', risk: 3 });
    const member = await h.funded('10000');
    const { id: questionnaireId } = (await submit(member, balanced)).json().data;

    expect(await suitability(member, 'earn', suited.id)).toEqual({
      productRisk: 3,
      riskType: 3,
      reason: null,
    });
    expect((await join(member, suited.id)).statusCode).toBe(200);
    expect(await acknowledgementsOf(member.memberId)).toEqual([]);

    expect(await suitability(member, 'earn', risky.id)).toMatchObject({ reason: 'above' });
    const refused = await join(member, risky.id, { riskAcknowledged: false });
    expect(refused.json()).toMatchObject({
      message: QuestionnaireError.acknowledgementRequired,
      data: { productRisk: 4, riskType: 3, reason: 'above' },
    });
    const joined = await join(member, risky.id, { riskAcknowledged: true });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(await acknowledgementsOf(member.memberId)).toEqual([
      expect.objectContaining({
        subscriptionId: joined.json().data.id,
        productRisk: 4,
        riskType: 3,
        questionnaireId,
        reason: 'above',
      }),
    ]);
  });
});

describe('Smart Autotrade subscription and expiry after a year', () => {
  it('a high-risk strategy above the risk type needs the acknowledgement; after a year every product does', async () => {
    const strategy = await insertStrategy(t.database.db, t.clock.now(), {
      riskLevel: 'high',
      marginCurrencies: ['USDT'],
    });
    const bob = await memberWithKey(t, { exchangeUsdt: 10_000, usdt: USDT6(1_000) });
    const body = (extra: Record<string, unknown> = {}) => ({
      strategyId: strategy.id,
      apiKeyId: bob.keyId,
      allocation: '5000',
      marginCurrency: 'USDT',
      marginSource: 'custodial',
      margin: '150',
      consent: true,
      ...extra,
    });
    const submitted = (await submit(bob.member, balanced)).json().data;
    expect(await suitability(bob.member, 'autotrade', strategy.id)).toEqual({
      productRisk: 5,
      riskType: 3,
      reason: 'above',
    });
    const refused = await act(t.app, bob.member, 'POST', '/api/v1/strategy/Subscribe', body());
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: QuestionnaireError.acknowledgementRequired,
      data: { productRisk: 5, riskType: 3, reason: 'above' },
    });
    const ok = await act(
      t.app,
      bob.member,
      'POST',
      '/api/v1/strategy/Subscribe',
      body({ riskAcknowledged: true }),
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await acknowledgementsOf(bob.member.memberId)).toEqual([
      expect.objectContaining({
        product: 'autotrade',
        productId: strategy.id,
        subscriptionId: ok.json().data.id,
        productRisk: 5,
        riskType: 3,
        questionnaireId: submitted.id,
        reason: 'above',
      }),
    ]);

    // an Aggressive member's questionnaire: suited, until a year has passed on the server clock
    const carol = await h.funded('10000');
    const result = (await submit(carol, aggressive)).json().data;
    expect(await suitability(carol, 'autotrade', strategy.id)).toMatchObject({ reason: null });
    t.clock.set(new Date(Date.parse(result.expiresAt) - 60_000));
    expect(await suitability(carol, 'autotrade', strategy.id)).toMatchObject({
      riskType: 5,
      reason: null,
    });
    t.clock.set(new Date(result.expiresAt));
    expect((await h.get('/api/v1/questionnaire/result', carol)).json().data).toMatchObject({
      expired: true,
    });
    const product = await h.product({ kind: 'fixed', risk: 1 });
    expect(await suitability(carol, 'earn', product.id)).toEqual({
      productRisk: 1,
      riskType: null,
      reason: 'expired',
    });
    expect((await join(carol, product.id)).json()).toMatchObject({
      message: QuestionnaireError.acknowledgementRequired,
      data: { reason: 'expired' },
    });
    const joined = await join(carol, product.id, { riskAcknowledged: true });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(await acknowledgementsOf(carol.memberId)).toEqual([
      expect.objectContaining({ reason: 'expired', riskType: null, questionnaireId: null }),
    ]);

    // a new questionnaire makes it suited again
    await submit(carol, aggressive);
    expect(await suitability(carol, 'earn', product.id)).toMatchObject({ reason: null });
    await expectBooksBalanced(t.database.db);
  });
});

import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeFetch, type FakeHandler } from './fake-fetch';
import { configureHttpClient } from './http-client';
import { applyForKYC2, applyForPremierMember } from './premier';
import { setLoginInfo } from './session';

const reload = vi.fn();

function setup(handler: FakeHandler) {
  const fake = createFakeFetch(handler);
  configureHttpClient({
    fetch: fake.fetch,
    getLocale: () => 'en-US',
    goToLanding: vi.fn(),
    reload,
    retryDelayMs: 0,
  });
  return fake;
}

const refreshed = { token: 'new', refreshToken: 'ref2', expiredTime: Date.now() + 60_000 };
const form = {
  investableAssets: '3m_to_30m',
  assetProofImageId: 'img_0123456789',
  professionalInvestor: true,
} as const;

beforeEach(() => {
  reload.mockReset();
  setLoginInfo({ token: 'tok', refreshToken: 'ref', expiredTime: Date.now() + 60_000 });
});

describe('premier service', () => {
  it('applyForPremierMember: authenticated POST /member/ico/kyc/applyForPremierMember, state parsed', async () => {
    const fake = setup(() => ({ data: { state: 'email_sent' } }));
    await expect(applyForPremierMember()).resolves.toEqual({ state: 'email_sent' });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({
      path: '/member/ico/kyc/applyForPremierMember',
      method: 'POST',
    });
    expect(fake.requests[0]?.headers.Authorization).toBe('Bearer tok');
  });

  it('applyForKYC2: POST /member/ico/kyc/applyForKYC2 with the form as JSON', async () => {
    const fake = setup(() => ({ data: { state: 'under_review' } }));
    await expect(applyForKYC2(form)).resolves.toEqual({ state: 'under_review' });
    expect(fake.requests[0]).toMatchObject({
      path: '/member/ico/kyc/applyForKYC2',
      method: 'POST',
      body: form,
    });
    expect(fake.requests[0]?.headers['Content-Type']).toBe('application/json');
  });

  it('an answer outside the premier states is a failure', async () => {
    setup(() => ({ data: { state: 'approved_maybe' } }));
    await expect(applyForPremierMember()).rejects.toMatchObject({ message: 'invalid_response' });
  });

  it('a refusal keeps its message key (translated by the page)', async () => {
    setup(() => ({ http: 400, status: 400, message: 'premier_state' }));
    await expect(applyForKYC2(form)).rejects.toMatchObject({ message: 'premier_state' });
  });

  it.each([
    [
      'applyForPremierMember',
      () => applyForPremierMember(),
      '/member/ico/kyc/applyForPremierMember',
    ],
    ['applyForKYC2', () => applyForKYC2(form), '/member/ico/kyc/applyForKYC2'],
  ] as const)('%s is never replayed after an auth failure', async (_name, call, path) => {
    const fake = setup((req) =>
      req.path === '/member/refresh'
        ? { data: refreshed }
        : { http: 401, status: 401, message: 'Please login again.' },
    );
    await expect(call()).rejects.toMatchObject({ ignored: true });
    expect(fake.to(path)).toHaveLength(1);
    expect(fake.to('/member/refresh')).toHaveLength(0);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

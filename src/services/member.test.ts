import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeFetch, type FakeHandler } from './fake-fetch';
import { ApiError, configureHttpClient } from './http-client';
import {
  contactUs,
  getCountryList,
  getDocIssuePlace,
  refresh,
  setPreferedSettings,
} from './member';
import { setLoginInfo } from './session';

function setup(handler: FakeHandler) {
  const fake = createFakeFetch(handler);
  configureHttpClient({
    fetch: fake.fetch,
    getLocale: () => 'en-US',
    goToLanding: vi.fn(),
    reload: vi.fn(),
    retryDelayMs: 0,
  });
  return fake;
}

const body = {
  name: 'Ann',
  phone: '+886 912345678',
  email: 'ann@example.com',
  message: 'hi',
  product: 4,
};

beforeEach(() => {
  setLoginInfo({ token: 'tok', expiredTime: Date.now() + 60_000 });
});

describe('member service', () => {
  it('contactUs: guest POST /member/contactUs with the body; resolves when data.status is 0', async () => {
    const fake = setup(() => ({ data: { status: 0, id: 12 } }));
    await expect(contactUs(body)).resolves.toEqual({ status: 0, id: 12 });
    expect(fake.requests[0]).toMatchObject({ path: '/member/contactUs', method: 'POST', body });
    expect(fake.requests[0]?.headers).not.toHaveProperty('Authorization');
  });

  it('contactUs: data.status other than 0 is a failure', async () => {
    setup(() => ({ data: { status: 1, id: 0 } }));
    const error = await contactUs(body).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 1, call: 'POST /member/contactUs' });
  });

  it('contactUs: a malformed result is a failure', async () => {
    setup(() => ({ data: { ok: true } }));
    await expect(contactUs(body)).rejects.toMatchObject({ message: 'invalid_response' });
  });

  it('getCountryList: POST /member/common/getCountryList, parsed', async () => {
    const countries = [{ code: 'TW', name: 'Taiwan', dialCode: '+886' }];
    const fake = setup(() => ({ data: countries }));
    await expect(getCountryList()).resolves.toEqual(countries);
    expect(fake.requests[0]).toMatchObject({
      path: '/member/common/getCountryList',
      method: 'POST',
    });
  });

  it('getDocIssuePlace: GET /member/common/docIssuePlace, parsed', async () => {
    const places = [{ code: 'TPE', name: 'Taipei' }];
    const fake = setup(() => ({ data: places }));
    await expect(getDocIssuePlace()).resolves.toEqual(places);
    expect(fake.requests[0]).toMatchObject({ path: '/member/common/docIssuePlace', method: 'GET' });
  });

  it('setPreferedSettings: authenticated POST with the language', async () => {
    const fake = setup(() => ({ data: null }));
    await setPreferedSettings({ language: 'zh-TW' });
    expect(fake.requests[0]).toMatchObject({
      path: '/member/setPreferedSettings',
      method: 'POST',
      body: { language: 'zh-TW' },
    });
    expect(fake.requests[0]?.headers.Authorization).toBe('Bearer tok');
  });

  it('refresh: POST /member/refresh with the token', async () => {
    const fake = setup(() => ({ data: { token: 'n', expiredTime: 5 } }));
    await expect(refresh('r1')).resolves.toEqual({ token: 'n', expiredTime: 5 });
    expect(fake.requests[0]).toMatchObject({
      path: '/member/refresh',
      method: 'POST',
      body: { token: 'r1' },
    });
  });
});

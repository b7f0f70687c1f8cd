import { describe, expect, it, vi } from 'vitest';
import { createFakeFetch, type FakeHandler } from './fake-fetch';
import { configureHttpClient } from './http-client';
import { getCurrencyList, getLanguageList, getMaintainStatus } from './gateway';

function setup(handler: FakeHandler) {
  const fake = createFakeFetch(handler);
  configureHttpClient({
    fetch: fake.fetch,
    getLocale: () => 'zh-CN',
    goToLanding: vi.fn(),
    reload: vi.fn(),
  });
  return fake;
}

describe('gateway', () => {
  it('getLanguageList: guest GET /api/v1/common/LanguageList', async () => {
    const list = [{ id: 1, name: 'English', code: 'en-US' }];
    const fake = setup(() => ({ data: list }));
    await expect(getLanguageList()).resolves.toEqual(list);
    expect(fake.requests[0]).toMatchObject({ path: '/api/v1/common/LanguageList', method: 'GET' });
    expect(fake.requests[0]?.headers).not.toHaveProperty('Authorization');
    expect(fake.requests[0]?.headers['Accept-Language']).toBe('zh-cn');
  });

  it('getCurrencyList: guest GET /api/v1/common/CurrencyList', async () => {
    const list = [{ id: 27, code: 'BCNT', name: 'BCNT', decimals: 18, chains: [1] }];
    const fake = setup(() => ({ data: list }));
    await expect(getCurrencyList()).resolves.toEqual(list);
    expect(fake.requests[0]?.path).toBe('/api/v1/common/CurrencyList');
  });

  it('getMaintainStatus: returns null when up and the window when under maintenance', async () => {
    let data: unknown = null;
    const fake = setup(() => ({ data }));
    await expect(getMaintainStatus()).resolves.toBeNull();
    data = { startTime: '2022-01-12T09:00:00.000Z', endTime: null };
    await expect(getMaintainStatus()).resolves.toEqual(data);
    expect(fake.requests[0]).toMatchObject({
      path: '/api/v1/setting/MaintainStatus',
      method: 'GET',
    });
  });

  it('getMaintainStatus: surfaces HTTP 503 as an ApiError (not ignored)', async () => {
    setup(() => ({ http: 503, raw: 'Service Unavailable' }));
    await expect(getMaintainStatus()).rejects.toMatchObject({
      httpStatus: 503,
      ignored: false,
      isUnavailable: true,
    });
  });

  it('getMaintainStatus: surfaces envelope status 503 too', async () => {
    setup(() => ({ status: 503, message: 'maintenance' }));
    await expect(getMaintainStatus()).rejects.toMatchObject({ status: 503, ignored: false });
  });
});

import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiKey } from '../shared/api/exchange-api-keys';
import { checkApiKey, deleteApiKey, importApiKey, listApiKeys } from './exchange-api-keys';
import { createFakeFetch, type FakeHandler } from './fake-fetch';
import { configureHttpClient } from './http-client';
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

const key: ApiKey = {
  id: 3,
  exchange: 'bitfinex',
  name: 'My Bitfinex',
  apiKey: 'abcd…wxyz',
  accountType: 'sub',
  subAccountName: 'Grid-1',
  status: 'correct',
  problem: null,
  lastSyncTime: '2026-03-02T00:00:00.000Z',
  lastCheckedAt: '2026-03-02T00:00:00.000Z',
  createdAt: '2026-03-01T00:00:00.000Z',
  inUse: false,
};

beforeEach(() => {
  setLoginInfo({ token: 'tok', refreshToken: 'ref', expiredTime: Date.now() + 60_000 });
});

describe('exchange API-key service', () => {
  it('lists with an authenticated GET /api/v1/user/ApiKey', async () => {
    const fake = setup(() => ({ data: { list: [key] } }));
    await expect(listApiKeys()).resolves.toEqual({ list: [key] });
    expect(fake.requests[0]).toMatchObject({ path: '/api/v1/user/ApiKey', method: 'GET' });
    expect(fake.requests[0]!.headers.Authorization).toBe('Bearer tok');
  });

  it('imports with POST, checks with PUT and deletes with DELETE, each with its body', async () => {
    const fake = setup((sent) =>
      sent.method === 'DELETE' ? { data: { list: [] } } : { data: key },
    );
    const body = {
      exchange: 'bitfinex' as const,
      name: 'My Bitfinex',
      apiKey: 'abcdefghwxyz',
      secret: 'secret-secret',
      accountType: 'sub' as const,
      subAccountName: 'Grid-1',
      password: 'Passw0rd!',
    };
    await expect(importApiKey(body)).resolves.toEqual(key);
    await expect(checkApiKey(3)).resolves.toEqual(key);
    await expect(deleteApiKey(3)).resolves.toEqual({ list: [] });
    expect(fake.requests.map((sent) => [sent.method, sent.path, sent.body])).toEqual([
      ['POST', '/api/v1/user/ApiKey', body],
      ['PUT', '/api/v1/user/ApiKey', { id: 3 }],
      ['DELETE', '/api/v1/user/ApiKey', { id: 3 }],
    ]);
  });

  it('refuses an answer that carries no status as invalid', async () => {
    setup(() => ({ data: { ...key, status: undefined } }));
    await expect(checkApiKey(3)).rejects.toMatchObject({ message: 'invalid_response' });
  });
});

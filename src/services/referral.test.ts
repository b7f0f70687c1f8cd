import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeFetch, type FakeHandler } from './fake-fetch';
import { configureHttpClient } from './http-client';
import { getReferralHistory, REFERRAL_PAGE_SIZE } from './referral';
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

const history = {
  list: [
    {
      email: 'b***@example.com',
      registeredAt: '2024-05-01T02:03:00.000Z',
      level: 1,
      level1At: '2024-05-02T02:03:00.000Z',
      qualified: true,
    },
    {
      email: 'c***@example.com',
      registeredAt: '2024-04-01T02:03:00.000Z',
      level: 0,
      level1At: null,
      qualified: false,
    },
  ],
  total: 12,
  page: 2,
  pageSize: 10,
};

beforeEach(() => {
  setLoginInfo({ token: 'tok', refreshToken: 'ref', expiredTime: Date.now() + 60_000 });
});

describe('referral service', () => {
  it('getReferralHistory: authenticated GET /api/v1/user/referral/history with page and pageSize', async () => {
    const fake = setup(() => ({ data: history }));
    await expect(getReferralHistory({ page: 2 })).resolves.toEqual(history);
    expect(fake.requests).toHaveLength(1);
    const sent = fake.requests[0]!;
    expect(sent).toMatchObject({ path: '/api/v1/user/referral/history', method: 'GET' });
    expect(sent.body).toBeUndefined();
    expect(sent.query.get('page')).toBe('2');
    expect(sent.query.get('pageSize')).toBe(String(REFERRAL_PAGE_SIZE));
    expect(sent.headers.Authorization).toBe('Bearer tok');
  });

  it('passes a custom page size', async () => {
    const empty = { list: [], total: 0, page: 1, pageSize: 50 };
    const fake = setup(() => ({ data: empty }));
    await expect(getReferralHistory({ page: 1, pageSize: 50 })).resolves.toEqual(empty);
    expect(fake.requests[0]?.query.get('pageSize')).toBe('50');
  });

  it.each([
    ['a level that is not a number', { ...history, list: [{ ...history.list[0], level: '1' }] }],
    ['a record without its e-mail', { ...history, list: [{ registeredAt: 'x', level: 1 }] }],
    ['no total', { list: [], page: 1, pageSize: 10 }],
  ])('%s is a failure of the call', async (_case, data) => {
    setup(() => ({ data }));
    await expect(getReferralHistory({ page: 1 })).rejects.toMatchObject({
      message: 'invalid_response',
    });
  });
});

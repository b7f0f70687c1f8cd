import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeFetch, type FakeHandler } from './fake-fetch';
import { configureHttpClient } from './http-client';
import { getLoyaltySetting, getLoyaltyStatus } from './loyalty';
import { clearLoginInfo, setLoginInfo } from './session';

function setup(handler: FakeHandler) {
  const fake = createFakeFetch(handler);
  configureHttpClient({
    fetch: fake.fetch,
    getLocale: () => 'zh-TW',
    goToLanding: vi.fn(),
    reload: vi.fn(),
    retryDelayMs: 0,
  });
  return fake;
}

const setting = {
  fixed: [{ currencyName: 'USDT', lv1Rate: 8, lv2Rate: 9, lv3Rate: 10.5, lv4Rate: 12 }],
  pro: [{ currencyName: 'USDC', lv1Rate: 6, lv2Rate: 6.5, lv3Rate: 7, lv4Rate: 8 }],
};

const status = {
  level: 2,
  roleId: 64 | 2048,
  kycVerified: true,
  stakeLevel: 2,
  allianceLevel: 0,
  countedStake: '12000.5',
  thresholds: { level2: '10000', level3: '50000', level4: '200000' },
  nextLevel: { level: 3, needed: '37999.5' },
  wallets: [
    { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', staked: '10000', cooling: '2000.5' },
  ],
  requests: [
    {
      requestId: '0',
      address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      amount: '2000.5',
      unlockAt: '2024-05-15T00:00:00.000Z',
      withdrawn: false,
    },
  ],
  alliance: null,
  chainId: 31337,
  indexedBlock: '42',
};

beforeEach(() => {
  clearLoginInfo();
});

describe('loyalty service', () => {
  it('getLoyaltySetting: guest GET /api/v1/common/loyalty, parsed', async () => {
    setLoginInfo({ token: 'tok', expiredTime: Date.now() + 60_000 });
    const fake = setup(() => ({ data: setting }));
    await expect(getLoyaltySetting()).resolves.toEqual(setting);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({ path: '/api/v1/common/loyalty', method: 'GET' });
    // a guest call: no token even when logged in
    expect(fake.requests[0]?.headers).not.toHaveProperty('Authorization');
    expect(fake.requests[0]?.headers['Accept-Language']).toBe('zh-tw');
  });

  it('getLoyaltySetting works for visitors', async () => {
    const fake = setup(() => ({ data: { fixed: [], pro: [] } }));
    await expect(getLoyaltySetting()).resolves.toEqual({ fixed: [], pro: [] });
    expect(fake.requests).toHaveLength(1);
  });

  it('getLoyaltySetting: a rate that is not a number is an invalid answer', async () => {
    setup(() => ({
      data: { fixed: [{ ...setting.fixed[0], lv2Rate: '9%' }], pro: [] },
    }));
    await expect(getLoyaltySetting()).rejects.toMatchObject({ message: 'invalid_response' });
  });

  it('getLoyaltyStatus: authenticated GET /member/loyalty/status, parsed', async () => {
    setLoginInfo({ token: 'tok', refreshToken: 'ref', expiredTime: Date.now() + 60_000 });
    const fake = setup(() => ({ data: status }));
    await expect(getLoyaltyStatus()).resolves.toEqual(status);
    expect(fake.requests[0]).toMatchObject({ path: '/member/loyalty/status', method: 'GET' });
    expect(fake.requests[0]?.headers.Authorization).toBe('Bearer tok');
  });

  it('getLoyaltyStatus: not sent while logged out (an ordinary 401 failure)', async () => {
    const fake = setup(() => ({ data: status }));
    await expect(getLoyaltyStatus()).rejects.toMatchObject({ status: 401 });
    expect(fake.requests).toHaveLength(0);
  });

  it('getLoyaltyStatus: an amount as a number (not a decimal string) is an invalid answer', async () => {
    setLoginInfo({ token: 'tok', expiredTime: Date.now() + 60_000 });
    setup(() => ({ data: { ...status, countedStake: 12000.5 } }));
    await expect(getLoyaltyStatus()).rejects.toMatchObject({ message: 'invalid_response' });
  });

  it('getLoyaltyStatus: a refused call surfaces the envelope message', async () => {
    setLoginInfo({ token: 'tok', expiredTime: Date.now() + 60_000 });
    setup(() => ({ http: 500, status: 500, message: 'internal_error' }));
    await expect(getLoyaltyStatus()).rejects.toMatchObject({
      message: 'internal_error',
      httpStatus: 500,
    });
  });
});

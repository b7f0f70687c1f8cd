import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LoyaltyError } from '../shared/api/loyalty';
import { allianceNonce, checkAlliance, registerAlliance, unregisterAlliance } from './alliance';
import { createFakeFetch, type FakeHandler } from './fake-fetch';
import { ApiError, configureHttpClient } from './http-client';
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

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const check = {
  address: ADDRESS,
  holdsNft: true,
  tokenIds: ['1'],
  registered: false,
  registeredElsewhere: false,
};
const registration = { address: ADDRESS, tokenId: '1', registeredAt: '2024-05-01T00:00:00.000Z' };
const nonce = {
  nonce: 'abcdef123456',
  domain: 'localhost:5173',
  uri: 'http://localhost:5173',
  chainId: 31337,
  statement:
    'Verify that this wallet holds a Bincentive Alliance NFT for your BCNT Platform account.',
  issuedAt: '2024-05-01T00:00:00.000Z',
  expirationTime: '2024-05-01T00:10:00.000Z',
};
const refreshThenRefuse: FakeHandler = (req) =>
  req.path === '/member/refresh'
    ? { data: { token: 'new', refreshToken: 'ref2', expiredTime: Date.now() + 60_000 } }
    : { http: 401, status: 401, message: 'Please login again.' };

beforeEach(() => {
  reload.mockReset();
  setLoginInfo({ token: 'tok', refreshToken: 'ref', expiredTime: Date.now() + 60_000 });
});

describe('alliance service', () => {
  it('checkAlliance: authenticated GET /member/loyalty/alliance/check?address=, parsed', async () => {
    const fake = setup(() => ({ data: check }));
    await expect(checkAlliance(ADDRESS)).resolves.toEqual(check);
    const sent = fake.requests[0]!;
    expect(sent).toMatchObject({ path: '/member/loyalty/alliance/check', method: 'GET' });
    expect(sent.query.get('address')).toBe(ADDRESS);
    expect(sent.headers.Authorization).toBe('Bearer tok');
  });

  it('checkAlliance: an answer that breaks the contract is a failure, not data', async () => {
    setup(() => ({ data: { ...check, holdsNft: 'yes' } }));
    await expect(checkAlliance(ADDRESS)).rejects.toMatchObject({ message: 'invalid_response' });
  });

  it('allianceNonce: POST /member/siwe/nonce with purpose alliance, authenticated', async () => {
    const fake = setup(() => ({ data: nonce }));
    await expect(allianceNonce()).resolves.toEqual(nonce);
    expect(fake.requests[0]).toMatchObject({
      path: '/member/siwe/nonce',
      method: 'POST',
      body: { purpose: 'alliance' },
    });
    expect(fake.requests[0]?.headers.Authorization).toBe('Bearer tok');
  });

  it('registerAlliance: POST with address, message, signature and ts; answers the registration', async () => {
    const fake = setup(() => ({ data: registration }));
    const body = { address: ADDRESS, message: 'm', signature: '0xab', ts: 1_714_521_600_000 };
    await expect(registerAlliance(body)).resolves.toEqual(registration);
    expect(fake.requests[0]).toMatchObject({
      path: '/member/loyalty/alliance/register',
      method: 'POST',
      body,
    });
    expect(fake.requests[0]?.headers.Authorization).toBe('Bearer tok');
  });

  it('registerAlliance: a refusal keeps its stable message key for the UI to translate', async () => {
    setup(() => ({ http: 409, status: 409, message: LoyaltyError.taken }));
    const failure = registerAlliance({ address: ADDRESS, message: 'm', signature: '0xab', ts: 1 });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ message: 'alliance_taken', ignored: false });
  });

  it('registerAlliance is never replayed after an auth failure (the nonce is single-use)', async () => {
    const fake = setup(refreshThenRefuse);
    await expect(
      registerAlliance({ address: ADDRESS, message: 'm', signature: '0xab', ts: 1 }),
    ).rejects.toMatchObject({ ignored: true });
    expect(fake.to('/member/loyalty/alliance/register')).toHaveLength(1);
    expect(fake.to('/member/refresh')).toHaveLength(0);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('unregisterAlliance: authenticated PATCH, never replayed', async () => {
    const fake = setup(() => ({ data: { unregistered: true } }));
    await expect(unregisterAlliance()).resolves.toEqual({ unregistered: true });
    expect(fake.requests[0]).toMatchObject({
      path: '/member/loyalty/alliance/unregister',
      method: 'PATCH',
    });
    expect(fake.requests[0]?.headers.Authorization).toBe('Bearer tok');

    const refused = setup(refreshThenRefuse);
    await expect(unregisterAlliance()).rejects.toMatchObject({ ignored: true });
    expect(refused.to('/member/loyalty/alliance/unregister')).toHaveLength(1);
    expect(refused.to('/member/refresh')).toHaveLength(0);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { kycStatusAnswer } from '../components/testing/kyc-status';
import { configureHttpClient } from '../services/http-client';
import { setLoginInfo } from '../services/session';
import type { KycStatus } from '../shared/api/kyc';
import { kycGate } from './guards';
import { fetchKycStatusForGate } from './kyc-gate';

function envelope(status: number, data: unknown, httpStatus = 200) {
  return new Response(
    JSON.stringify({ status, message: status === 0 ? 'success' : 'failed', data }),
    {
      status: httpStatus,
      headers: { 'Content-Type': 'application/json' },
    },
  );
}

const kycStatus = (selfUserKYCStatus: number, state: KycStatus['state']) =>
  kycStatusAnswer({ selfUserKYCStatus, state, kind: 'individual' });

describe('KYC gate fetch', () => {
  afterEach(() =>
    configureHttpClient({ getLocale: () => 'en-US', goToLanding: () => {}, reload: () => {} }),
  );

  it('POSTs /member/ico/kyc/getStatus with the bearer token through the KYC service', async () => {
    setLoginInfo({ token: 'tok', expiredTime: Date.now() + 60_000 });
    const fetch = vi.fn(async () => envelope(0, kycStatus(2, 'under_review')));
    configureHttpClient({ fetch, getLocale: () => 'zh-TW', goToLanding: vi.fn(), reload: vi.fn() });
    const status = await fetchKycStatusForGate();
    expect(status).toMatchObject({ selfUserKYCStatus: 2 });
    expect(kycGate(status)).toBe('Account');
    const [url, init] = fetch.mock.calls[0]! as unknown as [string, RequestInit];
    expect(url).toBe('/member/ico/kyc/getStatus');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok');
  });

  it('lets a verified member through', async () => {
    setLoginInfo({ token: 'tok', expiredTime: Date.now() + 60_000 });
    configureHttpClient({
      fetch: vi.fn(async () => envelope(0, kycStatus(4, 'verified'))),
      getLocale: () => 'en-US',
      goToLanding: vi.fn(),
      reload: vi.fn(),
    });
    expect(kycGate(await fetchKycStatusForGate())).toBeNull();
  });

  it('gives the gate null when the envelope status is not 0 or the call fails', async () => {
    setLoginInfo({ token: 'tok', expiredTime: Date.now() + 60_000 });
    configureHttpClient({
      fetch: vi.fn(async () => envelope(500, null, 500)),
      getLocale: () => 'en-US',
      goToLanding: vi.fn(),
      reload: vi.fn(),
    });
    await expect(fetchKycStatusForGate()).resolves.toBeNull();
    await expect(fetchKycStatusForGate(async () => ({ selfUserKYCStatus: 4 }))).resolves.toEqual({
      selfUserKYCStatus: 4,
    });
  });
});

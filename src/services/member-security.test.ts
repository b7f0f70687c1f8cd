import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEVICE_HEADERS } from '../shared/api/auth';
import { createFakeFetch, type FakeHandler } from './fake-fetch';
import { configureHttpClient } from './http-client';
import {
  get2FASettings,
  getLoginDeviceLogs,
  getLoginDevices,
  modifyNickname,
  revokeLoginDevice,
  set2FASettings,
  siweLink,
  siweLogin,
  siweNonce,
  siweUnlink,
  siweWallets,
  updatePwd,
} from './member-security';
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

const settings = {
  method: 'none',
  mobile: '+8869****678',
  mobileVerified: true,
  withdrawalLockedUntil: null,
};
const device = {
  id: 3,
  deviceID: 'd-3',
  clientId: 'c-3',
  deviceType: 13,
  device: 'Chrome on Linux',
  os: 'Linux',
  ip: '10.0.0.1',
  position: null,
  loginTime: '2024-05-01T02:03:00.000Z',
  status: 1,
  current: false,
};
const nonce = {
  nonce: 'abcdef123456',
  domain: 'localhost:5173',
  uri: 'http://localhost:5173',
  chainId: 31337,
  statement: 'Link this wallet to your BCNT Platform account.',
  issuedAt: '2024-05-01T00:00:00.000Z',
  expirationTime: '2024-05-01T00:10:00.000Z',
};
const wallet = {
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  chainId: 31337,
  linkedAt: '2024-05-01T00:01:00.000Z',
};

beforeEach(() => {
  reload.mockReset();
  setLoginInfo({ token: 'tok', refreshToken: 'ref', expiredTime: Date.now() + 60_000 });
});

describe('member security service', () => {
  it('get2FASettings: authenticated POST /member/get2FASettings, parsed', async () => {
    const fake = setup(() => ({ data: settings }));
    await expect(get2FASettings()).resolves.toEqual(settings);
    expect(fake.requests[0]).toMatchObject({ path: '/member/get2FASettings', method: 'POST' });
    expect(fake.requests[0]?.headers.Authorization).toBe('Bearer tok');
  });

  it('get2FASettings: an answer that does not match the contract is a failure', async () => {
    setup(() => ({ data: { method: 'email' } }));
    await expect(get2FASettings()).rejects.toMatchObject({ message: 'invalid_response' });
  });

  it('set2FASettings: sends the action body and parses settings, totp and sms', async () => {
    const answer = {
      settings,
      totp: {
        secret: 'JBSWY3DPEHPK3PXP',
        otpauthUrl: 'otpauth://totp/BCNT:a?secret=JBSWY3DPEHPK3PXP',
      },
      sms: null,
    };
    const fake = setup(() => ({ data: answer }));
    await expect(set2FASettings({ action: 'totp-setup' })).resolves.toEqual(answer);
    await set2FASettings({
      action: 'enable-totp',
      code: '123456',
      currentCode: '654321',
      password: 'pw',
    });
    expect(fake.to('/member/set2FASettings').map((r) => r.body)).toEqual([
      { action: 'totp-setup' },
      { action: 'enable-totp', code: '123456', currentCode: '654321', password: 'pw' },
    ]);
  });

  it('set2FASettings is never replayed after an auth failure (its codes are single-use)', async () => {
    const fake = setup((req) =>
      req.path === '/member/refresh'
        ? { data: { token: 'new', refreshToken: 'ref2', expiredTime: Date.now() + 60_000 } }
        : { http: 401, status: 401, message: 'Please login again.' },
    );
    await expect(
      set2FASettings({ action: 'disable', currentCode: '123456', password: 'pw' }),
    ).rejects.toMatchObject({ ignored: true });
    expect(fake.to('/member/set2FASettings')).toHaveLength(1);
    expect(fake.to('/member/refresh')).toHaveLength(0);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a read (getLoginDevices) is replayed once after a refresh', async () => {
    let first = true;
    const fake = setup((req) => {
      if (req.path === '/member/refresh')
        return { data: { token: 'new', refreshToken: 'ref2', expiredTime: Date.now() + 60_000 } };
      if (first) {
        first = false;
        return { http: 401, status: 401, message: 'Please login again.' };
      }
      return { data: { list: [device], total: 1 } };
    });
    await expect(getLoginDevices()).resolves.toEqual({ list: [device], total: 1 });
    expect(fake.to('/member/getLoginDevices')).toHaveLength(2);
    expect(fake.to('/member/getLoginDevices')[1]?.headers.Authorization).toBe('Bearer new');
  });

  it('getLoginDevices: page size 20, id descending, status 1 by default; page and deviceID pass through', async () => {
    const fake = setup(() => ({ data: { list: [device], total: 1 } }));
    await getLoginDevices();
    await getLoginDevices({ pageNow: 3, deviceID: 'd-3' });
    expect(fake.requests.map((r) => r.body)).toEqual([
      { pageSize: 20, pageNow: 1, sortCol: 'id', sortDir: 'desc', status: 1 },
      { pageSize: 20, pageNow: 3, sortCol: 'id', sortDir: 'desc', status: 1, deviceID: 'd-3' },
    ]);
  });

  it('getLoginDeviceLogs: page size 10, id ascending (oldest first)', async () => {
    const log = {
      id: 1,
      deviceID: 'd-3',
      action: 'login',
      device: 'Chrome on Linux',
      ip: '10.0.0.1',
      time: '2024-05-01T02:03:00.000Z',
    };
    const fake = setup(() => ({ data: { list: [log], total: 11 } }));
    await expect(getLoginDeviceLogs({ pageNow: 2 })).resolves.toEqual({ list: [log], total: 11 });
    expect(fake.requests[0]).toMatchObject({
      path: '/member/getLoginDeviceLogs',
      body: { pageSize: 10, pageNow: 2, sortCol: 'id', sortDir: 'asc' },
    });
  });

  it('revokeLoginDevice: device type 13 by default, the device client id; not replayed', async () => {
    const fake = setup(() => ({ data: { revokedSessions: 2 } }));
    await expect(revokeLoginDevice({ clientId: 'c-3' })).resolves.toEqual({ revokedSessions: 2 });
    await revokeLoginDevice({ clientId: 'c-4', deviceType: 3 });
    expect(fake.requests.map((r) => [r.path, r.body])).toEqual([
      ['/member/revokeLoginDevice', { deviceType: 13, clientId: 'c-3' }],
      ['/member/revokeLoginDevice', { deviceType: 3, clientId: 'c-4' }],
    ]);
  });

  it('updatePwd: POST with current, new and confirmation; server refusals reject with their message', async () => {
    const fake = setup(() => ({ status: 400, http: 400, message: 'invalid_credentials' }));
    const body = { oldPassword: 'old12345', password: 'new12345', confirmPassword: 'new12345' };
    await expect(updatePwd(body)).rejects.toMatchObject({ message: 'invalid_credentials' });
    expect(fake.requests[0]).toMatchObject({ path: '/member/updatePwd', body });
  });

  it('modifyNickname: POST /member/ico/modifyNickname', async () => {
    const fake = setup(() => ({ data: { nickname: 'Ann' } }));
    await expect(modifyNickname({ nickname: 'Ann' })).resolves.toEqual({ nickname: 'Ann' });
    expect(fake.requests[0]).toMatchObject({
      path: '/member/ico/modifyNickname',
      body: { nickname: 'Ann' },
    });
  });

  it('siweNonce: the login nonce is a guest call, the link nonce is authenticated', async () => {
    const fake = setup(() => ({ data: nonce }));
    await expect(siweNonce('login')).resolves.toEqual(nonce);
    await siweNonce('link');
    expect(fake.requests.map((r) => r.body)).toEqual([{ purpose: 'login' }, { purpose: 'link' }]);
    expect(fake.requests[0]?.headers).not.toHaveProperty('Authorization');
    expect(fake.requests[1]?.headers.Authorization).toBe('Bearer tok');
  });

  it('siweLink, siweUnlink, siweWallets: paths, bodies and parsed answers', async () => {
    const fake = setup((req) => {
      if (req.path === '/member/siwe/wallets') return { data: { list: [wallet] } };
      if (req.path === '/member/siwe/link') return { data: wallet };
      return { data: { list: [] } };
    });
    await expect(
      siweLink({ message: 'm', signature: '0xab', password: 'pw', code: '123456' }),
    ).resolves.toEqual(wallet);
    await expect(siweUnlink({ address: wallet.address, code: '123456' })).resolves.toEqual([]);
    await expect(siweWallets()).resolves.toEqual([wallet]);
    expect(fake.requests.map((r) => [r.path, r.body])).toEqual([
      ['/member/siwe/link', { message: 'm', signature: '0xab', password: 'pw', code: '123456' }],
      ['/member/siwe/unlink', { address: wallet.address, code: '123456' }],
      ['/member/siwe/wallets', undefined],
    ]);
  });

  it('siweLogin: guest call with the login device headers, answer parsed as a login result', async () => {
    const answer = {
      result: 'second_factor',
      method: 'totp',
      ticket: 't'.repeat(20),
      sentTo: null,
    };
    const fake = setup(() => ({ data: answer }));
    await expect(siweLogin({ message: 'm', signature: '0xab' })).resolves.toEqual(answer);
    const sent = fake.requests[0]!;
    expect(sent.path).toBe('/member/siwe/login');
    expect(sent.headers).not.toHaveProperty('Authorization');
    expect(sent.headers[DEVICE_HEADERS.deviceType]).toBe('13');
    expect(sent.headers[DEVICE_HEADERS.clientId]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('siweLogin: a device-authorisation answer gives this browser a device token, sent after', async () => {
    localStorage.removeItem('deviceToken');
    const deviceToken = 'P'.repeat(43);
    const fake = setup(() => ({
      data: { result: 'device_authorization', sentTo: 'a***@b.co', deviceToken },
    }));
    await siweLogin({ message: 'm', signature: '0xab' });
    expect(fake.requests[0]!.headers).not.toHaveProperty(DEVICE_HEADERS.deviceToken);
    await siweLogin({ message: 'm', signature: '0xab' });
    expect(fake.requests[1]!.headers[DEVICE_HEADERS.deviceToken]).toBe(deviceToken);
    localStorage.removeItem('deviceToken');
  });
});

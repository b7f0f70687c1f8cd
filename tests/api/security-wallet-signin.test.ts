import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMember,
  deviceHeaders,
  latestLink,
  loginStep1,
  newClientId,
  outbox,
  post,
  solveCaptcha,
  type TestMember,
} from '../helpers/auth';
import { linkWallet, signedMessage } from '../helpers/loyalty';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * Wallet sign-in recognises a device by the token the server gave it, not by the client id the
 * device list shows; a password reset unlinks the wallets or suspends wallet sign-in until the
 * member confirms by e-mail.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Wallet = ReturnType<typeof privateKeyToAccount>;

async function memberWithWallet(): Promise<{ member: TestMember; wallet: Wallet }> {
  const member = await createMember(t.app);
  const wallet = privateKeyToAccount(generatePrivateKey());
  await linkWallet(t.app, member, wallet);
  return { member, wallet };
}

async function walletSignIn(wallet: Wallet, clientId: string, deviceToken?: string) {
  return post(
    t.app,
    '/member/siwe/login',
    await signedMessage(t.app, 'login', wallet.address, wallet),
    { headers: deviceHeaders(clientId, undefined, deviceToken) },
  );
}

describe('wallet sign-in needs the device token, not the client id', () => {
  it('the first login answers a device token; with it the wallet signs in', async () => {
    const { member, wallet } = await memberWithWallet();
    expect(member.deviceToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const res = await walletSignIn(wallet, member.clientId, member.deviceToken);
    expect(res.json().data.result, res.body).toBe('success');
    // a valid token is not replaced
    expect(res.json().data.deviceToken).toBeUndefined();
  });

  it('the client id read from the device list does not skip device authorisation', async () => {
    const { member, wallet } = await memberWithWallet();
    const devices = await post(t.app, '/member/getLoginDevices', {}, { token: member.token });
    const listed = devices.json().data.list as { clientId: string; status: number }[];
    expect(listed.map((d) => d.clientId)).toContain(member.clientId);
    const before = (await outbox(t.app, member.email, 50)).length;

    for (const token of [undefined, 'made-up-device-token-0123456789abcdef']) {
      const res = await walletSignIn(wallet, member.clientId, token);
      expect(res.json().data.result, res.body).toBe('device_authorization');
      expect(res.json().data.session).toBeUndefined();
    }
    // the member was asked by e-mail; their own device still logs in with the password
    expect((await outbox(t.app, member.email, 50)).length).toBeGreaterThan(before);
    const own = await loginStep1(t.app, member);
    expect(own.json().data.result, own.body).toBe('success');
    // a token of another member's device does not work either
    const other = await memberWithWallet();
    const crossed = await walletSignIn(wallet, member.clientId, other.member.deviceToken);
    expect(crossed.json().data.result).toBe('device_authorization');
  });

  it('a browser without a token gets one that works once the e-mailed link is opened', async () => {
    const { member, wallet } = await memberWithWallet();
    const clientId = newClientId();
    const first = await walletSignIn(wallet, clientId);
    expect(first.json().data.result).toBe('device_authorization');
    const pending = first.json().data.deviceToken as string;
    expect(pending).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // before the link: still refused, and the same pending token is kept (no new one)
    const again = await walletSignIn(wallet, clientId, pending);
    expect(again.json().data.result).toBe('device_authorization');
    expect(again.json().data.deviceToken).toBeUndefined();

    const { token } = await latestLink(t.app, member.email, '/authorizeLoginDevice');
    expect((await post(t.app, '/member/authorizeLoginDevice', { token })).json().status).toBe(0);
    const signedIn = await walletSignIn(wallet, clientId, pending);
    expect(signedIn.json().data.result, signedIn.body).toBe('success');
    // the client id alone still does not
    expect((await walletSignIn(wallet, clientId)).json().data.result).toBe('device_authorization');
  });

  it('revoking a device ends its tokens', async () => {
    const { member, wallet } = await memberWithWallet();
    const other = newClientId();
    const first = await walletSignIn(wallet, other);
    const pending = first.json().data.deviceToken as string;
    const { token } = await latestLink(t.app, member.email, '/authorizeLoginDevice');
    await post(t.app, '/member/authorizeLoginDevice', { token });
    expect((await walletSignIn(wallet, other, pending)).json().data.result).toBe('success');

    const revoked = await post(
      t.app,
      '/member/revokeLoginDevice',
      { clientId: other },
      { token: member.token },
    );
    expect(revoked.json().status, revoked.body).toBe(0);
    expect((await walletSignIn(wallet, other, pending)).json().data.result).toBe(
      'device_authorization',
    );
  });
});

async function resetPassword(member: TestMember, extra: Record<string, unknown> = {}) {
  await post(t.app, '/member/forgotPwd', {
    email: member.email,
    captcha: await solveCaptcha(t.app),
  });
  const { token } = await latestLink(t.app, member.email, '/reset-password');
  return post(t.app, '/member/resetPwd', {
    token,
    password: 'Reset1234',
    confirmPassword: 'Reset1234',
    ...extra,
  });
}

describe('a password reset and the wallets', () => {
  it('unlinks every wallet by default (each announced)', async () => {
    const { member, wallet } = await memberWithWallet();
    const second = privateKeyToAccount(generatePrivateKey());
    await linkWallet(t.app, member, second);
    const reset = await resetPassword(member);
    expect(reset.json().data, reset.body).toEqual({
      reset: true,
      unlinkedWallets: 2,
      walletLoginSuspended: false,
    });
    const res = await walletSignIn(wallet, member.clientId, member.deviceToken);
    expect(res.json().message).toBe('wallet_not_linked');
    const notices = (await outbox(t.app, member.email, 50)).filter(
      (m) => m.subject === 'A wallet was unlinked from your account',
    );
    expect(notices).toHaveLength(2);
  });

  it('keeping them suspends wallet sign-in until the e-mailed link is opened', async () => {
    const { member, wallet } = await memberWithWallet();
    const reset = await resetPassword(member, { unlinkWallets: false });
    expect(reset.json().data, reset.body).toEqual({
      reset: true,
      unlinkedWallets: 0,
      walletLoginSuspended: true,
    });
    const refused = await walletSignIn(wallet, member.clientId, member.deviceToken);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('wallet_login_suspended');

    const { token, link } = await latestLink(t.app, member.email, '/confirm-wallet-login');
    expect(link).toContain('/confirm-wallet-login?token=');
    expect(
      (await post(t.app, '/member/confirmWalletLogin', { token: 'x'.repeat(43) })).json().message,
    ).toBe('Please confirm that the link is valid');
    const confirmed = await post(t.app, '/member/confirmWalletLogin', { token });
    expect(confirmed.json().data, confirmed.body).toEqual({ confirmed: true });
    const res = await walletSignIn(wallet, member.clientId, member.deviceToken);
    expect(res.json().data.result, res.body).toBe('success');
    // the link is single use
    expect((await post(t.app, '/member/confirmWalletLogin', { token })).json().message).toBe(
      'Please confirm that the link is valid',
    );
  });

  it('an account without wallets is not suspended', async () => {
    const member = await createMember(t.app);
    const reset = await resetPassword(member, { unlinkWallets: false });
    expect(reset.json().data).toEqual({
      reset: true,
      unlinkedWallets: 0,
      walletLoginSuspended: false,
    });
  });
});

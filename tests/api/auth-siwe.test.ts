import { type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignatureVerifier } from '../../src/server/domain/auth/siwe-verifier';
import { totpCode } from '../../src/server/domain/auth/two-factor';
import {
  createMember,
  deviceHeaders,
  latestLink,
  loginStep2,
  newClientId,
  post,
  type TestMember,
} from '../helpers/auth';
import { CLOSED_RPC_URL, createTestApp, type TestApp } from '../helpers/test-app';

// anvil's well-known development keys (never hold value)
const KEYS: Hex[] = [
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
  '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a',
  '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba',
];
const accounts = KEYS.map((key) => privateKeyToAccount(key));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

interface NonceData {
  nonce: string;
  domain: string;
  uri: string;
  chainId: number;
  statement: string;
  issuedAt: string;
  expirationTime: string;
}

async function nonce(purpose: 'link' | 'login'): Promise<NonceData> {
  const res = await post(t.app, '/member/siwe/nonce', { purpose });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

async function signed(
  account: (typeof accounts)[number],
  data: NonceData,
  overrides: Partial<Parameters<typeof createSiweMessage>[0]> = {},
) {
  const message = createSiweMessage({
    address: account.address,
    domain: data.domain,
    uri: data.uri,
    chainId: data.chainId,
    nonce: data.nonce,
    statement: data.statement,
    version: '1',
    issuedAt: new Date(data.issuedAt),
    expirationTime: new Date(data.expirationTime),
    ...overrides,
  });
  return { message, signature: await account.signMessage({ message }) };
}

/** siwe/link with the member's password (re-authentication); the body may override it. */
const link = (member: TestMember, body: object) =>
  post(t.app, '/member/siwe/link', { password: member.password, ...body }, { token: member.token });
const siweLogin = (body: unknown, clientId: string, deviceToken?: string) =>
  post(t.app, '/member/siwe/login', body, {
    headers: deviceHeaders(clientId, undefined, deviceToken),
  });

describe('SIWE nonce', () => {
  it('names the app domain and origin, the chain and at most 10 minutes', async () => {
    const data = await nonce('link');
    expect(data).toMatchObject({
      domain: 'localhost:5173',
      uri: 'http://localhost:5173',
      chainId: 31337,
      statement: expect.stringContaining('BCNT Platform'),
      issuedAt: t.clock.now().toISOString(),
    });
    expect(data.nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(Date.parse(data.expirationTime) - Date.parse(data.issuedAt)).toBeLessThanOrEqual(
      600_000,
    );
    expect((await post(t.app, '/member/siwe/nonce', { purpose: 'other' })).statusCode).toBe(400);
  });
});

describe('linking a wallet', () => {
  it('links by signature, lists it, and refuses a replay', async () => {
    const member = await createMember(t.app);
    const body = await signed(accounts[0]!, await nonce('link'));
    const res = await link(member, body);
    expect(res.json()).toEqual({
      status: 0,
      message: 'success',
      data: {
        address: accounts[0]!.address,
        chainId: 31337,
        linkedAt: t.clock.now().toISOString(),
      },
    });
    const wallets = await post(t.app, '/member/siwe/wallets', undefined, { token: member.token });
    expect(wallets.json().data.list).toEqual([res.json().data]);

    const replay = await link(member, body);
    expect(replay.json()).toEqual({ status: 400, message: 'siwe_invalid', data: null });
  });

  it('one address belongs to one member', async () => {
    const alice = await createMember(t.app);
    const bob = await createMember(t.app);
    expect((await link(alice, await signed(accounts[1]!, await nonce('link')))).json().status).toBe(
      0,
    );
    const taken = await link(bob, await signed(accounts[1]!, await nonce('link')));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ status: 409, message: 'wallet_taken' });
    // linking again to the same member is fine
    expect((await link(alice, await signed(accounts[1]!, await nonce('link')))).json().status).toBe(
      0,
    );
  });

  it('refuses another domain, another origin, another chain, an expired message, a long-lived message, a login nonce, a foreign signature, an unknown nonce', async () => {
    const member = await createMember(t.app);
    const account = accounts[2]!;
    const cases: [string, () => Promise<{ message: string; signature: string }>][] = [
      [
        'other domain',
        async () => signed(account, await nonce('link'), { domain: 'evil.example' }),
      ],
      [
        'other uri',
        async () => signed(account, await nonce('link'), { uri: 'https://evil.example/' }),
      ],
      ['other chain', async () => signed(account, await nonce('link'), { chainId: 1 })],
      [
        'expired',
        async () => {
          const body = await signed(account, await nonce('link'));
          t.clock.advance(10 * 60_000 + 1000);
          return body;
        },
      ],
      [
        'lifetime over 10 minutes',
        async () => {
          const data = await nonce('link');
          return signed(account, data, {
            expirationTime: new Date(Date.parse(data.issuedAt) + 11 * 60_000),
          });
        },
      ],
      [
        'no expiry',
        async () => signed(account, await nonce('link'), { expirationTime: undefined }),
      ],
      ['login nonce', async () => signed(account, await nonce('login'))],
      [
        'signed by someone else',
        async () => {
          const data = await nonce('link');
          const body = await signed(account, data);
          return {
            message: body.message,
            signature: await accounts[3]!.signMessage({ message: body.message }),
          };
        },
      ],
      [
        'unknown nonce',
        async () =>
          signed(account, { ...(await nonce('link')), nonce: 'abcdef0123456789abcdef0123456789' }),
      ],
      [
        'not a SIWE message',
        async () => ({
          message: 'hello',
          signature: await account.signMessage({ message: 'hello' }),
        }),
      ],
    ];
    for (const [name, make] of cases) {
      const res = await link(member, await make());
      expect(res.json(), name).toMatchObject({ status: 400, message: 'siwe_invalid' });
    }
    // the account is still free: nothing was linked
    const wallets = await post(t.app, '/member/siwe/wallets', undefined, { token: member.token });
    expect(wallets.json().data.list).toEqual([]);
  });

  it('a nonce is spent once even when two signed messages race for it', async () => {
    const member = await createMember(t.app);
    const data = await nonce('link');
    const a = await signed(accounts[4]!, data);
    const b = await signed(accounts[5]!, data);
    const results = await Promise.all([link(member, a), link(member, b)]);
    expect(results.filter((res) => res.json().status === 0)).toHaveLength(1);
  });
});

describe('wallet sign-in and unlinking', () => {
  it('logs in with a linked wallet from an authorised device; 2FA still applies; new devices need the link', async () => {
    const member = await createMember(t.app);
    const wallet = accounts[3]!;
    await link(member, await signed(wallet, await nonce('link')));

    const ok = await siweLogin(
      await signed(wallet, await nonce('login')),
      member.clientId,
      member.deviceToken,
    );
    expect(ok.json().data).toMatchObject({
      result: 'success',
      member: { memberId: member.memberId },
    });

    const elsewhere = await siweLogin(await signed(wallet, await nonce('login')), newClientId());
    expect(elsewhere.json().data.result).toBe('device_authorization');
    expect((await latestLink(t.app, member.email, '/authorizeLoginDevice')).token).toBeTruthy();

    // with the authenticator on: second_factor, finished by login step 2
    const setup = (
      await post(t.app, '/member/set2FASettings', { action: 'totp-setup' }, { token: member.token })
    ).json().data;
    await post(
      t.app,
      '/member/set2FASettings',
      {
        action: 'enable-totp',
        code: totpCode(setup.totp.secret, t.clock.now()),
        password: member.password,
      },
      { token: member.token },
    );
    const step1 = await siweLogin(
      await signed(wallet, await nonce('login')),
      member.clientId,
      member.deviceToken,
    );
    expect(step1.json().data).toMatchObject({ result: 'second_factor', method: 'totp' });
    t.clock.advance(30_000);
    const step2 = await loginStep2(
      t.app,
      step1.json().data.ticket,
      totpCode(setup.totp.secret, t.clock.now()),
      member.clientId,
    );
    expect(step2.json().data.result).toBe('success');

    // a replayed login message is refused
    const body = await signed(wallet, await nonce('login'));
    await siweLogin(body, member.clientId, member.deviceToken);
    expect((await siweLogin(body, member.clientId, member.deviceToken)).json().message).toBe(
      'siwe_invalid',
    );
    // a link nonce does not log in
    expect(
      (await siweLogin(await signed(wallet, await nonce('link')), member.clientId)).json().message,
    ).toBe('siwe_invalid');
  });

  it('an unlinked wallet cannot log in', async () => {
    const stranger = privateKeyToAccount(generatePrivateKey());
    const res = await siweLogin(await signed(stranger, await nonce('login')), newClientId());
    expect(res.json()).toMatchObject({ status: 400, message: 'wallet_not_linked' });
  });

  it('unlinking needs 2FA on and its current code', async () => {
    const member = await createMember(t.app);
    const wallet = privateKeyToAccount(
      '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6',
    );
    await link(member, await signed(wallet, await nonce('link')));
    const unlink = (code: string) =>
      post(
        t.app,
        '/member/siwe/unlink',
        { address: wallet.address, code },
        { token: member.token },
      );
    expect((await unlink('123456')).json()).toMatchObject({
      status: 403,
      message: 'two_factor_required',
    });

    const setup = (
      await post(t.app, '/member/set2FASettings', { action: 'totp-setup' }, { token: member.token })
    ).json().data;
    await post(
      t.app,
      '/member/set2FASettings',
      {
        action: 'enable-totp',
        code: totpCode(setup.totp.secret, t.clock.now()),
        password: member.password,
      },
      { token: member.token },
    );
    t.clock.advance(30_000);
    expect((await unlink('000000')).json().message).toBe('The code is wrong.');
    const ok = await unlink(totpCode(setup.totp.secret, t.clock.now()));
    expect(ok.json()).toMatchObject({ status: 0, data: { list: [] } });
    expect((await unlink(totpCode(setup.totp.secret, t.clock.now()))).json()).toMatchObject({
      status: 404,
      message: 'wallet_not_linked',
    });
    // the address is free again: another member may link it
    const other = await createMember(t.app);
    expect((await link(other, await signed(wallet, await nonce('link')))).json().status).toBe(0);
  });
});

describe('signature verifier', () => {
  it('accepts an EOA signature without the chain and refuses others when the chain is unreachable', async () => {
    const verifier = createSignatureVerifier(CLOSED_RPC_URL);
    const account = accounts[0]!;
    const message = 'hello';
    const signature = await account.signMessage({ message });
    expect(await verifier.verify({ address: account.address, message, signature })).toBe(true);
    expect(await verifier.verify({ address: accounts[1]!.address, message, signature })).toBe(
      false,
    );
    // a contract-wallet style signature goes to the chain; unreachable -> refused, not thrown
    expect(await verifier.verify({ address: account.address, message, signature: '0x1234' })).toBe(
      false,
    );
  });
});

import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { LedgerCurrency } from '../../src/server/db/schema/wallet';
import { totpCode } from '../../src/server/domain/auth/two-factor';
import { createMember, freshIp, post, type TestMember } from './auth';
import { verifyIdentity } from './loyalty';
import { creditMember, walletBalance as walletInfoBalance } from './wallet';
import type { TestApp } from './test-app';

/**
 * Helpers of the withdrawal and address-book tests: a verified member with the authenticator
 * on (and its 24-hour lock passed), ledger deposits, and the calls.
 */

export interface WithdrawMember extends TestMember {
  secret: string;
}

const DAY = 24 * 3600_000;

/** The member's next authenticator code (the clock moves past the last used 30-second step). */
export function nextCode(t: TestApp, member: WithdrawMember): string {
  t.clock.advance(31_000);
  return totpCode(member.secret, t.clock.now());
}

export async function enableTotp(t: TestApp, member: TestMember): Promise<string> {
  await fresh(t, member);
  const setup = await post(t.app, '/member/set2FASettings', { action: 'totp-setup' }, member);
  const secret = setup.json().data.totp.secret as string;
  const res = await post(
    t.app,
    '/member/set2FASettings',
    { action: 'enable-totp', code: totpCode(secret, t.clock.now()), password: member.password },
    member,
  );
  expect(res.json().status, res.body).toBe(0);
  return secret;
}

/** Verified (level 1), authenticator on, the withdrawal lock of that change passed. */
export async function withdrawMember(
  t: TestApp,
  options: { verified?: boolean; twoFactor?: boolean; waitLock?: boolean } = {},
): Promise<WithdrawMember> {
  const member = await createMember(t.app);
  if (options.verified !== false) await verifyIdentity(t, member);
  let secret = '';
  if (options.twoFactor !== false) {
    secret = await enableTotp(t, member);
    if (options.waitLock !== false) t.clock.advance(DAY + 60_000);
  }
  const result = { ...member, secret };
  await fresh(t, result);
  return result;
}

/** Credit the member's available balance (a ledger deposit from the hot wallet). */
export async function fund(
  t: TestApp,
  memberId: number,
  currency: LedgerCurrency,
  units: bigint,
): Promise<void> {
  await creditMember(t.database.db, t.clock, memberId, currency, units);
}

const issuedAt = new WeakMap<object, number>();

/**
 * Refresh the member's access token (15 minutes) when the test clock has moved on since it was
 * issued (the refresh token lives 7 days idle).
 */
export async function fresh(t: TestApp, member: { token: string; refreshToken?: string }) {
  const now = t.clock.now().getTime();
  const at = issuedAt.get(member);
  if (at === undefined) {
    issuedAt.set(member, now);
    if (!member.refreshToken) return;
  } else if (now - at < 10 * 60_000) return;
  if (!member.refreshToken) return;
  const res = await post(t.app, '/member/refresh', { token: member.refreshToken });
  const data = res.json().data as { token: string; refreshToken: string };
  if (!data?.token) throw new Error(`refresh: ${res.body}`);
  member.token = data.token;
  member.refreshToken = data.refreshToken;
  issuedAt.set(member, now);
}

export async function gatewayCall(
  t: TestApp,
  method: 'GET' | 'POST' | 'DELETE' | 'PATCH',
  url: string,
  member: { token: string },
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  await fresh(t, member);
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    remoteAddress: freshIp(),
    headers: { authorization: `Bearer ${member.token}`, ...headers },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

export function withdraw(
  t: TestApp,
  member: { token: string },
  body: Record<string, unknown>,
  key: string = randomUUID(),
) {
  return gatewayCall(t, 'POST', '/user/Withdraw', member, body, { 'idempotency-key': key });
}

/** The member's balances of one currency (the access token refreshed first if the clock moved). */
export async function walletBalance(t: TestApp, member: { token: string }, currency: string) {
  await fresh(t, member);
  return walletInfoBalance(t, member, currency);
}

/** Valid mainnet addresses of each network. */
export const ADDRESSES = {
  evm: '0x52908400098527886E0F7030069857D2E4169EE7',
  evmLower: '0x52908400098527886e0f7030069857d2e4169ee7',
  /** the EIP-55 example with one letter's case flipped: checksum fails */
  evmBadChecksum: '0x52908400098527886E0F7030069857D2E4169Ee7',
  tron: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  btcSegwit: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  btcLegacy: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
} as const;

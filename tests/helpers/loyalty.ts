import type { LightMyRequestResponse } from 'fastify';
import type { Address, Hex, LocalAccount } from 'viem';
import { createSiweMessage } from 'viem/siwe';
import { expect } from 'vitest';
import type { LoyaltyStatus } from '../../src/shared/api/loyalty';
import type { App } from '../../src/server/app';
import { runOpsCommand } from '../../src/server/ops/commands';
import { freshIp, post, type TestMember } from './auth';
import type { TestApp } from './test-app';

/** Loyalty helpers for API tests: signed EIP-4361 messages, linked wallets, status, indexing. */

export function get(app: App, url: string, token?: string): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'GET',
    url,
    remoteAddress: freshIp(),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

export function patch(app: App, url: string, token?: string): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'PATCH',
    url,
    remoteAddress: freshIp(),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

/** A server nonce of `purpose` turned into a message for `address`, signed by `signer`. */
export async function signedMessage(
  app: App,
  purpose: 'link' | 'login' | 'alliance',
  address: Address,
  signer: LocalAccount,
  overrides: Partial<Parameters<typeof createSiweMessage>[0]> = {},
): Promise<{ message: string; signature: Hex }> {
  const res = await post(app, '/member/siwe/nonce', { purpose });
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data;
  const message = createSiweMessage({
    address,
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
  return { message, signature: await signer.signMessage({ message }) };
}

export async function linkWallet(app: App, member: TestMember, account: LocalAccount) {
  const body = await signedMessage(app, 'link', account.address, account);
  const res = await post(
    app,
    '/member/siwe/link',
    { ...body, password: member.password },
    { token: member.token },
  );
  expect(res.statusCode, res.body).toBe(200);
}

export async function registerAlliance(
  app: App,
  member: TestMember,
  address: Address,
  signer: LocalAccount,
  overrides: Partial<Parameters<typeof createSiweMessage>[0]> = {},
) {
  const body = await signedMessage(app, 'alliance', address, signer, overrides);
  const res = await post(
    app,
    '/member/loyalty/alliance/register',
    { address, ...body, ts: Date.now() },
    { token: member.token },
  );
  return { res, body };
}

export async function loyaltyStatus(app: App, member: TestMember): Promise<LoyaltyStatus> {
  const res = await get(app, '/member/loyalty/status', member.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as LoyaltyStatus;
}

/** roleId as getMemberInfo answers it */
export async function memberInfoRoleId(app: App, member: TestMember): Promise<number> {
  const res = await post(app, '/member/ico/getMemberInfo', undefined, { token: member.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.roleId as number;
}

/** identity verified (level 1) through the operator command */
export async function verifyIdentity(t: TestApp, member: TestMember) {
  await runOpsCommand(
    { db: t.database.db, clock: t.clock, chainId: t.app.config.chainId },
    'member/verify',
    { email: member.email },
  );
}

/** tick the app's indexer until it has nothing new */
export async function indexAll(app: App) {
  for (let i = 0; i < 50; i += 1) {
    const result = await app.indexer.tick();
    if (result.status === 'idle') return result;
    if (!['indexed', 'retry'].includes(result.status)) {
      throw new Error(`indexer tick: ${JSON.stringify(result)}`);
    }
  }
  throw new Error('indexer did not catch up');
}

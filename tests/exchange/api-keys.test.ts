import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiKeyError, type ApiKey } from '../../src/shared/api/exchange-api-keys';
import { exchangeApiKeys } from '../../src/server/db/schema';
import { decryptAtRest } from '../../src/server/domain/auth/crypto';
import { registerApiKeyUsage } from '../../src/server/exchange/api-keys';
import { ONE } from '../../src/server/exchange/decimal';
import { tradeOnlyPermissions } from '../../src/server/exchange/paper/engine';
import type { PaperExchange } from '../../src/server/exchange/paper/server';
import {
  call,
  createMember,
  loginSession,
  outbox,
  TEST_PASSWORD,
  type TestMember,
} from '../helpers/auth';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * The members' API-key calls (GET/POST/PUT/DELETE /api/v1/user/ApiKey) on the app's default
 * exchange adapter: ccxt's bitfinex against the in-process paper exchange.
 */

let t: TestApp;
let paper: PaperExchange;
let alice: TestMember;
let bob: TestMember;

const URL = '/api/v1/user/ApiKey';
const auth = (member: TestMember) => ({ token: member.token });

function paperKey(account: string, withdraw = false) {
  const permissions = tradeOnlyPermissions();
  if (withdraw) permissions.withdraw = { read: true, write: true };
  const key = paper.engine.createKey(account, permissions);
  paper.engine.fund(account, 'UST', 1_000n * ONE);
  return key;
}

function importBody(key: { apiKey: string; secret: string }, extra: Record<string, unknown> = {}) {
  return {
    exchange: 'bitfinex',
    name: 'My Bitfinex',
    apiKey: key.apiKey,
    secret: key.secret,
    accountType: 'main',
    password: TEST_PASSWORD,
    ...extra,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  paper = t.app.adapters.paperExchange!;
  alice = await createMember(t.app);
  bob = await createMember(t.app);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('API keys: authorisation and validation', () => {
  it('answers 401 to every call without a session', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE'] as const) {
      const res = await call(t.app, method, URL, method === 'GET' ? undefined : { id: 1 });
      expect(res.statusCode, method).toBe(401);
    }
  });

  it('names the bad field: a sub-account without its name, a malformed key, a missing password', async () => {
    const key = { apiKey: 'abcdefghijkl', secret: 'mnopqrstuvwx' };
    const sub = await call(
      t.app,
      'POST',
      URL,
      importBody(key, { accountType: 'sub' }),
      auth(alice),
    );
    expect(sub.statusCode).toBe(400);
    expect(sub.json()).toMatchObject({
      message: 'validation_failed',
      data: { field: 'subAccountName' },
    });
    const short = await call(
      t.app,
      'POST',
      URL,
      importBody({ ...key, apiKey: 'abc' }),
      auth(alice),
    );
    expect(short.json()).toMatchObject({ message: 'validation_failed', data: { field: 'apiKey' } });
    const exchange = await call(
      t.app,
      'POST',
      URL,
      importBody(key, { exchange: 'binance' }),
      auth(alice),
    );
    expect(exchange.json()).toMatchObject({
      message: 'validation_failed',
      data: { field: 'exchange' },
    });
    const noPassword = await call(
      t.app,
      'POST',
      URL,
      importBody(key, { password: '' }),
      auth(alice),
    );
    expect(noPassword.json()).toMatchObject({ data: { field: 'password' } });
  });

  it('asks for the password again and saves nothing when it is wrong', async () => {
    const key = paperKey('alice-wrong-password');
    const res = await call(
      t.app,
      'POST',
      URL,
      importBody(key, { password: 'Wrong-passw0rd' }),
      auth(alice),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'invalid_credentials',
      data: { field: 'password' },
    });
    expect(await t.database.db.select().from(exchangeApiKeys)).toHaveLength(0);
  });
});

describe('API keys: import, list, check and delete', () => {
  let imported: ApiKey;
  let aliceKey: { apiKey: string; secret: string };

  it('imports a trade-only key: checked on the exchange, the secret sealed and never returned, an e-mail sent', async () => {
    aliceKey = paperKey('alice-main');
    const res = await call(t.app, 'POST', URL, importBody(aliceKey), auth(alice));
    expect(res.statusCode, res.body).toBe(200);
    imported = res.json().data as ApiKey;
    expect(imported).toMatchObject({
      exchange: 'bitfinex',
      name: 'My Bitfinex',
      apiKey: `${aliceKey.apiKey.slice(0, 4)}…${aliceKey.apiKey.slice(-4)}`,
      accountType: 'main',
      subAccountName: null,
      status: 'correct',
      problem: null,
      lastSyncTime: t.clock.now().toISOString(),
      inUse: false,
    });
    expect(res.body).not.toContain(aliceKey.secret);
    expect(res.body).not.toContain(aliceKey.apiKey);

    const [row] = await t.database.db
      .select()
      .from(exchangeApiKeys)
      .where(eq(exchangeApiKeys.id, imported.id));
    expect(row!.memberId).toBe(alice.memberId);
    expect(row!.secretSealed).not.toContain(aliceKey.secret);
    expect(
      decryptAtRest(
        t.app.auth.keys.data,
        row!.secretSealed,
        `exchange-api-key:${alice.memberId}:bitfinex:${aliceKey.apiKey}`,
      ),
    ).toBe(aliceKey.secret);
    // the sealed secret is bound to its member: under another member it does not open
    expect(() =>
      decryptAtRest(
        t.app.auth.keys.data,
        row!.secretSealed,
        `exchange-api-key:${bob.memberId}:bitfinex:${aliceKey.apiKey}`,
      ),
    ).toThrow();

    const mail = (await outbox(t.app, alice.email)).find((message) =>
      (message.subject ?? '').includes('exchange API key'),
    );
    expect(mail?.body).toContain('My Bitfinex');
    expect(mail?.body).not.toContain(aliceKey.secret);
  });

  it('refuses a key that can withdraw with the spec’s words, and one the exchange rejects', async () => {
    const withdraw = paperKey('alice-withdraw', true);
    const refused = await call(
      t.app,
      'POST',
      URL,
      importBody(withdraw, { accountType: 'sub', subAccountName: 'w' }),
      auth(alice),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: ApiKeyError.permissions,
      data: { field: 'apiKey' },
    });
    expect(ApiKeyError.permissions).toBe('The API key must have only trade and signal permissions');

    const readOnly = tradeOnlyPermissions();
    readOnly.orders = { read: true, write: false };
    const cannotTrade = paper.engine.createKey('alice-read-only', readOnly);
    const noTrade = await call(
      t.app,
      'POST',
      URL,
      importBody(cannotTrade, { accountType: 'sub', subAccountName: 'r' }),
      auth(alice),
    );
    expect(noTrade.json()).toMatchObject({ message: ApiKeyError.permissions });

    const good = paperKey('alice-sub-wrong-secret');
    const wrong = await call(
      t.app,
      'POST',
      URL,
      importBody(
        { apiKey: good.apiKey, secret: `${good.secret}x` },
        { accountType: 'sub', subAccountName: 'x' },
      ),
      auth(alice),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      message: ApiKeyError.rejected,
      data: { field: 'secret' },
    });
    const list = (await call(t.app, 'GET', URL, undefined, auth(alice))).json().data.list;
    expect(list).toHaveLength(1);
  });

  it('keeps one key per exchange account and imports a key once', async () => {
    // imports count as guessable calls (10 per 10 minutes per member): a new window
    t.clock.advance(11 * 60_000);
    const second = paperKey('alice-main-2');
    const sameAccount = await call(t.app, 'POST', URL, importBody(second), auth(alice));
    expect(sameAccount.statusCode).toBe(409);
    expect(sameAccount.json()).toMatchObject({ message: 'One API key per exchange account' });

    const sub = await call(
      t.app,
      'POST',
      URL,
      importBody(second, { name: 'Sub one', accountType: 'sub', subAccountName: 'Grid-1' }),
      auth(alice),
    );
    expect(sub.statusCode, sub.body).toBe(200);
    expect(sub.json().data).toMatchObject({ accountType: 'sub', subAccountName: 'Grid-1' });
    // the same sub-account whatever its case
    const third = paperKey('alice-sub-3');
    const sameSub = await call(
      t.app,
      'POST',
      URL,
      importBody(third, { accountType: 'sub', subAccountName: 'grid-1' }),
      auth(alice),
    );
    expect(sameSub.json()).toMatchObject({ message: 'One API key per exchange account' });

    const taken = await call(t.app, 'POST', URL, importBody(aliceKey), auth(bob));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ message: ApiKeyError.keyTaken });
  });

  it('lists only the member’s own keys, never a secret', async () => {
    const mine = await call(t.app, 'GET', URL, undefined, auth(alice));
    expect(mine.statusCode).toBe(200);
    const list = mine.json().data.list as ApiKey[];
    expect(list.map((key) => key.name)).toEqual(['My Bitfinex', 'Sub one']);
    expect(mine.body).not.toContain(aliceKey.secret);
    expect(mine.body).not.toMatch(/secret/i);
    expect((await call(t.app, 'GET', URL, undefined, auth(bob))).json().data.list).toEqual([]);
  });

  it('checks a key on the exchange: a revoked key turns incorrect, a restored one correct again', async () => {
    paper.engine.setRevoked(aliceKey.apiKey, true);
    t.clock.advance(60_000);
    const bad = await call(t.app, 'PUT', URL, { id: imported.id }, auth(alice));
    expect(bad.statusCode).toBe(200);
    expect(bad.json().data).toMatchObject({
      status: 'incorrect',
      problem: 'rejected',
      lastSyncTime: imported.lastSyncTime,
      lastCheckedAt: t.clock.now().toISOString(),
    });
    paper.engine.setRevoked(aliceKey.apiKey, false);
    t.clock.advance(60_000);
    const good = await call(t.app, 'PUT', URL, { id: imported.id }, auth(alice));
    expect(good.json().data).toMatchObject({
      status: 'correct',
      problem: null,
      lastSyncTime: t.clock.now().toISOString(),
    });
    // another member's key is not found
    const other = await call(t.app, 'PUT', URL, { id: imported.id }, auth(bob));
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ message: ApiKeyError.notFound });
  });

  it('checks every key about hourly on a schedule: withdrawal rights added on the exchange turn it incorrect', async () => {
    const permissions = tradeOnlyPermissions();
    permissions.withdraw = { read: true, write: true };
    paper.engine.setPermissions(aliceKey.apiKey, permissions);
    // checked a minute ago: not due yet
    expect(await t.app.scheduler.runTask('exchange-api-keys')).toBe(0);
    t.clock.advance(61 * 60_000);
    expect(await t.app.scheduler.runTask('exchange-api-keys')).toBe(2);
    // the access tokens of the morning have expired (15 minutes)
    alice = { ...alice, ...(await loginSession(t.app, alice)) };
    bob = { ...bob, ...(await loginSession(t.app, bob)) };
    const list = (await call(t.app, 'GET', URL, undefined, auth(alice))).json().data
      .list as ApiKey[];
    expect(list.find((key) => key.id === imported.id)).toMatchObject({
      status: 'incorrect',
      problem: 'permissions',
    });
    expect(list.find((key) => key.id !== imported.id)).toMatchObject({ status: 'correct' });
    paper.engine.setPermissions(aliceKey.apiKey, tradeOnlyPermissions());
  });

  it('refuses to delete a key a subscription uses, and deletes it once free', async () => {
    let used = true;
    const unregister = registerApiKeyUsage('smart-autotrade-test', async (_db, keyId) =>
      used ? keyId === imported.id : false,
    );
    try {
      const list = (await call(t.app, 'GET', URL, undefined, auth(alice))).json().data.list;
      expect(list.find((key: ApiKey) => key.id === imported.id).inUse).toBe(true);
      const refused = await call(t.app, 'DELETE', URL, { id: imported.id }, auth(alice));
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        message: ApiKeyError.inUse,
        data: { usedBy: ['smart-autotrade-test'] },
      });
      expect((await call(t.app, 'DELETE', URL, { id: imported.id }, auth(bob))).statusCode).toBe(
        404,
      );
      used = false;
      const deleted = await call(t.app, 'DELETE', URL, { id: imported.id }, auth(alice));
      expect(deleted.statusCode).toBe(200);
      expect((deleted.json().data.list as ApiKey[]).map((key) => key.name)).toEqual(['Sub one']);
    } finally {
      unregister();
    }
  });
});

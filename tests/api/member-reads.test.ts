// getMemberInfo and WalletInfo answer from the API's cache of member reads
// (src/server/domain/auth/member-cache.ts): whatever changes what they show, and wherever it is
// written (a route, an operator command, a ledger movement, another API process), the next read
// shows it.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/database';
import { members } from '../../src/server/db/schema';
import { verifyMember } from '../../src/server/domain/auth/member-admin';
import {
  memberAccount,
  platformAccount,
  postLedgerTransaction,
  transfer,
} from '../../src/server/domain/wallet/ledger';
import { type App } from '../../src/server/app';
import { call, createMember, post, type TestMember } from '../helpers/auth';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { creditMember } from '../helpers/wallet';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const memberInfo = (app: App, m: TestMember) =>
  post(app, '/member/ico/getMemberInfo', undefined, { token: m.token });
const walletInfo = (app: App, m: TestMember) =>
  call(app, 'GET', '/api/v1/user/WalletInfo', undefined, { token: m.token });
const usdt = (body: string) =>
  (JSON.parse(body).data.balances as { currency: string; available: string }[]).find(
    (b) => b.currency === 'USDT',
  )!.available;

describe('getMemberInfo', () => {
  it('answers a repeated read byte for byte as the first', async () => {
    const m = await createMember(t.app);
    const first = await memberInfo(t.app, m);
    const second = await memberInfo(t.app, m);
    expect(first.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
  });

  it("shows the member's own change at once (modifyNickname, setPreferedSettings)", async () => {
    const m = await createMember(t.app);
    expect((await memberInfo(t.app, m)).json().data.nickname).toBe('Tester');
    await post(t.app, '/member/ico/modifyNickname', { nickname: 'Renamed' }, { token: m.token });
    expect((await memberInfo(t.app, m)).json().data.nickname).toBe('Renamed');
    await post(t.app, '/member/setPreferedSettings', { language: 'zh-TW' }, { token: m.token });
    expect((await memberInfo(t.app, m)).json().data.language).toBe('zh-TW');
  });

  it('shows an operator change and a direct write to the database at once', async () => {
    const m = await createMember(t.app);
    expect((await memberInfo(t.app, m)).json().data.roleId & 64).toBe(0);
    await verifyMember(
      { db: t.app.db, clock: t.app.clock, chainId: t.app.config.chainId },
      { email: m.email },
    );
    expect((await memberInfo(t.app, m)).json().data.roleId & 64).toBe(64);
    await t.app.db.update(members).set({ nickname: 'Written' }).where(eq(members.id, m.memberId));
    expect((await memberInfo(t.app, m)).json().data.nickname).toBe('Written');
  });

  it('a custodial BCNT stake on the ledger raises the derived level at the next read', async () => {
    const m = await createMember(t.app);
    await verifyMember(
      { db: t.app.db, clock: t.app.clock, chainId: t.app.config.chainId },
      { email: m.email },
    );
    const level1 = (await memberInfo(t.app, m)).json().data.roleId as number;
    expect(level1 & 2048).toBe(0);
    expect((await memberInfo(t.app, m)).json().data.roleId).toBe(level1);
    const key = `test-stake:${m.memberId}`;
    await t.app.db.transaction((tx) =>
      postLedgerTransaction(tx as unknown as Db, t.clock, {
        idempotencyKey: key,
        type: 'deposit',
        memberId: m.memberId,
        reference: key,
        postings: transfer(
          platformAccount('hot_wallet'),
          memberAccount(m.memberId, 'staking'),
          'BCNT',
          10_000n * 10n ** 18n,
        ),
      }),
    );
    expect((await memberInfo(t.app, m)).json().data.roleId & 2048).toBe(2048);
  });
});

describe('WalletInfo', () => {
  it('shows a ledger movement at once, and a repeated read byte for byte', async () => {
    const m = await createMember(t.app);
    const first = await walletInfo(t.app, m);
    expect(first.statusCode).toBe(200);
    expect(usdt(first.body)).toBe('0');
    expect((await walletInfo(t.app, m)).body).toBe(first.body);
    await creditMember(t.app.db, t.clock, m.memberId, 'USDT', 12_500_000n);
    const credited = await walletInfo(t.app, m);
    expect(usdt(credited.body)).toBe('12.5');
    expect((await walletInfo(t.app, m)).body).toBe(credited.body);
  });
});

describe('a second API process on the same database', () => {
  it('sees a change written by the first though it had the reads cached', async () => {
    const other = await createTestApp({ database: t.database, clock: t.clock });
    try {
      const m = await createMember(t.app);
      // both cached in the other process
      expect((await memberInfo(other.app, m)).json().data.nickname).toBe('Tester');
      expect(usdt((await walletInfo(other.app, m)).body)).toBe('0');
      expect(usdt((await walletInfo(other.app, m)).body)).toBe('0');

      await post(
        t.app,
        '/member/ico/modifyNickname',
        { nickname: 'Elsewhere' },
        { token: m.token },
      );
      await creditMember(t.app.db, t.clock, m.memberId, 'USDT', 3_000_000n);
      // PGlite delivers the notification before the write answers; PostgreSQL within
      // milliseconds over the other process's LISTEN connection
      await expect
        .poll(async () => (await memberInfo(other.app, m)).json().data.nickname, {
          timeout: 2000,
        })
        .toBe('Elsewhere');
      await expect
        .poll(async () => usdt((await walletInfo(other.app, m)).body), { timeout: 2000 })
        .toBe('3');

      // and the other way round: its own write, read at once by the first
      expect((await memberInfo(t.app, m)).json().data.nickname).toBe('Elsewhere');
      await post(other.app, '/member/ico/modifyNickname', { nickname: 'Back' }, { token: m.token });
      expect((await memberInfo(other.app, m)).json().data.nickname).toBe('Back');
      await expect
        .poll(async () => (await memberInfo(t.app, m)).json().data.nickname, { timeout: 2000 })
        .toBe('Back');
    } finally {
      await other.close();
    }
  });
});

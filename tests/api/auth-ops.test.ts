import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../src/server/db/schema';
import { runOpsCommand } from '../../src/server/ops/commands';
import { createMember, loginStep1, post } from '../helpers/auth';
import { cli as runCli } from '../helpers/ops-cli';
import {
  createTestApp,
  createTestDatabase,
  type TestApp,
  type TestDatabase,
} from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ opsToken: 'auth-ops-test-token-0123456789abcdef' });
});
afterAll(async () => {
  await t?.close();
});

describe('ops member commands', () => {
  it('member show: roles, level, verification, devices, sessions; never a secret', async () => {
    const member = await createMember(t.app);
    const view = (await runOpsCommand({ db: t.database.db, clock: t.clock }, 'member/show', {
      email: member.email.toUpperCase(),
    })) as Record<string, unknown>;
    expect(view).toMatchObject({
      id: member.memberId,
      email: member.email,
      roleId: 2,
      roles: ['investor'],
      level: 0,
      emailVerified: true,
      mobileVerified: true,
      twoFactor: 'none',
      devices: { authorised: 1, total: 1 },
      liveSessions: 1,
      wallets: [],
    });
    expect(JSON.stringify(view)).not.toMatch(/argon2|password/i);
    await expect(
      runOpsCommand({ db: t.database.db, clock: t.clock }, 'member/show', {
        email: 'x@example.com',
      }),
    ).rejects.toThrow(/No member/);
  });

  it('member roles --set 0 makes login offer the Investor role (addUserType e2e setup)', async () => {
    const member = await createMember(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/ops/member/roles',
      remoteAddress: '127.0.0.1',
      headers: { 'x-ops-token': 'auth-ops-test-token-0123456789abcdef' },
      payload: { email: member.email, set: 0 },
    });
    expect(res.json().data).toMatchObject({ roleId: 0, roles: [] });
    const login = await loginStep1(t.app, member);
    expect(login.json().data.offerInvestorRole).toBe(true);
    await post(
      t.app,
      '/member/addUserType',
      { userType: 2 },
      { token: login.json().data.session.token },
    );
    const after = (await runOpsCommand({ db: t.database.db, clock: t.clock }, 'member/roles', {
      email: member.email,
    })) as { roleId: number };
    expect(after.roleId).toBe(2);
  });
});

describe('ops CLI: member commands', () => {
  let dataDir: string;
  let testDb: TestDatabase;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'bcnt-ops-member-'));
    // the CLI runs on this database (a copy of the migrated template; PostgreSQL in CI)
    testDb = await createTestDatabase();
    const database = testDb.database;
    const now = new Date();
    await database.db.insert(members).values({
      email: 'ops-cli@example.com',
      nickname: 'Cli',
      mobile: '+886912345678',
      passwordHash: 'not-a-real-hash',
      roleId: 6,
      accountType: 'institutional',
      referralCode: 'OPSCLI22',
      passwordChangedAt: now,
      createdAt: now,
      updatedAt: now,
    });
  });
  afterAll(async () => {
    await testDb?.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const cli = (args: string[]) => runCli(args, { DATA_DIR: dataDir }, testDb.database);

  it('shows and sets roles; usage errors exit 2, an unknown member 1', async () => {
    const set = await cli(['member', 'roles', 'ops-cli@example.com', '--set', '4', '--json']);
    expect(set.code, set.stderr).toBe(0);
    expect(JSON.parse(set.stdout)).toMatchObject({ roleId: 4, roles: ['business'] });
    const show = await cli(['member', 'show', 'OPS-CLI@example.com']);
    expect(show.code, show.stderr).toBe(0);
    expect(show.stdout).toContain('roleId: 4  [business]  level 0');
    expect(show.stdout).toContain('ops-cli@example.com');

    const noEmail = await cli(['member', 'show']);
    expect(noEmail.code).toBe(2);
    const badSet = await cli(['member', 'roles', 'ops-cli@example.com', '--set', 'lots']);
    expect(badSet.code).toBe(2);
    const setOnShow = await cli(['member', 'show', 'ops-cli@example.com', '--set', '1']);
    expect(setOnShow.code).toBe(2);
    const unknown = await cli(['member', 'show', 'ghost@example.com']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/No member with e-mail ghost@example.com/);
  }, 180_000);
});

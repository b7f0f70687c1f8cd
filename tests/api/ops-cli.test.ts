import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/server/clock';
import {
  acquireDataDirLock,
  DataDirLockedError,
  openDatabase,
  PGLITE_LOCK_FILE,
} from '../../src/server/db/database';
import { createContactRequest } from '../../src/server/domain/contact';
import { apiFilePath, readApiFile } from '../../src/server/ops/api-file';
import { OPS_COMMAND_NAMES } from '../../src/server/ops/commands';
import { startApi } from '../../src/server/start';
import { cli, cliBesideApi, spawnCli } from '../helpers/ops-cli';
import { migratedDataDir } from '../helpers/pglite-template';
import {
  CLOSED_RPC_URL,
  createTestDatabase,
  TEST_JWT_SECRET,
  type TestDatabase,
  usingPostgres,
} from '../helpers/test-app';

const CLI_TIMEOUT = 180_000;

const contactInput = {
  name: 'Cli Tester',
  phone: '0912345678',
  email: 'cli@example.com',
  message: 'hello from the test',
  product: 3,
  locale: 'zh-TW' as const,
  ip: '127.0.0.1',
};

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'bcnt-ops-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

// The CLI runs in this process (tests/helpers/ops-cli.ts) except where a separate process is the
// point: the entry script itself, and the CLI reaching an API of another process.
describe('ops CLI without a running API', () => {
  let dataDir: string;
  let testDb: TestDatabase | undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    dataDir = tempDir();
    // PostgreSQL mode: the CLI connects to a fresh database directly.
    testDb = usingPostgres ? await createTestDatabase() : undefined;
    if (!usingPostgres) await migratedDataDir(dataDir);
    env = { DATA_DIR: dataDir, DATABASE_URL: testDb?.url ?? '' };
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  it(
    'turns maintenance on (scheduled), reports it, lists contacts and turns it off; bad input exits 2',
    async () => {
      if (!usingPostgres) {
        // a leftover api.json of a process that is gone is ignored
        writeFileSync(
          apiFilePath(dataDir),
          JSON.stringify({
            pid: 2 ** 22 + 7,
            port: 9,
            host: '127.0.0.1',
            opsToken: 'x'.repeat(40),
            startedAt: 'x',
          }),
        );
      }
      const status = await cli(['maintenance', 'status', '--json'], env);
      expect(status.code, status.stderr).toBe(0);
      expect(JSON.parse(status.stdout)).toMatchObject({ enabled: false, active: false });
      if (!usingPostgres) {
        expect(status.stderr).toMatch(/ignoring stale/);
        expect(status.stderr).toMatch(/PGlite in/);
      }

      const start = new Date(Date.now() + 24 * 3600_000);
      start.setUTCMilliseconds(0);
      const end = new Date(start.getTime() + 2 * 3600_000);
      const on = await cli(
        ['maintenance', 'on', '--start', start.toISOString(), '--end', end.toISOString(), '--json'],
        env,
      );
      expect(on.code, on.stderr).toBe(0);
      expect(JSON.parse(on.stdout)).toMatchObject({
        enabled: true,
        scheduled: true,
        active: false,
        startTime: start.toISOString(),
        endTime: end.toISOString(),
      });

      const text = await cli(['maintenance', 'status'], env);
      expect(text.code).toBe(0);
      expect(text.stdout).toContain(
        `Maintenance is SCHEDULED: users see the maintenance page from ${start.toISOString()}`,
      );

      // a contact request stored by the API shows up in the list
      if (testDb) {
        await createContactRequest(testDb.database.db, systemClock, contactInput);
      } else {
        const database = await openDatabase({ dataDir });
        await createContactRequest(database.db, systemClock, contactInput);
        await database.close();
      }
      const list = await cli(['contact', 'list', '--limit', '5', '--json'], env);
      expect(list.code, list.stderr).toBe(0);
      expect(JSON.parse(list.stdout)).toEqual([
        expect.objectContaining({
          name: 'Cli Tester',
          email: 'cli@example.com',
          product: 3,
          locale: 'zh-TW',
        }),
      ]);

      const off = await cli(['maintenance', 'off'], env);
      expect(off.code).toBe(0);
      expect(off.stdout.trim()).toBe('Maintenance is OFF.');

      const badTime = await cli(['maintenance', 'on', '--start', 'tomorrow'], env);
      expect(badTime.code).toBe(2);
      expect(badTime.stderr).toMatch(/--start: expected an ISO time with offset/);

      const unknown = await cli(['maintenance', 'sideways'], env);
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toMatch(/Unknown command "maintenance sideways"/);
      // the entry, scripts/ops.ts, in a process of its own: the same exit code, the same bytes
      expect(await spawnCli(['maintenance', 'sideways'], env)).toEqual(unknown);

      const help = await cli(['help'], env);
      expect(help.code).toBe(0);
      expect(help.stdout).toMatch(/Usage: npm run ops -- <command>/);
      // the help lists the registry's commands
      for (const name of OPS_COMMAND_NAMES)
        expect(help.stdout).toContain(`  ${name.replaceAll('/', ' ')}`);
      // every run closed the database and gave the data directory back
      if (!usingPostgres) expect(existsSync(path.join(dataDir, PGLITE_LOCK_FILE))).toBe(false);
    },
    CLI_TIMEOUT,
  );
});

describe('ops CLI with an API running on the data directory', () => {
  // The API runs in this process and writes its pid to api.json; the first command is the real
  // script in a process of its own (it proves the entry's exit code 0 through the file), the
  // others run here as another process would (cliBesideApi).
  it(
    'sends the commands to the API (PGlite) and the API serves the result',
    async () => {
      const dataDir = tempDir();
      const testDb = usingPostgres ? await createTestDatabase() : undefined;
      const env = { DATA_DIR: dataDir, DATABASE_URL: testDb?.url ?? '' };
      if (!usingPostgres) await migratedDataDir(dataDir);
      const api = await startApi({
        env: { NODE_ENV: 'test', PORT: '0', ...env },
        config: { jwtSecret: TEST_JWT_SECRET, rpcUrl: CLOSED_RPC_URL, logLevel: 'silent' },
        logger: false,
      });
      try {
        if (!usingPostgres) {
          const file = readApiFile(dataDir);
          expect(file).toMatchObject({ pid: process.pid, port: api.port });
          expect(statSync(apiFilePath(dataDir)).mode & 0o777).toBe(0o600);
        } else {
          expect(readApiFile(dataDir)).toBeUndefined(); // PostgreSQL: the CLI connects directly
        }

        const on = await spawnCli(['maintenance', 'on', '--json'], env);
        expect(on.code, on.stderr).toBe(0);
        expect(JSON.parse(on.stdout)).toMatchObject({ enabled: true, active: true });
        if (!usingPostgres)
          expect(on.stderr).toMatch(
            new RegExp(`via the API running on this data directory, pid ${process.pid}`),
          );

        const status = await fetch(`${api.url}/api/v1/setting/MaintainStatus`);
        expect(await status.json()).toEqual({
          status: 0,
          message: 'success',
          data: { startTime: null, endTime: null },
        });

        const posted = await fetch(`${api.url}/member/contactUs`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'accept-language': 'zh-cn' },
          body: JSON.stringify({
            name: 'Via Api',
            phone: '0912000111',
            email: 'via@example.com',
            message: '',
            product: 1,
          }),
        });
        expect((await posted.json()).data.status).toBe(0);

        // the next two in this process (cliBesideApi): the path through the API is the same
        const list = await cliBesideApi(['contact', 'list'], env);
        expect(list.code, list.stderr).toBe(0);
        expect(list.stdout).toMatch(
          /#1 {2}\S+ {2}product 1 {2}Via Api <via@example.com> {2}0912000111 {2}zh-CN/,
        );

        const off = await cliBesideApi(['maintenance', 'off', '--json'], env);
        expect(JSON.parse(off.stdout)).toMatchObject({ enabled: false });
        const after = await fetch(`${api.url}/api/v1/setting/MaintainStatus`);
        expect((await after.json()).data).toBeNull();
      } finally {
        await api.stop();
        await testDb?.dispose();
      }
      expect(readApiFile(dataDir)).toBeUndefined(); // removed at shutdown
    },
    CLI_TIMEOUT,
  );
});

describe('PGlite data directory lock', () => {
  it.skipIf(usingPostgres)(
    'keeps a second opener out while the first holds the directory, then lets it in',
    async () => {
      const dataDir = tempDir();
      await migratedDataDir(dataDir);
      const first = await openDatabase({ dataDir });
      try {
        await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DataDirLockedError);
        expect(() => acquireDataDirLock(dataDir)).toThrow(/in use by process/);
      } finally {
        await first.close();
      }
      const again = await openDatabase({ dataDir });
      expect(await again.ping()).toBe(true);
      await again.close();
    },
  );

  it('takes over a stale lock left by a process that is gone', () => {
    const dataDir = tempDir();
    writeFileSync(path.join(dataDir, 'pglite.lock'), String(2 ** 22 + 11));
    const release = acquireDataDirLock(dataDir);
    release();
  });
});

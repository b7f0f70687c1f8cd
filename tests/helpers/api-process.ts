import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { type Database, openDatabase } from '../../src/server/db/database';
import { LEASE_TTL_MS } from '../../src/server/domain/wallet/leases';
import type { FaultPoint } from '../../src/server/faults';
import { migratedDataDir } from './pglite-template';
import {
  createTestApp,
  type CreateTestAppOptions,
  createTestDatabase,
  TEST_JWT_SECRET,
  type TestApp,
  usingPostgres,
} from './test-app';

/**
 * API processes of their own (tests/helpers/api-process-entry.ts) on one database, for the crash
 * tests (tests/faults/) and the replica tests: spawn, call over HTTP, stop gracefully, or see one
 * die at a fault point (src/server/faults.ts) and start another on the same data.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ENTRY = path.join(ROOT, 'tests', 'helpers', 'api-process-entry.ts');

/** A database several processes use in turn (PGlite) or at once (PostgreSQL). */
export interface SharedDatabase {
  /** what tells an API process where it is */
  env: Record<string, string>;
  /** PostgreSQL: this process's connection, open until dispose (PGlite: see `use`) */
  connected?: Database;
  /** Open it in this process for `work` (PGlite: only while no API process has it). */
  use<T>(work: (database: Database) => Promise<T>): Promise<T>;
  dispose(): Promise<void>;
}

/**
 * A migrated database for API processes: a fresh PostgreSQL database when DATABASE_URL is set,
 * else a PGlite data directory on disk (a copy of the migrated template).
 */
export async function createSharedDatabase(): Promise<SharedDatabase> {
  if (usingPostgres) {
    const test = await createTestDatabase();
    return {
      env: { DATABASE_URL: test.url ?? '' },
      connected: test.database,
      use: (work) => work(test.database),
      dispose: () => test.dispose(),
    };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bcnt-shared-'));
  await migratedDataDir(dataDir);
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    async use(work) {
      const database = await openDatabase({ dataDir, migrate: false });
      try {
        return await work(database);
      } finally {
        await database.close();
      }
    },
    dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/**
 * `work` with a test app in this process on the shared database (the usual helpers set the data
 * up through it); the app is closed before the answer, so an API process may open the database.
 */
export function withTestApp<T>(
  shared: SharedDatabase,
  options: Omit<CreateTestAppOptions, 'database'>,
  work: (t: TestApp) => Promise<T>,
): Promise<T> {
  return shared.use(async (database) => {
    const t = await createTestApp({ ...options, database });
    try {
      return await work(t);
    } finally {
      await t.close();
    }
  });
}

export interface ApiExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ApiProcess {
  pid: number;
  url: string;
  /** settles when the process has exited */
  exited: Promise<ApiExit>;
  /** what it printed (stdout and stderr) */
  output(): string;
  request(method: string, url: string, body?: unknown, token?: string): Promise<ApiResponse>;
  /** run a scheduled job now, as a scheduler tick does (under its lease) */
  runTask(name: string): Promise<ApiResponse>;
  /** move this process's clock forward */
  advanceClock(ms: number): Promise<void>;
  /** SIGTERM: close the server and the database, then exit */
  stop(): Promise<ApiExit>;
  /** SIGKILL from outside */
  kill(): Promise<ApiExit>;
}

export interface ApiResponse {
  status: number;
  body: unknown;
}

export interface StartApiProcessOptions {
  database: SharedDatabase;
  /** the process's clock at its start */
  clock: Date;
  /** FAULT_KILL_AT: die at this point (`<point>@<n>`: at its n-th arrival) */
  faultAt?: FaultPoint | `${FaultPoint}@${number}`;
  /** more environment (RPC_URL, DEPOSIT_CONFIRMATIONS, SCHEDULER=true, ...) */
  env?: Record<string, string>;
}

const live = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

/** Spawn an API process and wait until it listens. */
export async function startApiProcess(options: StartApiProcessOptions): Promise<ApiProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', ENTRY], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      JWT_SECRET: TEST_JWT_SECRET,
      LOG_LEVEL: 'warn',
      SERVE_APP: 'false',
      SCHEDULER: 'false',
      INDEXER: 'false',
      RPC_URL: 'http://127.0.0.1:9',
      CAPTCHA_MAX_NUMBER: '20',
      API_CLOCK: options.clock.toISOString(),
      ...options.database.env,
      ...(options.faultAt ? { FAULT_KILL_AT: options.faultAt } : {}),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  let output = '';
  const exited = new Promise<ApiExit>((resolve) => {
    child.once('exit', (code, signal) => {
      live.delete(child);
      resolve({ code, signal });
    });
  });
  const port = await new Promise<number>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((text) => text.startsWith('{"port":'));
      if (line) resolve((JSON.parse(line) as { port: number }).port);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then((exit) =>
      reject(
        new Error(`API process exited before listening (${exit.signal ?? exit.code}):\n${output}`),
      ),
    );
  });
  const url = `http://127.0.0.1:${port}`;
  const request: ApiProcess['request'] = async (method, route, body, token) => {
    const res = await fetch(`${url}${route}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  };
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
    return exited;
  };
  return {
    pid: child.pid!,
    url,
    exited,
    output: () => output,
    request,
    runTask: (name) => request('POST', `/test/tasks/${name}`),
    async advanceClock(ms) {
      const res = await request('POST', '/dev/clock/advance', { seconds: Math.ceil(ms / 1000) });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    },
    stop: () => signal('SIGTERM'),
    kill: () => signal('SIGKILL'),
  };
}

/** Later than anything a killed process left: its task leases have expired. */
export const afterLeases = (time: Date) => new Date(time.getTime() + LEASE_TTL_MS + 60_000);

export interface CrashOptions extends Omit<StartApiProcessOptions, 'faultAt'> {
  faultAt: NonNullable<StartApiProcessOptions['faultAt']>;
  /** the scheduled job that reaches the fault point */
  task: string;
}

/**
 * The API killed in the middle of a job, then started again: a process armed with `faultAt`
 * runs `task` and must die there by SIGKILL (not finish, not fail otherwise); a clean process
 * starts on the same database after the dead one's leases have expired and runs `task` again.
 * Answers what that run answered; the second process is stopped gracefully.
 */
export async function crashAndRecover(options: CrashOptions): Promise<unknown> {
  const { faultAt, task, ...start } = options;
  const doomed = await startApiProcess({ ...start, faultAt });
  await expect(doomed.runTask(task), doomed.output()).rejects.toThrow();
  const exit = await doomed.exited;
  expect(exit, doomed.output()).toEqual({ code: null, signal: 'SIGKILL' });
  expect(doomed.output()).toContain(`fault: killed at ${faultAt.split('@')[0]}`);

  const restarted = await startApiProcess({ ...start, clock: afterLeases(start.clock) });
  try {
    const res = await restarted.runTask(task);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body as { result: unknown }).result;
  } finally {
    expect(await restarted.stop(), restarted.output()).toEqual({ code: 0, signal: null });
  }
}

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { type Database, openDatabase } from '../../src/server/db/database';
import { LEASE_TTL_MS } from '../../src/server/domain/wallet/leases';
import type { FaultPoint } from '../../src/server/faults';
import { API_PROCESS_BUNDLE } from './api-process-bundle';
import { migratedTemplate } from './pglite-template';
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
 * else a PGlite data directory on disk (a copy of the migrated template, made by the first
 * `use`: set the data up before an API process opens it).
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
  // the first open makes the directory a copy of the migrated template
  let template: Blob | undefined = await migratedTemplate();
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    async use(work) {
      const loadDataDir = template;
      template = undefined;
      const database = await openDatabase({
        dataDir,
        migrate: false,
        ...(loadDataDir ? { loadDataDir } : {}),
      });
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

export interface LaunchApiProcessOptions {
  database: SharedDatabase;
  /** FAULT_KILL_AT: die at this point (`<point>@<n>`: at its n-th arrival) */
  faultAt?: FaultPoint | `${FaultPoint}@${number}`;
  /** more environment (RPC_URL, DEPOSIT_CONFIRMATIONS, SCHEDULER=true, ...) */
  env?: Record<string, string>;
}

export interface StartApiProcessOptions extends LaunchApiProcessOptions {
  /** the process's clock at its start */
  clock: Date;
}

/** A spawned API process that has not opened the database yet. */
export interface LaunchedApiProcess {
  /** open the database, build the app on a clock at `clock` and listen */
  start(clock: Date): Promise<ApiProcess>;
  /** end it without starting it */
  kill(): Promise<ApiExit>;
}

const live = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

/**
 * Spawn an API process that loads its modules (seconds) and waits: the database may still be
 * in use here (PGlite) and the time not known yet.
 */
export function launchApiProcess(options: LaunchApiProcessOptions): LaunchedApiProcess {
  const child = spawn(process.execPath, ['--enable-source-maps', API_PROCESS_BUNDLE], {
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
      API_WAIT_FOR_START: '1',
      ...options.database.env,
      ...(options.faultAt ? { FAULT_KILL_AT: options.faultAt } : {}),
      ...options.env,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  live.add(child);
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<ApiExit>((resolve) => {
    // 'close': after the process exited and its output was read to the end
    child.once('close', (code, signal) => {
      live.delete(child);
      resolve({ code, signal });
    });
  });
  const port = new Promise<number>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((text) => text.startsWith('{"port":'));
      if (line) resolve((JSON.parse(line) as { port: number }).port);
    });
    void exited.then((exit) =>
      reject(
        new Error(`API process exited before listening (${exit.signal ?? exit.code}):\n${output}`),
      ),
    );
  });
  port.catch(() => undefined);
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
    child.stdin.destroy();
    return exited;
  };
  return {
    kill: () => signal('SIGKILL'),
    async start(clock) {
      child.stdin.end(`${JSON.stringify({ clock: clock.toISOString() })}\n`);
      const url = `http://127.0.0.1:${await port}`;
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
      return {
        pid: child.pid!,
        url,
        exited,
        output: () => output,
        request,
        runTask: (name) => request('POST', `/test/tasks/${name}`),
        async advanceClock(ms) {
          const res = await request('POST', '/dev/clock/advance', {
            seconds: Math.ceil(ms / 1000),
          });
          expect(res.status, JSON.stringify(res.body)).toBe(200);
        },
        stop: () => signal('SIGTERM'),
        kill: () => signal('SIGKILL'),
      };
    },
  };
}

/** Spawn an API process and wait until it listens. */
export function startApiProcess(options: StartApiProcessOptions): Promise<ApiProcess> {
  const { clock, ...launch } = options;
  return launchApiProcess(launch).start(clock);
}

/** Later than anything a killed process left: its task leases have expired. */
export const afterLeases = (time: Date) => new Date(time.getTime() + LEASE_TTL_MS + 60_000);

export interface CrashOptions extends LaunchApiProcessOptions {
  faultAt: NonNullable<LaunchApiProcessOptions['faultAt']>;
  /** the scheduled job that reaches the fault point */
  task: string;
}

export interface Crash {
  /**
   * The process armed with `faultAt` starts at `clock`, runs `task` and must die there by
   * SIGKILL (not finish, not fail otherwise); a clean process starts on the same database after
   * the dead one's leases have expired and runs `task` again. Answers what that run answered;
   * the second process is stopped gracefully.
   */
  run(clock: Date): Promise<unknown>;
  /** end both processes (after a failure) */
  dispose(): Promise<void>;
}

/**
 * The API killed in the middle of a job, then started again. Both processes are spawned now and
 * load their modules while the test sets the database up; `run` starts them one after the other.
 */
export function launchCrash(options: CrashOptions): Crash {
  const { faultAt, task, ...launch } = options;
  const doomed = launchApiProcess({ ...launch, faultAt });
  const restarted = launchApiProcess(launch);
  return {
    async run(clock) {
      const dying = await doomed.start(clock);
      await expect(dying.runTask(task), dying.output()).rejects.toThrow();
      expect(await dying.exited, dying.output()).toEqual({ code: null, signal: 'SIGKILL' });
      expect(dying.output()).toContain(`fault: killed at ${faultAt.split('@')[0]}`);

      const api = await restarted.start(afterLeases(clock));
      try {
        const res = await api.runTask(task);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return (res.body as { result: unknown }).result;
      } finally {
        expect(await api.stop(), api.output()).toEqual({ code: 0, signal: null });
      }
    },
    async dispose() {
      await Promise.all([doomed.kill(), restarted.kill()]);
    },
  };
}

export interface CrashScenario<T> extends Crash {
  shared: SharedDatabase;
  /** what the setup answered */
  data: T;
}

/**
 * A fresh shared database, the two processes of a crash launched on it, and `setup` run on it
 * meanwhile through a test app in this process (`app`: its clock and config).
 */
export async function prepareCrash<T>(
  options: Omit<CrashOptions, 'database'> & { app: Omit<CreateTestAppOptions, 'database'> },
  setup: (t: TestApp) => Promise<T>,
): Promise<CrashScenario<T>> {
  const { app, ...crashOptions } = options;
  const shared = await createSharedDatabase();
  const crash = launchCrash({ ...crashOptions, database: shared });
  const dispose = async () => {
    await crash.dispose();
    await shared.dispose();
  };
  try {
    const data = await withTestApp(shared, app, setup);
    return { shared, data, run: crash.run, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}

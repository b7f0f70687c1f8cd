import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type App, buildApp, type BuildAppOptions } from '../../src/server/app';
import { TestClock } from '../../src/server/clock';
import type { AppConfig } from '../../src/server/config';
import { type Database, openDatabase } from '../../src/server/db/database';
import { migratedTemplate } from './pglite-template';

/**
 * Test databases: in-memory PGlite by default. With DATABASE_URL set (CI), a fresh, uniquely
 * named database is created on that PostgreSQL server for each call and dropped on dispose, so
 * the same suite runs against real PostgreSQL.
 */
export interface TestDatabase {
  database: Database;
  /** connection string of the fresh database (PostgreSQL mode only) */
  url: string | undefined;
  dispose(): Promise<void>;
}

export const usingPostgres = Boolean(process.env.DATABASE_URL);

/** The migrated PGlite data directory (tests/helpers/pglite-template.ts), read once per worker. */
let pgliteTemplate: Promise<Blob> | undefined;

function workerTemplate(): Promise<Blob> {
  pgliteTemplate ??= migratedTemplate();
  return pgliteTemplate;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({
      inMemory: true,
      migrate: false,
      loadDataDir: await workerTemplate(),
    });
    return { database, url: undefined, dispose: () => database.close() };
  }
  const name = `bcnt_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await adminQuery(serverUrl, `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: url.toString() });
  } catch (error) {
    await adminQuery(serverUrl, `drop database if exists "${name}" with (force)`);
    throw error;
  }
  return {
    database,
    url: url.toString(),
    dispose: async () => {
      await database.close().catch(() => undefined);
      await dropDatabase(serverUrl, name);
    },
  };
}

/**
 * Drops a test database. An autovacuum worker that has just started on it belongs to the
 * superuser, so FORCE cannot end it (42501) until it finishes: try again for a few seconds.
 */
async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await adminQuery(serverUrl, `drop database if exists "${name}" with (force)`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '42501' || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

async function adminQuery(serverUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export const TEST_JWT_SECRET = 'test-jwt-secret-0123456789abcdef-0123456789';
export const TEST_CAPTCHA_MAX_NUMBER = 20;
/** A port nothing listens on: the chain check fails fast unless a test points RPC_URL elsewhere. */
export const CLOSED_RPC_URL = 'http://127.0.0.1:9';

export interface TestApp {
  app: App;
  database: Database;
  clock: TestClock;
  close(): Promise<void>;
}

export interface CreateTestAppOptions {
  config?: Partial<AppConfig>;
  clock?: TestClock;
  opsToken?: string;
  /** reuse a database (e.g. two apps sharing one, like two processes) */
  database?: Database;
  /** build options passed through (delivery adapter, signature verifier, wallet adapters) */
  build?: Pick<BuildAppOptions, 'outbox' | 'signatures' | 'adapters'>;
}

/**
 * `buildApp()` on a fresh test database with a controllable clock, logging off and an
 * environment isolated from the developer's (only NODE_ENV=test).
 */
export async function createTestApp(options: CreateTestAppOptions = {}): Promise<TestApp> {
  const testDb = options.database ? undefined : await createTestDatabase();
  const database = options.database ?? testDb!.database;
  const clock = options.clock ?? new TestClock('2025-03-01T04:00:00.000Z');
  try {
    const app = await buildApp({
      env: { NODE_ENV: 'test' },
      config: {
        jwtSecret: TEST_JWT_SECRET,
        rpcUrl: CLOSED_RPC_URL,
        serveApp: false,
        // a captcha costs a few hashes in tests (50,000 in production)
        captchaMaxNumber: TEST_CAPTCHA_MAX_NUMBER,
        ...options.config,
      },
      db: database,
      clock,
      logger: false,
      ...(options.opsToken ? { opsToken: options.opsToken } : {}),
      ...options.build,
    });
    return {
      app,
      database,
      clock,
      close: async () => {
        await app.close();
        await testDb?.dispose();
      },
    };
  } catch (error) {
    await testDb?.dispose();
    throw error;
  }
}

import { closeSync, existsSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, types } from '@electric-sql/pglite';
import { secureDirectory } from '../data-dir';
import { PgliteWorkerClient } from './pglite-worker-client';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
/**
 * The drizzle handle domain code uses; the same type for both drivers. Built without the
 * schema: the code queries with the table objects (select, insert, update) and raw SQL, never
 * through drizzle's relational `db.query.<table>` API, which the schema would enable at a price
 * paid on every transaction (drizzle builds a relational query builder per table for each
 * transaction's handle: about 15 us of CPU per transaction with this schema's tables, measured
 * in `npm run bench:ledger`'s profile).
 */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** `select 1` succeeds */
  ping(): Promise<boolean>;
  /**
   * Subscribes to NOTIFY on `channel` (an identifier). Resolves to the unsubscribe function.
   * `onLost` runs once if the subscription ends without it (PostgreSQL: the listening
   * connection dropped), after which notifications may have been missed.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onLost: () => void,
  ): Promise<() => Promise<void>>;
  /** PGlite only: the whole data directory as a tarball (`loadDataDir` opens a copy). */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
}

/**
 * Where PGlite's engine runs: on this thread ('main', the default: tests open one database per
 * file and a worker's start would add to each) or in a worker thread of its own ('worker', the
 * API process: see pglite-worker-client.ts), so a statement does not hold the event loop.
 */
export type PgliteThread = 'main' | 'worker';

/** Where the API process (`startApi`: `npm start`, `npm run dev`, the e2e stacks) runs it. */
export const API_PGLITE_THREAD: PgliteThread = 'worker';

export type DatabaseOptions =
  | { databaseUrl: string; migrate?: boolean }
  | {
      dataDir: string;
      migrate?: boolean;
      /** a data directory that holds no database yet starts as a copy of this one */
      loadDataDir?: Blob;
      thread?: PgliteThread;
    }
  | {
      inMemory: true;
      migrate?: boolean;
      /** start from this data directory (a `dumpDataDir()` of a database already migrated) */
      loadDataDir?: Blob;
      thread?: PgliteThread;
    };

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** Any number; all API processes on one PostgreSQL database use it to serialise migrations. */
const MIGRATION_LOCK_ID = 7_311_004_270;

export class DataDirLockedError extends Error {
  constructor(
    public readonly lockFile: string,
    public readonly pid: number,
  ) {
    super(
      `The PGlite database in ${path.dirname(lockFile)} is in use by process ${pid}. ` +
        `PGlite is single-process: stop that process (or use DATABASE_URL for PostgreSQL). ` +
        `If no such process is running, delete ${lockFile}.`,
    );
    this.name = 'DataDirLockedError';
  }
}

/**
 * Open the database and (by default) apply the migrations: PostgreSQL through node-postgres
 * when a URL is given, otherwise embedded PGlite (on disk under `<dataDir>/pglite`, or in
 * memory for tests).
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const runMigrations = options.migrate !== false;
  if ('databaseUrl' in options) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client that errors (server restart) must not crash the process.
    pool.on('error', () => undefined);
    try {
      if (runMigrations) await migratePostgres(options.databaseUrl);
      const db = drizzleNodePg({ client: pool });
      return {
        db,
        driver: 'postgres',
        ping: () => ping(db),
        listen: (channel, onMessage, onLost) =>
          listenPostgres(options.databaseUrl, channel, onMessage, onLost),
        close: () => pool.end(),
      };
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw error;
    }
  }

  let releaseLock = () => {};
  let pgdata: string | undefined;
  let loadDataDir = options.loadDataDir;
  if ('dataDir' in options) {
    // owner-only DATA_DIR and PGlite data (0700; wider modes are tightened or refused)
    secureDirectory(options.dataDir);
    secureDirectory(path.join(options.dataDir, 'pglite'));
    releaseLock = acquireDataDirLock(options.dataDir);
    pgdata = path.join(options.dataDir, 'pglite');
    if (existsSync(path.join(pgdata, 'PG_VERSION'))) loadDataDir = undefined;
  }
  const client: PgliteClient =
    options.thread === 'worker'
      ? new PgliteWorkerClient({
          dataDir: pgdata,
          loadDataDir,
          textTypes: Object.keys(DRIZZLE_PARSERS).map(Number),
          prepareOptions: withoutDrizzleParsers,
        })
      : pgdata
        ? new PGlite(pgdata, loadDataDir ? { loadDataDir } : {})
        : new PGlite(loadDataDir ? { loadDataDir } : {});
  try {
    await client.waitReady;
    // In a worker each statement's answer is a message, so the loop turns between statements
    // and the worker has drizzle's parsers; on this thread see yieldingClient.
    let drizzleClient: PGlite;
    if (client instanceof PGlite) {
      // after waitReady: PGlite's start sets the parsers of every array type
      Object.assign(client.parsers, DRIZZLE_PARSERS);
      drizzleClient = yieldingClient(client);
    } else {
      drizzleClient = client as unknown as PGlite;
    }
    const db = drizzlePglite({ client: drizzleClient });
    if (runMigrations) await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return {
      db,
      driver: 'pglite',
      ping: () => ping(db),
      listen: async (channel, onMessage) => {
        const unsubscribe = await client.listen(channel, onMessage);
        return async () => {
          if (!client.closed) await unsubscribe();
        };
      },
      dumpDataDir: () => client.dumpDataDir('none'),
      close: async () => {
        try {
          if (!client.closed) await client.close();
        } finally {
          releaseLock();
        }
      },
    };
  } catch (error) {
    await client.close().catch(() => undefined);
    releaseLock();
    throw error;
  }
}

/** What openDatabase uses of a PGlite client, in this thread or in a worker. */
type PgliteClient = Pick<PGlite, 'waitReady' | 'closed' | 'close' | 'dumpDataDir'> & {
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
};

/** Resolves once the event loop has had a turn (I/O callbacks, timers). */
const loopTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

async function afterLoopTurn<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } finally {
    await loopTurn();
  }
}

const STATEMENT_METHODS = new Set<string | symbol>(['query', 'sql', 'exec']);

const asText = (value: string) => value;
/**
 * The result parsers drizzle's PGlite driver passes with every statement: dates, times and
 * intervals (and their arrays, and numeric arrays) kept as PostgreSQL's text, which drizzle's
 * columns parse. PGlite merges a statement's parsers into a copy of its whole parser table (every
 * type and array type) before reading the rows, about a fifth of a simple statement's time here;
 * so the PGlite client is given them once (`openDatabase`) and a statement whose parsers are for
 * these types only (drizzle's are) is sent without them (`yieldingClient`): the rows come back
 * the same. Nothing else in the server passes parsers.
 */
const DRIZZLE_PARSERS: Record<number, (value: string) => string> = {
  [types.TIMESTAMP]: asText,
  [types.TIMESTAMPTZ]: asText,
  [types.INTERVAL]: asText,
  [types.DATE]: asText,
  1231: asText, // numeric[]
  1115: asText, // timestamp[]
  1185: asText, // timestamptz[]
  1187: asText, // interval[]
  1182: asText, // date[]
};

interface StatementOptions {
  parsers?: Record<number, unknown>;
}

/** `options` without its parsers when they are drizzle's (the client has them already). */
function withoutDrizzleParsers(
  options: StatementOptions | undefined,
): StatementOptions | undefined {
  const parsers = options?.parsers;
  if (!parsers) return options;
  for (const type of Object.keys(parsers)) if (!(type in DRIZZLE_PARSERS)) return options;
  const { parsers: _given, ...rest } = options;
  return rest;
}

/**
 * The PGlite client (or transaction) drizzle uses, giving the event loop a turn after each
 * statement. PGlite runs a statement synchronously on this thread and answers through a
 * promise, so a chain of awaited statements (a scheduler tick: about 40, 85 ms of CPU) ran
 * through microtasks alone and no request was served until it ended (the loop stalled for the
 * whole tick). Between statements, requests that need no database (cached reads) are served
 * now; one that does waits for PGlite's lock as before. Its `query` leaves out drizzle's
 * parsers (see DRIZZLE_PARSERS).
 */
function yieldingClient<T extends object>(target: T): T {
  return new Proxy(target, {
    get(object, key) {
      const value = Reflect.get(object, key, object) as unknown;
      if (typeof value !== 'function') return value;
      const method = value as (...args: unknown[]) => unknown;
      if (key === 'query') {
        return (query: string, params?: unknown[], options?: StatementOptions) =>
          afterLoopTurn(
            method.call(object, query, params, withoutDrizzleParsers(options)) as Promise<unknown>,
          );
      }
      if (STATEMENT_METHODS.has(key)) {
        return (...args: unknown[]) =>
          afterLoopTurn(method.apply(object, args) as Promise<unknown>);
      }
      if (key === 'transaction') {
        return (callback: (tx: object) => Promise<unknown>) =>
          afterLoopTurn(
            method.call(object, (tx: object) => callback(yieldingClient(tx))) as Promise<unknown>,
          );
      }
      return method.bind(object);
    },
  });
}

/** LISTEN on a connection of its own (a pooled one would be handed to other queries). */
async function listenPostgres(
  databaseUrl: string,
  channel: string,
  onMessage: (payload: string) => void,
  onLost: () => void,
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  const client = new pg.Client({ connectionString: databaseUrl });
  let ended = false;
  const lost = () => {
    if (ended) return;
    ended = true;
    onLost();
  };
  client.on('error', lost);
  client.on('end', lost);
  client.on('notification', (message) => {
    if (message.channel === channel) onMessage(message.payload ?? '');
  });
  try {
    await client.connect();
    await client.query(`listen ${channel}`);
  } catch (error) {
    ended = true;
    await client.end().catch(() => undefined);
    throw error;
  }
  return async () => {
    ended = true;
    await client.end().catch(() => undefined);
  };
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/**
 * Migrations on PostgreSQL run on one dedicated connection holding an advisory lock, so
 * replicas that boot together apply them once, one after the other.
 */
async function migratePostgres(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      await migrateNodePg(drizzleNodePg({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    }
  } finally {
    await client.end();
  }
}

export const PGLITE_LOCK_FILE = 'pglite.lock';

/**
 * PGlite is single-process: two processes opening one data directory corrupt it. A lock
 * file holding the owner's pid keeps a second process out; a stale lock (owner gone) is
 * taken over. Returns the release function.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const lockFile = path.join(dataDir, PGLITE_LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(lockFile, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        if (readLockPid(lockFile) === process.pid) rmSync(lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readLockPid(lockFile);
      // Held by a live process (this one included: PGlite twice on one directory corrupts too).
      if (owner !== undefined && (owner === process.pid || isProcessAlive(owner))) {
        throw new DataDirLockedError(lockFile, owner);
      }
      rmSync(lockFile, { force: true }); // stale
    }
  }
  throw new Error(`Could not lock ${lockFile}`);
}

function readLockPid(lockFile: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(lockFile, 'utf8').trim(), 10);
    return Number.isFinite(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

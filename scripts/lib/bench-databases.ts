// What every bench script does with its databases: run on in-memory PGlite, then, when
// DATABASE_URL is set, on PostgreSQL in a fresh database that is dropped afterwards.
// BENCH_PGLITE_THREAD=worker|main: where PGlite's engine runs (default: as in the API process).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import {
  API_PGLITE_THREAD,
  type Database,
  openDatabase,
  type PgliteThread,
} from '../../src/server/db/database';

/** BENCH_PGLITE_THREAD, or where the API process runs PGlite's engine */
export const benchPgliteThread = (): PgliteThread =>
  process.env.BENCH_PGLITE_THREAD === 'main' || process.env.BENCH_PGLITE_THREAD === 'worker'
    ? process.env.BENCH_PGLITE_THREAD
    : API_PGLITE_THREAD;

export async function onEachDatabase(
  run: (label: string, database: Database) => Promise<void>,
): Promise<void> {
  const thread = benchPgliteThread();
  const pglite = await openDatabase({ inMemory: true, thread });
  try {
    await run(thread === 'worker' ? 'PGlite (worker thread)' : 'PGlite', pglite);
  } finally {
    await pglite.close();
  }
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    console.log(
      'PostgreSQL skipped (set DATABASE_URL to a server where the role may CREATE DATABASE)',
    );
    return;
  }
  await onFreshPostgresDatabase(serverUrl, async (url) => {
    const postgres = await openDatabase({ databaseUrl: url });
    try {
      await run('PostgreSQL', postgres);
    } finally {
      await postgres.close();
    }
  });
}

/** Runs `body` with the URL of a fresh database on that server, dropped afterwards. */
export async function onFreshPostgresDatabase<T>(
  serverUrl: string,
  body: (url: string) => Promise<T>,
): Promise<T> {
  const name = `bcnt_bench_${randomBytes(4).toString('hex')}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${name}"`);
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return await body(url.toString());
  } finally {
    await admin(`drop database if exists "${name}" with (force)`);
  }
}

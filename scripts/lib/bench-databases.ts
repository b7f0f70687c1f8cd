// What every bench script does with its databases: run on in-memory PGlite, then, when
// DATABASE_URL is set, on PostgreSQL in a fresh database that is dropped afterwards.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../../src/server/db/database';

export async function onEachDatabase(
  run: (label: string, database: Database) => Promise<void>,
): Promise<void> {
  const pglite = await openDatabase({ inMemory: true });
  try {
    await run('PGlite', pglite);
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

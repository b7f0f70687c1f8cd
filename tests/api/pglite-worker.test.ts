import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Database,
  DataDirLockedError,
  openDatabase,
  PGLITE_LOCK_FILE,
} from '../../src/server/db/database';
import { members } from '../../src/server/db/schema';
import type { PgliteWorkerClient } from '../../src/server/db/pglite-worker-client';
import { migratedTemplate } from '../helpers/pglite-template';

// PGlite's engine in a worker thread (`thread: 'worker'`, what the API process uses): the
// client that stands for PGlite on the main thread must give drizzle and database.ts what an
// in-thread PGlite gives them.
let database: Database;
let client: PgliteWorkerClient;
beforeAll(async () => {
  // a copy of the migrated template, and the migrations run again (all applied: drizzle's
  // migrator reads its table in a transaction through the worker)
  database = await openDatabase({
    inMemory: true,
    loadDataDir: await migratedTemplate(),
    thread: 'worker',
  });
  client = (database.db as unknown as { $client: PgliteWorkerClient }).$client;
}, 60_000);
afterAll(async () => {
  await database?.close();
});

const rowsOf = <T = Record<string, unknown>>(result: unknown) => (result as { rows: T[] }).rows;
const now = new Date('2026-01-02T03:04:05.678Z');
const member = (n: string) => ({
  email: `worker-${n}@example.com`,
  nickname: `worker${n}`,
  passwordHash: 'x',
  accountType: 'individual' as const,
  referralCode: `WORKER${n}`,
  passwordChangedAt: now,
  createdAt: now,
  updatedAt: now,
});

describe('PGlite in a worker thread', () => {
  it('runs statements with parameters, in object and array row mode', async () => {
    expect(rowsOf(await database.db.execute(sql`select ${41}::int + 1 as n, ${'a'} as s`))).toEqual(
      [{ n: 42, s: 'a' }],
    );
    const arrays = await client.query('select $1::int as a, $2::text as b', [1, 'x'], {
      rowMode: 'array',
    });
    expect(arrays.rows).toEqual([[1, 'x']]);
    expect(arrays.fields.map((field) => field.name)).toEqual(['a', 'b']);
    // drizzle's selects use the array row mode and the fields
    const [inserted] = await database.db.insert(members).values(member('1')).returning();
    expect(inserted?.createdAt).toEqual(now);
    const [read] = await database.db.select().from(members).where(eq(members.id, inserted!.id));
    expect(read).toEqual(inserted);
    const updated = await client.query('update members set nickname = $1 where id = $2', [
      'renamed',
      inserted!.id,
    ]);
    expect(updated.affectedRows).toBe(1);
  });

  it('keeps dates, times and intervals as text for drizzle', async () => {
    const values = sql`select '2025-03-01 04:00:00+00'::timestamptz as tz, '1 day'::interval as i,
      array['2025-03-01'::date] as ds`;
    const asText = { tz: '2025-03-01 04:00:00+00', i: '1 day', ds: '{2025-03-01}' };
    expect(rowsOf(await database.db.execute(values))).toEqual([asText]);
    expect(await database.db.transaction(async (tx) => rowsOf(await tx.execute(values)))).toEqual([
      asText,
    ]);
  });

  it('commits a transaction, and statements from outside wait for it', async () => {
    await database.db.execute(sql`create table worker_tx (n int)`);
    const order: string[] = [];
    let outside: Promise<unknown> | undefined;
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into worker_tx values (1)`);
      outside = database.db
        .execute(sql`select count(*)::int as n from worker_tx`)
        .then((result) => order.push(`outside saw ${rowsOf<{ n: number }>(result)[0]?.n}`));
      await new Promise((resolve) => setTimeout(resolve, 50));
      await tx.execute(sql`insert into worker_tx values (2)`);
      order.push('transaction done');
    });
    await outside;
    expect(order).toEqual(['transaction done', 'outside saw 2']);
  });

  it('runs a statement from outside after a transaction that rolls back, not inside it', async () => {
    await database.db.execute(sql`create table worker_outside (n int)`);
    let outside: Promise<unknown> | undefined;
    let outsideDone = false;
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into worker_outside values (1)`);
        outside = database.db
          .execute(sql`insert into worker_outside values (99)`)
          .then(() => (outsideDone = true));
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(outsideDone).toBe(false);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await outside;
    const result = await database.db.execute(sql`select array_agg(n) as ns from worker_outside`);
    expect(rowsOf(result)).toEqual([{ ns: [99] }]);
  });

  it('rolls back when the callback throws, and rethrows', async () => {
    await database.db.execute(sql`create table worker_rollback (n int)`);
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into worker_rollback values (1)`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    // a failed statement inside, then a nested transaction (a savepoint) that rolls back
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into worker_rollback values (2)`);
        await tx.execute(sql`select 1 / 0`);
      }),
    ).rejects.toThrow();
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into worker_rollback values (3)`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into worker_rollback values (4)`);
          throw new Error('inner');
        })
        .catch(() => undefined);
    });
    const result = await database.db.execute(sql`select array_agg(n) as ns from worker_rollback`);
    expect(rowsOf(result)).toEqual([{ ns: [3] }]);
  });

  it('surfaces SQLSTATE codes and the fields of database errors', async () => {
    await database.db.insert(members).values(member('dup'));
    const error = await database.db
      .insert(members)
      .values(member('dup'))
      .then(
        () => undefined,
        (caught: unknown) => caught as { cause?: Record<string, unknown> },
      );
    // drizzle wraps the driver's error; the code checks read `cause.code`
    expect(error?.cause?.code).toBe('23505');
    expect(error?.cause?.constraint).toEqual(expect.any(String));
    expect(error?.cause).toBeInstanceOf(Error);
    const direct = await client.query('select 1 / 0').catch((caught: unknown) => caught);
    expect(direct).toMatchObject({ code: '22012', message: 'division by zero' });
    // the worker goes on after an error
    expect(rowsOf(await database.db.execute(sql`select 1 as n`))).toEqual([{ n: 1 }]);
  });

  it('delivers LISTEN/NOTIFY before the notifying statement answers, until unsubscribed', async () => {
    const payloads: string[] = [];
    const unsubscribe = await database.listen(
      'worker_channel',
      (p) => payloads.push(p),
      () => {},
    );
    await database.db.execute(sql`select pg_notify('worker_channel', 'one')`);
    expect(payloads).toEqual(['one']);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify('worker_channel', 'two')`);
    });
    expect(payloads).toEqual(['one', 'two']);
    await unsubscribe();
    await database.db.execute(sql`select pg_notify('worker_channel', 'three')`);
    await database.db.execute(sql`select 1`);
    expect(payloads).toEqual(['one', 'two']);
  });

  it('does not hold the event loop while a statement runs', async () => {
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 5);
    const started = performance.now();
    try {
      await database.db.execute(sql`select count(*) from generate_series(1, 3000000)`);
    } finally {
      clearInterval(timer);
    }
    const elapsed = performance.now() - started;
    // in-thread, no timer runs during the statement (it is one synchronous call)
    expect(elapsed).toBeGreaterThan(50);
    expect(ticks).toBeGreaterThanOrEqual(2);
  });

  it('dumps its data directory, which opens as a copy', async () => {
    await database.db.execute(sql`create table worker_dump (s text)`);
    await database.db.execute(sql`insert into worker_dump values ('kept')`);
    const dump = await database.dumpDataDir!();
    const copy = await openDatabase({ inMemory: true, loadDataDir: dump, migrate: false });
    try {
      expect(rowsOf(await copy.db.execute(sql`select s from worker_dump`))).toEqual([
        { s: 'kept' },
      ]);
    } finally {
      await copy.close();
    }
  });
});

describe('PGlite in a worker thread on a data directory', () => {
  const parent = mkdtempSync(path.join(tmpdir(), 'bcnt-pglite-worker-'));
  afterAll(() => rmSync(parent, { recursive: true, force: true }));

  it('holds the lock in this process, keeps its data across opens, and closes', async () => {
    const dataDir = path.join(parent, 'data');
    const lockFile = path.join(dataDir, PGLITE_LOCK_FILE);
    const first = await openDatabase({
      dataDir,
      loadDataDir: await migratedTemplate(),
      thread: 'worker',
    });
    try {
      expect(readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
      await expect(openDatabase({ dataDir, thread: 'worker' })).rejects.toBeInstanceOf(
        DataDirLockedError,
      );
      await first.db.execute(sql`create table worker_disk (n int)`);
      await first.db.execute(sql`insert into worker_disk values (7)`);
    } finally {
      await first.close();
    }
    expect(existsSync(lockFile)).toBe(false);
    const firstClient = (first.db as unknown as { $client: PgliteWorkerClient }).$client;
    expect(firstClient.closed).toBe(true);
    await expect(first.db.execute(sql`select 1`)).rejects.toThrow();

    const again = await openDatabase({ dataDir, thread: 'worker' });
    try {
      expect(rowsOf(await again.db.execute(sql`select n from worker_disk`))).toEqual([{ n: 7 }]);
    } finally {
      await again.close();
    }
  }, 60_000);
});

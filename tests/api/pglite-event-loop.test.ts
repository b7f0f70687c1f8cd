import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/server/db/database';

// PGlite on the opening thread (`thread: 'main'`: tests, scripts; the API runs it in a worker,
// tests/api/pglite-worker.test.ts) runs each statement on that thread. A job awaiting one
// statement after another must still let the process answer requests between them (scheduler
// ticks were stalling every request for their whole length).
let database: Database;
beforeAll(async () => {
  database = await openDatabase({ inMemory: true });
});
afterAll(async () => {
  await database?.close();
});

async function statementsBeforeTheLoopRuns(run: (count: () => void) => Promise<void>) {
  let done = 0;
  let seenAfter: number | undefined;
  setImmediate(() => (seenAfter = done));
  await run(() => (done += 1));
  return seenAfter;
}

describe('PGlite and the event loop', () => {
  it('runs other callbacks between awaited statements', async () => {
    const seenAfter = await statementsBeforeTheLoopRuns(async (count) => {
      for (let i = 0; i < 10; i += 1) {
        await database.db.execute(sql`select ${i}::int as n`);
        count();
      }
    });
    expect(seenAfter).toBeDefined();
    expect(seenAfter).toBeLessThanOrEqual(1);
  });

  it('also between the statements of a transaction, which still commits as one', async () => {
    await database.db.execute(sql`create table if not exists loop_turns (n int)`);
    const seenAfter = await statementsBeforeTheLoopRuns((count) =>
      database.db.transaction(async (tx) => {
        for (let i = 0; i < 10; i += 1) {
          await tx.execute(sql`insert into loop_turns values (${i})`);
          count();
        }
      }),
    );
    expect(seenAfter).toBeLessThanOrEqual(1);
    const result = (await database.db.execute(
      sql`select count(*)::int as n from loop_turns`,
    )) as unknown as { rows: { n: number }[] };
    expect(result.rows[0]?.n).toBe(10);
  });
});

// drizzle's columns parse dates, times and intervals from PostgreSQL's text; the PGlite client
// is given the parsers that keep them as text once (database.ts), not with every statement.
describe('PGlite and drizzle’s result parsers', () => {
  const values = sql`select '2025-03-01 04:00:00+00'::timestamptz as tz,
    '2025-03-01 04:00:00'::timestamp as ts, '2025-03-01'::date as d, '1 day'::interval as i,
    array['2025-03-01'::date] as ds, array[1.5, 2]::numeric[] as n, 7::int as k`;
  const asText = {
    tz: '2025-03-01 04:00:00+00',
    ts: '2025-03-01 04:00:00',
    d: '2025-03-01',
    i: '1 day',
    ds: '{2025-03-01}',
    n: '{1.5,2}',
    k: 7,
  };
  const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

  it('reads dates, times, intervals and their arrays as text, in and out of a transaction', async () => {
    expect(rowsOf(await database.db.execute(values))).toEqual([asText]);
    const inTx = await database.db.transaction(async (tx) => rowsOf(await tx.execute(values)));
    expect(inTx).toEqual([asText]);
  });
});

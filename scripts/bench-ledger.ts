// `npm run bench:ledger`: ledger transfers per second on this machine, on in-memory PGlite and
// (when DATABASE_URL is set) on PostgreSQL in a fresh database that is dropped afterwards.
// One transfer = one postLedgerTransaction (the one ledger_post statement: idempotency key,
// account lookups, locks in id order, conditional balance updates, two postings), from a
// hot-wallet deposit or between two member accounts, with BENCH_CONCURRENCY in flight. Each
// database runs it two ways: in a database transaction of its own (BEGIN, the post, COMMIT), as
// the product's flows post it beside their own rows, and alone (the statement is atomic by
// itself), which is the ledger's own ceiling: the difference is the two extra round trips and
// the accounts' row locks held until the COMMIT arrives (on PGlite, its one connection).
//
// Besides the wall clock (meaningless while other work loads the machine) it prints what does
// not depend on the load: statements sent per transfer (and, on PGlite, protocol messages: each
// one a trip through the WASM engine), the bench process's CPU per transfer (on PGlite that
// includes the database) and, on a local PostgreSQL, the CPU of the server processes serving
// the bench's connections (read from /proc). On Linux it also prints the CPU of the main thread
// and of the busiest other one (PGlite's worker thread, BENCH_PGLITE_THREAD=worker, the default:
// scripts/lib/bench-databases.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { onEachDatabase } from './lib/bench-databases';
import { systemClock } from '../src/server/clock';
import type { Database, Db } from '../src/server/db/database';
import { members } from '../src/server/db/schema';
import {
  InsufficientBalance,
  memberAccount,
  platformAccount,
  postLedgerTransaction,
  transfer,
} from '../src/server/domain/wallet/ledger';
import { percentile } from './lib/percentile';

const TRANSFERS = Number(process.env.BENCH_TRANSFERS ?? 5000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100);

/** Statements sent (node-postgres queries, PGlite parse or simple-query messages). */
const sent = { statements: 0, pgliteMessages: 0 };

function countStatements() {
  const pgQuery = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    sent.statements += 1;
    return (pgQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pgQuery;
  const exec = PGlite.prototype.execProtocolStream;
  PGlite.prototype.execProtocolStream = function (this: PGlite, message, options) {
    sent.pgliteMessages += 1;
    // 'P' parse (one per extended-protocol statement), 'Q' simple query (BEGIN, COMMIT)
    if (message[0] === 0x50 || message[0] === 0x51) sent.statements += 1;
    return exec.call(this, message, options);
  };
}

/** CPU seconds (user + system) of the local PostgreSQL backends serving this database. */
async function serverCpu(db: Db): Promise<Map<number, number> | null> {
  const result = (await db.execute(
    sql`select pid from pg_stat_activity where datname = current_database()`,
  )) as unknown as { rows: { pid: number }[] };
  const ticks = new Map<number, number>();
  for (const { pid } of result.rows) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      // utime and stime, fields 14 and 15 of stat (11 and 12 after the command)
      ticks.set(pid, (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      return null; // not a local server
    }
  }
  return ticks;
}

/** CPU seconds (user + system) of each thread of this process by id (Linux: /proc/self/task). */
function threadCpu(): Map<number, number> {
  const ticks = new Map<number, number>();
  try {
    for (const tid of readdirSync('/proc/self/task')) {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
      ticks.set(Number(tid), (Number(fields[11]) + Number(fields[12])) / 100);
    }
  } catch {
    // not Linux
  }
  return ticks;
}

/** CPU seconds of the main thread and of the busiest other one between the two readings. */
function mainAndBusiest(before: Map<number, number>, after: Map<number, number>) {
  let busiest = 0;
  for (const [tid, seconds] of after) {
    if (tid !== process.pid) busiest = Math.max(busiest, seconds - (before.get(tid) ?? 0));
  }
  return { main: (after.get(process.pid) ?? 0) - (before.get(process.pid) ?? 0), busiest };
}

function cpuSpent(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of after) total += seconds - (before.get(pid) ?? 0);
  return total;
}

/** How a transfer is sent: inside BEGIN ... COMMIT, or as the one statement alone. */
type Mode = 'transaction' | 'alone';

async function run(label: string, database: Database) {
  const ids = await seedMembers(database.db);
  for (const mode of ['transaction', 'alone'] as const) await measure(label, database, ids, mode);
}

async function seedMembers(db: Db): Promise<number[]> {
  const now = systemClock.now();
  const rows = await db
    .insert(members)
    .values(
      Array.from({ length: MEMBERS }, (_, i) => ({
        email: `bench-${i}@example.com`,
        nickname: `bench${i}`,
        passwordHash: 'x',
        accountType: 'individual' as const,
        referralCode: `BENCH${i}`,
        passwordChangedAt: now,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: members.id });
  const ids = rows.map((row) => row.id);
  // every member starts with money so most transfers go through
  for (const id of ids) {
    await db.transaction((tx) =>
      postLedgerTransaction(tx as unknown as Db, systemClock, {
        idempotencyKey: `seed-${id}`,
        type: 'deposit',
        postings: transfer(
          platformAccount('hot_wallet'),
          memberAccount(id),
          'USDT',
          1_000_000_000n,
        ),
      }),
    );
  }
  return ids;
}

async function measure(label: string, database: Database, ids: number[], mode: Mode) {
  const db = database.db;
  const latencies: number[] = [];
  let refused = 0;
  let next = 0;
  const serverBefore = database.driver === 'postgres' ? await serverCpu(db) : null;
  const statementsBefore = sent.statements;
  const messagesBefore = sent.pgliteMessages;
  const threadsBefore = threadCpu();
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const worker = async () => {
    while (next < TRANSFERS) {
      const i = next++;
      const from = ids[i % ids.length]!;
      const to = ids[(i * 7 + 3) % ids.length]!;
      const postings =
        i % 4 === 0 || from === to
          ? transfer(platformAccount('hot_wallet'), memberAccount(to), 'USDT', 1_000n)
          : transfer(memberAccount(from), memberAccount(to), 'USDT', 1_000n);
      const t0 = performance.now();
      const post = (target: Db) =>
        postLedgerTransaction(target, systemClock, {
          idempotencyKey: `bench-${mode}-${i}`,
          type: 'bench',
          postings,
        });
      try {
        if (mode === 'alone') await post(db);
        else await db.transaction((tx) => post(tx as unknown as Db));
      } catch (error) {
        if (!(error instanceof InsufficientBalance)) throw error;
        refused += 1;
      }
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const threads = mainAndBusiest(threadsBefore, threadCpu());
  const statements = sent.statements - statementsBefore;
  const messages = sent.pgliteMessages - messagesBefore;
  const serverAfter = serverBefore ? await serverCpu(db) : null;
  latencies.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(10)} ${mode === 'alone' ? 'alone         ' : 'in transaction'} ` +
      `${(TRANSFERS / seconds).toFixed(0).padStart(6)} transfers/s  ` +
      `p50 ${percentile(latencies, 50).toFixed(1)} ms  p95 ${percentile(latencies, 95).toFixed(1)} ms  ` +
      `p99 ${percentile(latencies, 99).toFixed(1)} ms  (${TRANSFERS} transfers, ${refused} refused)`,
  );
  const perTransfer = (n: number) => (n / TRANSFERS).toFixed(2);
  const micros = (secondsOfCpu: number) => ((secondsOfCpu * 1e6) / TRANSFERS).toFixed(0);
  console.log(
    `${''.padEnd(10)} ` +
      // counted on this thread's PGlite and node-postgres only (not in PGlite's worker thread)
      (statements > 0
        ? `${perTransfer(statements)} statements/transfer` +
          (database.driver === 'pglite' ? ` (${perTransfer(messages)} protocol messages)` : '')
        : 'statements not counted (PGlite in a worker thread)') +
      `, bench process CPU ${micros((cpu.user + cpu.system) / 1e6)} us/transfer` +
      (serverBefore && serverAfter
        ? `, server CPU ${micros(cpuSpent(serverBefore, serverAfter))} us/transfer`
        : '') +
      `, main thread ${micros(threads.main)} us, busiest other thread ${micros(threads.busiest)} us` +
      `, load average ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
  );
}

async function main() {
  console.log(
    `bench:ledger - ${TRANSFERS} transfers, concurrency ${CONCURRENCY}, ${MEMBERS} members, ` +
      `${availableParallelism()} CPUs, node ${process.version}`,
  );
  countStatements();
  await onEachDatabase(run);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

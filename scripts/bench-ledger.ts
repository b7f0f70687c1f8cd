// `npm run bench:ledger`: ledger transfers per second on this machine, on in-memory PGlite and
// (when DATABASE_URL is set) on PostgreSQL in a fresh database that is dropped afterwards.
// One transfer = one postLedgerTransaction in its own database transaction (idempotency key
// insert, account lookups, conditional balance updates, two postings), from a hot-wallet
// deposit or between two member accounts, with BENCH_CONCURRENCY in flight.
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
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

const TRANSFERS = Number(process.env.BENCH_TRANSFERS ?? 5000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100);

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? NaN;
}

async function run(label: string, database: Database) {
  const db = database.db;
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
  const latencies: number[] = [];
  let refused = 0;
  let next = 0;
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
      try {
        await db.transaction((tx) =>
          postLedgerTransaction(tx as unknown as Db, systemClock, {
            idempotencyKey: `bench-${i}`,
            type: 'bench',
            postings,
          }),
        );
      } catch (error) {
        if (!(error instanceof InsufficientBalance)) throw error;
        refused += 1;
      }
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(10)} ${(TRANSFERS / seconds).toFixed(0).padStart(6)} transfers/s  ` +
      `p50 ${percentile(latencies, 50).toFixed(1)} ms  p95 ${percentile(latencies, 95).toFixed(1)} ms  ` +
      `p99 ${percentile(latencies, 99).toFixed(1)} ms  (${TRANSFERS} transfers, ${refused} refused)`,
  );
}

async function main() {
  console.log(
    `bench:ledger - ${TRANSFERS} transfers, concurrency ${CONCURRENCY}, ${MEMBERS} members, ` +
      `${availableParallelism()} CPUs, node ${process.version}`,
  );
  await onEachDatabase(run);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

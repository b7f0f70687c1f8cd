// `npm run bench:settle`: one day's settlement of BENCH_SUBSCRIPTIONS running Stable Income
// subscriptions (default 10,000: BENCH_MEMBERS members x BENCH_PRODUCTS products) by the
// earn-lifecycle job, on in-memory PGlite and (when DATABASE_URL is set) on PostgreSQL in a
// fresh database dropped afterwards. The figure includes reading every member's loyalty level,
// writing one reward row per subscription and one ledger transaction per product and batch.
// It also prints this process's event-loop delay during the settlement (what a request to an
// API running the job would wait for; on PGlite in a worker thread the engine's work is not in
// it: BENCH_PGLITE_THREAD, scripts/lib/bench-databases.ts) and its CPU.
import { availableParallelism } from 'node:os';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { onEachDatabase } from './lib/bench-databases';
import { TestClock } from '../src/server/clock';
import type { Database } from '../src/server/db/database';
import { members } from '../src/server/db/schema';
import { earnSubscriptions } from '../src/server/db/schema/earn';
import { createLocalOutbox } from '../src/server/domain/auth/outbox';
import { createProduct, setProductStatus } from '../src/server/domain/earn/catalog-admin';
import { runEarnLifecycle } from '../src/server/domain/earn/lifecycle';
import { createLocalPriceFeed } from '../src/server/domain/wallet/price-feed';
import { LOCAL_CHAIN_ID } from '../src/shared/constants/chain';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1000);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10);

async function run(label: string, database: Database) {
  const db = database.db;
  // products start 2026-01-01 00:00 UTC+8; the run settles 2026-01-01 on the next day
  const clock = new TestClock('2025-12-20T00:00:00Z');
  const now = clock.now();
  const ids: number[] = [];
  for (let from = 0; from < MEMBERS; from += 500) {
    const rows = await db
      .insert(members)
      .values(
        Array.from({ length: Math.min(500, MEMBERS - from) }, (_, k) => ({
          email: `settle-${from + k}@example.com`,
          nickname: `settle${from + k}`,
          passwordHash: 'x',
          accountType: 'individual' as const,
          referralCode: `SETTLE${from + k}`,
          roleId: 64,
          passwordChangedAt: now,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning({ id: members.id });
    ids.push(...rows.map((row) => row.id));
  }
  for (let p = 0; p < PRODUCTS; p += 1) {
    const product = await createProduct(db, clock, {
      kind: 'fixed',
      currency: 'USDT',
      name: { 'en-US': `Bench ${p}`, 'zh-TW': `Bench ${p}`, 'zh-CN': `Bench ${p}` },
      description: { 'en-US': '', 'zh-TW': '', 'zh-CN': '' },
      periodMonth: 3,
      raiseStart: '2025-12-20',
      raiseEnd: '2026-01-01',
      startDay: '2026-01-01',
      annualReturn: null,
      maxDrawdown: null,
      riskLevel: 1,
      minUnit: 1,
      maxUnit: 1000,
      perUnit: '100',
      capacityUnits: null,
      softCapUnits: null,
      minRenewUnits: 1,
      limited: false,
      premiumOnly: false,
      settlement: 'daily',
      renewable: true,
      sortOrder: p,
      leverage: null,
      sharpeRatio: null,
      managementFee: null,
      performanceFee: null,
    });
    await setProductStatus(db, clock, product.serialNumber, 'open');
    const termStart = new Date('2026-01-01T00:00:00+08:00');
    const termEnd = new Date('2026-04-01T00:00:00+08:00');
    for (let from = 0; from < ids.length; from += 500) {
      await db.insert(earnSubscriptions).values(
        ids.slice(from, from + 500).map((memberId) => ({
          memberId,
          productId: product.id,
          state: 'running' as const,
          units: 10,
          invested: '1000000000',
          principal: '1000000000',
          autoRenew: false,
          consents: [],
          termStart,
          termEnd,
          createdAt: now,
          updatedAt: now,
        })),
      );
    }
  }
  clock.set('2026-01-01T16:30:00Z'); // 2026-01-02 00:30 UTC+8: the first day is due
  const deps = {
    db,
    clock,
    prices: createLocalPriceFeed(db, clock, '0.5'),
    outbox: createLocalOutbox(db, clock),
    chainId: LOCAL_CHAIN_ID,
    appOrigin: 'http://localhost',
  };
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const report = await runEarnLifecycle(deps, clock.now());
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  loop.disable();
  const ms = (ns: number) => (ns / 1e6).toFixed(1);
  console.log(
    `${label.padEnd(10)} ${report.rewardDays} rewards in ${seconds.toFixed(1)} s ` +
      `(${(report.rewardDays / seconds).toFixed(0)}/s); event-loop delay meanwhile p99 ` +
      `${ms(loop.percentile(99))} ms, max ${ms(loop.max)} ms; CPU ` +
      `${((cpu.user + cpu.system) / 1e6).toFixed(1)} s`,
  );
}

async function main() {
  console.log(
    `bench:settle - ${MEMBERS * PRODUCTS} subscriptions (${MEMBERS} members x ${PRODUCTS} ` +
      `products), one day, ${availableParallelism()} CPUs, node ${process.version}`,
  );
  await onEachDatabase(run);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

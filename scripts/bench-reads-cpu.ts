// `npx tsx scripts/bench-reads-cpu.ts`: what one authenticated read costs the API, measured so a
// loaded machine does not distort it: CPU time of this process per request (process.cpuUsage
// around N sequential `app.inject` calls, after a warm-up) and SQL statements sent to the
// database per request (the driver's query methods counted). On in-memory PGlite and, when
// DATABASE_URL is set, on PostgreSQL in a fresh database dropped afterwards. BENCH_REQUESTS sets N (default 2,000),
// BENCH_ONLY=<part of a path> measures that route only (e.g. for a --cpu-prof profile).
// Each route is measured BENCH_REPEAT times (default 5) and the median pass's CPU is printed
// (other processes on the machine add to it), with the garbage collections of all passes (their
// count per 1,000 requests follows the allocations).
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from '../src/server/db/database';
import { buildBenchApp } from './lib/bench-app';
import { onEachDatabase } from './lib/bench-databases';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const WARMUP = 200;
const REPEAT = Number(process.env.BENCH_REPEAT ?? 5);

const TARGETS = [
  {
    name: 'GET /api/v1/user/WalletInfo',
    method: 'GET',
    url: '/api/v1/user/WalletInfo',
    auth: true,
  },
  {
    name: 'POST /member/ico/getMemberInfo',
    method: 'POST',
    url: '/member/ico/getMemberInfo',
    auth: true,
  },
  {
    name: 'GET /api/v1/common/CurrencyList',
    method: 'GET',
    url: '/api/v1/common/CurrencyList',
    auth: false,
  },
] as const;

let statements = 0;

interface GcCount {
  scavenges: number;
  marks: number;
  pauseMs: number;
}
const gc: GcCount = { scavenges: 0, marks: 0, pauseMs: 0 };
/** Counts this process's garbage collections and their pauses. */
function countCollections() {
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind;
      if (kind === constants.NODE_PERFORMANCE_GC_MINOR) gc.scavenges += 1;
      else if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) gc.marks += 1;
      gc.pauseMs += entry.duration;
    }
  }).observe({ entryTypes: ['gc'] });
}
/** Counts every statement a driver sends (drizzle goes through these methods). */
function countStatements() {
  type Query = (...args: unknown[]) => unknown;
  const wrap = (proto: Record<string, unknown>, method: string) => {
    const original = proto[method] as Query;
    proto[method] = function (this: unknown, ...args: unknown[]) {
      statements += 1;
      return original.apply(this, args);
    };
  };
  wrap(PGlite.prototype as unknown as Record<string, unknown>, 'query');
  wrap(PGlite.prototype as unknown as Record<string, unknown>, 'exec');
  wrap(pg.Client.prototype as unknown as Record<string, unknown>, 'query');
}

async function measure(label: string, database: Database) {
  const { app, token } = await buildBenchApp(database);
  console.log(`${label}, ${REQUESTS} requests each, sequential`);
  const only = process.env.BENCH_ONLY;
  for (const target of TARGETS.filter((t) => !only || t.url.includes(only))) {
    const send = async () => {
      const response = await app.inject({
        method: target.method,
        url: target.url,
        headers: {
          'content-type': 'application/json',
          ...(target.auth ? { authorization: `Bearer ${token}` } : {}),
        },
        ...(target.method === 'POST' ? { payload: '{}' } : {}),
      });
      if (response.statusCode !== 200) throw new Error(`${target.name}: ${response.statusCode}`);
    };
    for (let i = 0; i < WARMUP; i += 1) await send();
    // let the batched rate-limit counters flush before measuring
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const passes: { cpuUs: number; wallMs: number }[] = [];
    statements = 0;
    gc.scavenges = 0;
    gc.marks = 0;
    gc.pauseMs = 0;
    for (let pass = 0; pass < REPEAT; pass += 1) {
      const cpu = process.cpuUsage();
      const started = performance.now();
      for (let i = 0; i < REQUESTS; i += 1) await send();
      const used = process.cpuUsage(cpu);
      const wallMs = performance.now() - started;
      const cpuUs = used.user + used.system;
      passes.push({ cpuUs, wallMs });
    }
    // the collections are reported to the observer between event-loop turns
    await new Promise((resolve) => setTimeout(resolve, 50));
    passes.sort((a, b) => a.cpuUs - b.cpuUs);
    const median = passes[Math.floor(passes.length / 2)]!;
    const sent = REQUESTS * REPEAT;
    const perThousand = (n: number) => ((n * 1000) / sent).toFixed(1);
    console.log(
      `${target.name}: ${(median.cpuUs / REQUESTS).toFixed(0)} µs CPU/request, ` +
        `${(statements / sent).toFixed(2)} statements/request, ` +
        `per 1,000 requests ${perThousand(gc.scavenges)} scavenges, ${perThousand(gc.marks)} mark-sweeps, ` +
        `${perThousand(gc.pauseMs)} ms GC pause ` +
        `(wall ${(median.wallMs / REQUESTS).toFixed(2)} ms/request)`,
    );
  }
  await app.close();
}

async function main() {
  countStatements();
  countCollections();
  await onEachDatabase(measure);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

// The API for `npm run bench`'s HTTP figures, in a process of its own (autocannon must not share
// its event loop): built as `npm start` builds it, on in-memory PGlite or, with BENCH_DATABASE_URL,
// on that PostgreSQL database; one identity-verified member. As under `npm start`, the scheduler
// runs its jobs (every 15 s, the poll of a public chain; BENCH_SCHEDULER=off leaves it stopped):
// on PGlite their statements run where the API runs PGlite's engine (BENCH_PGLITE_THREAD=main or
// worker chooses). Prints one JSON line `{ "base": ..., "token": ... }` when ready and serves
// until killed.
//
// Over the IPC channel (when spawned with one) it reports what happened inside the process
// during each measured run: the parent sends `{ type: 'start' }` before a run and
// `{ type: 'stop' }` after it, and gets back `{ type: 'stats', ... }`: the event loop's delay
// (perf_hooks.monitorEventLoopDelay, 1 ms resolution: p50, p99, max), the process's CPU time,
// and the garbage collections (count, total and longest pause, by kind).
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { openDatabase } from '../../src/server/db/database';
import { benchPgliteThread } from './bench-databases';
import { buildBenchApp } from './bench-app';

export interface BenchServerStats {
  type: 'stats';
  /** event-loop delay percentiles and maximum, ms */
  loop: { p50: number; p99: number; max: number };
  /** CPU time of the API process during the run, ms */
  cpuMs: number;
  /** garbage collections during the run: count, total and longest pause (ms) per kind */
  gc: Record<string, { count: number; totalMs: number; maxMs: number }>;
}

const GC_KINDS: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'scavenge',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'mark-sweep',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak-callbacks',
};

function reportStats() {
  const loop = monitorEventLoopDelay({ resolution: 1 });
  let gc: BenchServerStats['gc'] = {};
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const detail = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail;
      const kind = GC_KINDS[detail?.kind ?? -1] ?? 'other';
      const seen = (gc[kind] ??= { count: 0, totalMs: 0, maxMs: 0 });
      seen.count += 1;
      seen.totalMs += entry.duration;
      seen.maxMs = Math.max(seen.maxMs, entry.duration);
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  let cpu = process.cpuUsage();
  process.on('message', (message: { type?: string }) => {
    if (message.type === 'start') {
      loop.reset();
      loop.enable();
      gc = {};
      cpu = process.cpuUsage();
    } else if (message.type === 'stop') {
      loop.disable();
      const used = process.cpuUsage(cpu);
      const ms = (ns: number) => Math.round(ns / 1e5) / 10;
      const stats: BenchServerStats = {
        type: 'stats',
        loop: { p50: ms(loop.percentile(50)), p99: ms(loop.percentile(99)), max: ms(loop.max) },
        cpuMs: Math.round((used.user + used.system) / 1000),
        gc,
      };
      process.send?.(stats);
    }
  });
}

async function main() {
  const url = process.env.BENCH_DATABASE_URL;
  const database = await openDatabase(
    url ? { databaseUrl: url } : { inMemory: true, thread: benchPgliteThread() },
  );
  const { app, token } = await buildBenchApp(database);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  if (process.env.BENCH_SCHEDULER !== 'off') app.scheduler.start();
  if (process.send) reportStats();
  console.log(JSON.stringify({ base, token }));
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
  process.on('disconnect', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

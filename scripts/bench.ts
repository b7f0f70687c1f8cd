// `npm run bench`: the figures of this machine in one report. Authenticated and public reads
// under a fixed offered load (autocannon, 32 connections, 10 s at 500 and at 1,000 requests/s
// against the API in a process of its own), then the other benchmarks (PARTS below: ledger,
// settlement, logins, keystrokes, Lighthouse). On in-memory PGlite and, when DATABASE_URL is
// set, on PostgreSQL in a fresh database dropped afterwards. Prints tables with the machine and
// date. Each part also runs alone (`npm run bench:ledger`, ..., `npm run lighthouse`).
//
// Each route first takes 3 s of load at 1,000/s, not counted (BENCH_WARMUP=<s>; 0: none), so its
// code is compiled and its caches filled before its measured runs, as in a process that has been
// serving for a while; the first route's warm-up is the fresh process's start, and its row is kept
// in the report (run "3 s, fresh process").
//
// Beside each read's latencies it prints what the API process did meanwhile (its event loop's
// delay p99 and maximum, its CPU, its longest garbage collection; scripts/lib/bench-api-server.ts)
// and the CPU of this process, autocannon's: both share the machine's cores, so a tail can be
// the client's. BENCH_READS=only skips the other parts; BENCH_ONLY=<part of a path> measures
// that route only; BENCH_API_NODE_ARGS adds Node options to the API process (e.g.
// `--cpu-prof --cpu-prof-dir=/tmp/prof`, `--trace-gc`); BENCH_SCHEDULER=off keeps the API's
// scheduler stopped (it runs, as under `npm start`, by default).
//
// How autocannon offers a rate: each connection sends back to back (one request in flight)
// until it has sent its share of the second (1,000/s over 32 connections: 31), then waits for
// the next second. So each second starts with a burst at the API's full speed with 32 requests
// queued, and p50 is about 32 requests' work. Its p99 also adds, for every response slower than
// its expected interval, the responses a steady sender would have waited for meanwhile
// (coordinated omission); the interval it uses is 1 ms (Math.ceil(1 / rate): the rate per
// second taken as ms), so a pause of n ms adds n - 1 values per connection: one 20 ms pause
// puts about 600 values above 10 ms, 6 % of a 10,000-request run. The measured p99 column is
// the responses' own times. So each measured run is followed by the same rate offered evenly
// (scripts/lib/steady-load.ts: request i due at i / rate, on as many keep-alive connections,
// latency counted from when it was due): the "steady" columns, what a stream of members
// arriving at that rate would see.
import { existsSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import autocannon from 'autocannon';
import type { BenchServerStats } from './lib/bench-api-server';
import { onFreshPostgresDatabase } from './lib/bench-databases';
import { startBenchServer } from './lib/bench-server-process';
import { steadyLoad, type SteadyLoadResult } from './lib/steady-load';
import { run } from './lib/proc';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
/** seconds of load on each route before its measured runs (BENCH_WARMUP; 0: none) */
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 3);
const RATES = [500, 1000];
const CONNECTIONS = 32;
const READS_ONLY = process.env.BENCH_READS === 'only';
const ONLY = process.env.BENCH_ONLY;
const API_NODE_ARGS = (process.env.BENCH_API_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);

interface Target {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  auth: boolean;
}

const TARGETS: Target[] = [
  {
    name: 'GET /api/v1/user/WalletInfo',
    method: 'GET',
    path: '/api/v1/user/WalletInfo',
    auth: true,
  },
  {
    name: 'POST /member/ico/getMemberInfo',
    method: 'POST',
    path: '/member/ico/getMemberInfo',
    auth: true,
  },
  {
    name: 'GET /api/v1/common/CurrencyList',
    method: 'GET',
    path: '/api/v1/common/CurrencyList',
    auth: false,
  },
];

/**
 * The other benchmarks, run after the reads, each printing its own figures: the ledger's
 * transfers, one day's earn settlement, logins, keystrokes in the amount fields (builds the e2e
 * app when it is out of date) and Lighthouse on the production build (when dist/ exists).
 */
const PARTS: { script: string; args?: string[]; needs?: string }[] = [
  { script: 'scripts/bench-ledger.ts' },
  { script: 'scripts/bench-settle.ts' },
  { script: 'scripts/bench-auth.ts' },
  { script: 'scripts/bench-inp.ts' },
  { script: 'scripts/lighthouse.ts', needs: 'dist' },
];

interface Row {
  database: string;
  target: string;
  /** how long it ran, and whether it was the fresh process's first run */
  run: string;
  offered: number;
  served: number;
  p50: number;
  p99: number;
  errors: number;
  /** what the API process did during the run */
  api: BenchServerStats;
  /** p99 of the response times as measured, without autocannon's correction (see the header) */
  measuredP99: number;
  /**
   * the slowest response as measured, and how many took over 10 ms: a pause that held up every
   * connection shows as about 32 of them at one time (a cache's entries all missing at once did)
   */
  measuredMax: number;
  measuredOver10: number;
  /** CPU time of this process (autocannon) during the run, ms */
  clientCpuMs: number;
  /** the longest event-loop delay of this process (autocannon) during the run, ms */
  clientLoopMaxMs: number;
  /** the same rate offered evenly right after (not for warm-ups), and the API meanwhile */
  steady?: SteadyLoadResult & { api: BenchServerStats };
}

type BenchServer = Awaited<ReturnType<typeof startBenchServer>>;

/** The request of `target` on `server`, as both load generators send it. */
function requestOf(server: BenchServer, target: Target) {
  return {
    url: `${server.base}${target.path}`,
    method: target.method,
    headers: {
      'content-type': 'application/json',
      ...(target.auth ? { authorization: `Bearer ${server.token}` } : {}),
    },
    ...(target.method === 'POST' ? { body: '{}' } : {}),
  };
}

/**
 * `rate` requests/s offered to `target` for `durationS` seconds by autocannon, then, when
 * `steady` (a measured run, not a warm-up), evenly for as long: its row of the report.
 */
async function offer(
  server: BenchServer,
  database: string,
  target: Target,
  rate: number,
  durationS: number,
  run: Row['run'],
  steady: boolean,
): Promise<Row> {
  const clientCpu = process.cpuUsage();
  const clientLoop = monitorEventLoopDelay({ resolution: 1 });
  const times: number[] = [];
  const [result, api] = await server.observe(() => {
    clientLoop.enable();
    return new Promise<autocannon.Result>((resolve, reject) => {
      const running = autocannon(
        {
          ...requestOf(server, target),
          connections: CONNECTIONS,
          duration: durationS,
          overallRate: rate,
        },
        (error, done) =>
          error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(done),
      );
      running.on('response', (_client, statusCode, _bytes, responseTime) => {
        if (statusCode < 300) times.push(responseTime);
      });
    });
  });
  clientLoop.disable();
  const client = process.cpuUsage(clientCpu);
  times.sort((a, b) => a - b);
  const row: Row = {
    database,
    target: target.name,
    run,
    offered: rate,
    served: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    measuredP99: Math.round((times[Math.floor(times.length * 0.99)] ?? 0) * 10) / 10,
    measuredMax: Math.round((times.at(-1) ?? 0) * 10) / 10,
    measuredOver10: times.filter((t) => t > 10).length,
    errors: result.errors + result.timeouts + result.non2xx,
    api,
    clientCpuMs: Math.round((client.user + client.system) / 1000),
    clientLoopMaxMs: Math.round(clientLoop.max / 1e5) / 10,
  };
  if (steady) {
    const [even, evenApi] = await server.observe(() =>
      steadyLoad({ ...requestOf(server, target), connections: CONNECTIONS, durationS, rate }),
    );
    row.steady = { ...even, api: evenApi };
    console.log(
      `${database} ${target.name} @${rate}/s steady: ${even.served}/s served, p50 ${even.p50} ms, ` +
        `p99 ${even.p99} ms, max ${even.max} ms, ${even.errors} errors; API loop delay max ` +
        `${evenApi.loop.max} ms, longest GC ${maxGcPause(evenApi.gc).toFixed(1)} ms`,
    );
  }
  console.log(
    `${database} ${target.name} @${rate}/s (${run}): ${row.served}/s served, p50 ${row.p50} ms, p99 ${row.p99} ms ` +
      `(${row.measuredP99} ms measured, max ${row.measuredMax} ms, ${row.measuredOver10} over 10 ms), ` +
      `${row.errors} errors; ` +
      `API loop delay p99 ${api.loop.p99} ms max ${api.loop.max} ms, API CPU ${api.cpuMs} ms, ` +
      `client CPU ${row.clientCpuMs} ms, client loop delay max ${row.clientLoopMaxMs} ms, GC ${gcSummary(api.gc)}`,
  );
  return row;
}

async function measure(database: string, databaseUrl?: string): Promise<Row[]> {
  const server = await startBenchServer(databaseUrl, API_NODE_ARGS);
  const rows: Row[] = [];
  try {
    for (const target of TARGETS.filter((t) => !ONLY || t.path.includes(ONLY))) {
      // the route's code compiled and its caches filled before it is measured; the first
      // route's warm-up is the fresh process's start, kept in the report as such
      if (WARMUP_S > 0) {
        const first = rows.length === 0;
        const run = first ? `${WARMUP_S} s, fresh process` : `${WARMUP_S} s warm-up`;
        const warm = await offer(
          server,
          database,
          target,
          Math.max(...RATES),
          WARMUP_S,
          run,
          false,
        );
        if (first) rows.push(warm);
      }
      for (const rate of RATES)
        rows.push(await offer(server, database, target, rate, DURATION_S, `${DURATION_S} s`, true));
    }
  } finally {
    await server.stop();
  }
  return rows;
}

/** 'scavenge 120 (310 ms, max 4.1)' per kind of collection. */
function gcSummary(gc: BenchServerStats['gc']): string {
  const kinds = Object.entries(gc);
  if (kinds.length === 0) return 'none';
  return kinds
    .map(
      ([kind, seen]) =>
        `${kind} ${seen.count} (${Math.round(seen.totalMs)} ms, max ${seen.maxMs.toFixed(1)})`,
    )
    .join(', ');
}

const maxGcPause = (gc: BenchServerStats['gc']) =>
  Math.max(0, ...Object.values(gc).map((seen) => seen.maxMs));

async function main() {
  const cpu = cpus();
  const machine = `${cpu.length} x ${cpu[0]?.model.trim() ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  const rows = await measure('PGlite');
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl)
    rows.push(...(await onFreshPostgresDatabase(serverUrl, (url) => measure('PostgreSQL', url))));
  else
    console.log(
      'PostgreSQL skipped (set DATABASE_URL to a server where the role may CREATE DATABASE)',
    );

  console.log(`\n## npm run bench, ${new Date().toISOString().slice(0, 10)}, ${machine}\n`);
  console.log(`Reads: ${CONNECTIONS} connections, ${DURATION_S} s at each offered rate.\n`);
  console.log(
    "p50 and p99 are autocannon's (with its coordinated-omission correction); measured p99 and max are the responses' own, with how many took over 10 ms. " +
      'Steady: the same rate offered evenly right after, latency counted from when each request was due. ' +
      'The API process during each run: its event loop delay (p99 / max), its CPU and its longest GC pause; ' +
      'the client is autocannon (this process): its CPU and its longest event-loop delay.\n',
  );
  console.log(
    '| database | route | run | offered/s | served/s | p50 ms | p99 ms | measured p99 / max ms (over 10 ms) | errors | steady: served/s | p50 / p99 / max ms | errors | API loop delay p99 / max ms | API CPU s | longest GC ms | client CPU s | client loop max ms |',
  );
  console.log(
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  );
  for (const row of rows) {
    console.log(
      `| ${row.database} | \`${row.target}\` | ${row.run} | ${row.offered} | ${row.served} | ${row.p50} | ${row.p99} | ${row.measuredP99} / ${row.measuredMax} (${row.measuredOver10}) | ${row.errors} | ` +
        (row.steady
          ? `${row.steady.served} | ${row.steady.p50} / ${row.steady.p99} / ${row.steady.max} | ${row.steady.errors} | `
          : '- | - | - | ') +
        `${row.api.loop.p99} / ${row.api.loop.max} | ${(row.api.cpuMs / 1000).toFixed(1)} | ` +
        `${maxGcPause(row.api.gc).toFixed(1)} | ${(row.clientCpuMs / 1000).toFixed(1)} | ${row.clientLoopMaxMs} |`,
    );
  }
  console.log('');
  for (const part of READS_ONLY ? [] : PARTS) {
    if (part.needs && !existsSync(part.needs)) {
      console.log(`\n${part.script}: skipped (${part.needs}/ is missing: run \`npm run build\`)`);
      continue;
    }
    console.log(`\n### ${part.script}\n`);
    const code = await run('npx', ['tsx', part.script, ...(part.args ?? [])]);
    if (code !== 0) process.exit(code);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

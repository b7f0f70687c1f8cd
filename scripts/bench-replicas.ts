// `npx tsx scripts/bench-replicas.ts`: the throughput of two API processes on one PostgreSQL
// database against one process. Needs DATABASE_URL (a server where the role may CREATE
// DATABASE; a fresh database is made and dropped afterwards). Each API runs in a process of its
// own (scripts/lib/bench-api-server.ts, built as `npm start` builds it, one verified member
// each); autocannon sends as fast as the API answers (no offered rate: the figure is the
// ceiling) for 10 s with 32 connections, to the one process, then 16 to each of the two at
// once. autocannon, PostgreSQL and the APIs share this machine's cores, so on a 2-core machine
// two processes can only use what the first one left idle: the figure is what the design
// allows here, not a cluster's.
import { cpus, loadavg } from 'node:os';
import autocannon from 'autocannon';
import { onFreshPostgresDatabase } from './lib/bench-databases';
import { startBenchServer } from './lib/bench-server-process';

const DURATION_S = 10;
const CONNECTIONS = 32;
const WARMUP_S = 3;

const TARGETS = [
  { name: 'GET /api/v1/user/WalletInfo', method: 'GET', path: '/api/v1/user/WalletInfo' },
  { name: 'POST /member/ico/getMemberInfo', method: 'POST', path: '/member/ico/getMemberInfo' },
] as const;

type Server = Awaited<ReturnType<typeof startBenchServer>>;

function run(
  server: Server,
  target: (typeof TARGETS)[number],
  connections: number,
  duration = DURATION_S,
) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(
      {
        url: `${server.base}${target.path}`,
        method: target.method,
        connections,
        duration,
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${server.token}`,
        },
        ...(target.method === 'POST' ? { body: '{}' } : {}),
      },
      (error, done) =>
        error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(done),
    );
  });
}

interface Row {
  route: string;
  processes: number;
  served: number;
  p50: number;
  p99: number;
  errors: number;
}

async function measure(servers: Server[]): Promise<Row[]> {
  const rows: Row[] = [];
  for (const target of TARGETS) {
    // a process's first seconds on a route are its JIT warming up (and the pool filling): not counted
    await Promise.all(servers.map((server) => run(server, target, 4, WARMUP_S)));
    const results = await Promise.all(
      servers.map((server) => run(server, target, CONNECTIONS / servers.length)),
    );
    rows.push({
      route: target.name,
      processes: servers.length,
      served: Math.round(results.reduce((sum, result) => sum + result.requests.average, 0)),
      p50: Math.max(...results.map((result) => result.latency.p50)),
      p99: Math.max(...results.map((result) => result.latency.p99)),
      errors: results.reduce((sum, result) => sum + result.errors + result.non2xx, 0),
    });
  }
  return rows;
}

async function main() {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    console.error('bench-replicas needs DATABASE_URL (PostgreSQL; replicas share one database)');
    process.exit(2);
  }
  console.log(
    `Two API processes against one on PostgreSQL: ${cpus().length} x ${cpus()[0]?.model.trim()}, ` +
      `Node ${process.versions.node}, load average ${loadavg()[0]!.toFixed(1)}, ` +
      `${new Date().toISOString().slice(0, 10)}; ${CONNECTIONS} connections, ${DURATION_S} s, ` +
      'as fast as answered\n',
  );
  const rows = await onFreshPostgresDatabase(serverUrl, async (url) => {
    const first = await startBenchServer(url);
    let second: Server | undefined;
    try {
      const one = await measure([first]);
      second = await startBenchServer(url);
      const two = await measure([first, second]);
      return [...one, ...two];
    } finally {
      await second?.stop();
      await first.stop();
    }
  });
  const header = '| route | processes | served/s | p50 ms | p99 ms | errors |';
  console.log(header);
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const row of rows)
    console.log(
      `| \`${row.route}\` | ${row.processes} | ${row.served} | ${row.p50} | ${row.p99} | ${row.errors} |`,
    );
  for (const target of TARGETS) {
    const [one, two] = rows.filter((row) => row.route === target.name);
    if (one && two)
      console.log(`${target.name}: two processes serve ${(two.served / one.served).toFixed(2)}x`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

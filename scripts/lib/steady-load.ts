// A load that offers its rate evenly: request i is due at start + i / rate, sent on a pool of
// keep-alive connections (a request waits for a free one when all are busy), and its latency
// counts from the moment it was due, so a pause of the server or of this sender is charged to
// every request it held up (no coordinated omission) without counting anything twice. For
// `npm run bench`, beside autocannon, whose rate is a burst at the start of each second
// (scripts/bench.ts, the header).
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { percentile } from './percentile';

export interface SteadyLoadOptions {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  /** requests per second */
  rate: number;
  durationS: number;
  connections: number;
}

export interface SteadyLoadResult {
  /** answered with a status below 300 */
  ok: number;
  /** other statuses, refused connections, timeouts */
  errors: number;
  /** requests answered per second of the run */
  served: number;
  /** latency from the moment each request was due, ms, percentiles of the answered ones */
  p50: number;
  p99: number;
  max: number;
}

const TIMEOUT_MS = 10_000;

export async function steadyLoad(options: SteadyLoadOptions): Promise<SteadyLoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const url = new URL(options.url);
  const total = Math.round(options.rate * options.durationS);
  const intervalMs = 1000 / options.rate;
  const latencies: number[] = [];
  let errors = 0;
  let sent = 0;
  let settled = 0;
  let finish: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  const done = () => {
    settled += 1;
    if (settled === total) finish();
  };

  const send = (dueAt: number) => {
    const req = request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: options.method,
        headers: options.headers,
        timeout: TIMEOUT_MS,
      },
      (res) => {
        res.resume();
        res.once('end', () => {
          if ((res.statusCode ?? 500) < 300) latencies.push(performance.now() - dueAt);
          else errors += 1;
          done();
        });
      },
    );
    req.once('timeout', () => req.destroy(new Error('timeout')));
    req.once('error', () => {
      errors += 1;
      done();
    });
    req.end(options.body);
  };

  const start = performance.now();
  // every millisecond (or as soon as the loop comes back), send what has fallen due since
  const timer = setInterval(() => {
    const due = Math.min(total, Math.floor((performance.now() - start) / intervalMs) + 1);
    while (sent < due) {
      send(start + sent * intervalMs);
      sent += 1;
    }
    if (sent === total) clearInterval(timer);
  }, 1);
  await finished;
  const seconds = (performance.now() - start) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    ok: latencies.length,
    errors,
    served: Math.round(latencies.length / seconds),
    p50: round(percentile(latencies, 50)),
    p99: round(percentile(latencies, 99)),
    max: round(latencies.at(-1) ?? Number.NaN),
  };
}

import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { API_NODE_OPTIONS } from './api-node-options';
import type { BenchServerStats } from './bench-api-server';

/**
 * The bench API (scripts/lib/bench-api-server.ts) in a process of its own, on in-memory PGlite
 * or on the PostgreSQL database `databaseUrl`, with `nodeArgs` for its Node. Resolves once it
 * listens: its address, its member's token, `observe` (what the process did during a run) and
 * `stop`.
 */
export async function startBenchServer(databaseUrl?: string, nodeArgs: string[] = []) {
  const child: ChildProcess = spawn(
    process.execPath,
    [...API_NODE_OPTIONS, ...nodeArgs, '--import', 'tsx', 'scripts/lib/bench-api-server.ts'],
    {
      env: { ...process.env, ...(databaseUrl ? { BENCH_DATABASE_URL: databaseUrl } : {}) },
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    },
  );
  const lines = createInterface({ input: child.stdout! });
  const ready = await new Promise<{ base: string; token: string }>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench API exited ${code}`)));
    lines.once('line', (line) => resolve(JSON.parse(line) as { base: string; token: string }));
  });
  /** The API's figures of the run `during` makes. */
  const observe = async <T>(during: () => Promise<T>): Promise<[T, BenchServerStats]> => {
    const stats = new Promise<BenchServerStats>((resolve) => {
      const onMessage = (message: BenchServerStats) => {
        if (message.type !== 'stats') return;
        child.off('message', onMessage);
        resolve(message);
      };
      child.on('message', onMessage);
    });
    child.send({ type: 'start' });
    const result = await during();
    child.send({ type: 'stop' });
    return [result, await stats];
  };
  return {
    ...ready,
    observe,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

// Child-process helpers shared by the dev stack, the test runner and the e2e stack.
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';

export interface Managed {
  name: string;
  child: ChildProcess;
  stop(): Promise<void>;
  exited: Promise<number | null>;
}

/** Spawn a long-running child in its own process group so stop() ends it and its children. */
export function startProcess(
  name: string,
  command: string,
  args: string[],
  options: SpawnOptions & { prefix?: boolean } = {},
): Managed {
  const child = spawn(command, args, {
    stdio: options.prefix === false ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    detached: true,
    ...options,
  });
  if (options.prefix !== false) {
    const tag = `[${name}]`;
    const pipe = (stream: NodeJS.ReadableStream | null, out: NodeJS.WriteStream) => {
      let buffer = '';
      stream?.on('data', (chunk: Buffer) => {
        buffer += chunk.toString();
        const lines = buffer.split('\n');
        buffer = lines.pop() ?? '';
        for (const line of lines) out.write(`${tag} ${line}\n`);
      });
    };
    pipe(child.stdout, process.stdout);
    pipe(child.stderr, process.stderr);
  }
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    name,
    child,
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        return;
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          /* already gone */
        }
      }, 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Run a command to completion, inheriting stdio; resolves with its exit code. */
export function run(command: string, args: string[], options: SpawnOptions = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Poll a URL until it answers with an HTTP status below 500, or time out. */
export async function waitForHttp(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
      lastError = new Error(`HTTP ${res.status}`);
    } catch (error) {
      lastError = error;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`Timed out waiting for ${url}: ${String(lastError)}`);
}

/** Is this TCP port free on 127.0.0.1? */
export function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * CPU seconds used so far by the live processes of a process group (a `startProcess` child is
 * the leader of its own) and their finished children, from /proc (Linux; 0 elsewhere).
 */
export function processGroupCpuSeconds(groupId: number): number {
  let ticks = 0;
  let entries: string[] = [];
  try {
    entries = readdirSync('/proc');
  } catch {
    return 0;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ');
      // after the name: state, ppid, pgrp, ..., utime (11), stime, cutime, cstime
      if (Number(fields[2]) !== groupId) continue;
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks / 100;
}

import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inspect } from 'node:util';
import type { Database } from '../../src/server/db/database';
import { bundleServerEntry } from '../../scripts/lib/server-bundle';
import { runOpsCli } from '../../src/server/ops/cli';

/**
 * The operator CLI in tests. `cli` runs it in this process (runOpsCli, the code behind
 * scripts/ops.ts) with its output captured: the same exit code and output as the script,
 * without a process per call. `cliBesideApi`
 * does the same towards an API the test process started (it reaches it through api.json as a
 * process of its own would). `spawnCli` runs the real script, for what needs a separate
 * process: the entry itself and the data directory lock between processes.
 *
 * Both see the test's environment with NODE_ENV=test and `env` on top; process.env is never
 * changed.
 */
export interface CliResult {
  /** the exit code (null: the spawned process was killed by a signal) */
  code: number | null;
  /** what the CLI printed, each text followed by a newline as console.log writes it */
  stdout: string;
  stderr: string;
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const OPS_ENTRY = path.join(ROOT, 'scripts', 'ops.ts');
/** scripts/ops.ts with the server's modules in one ES module (built by tests/global-setup.ts) */
const OPS_BUNDLE = path.join(ROOT, '.cache', 'ops-cli.mjs');

/**
 * Bundle the CLI's entry once per test run: a spawned CLI then starts in about a second, where
 * `tsx scripts/ops.ts` compiling the server's modules again took 5 s and more per process.
 */
export function bundleOpsCli(): Promise<void> {
  return bundleServerEntry(OPS_ENTRY, OPS_BUNDLE);
}

const cliEnv = (env: Record<string, string>): NodeJS.ProcessEnv => ({
  ...process.env,
  NODE_ENV: 'test',
  ...env,
});

/**
 * `npm run ops -- <args>` in this process. With `database`, the command runs on that open
 * database (a test app's) rather than opening DATA_DIR: one PGlite per test file instead of one
 * per command.
 */
export async function cli(
  args: string[],
  env: Record<string, string> = {},
  database?: Database,
): Promise<CliResult> {
  return runInProcess(args, env, undefined, database);
}

/**
 * `npm run ops -- <args>` in this process, acting as a process of its own towards an API this
 * test process started: the CLI takes api.json's pid (this process) for another live process
 * and sends the command to that API, as the script would, without a tsx process per call.
 */
export async function cliBesideApi(
  args: string[],
  env: Record<string, string> = {},
): Promise<CliResult> {
  return runInProcess(args, env, 0);
}

async function runInProcess(
  args: string[],
  env: Record<string, string>,
  pid?: number,
  database?: Database,
): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  let code: number;
  try {
    code = await runOpsCli(args, {
      env: cliEnv(env),
      out: (text) => (stdout += `${text}\n`),
      err: (text) => (stderr += `${text}\n`),
      ...(pid === undefined ? {} : { pid }),
      ...(database ? { database } : {}),
    });
  } catch (error) {
    // what scripts/ops.ts does with an unexpected error
    stderr += `${inspect(error)}\n`;
    code = 1;
  }
  return { code, stdout, stderr };
}

/** scripts/ops.ts (bundled, see `bundleOpsCli`) with `<args>` in a process of its own. */
export function spawnCli(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--enable-source-maps', OPS_BUNDLE, ...args], {
      cwd: ROOT,
      env: cliEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * Runs forge on the Foundry root `contracts/`, compiling through the solcjs wrapper, offline.
 *
 *   tsx scripts/forge.ts build [forge args...]
 *   tsx scripts/forge.ts test  [forge args...]     e.g. --match-test testFuzz_Permit -vvv
 *
 * Other scripts call `forgeBuild()` to compile before reading `contracts/out/`.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { constants } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CONTRACTS_ROOT = path.join(REPO_ROOT, 'contracts');
export const SOLC_WRAPPER = path.join(REPO_ROOT, 'scripts', 'solc-wrapper.cjs');

type FoundryTool = 'forge' | 'anvil' | 'cast';

const ARCH: Partial<Record<string, string>> = { x64: 'amd64', arm64: 'arm64' };

/**
 * Path of a Foundry binary: the native binary of the npm platform package (linux x64, an
 * optional dependency: the registry here serves no other platforms' packages), else one on PATH.
 */
export function foundryBinary(tool: FoundryTool): string {
  const require = createRequire(import.meta.url);
  const arch = ARCH[process.arch];
  const exe = process.platform === 'win32' ? `${tool}.exe` : tool;
  if (arch) {
    try {
      const native = require.resolve(`@foundry-rs/${tool}-${process.platform}-${arch}/bin/${exe}`);
      if (existsSync(native)) return native;
    } catch {
      // platform package not installed: use the launcher
    }
  }
  // Other platforms: a Foundry installed on PATH.
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, exe);
    if (dir && existsSync(candidate)) return candidate;
  }
  throw new Error(
    `${tool} not found: expected @foundry-rs/${tool}-${process.platform}-${arch ?? process.arch} ` +
      `in node_modules (run npm install) or ${tool} on PATH`,
  );
}

export interface RunForgeOptions {
  /** Do not print forge's output; it is returned (and included in forgeBuild's error). */
  quiet?: boolean;
}

export interface ForgeResult {
  code: number;
  /** forge's stdout + stderr when `quiet`, otherwise empty (it went to the terminal). */
  output: string;
}

/** Runs `forge <command> --root contracts --use <solc wrapper> --offline ...args`. */
export function runForge(
  command: string,
  args: readonly string[] = [],
  options: RunForgeOptions = {},
): Promise<ForgeResult> {
  const fullArgs = [command, '--root', CONTRACTS_ROOT, '--use', SOLC_WRAPPER, '--offline', ...args];
  return new Promise((resolve, reject) => {
    const child = spawn(foundryBinary('forge'), fullArgs, {
      cwd: REPO_ROOT,
      stdio: options.quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve({ code: code ?? (signal ? 128 + constants.signals[signal] : 1), output });
    });
  });
}

/** Compiles the contracts (`forge build`, incremental: ~1 s when nothing changed). Throws on failure. */
export async function forgeBuild(options: RunForgeOptions = {}): Promise<void> {
  const { code, output } = await runForge('build', [], options);
  if (code !== 0)
    throw new Error(`forge build failed (exit code ${code})${output ? `:\n${output}` : ''}`);
}

const isMain =
  process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);

if (isMain) {
  const [command, ...rest] = process.argv.slice(2);
  if (command !== 'build' && command !== 'test') {
    console.error('usage: tsx scripts/forge.ts <build|test> [forge args...]');
    process.exit(2);
  }
  const started = Date.now();
  const { code } = await runForge(command, rest);
  console.log(
    `forge ${command} finished in ${((Date.now() - started) / 1000).toFixed(1)}s (exit ${code})`,
  );
  process.exit(code);
}

// The app the e2e suite drives: built into its own folder (`.e2e-dist/`, not `dist/`) as in
// production (React's production build; APP_ENV=production: no test-only routes or dev links).
// React's development build cost the suite about a third of its CPU; its warnings are caught by
// the unit suite instead (src/test-setup.ts), which renders every screen in development. Rebuilt
// when any source it is built from is newer than the last build. Each e2e stack gets its build
// (`.e2e-dist-tt/` for the time-travel stack): the chain's RPC address is compiled in.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { E2E, E2E_STACKS, type E2eStack } from './e2e-env';
import { run } from './proc';

export const E2E_DIST = resolve(E2E.distDir);
const SOURCES = ['src', 'index.html', 'vite.config.ts', 'package-lock.json', 'tsconfig.json'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function builtAt(stack: E2eStack): number {
  const built = join(resolve(stack.distDir), 'index.html');
  return existsSync(built) ? statSync(built).mtimeMs : 0;
}

export function e2eBuildIsCurrent(): boolean {
  const oldest = Math.min(...E2E_STACKS.map(builtAt));
  if (oldest === 0) return false;
  return SOURCES.every((source) => newestMtime(resolve(source)) <= oldest);
}

/** Builds the e2e apps unless they are current (or `force`). Resolves to the exit code. */
export async function buildE2eApp({ force = false } = {}): Promise<number> {
  if (!force && e2eBuildIsCurrent()) return 0;
  for (const stack of E2E_STACKS) {
    const code = await run(
      'npx',
      ['vite', 'build', '--logLevel', 'warn', '--outDir', resolve(stack.distDir)],
      {
        env: {
          ...process.env,
          RPC_URL: stack.rpcUrl,
          CHAIN_ID: String(stack.chainId),
          NODE_ENV: 'production',
          APP_ENV: 'production',
        },
      },
    );
    if (code !== 0) return code;
  }
  return 0;
}

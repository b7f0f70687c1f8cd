// The app the e2e suite drives: built into its own folder (`.e2e-dist/`, not `dist/`) with
// React's development build, so the suite's console guard sees React's warnings, while the app
// itself runs as in production (APP_ENV=production: no test-only routes or dev links). Rebuilt
// when any source it is built from is newer than the last build.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { E2E } from './e2e-env';
import { run } from './proc';

export const E2E_DIST = resolve('.e2e-dist');
const SOURCES = ['src', 'index.html', 'vite.config.ts', 'package-lock.json', 'tsconfig.json'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

export function e2eBuildIsCurrent(): boolean {
  const built = join(E2E_DIST, 'index.html');
  if (!existsSync(built)) return false;
  const builtAt = statSync(built).mtimeMs;
  return SOURCES.every((source) => newestMtime(resolve(source)) <= builtAt);
}

/** Builds the e2e app unless it is current (or `force`). Resolves to the exit code. */
export async function buildE2eApp({ force = false } = {}): Promise<number> {
  if (!force && e2eBuildIsCurrent()) return 0;
  return run('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', E2E_DIST], {
    env: {
      ...process.env,
      RPC_URL: E2E.rpcUrl,
      CHAIN_ID: String(E2E.chainId),
      NODE_ENV: 'development',
      APP_ENV: 'production',
    },
  });
}

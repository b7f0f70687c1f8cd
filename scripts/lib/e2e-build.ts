// The app the e2e suite drives: built into its own folder (`.e2e-dist/`, not `dist/`) as in
// production (React's production build; APP_ENV=production: no test-only routes or dev links).
// React's development build cost the suite about a third of its CPU; its warnings are caught by
// the unit suite instead (src/test-setup.ts), which renders every screen in development. Rebuilt
// when any source it is built from is newer than the last build. Each e2e stack gets its own copy
// (`.e2e-dist-tt*/` for the time-travel stacks) because the chain's RPC address
// is compiled in: the first is built, the others are copies with that address rewritten (one
// string in the entry chunk; a copy takes milliseconds where a build takes about 9 s here).
import {
  cpSync,
  existsSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { E2E, E2E_STACKS, type E2eStack } from './e2e-env';
import { run } from './proc';
import { compressedCopies } from './vite-precompress';

export const E2E_DIST = resolve(E2E.distDir);
/**
 * The app as a developer runs it (APP_ENV=development: the dev links and the /dev pages), for
 * the spec of the developer tools page (e2e/dev-contracts.spec.ts), which serves it with `vite
 * preview` against the shared stack.
 */
export const E2E_DEV_DIST = resolve('.e2e-dev-dist');
const SOURCES = [
  'src',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
  'tsconfig.json',
  'scripts/prerender.ts',
  'scripts/prerender-page.ts',
];

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
  return sourcesNotNewerThan(Math.min(...E2E_STACKS.map(builtAt)));
}

/** The copy of the built app for another stack: the first stack's RPC address replaced. */
async function copyForStack(stack: E2eStack) {
  const target = resolve(stack.distDir);
  rmSync(target, { recursive: true, force: true });
  cpSync(E2E_DIST, target, { recursive: true });
  const assets = join(target, 'assets');
  let rewritten = 0;
  for (const name of readdirSync(assets).filter((file) => file.endsWith('.js'))) {
    const file = join(assets, name);
    const text = readFileSync(file, 'utf8');
    if (!text.includes(E2E.rpcUrl)) continue;
    const changed = Buffer.from(text.split(E2E.rpcUrl).join(stack.rpcUrl));
    writeFileSync(file, changed);
    // the compressed copies the API sends must say the same
    const copies = await compressedCopies(changed);
    rmSync(`${file}.br`, { force: true });
    rmSync(`${file}.gz`, { force: true });
    if (copies) {
      writeFileSync(`${file}.br`, copies.br);
      writeFileSync(`${file}.gz`, copies.gz);
    }
    rewritten += 1;
  }
  if (rewritten === 0) throw new Error(`no built file holds the RPC address ${E2E.rpcUrl}`);
  // written last: its time is what `e2eBuildIsCurrent` compares
  cpSync(join(E2E_DIST, 'index.html'), join(target, 'index.html'));
}

/**
 * `vite build`, then for the production build the prerendered public pages
 * (scripts/prerender.ts), as `npm run build` (the development build is served by `vite preview`,
 * which sends index.html only).
 */
async function viteBuild(outDir: string, appEnv: 'production' | 'development'): Promise<number> {
  const env = {
    ...process.env,
    RPC_URL: E2E.rpcUrl,
    CHAIN_ID: String(E2E.chainId),
    NODE_ENV: appEnv,
    APP_ENV: appEnv,
  };
  const code = await run('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', outDir], {
    env,
  });
  if (code !== 0 || appEnv !== 'production') return code;
  return run('npx', ['tsx', 'scripts/prerender.ts', '--dist', outDir], { env });
}

const sourcesNotNewerThan = (time: number) =>
  time > 0 && SOURCES.every((source) => newestMtime(resolve(source)) <= time);

/** The development build for the developer tools spec, unless it is current (or `force`). */
export async function buildE2eDevApp({ force = false } = {}): Promise<number> {
  const built = join(E2E_DEV_DIST, 'index.html');
  if (!force && sourcesNotNewerThan(existsSync(built) ? statSync(built).mtimeMs : 0)) return 0;
  return viteBuild(E2E_DEV_DIST, 'development');
}

/**
 * Builds the e2e apps (the production build per stack, and the development build) unless they
 * are current (or `force`). Resolves to the exit code.
 */
export async function buildE2eApp({ force = false } = {}): Promise<number> {
  if (force || !e2eBuildIsCurrent()) {
    const code = await viteBuild(E2E_DIST, 'production');
    if (code !== 0) return code;
    for (const stack of E2E_STACKS) if (stack !== E2E) await copyForStack(stack);
  }
  return buildE2eDevApp({ force });
}

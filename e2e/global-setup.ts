// Starts the real stacks once for the e2e suite, each anvil, contracts and the API on PGlite
// serving the built app: one for the specs that share it, two for the specs that move the clock
// and the chain (scripts/lib/e2e-env.ts). Returns the teardown.
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { startAnvil } from '../scripts/anvil';
import { deployOrLoadState } from '../scripts/deploy';
import { forgeBuild } from '../scripts/forge';
import { API_NODE_OPTIONS } from '../scripts/lib/api-node-options';
import { buildE2eApp } from '../scripts/lib/e2e-build';
import { bundleServerEntry } from '../scripts/lib/server-bundle';
import { E2E_STACKS, type E2eStack } from '../scripts/lib/e2e-env';
import { processGroupCpuSeconds, startProcess, waitForHttp } from '../scripts/lib/proc';
import { migratedDataDir, migratedTemplate } from '../tests/helpers/pglite-template';

/** Anvil for `stack` with the contracts deployed (also the INP benchmark's chain). */
export async function startChain(stack: E2eStack) {
  const anvil = await startAnvil({ port: stack.anvilPort, chainId: stack.chainId, quiet: true });
  // the freshly deployed chain from .cache/ when the contracts did not change (else deploys)
  await deployOrLoadState(anvil.rpcUrl);
  return anvil;
}

/**
 * The API's entry and the server's modules in one file, bundled once per run (about a second):
 * each stack's API starts from it with `node`, where `tsx` compiling the server again cost every
 * one of the four APIs 4 s and more of CPU at the suite's start.
 */
const API_BUNDLE = resolve('.cache', 'e2e-api.mjs');
let apiBundled: Promise<void> | undefined;

/** `dir`, emptied, holding a copy of the migrated database (tests/helpers/pglite-template.ts). */
async function freshMigratedDir(dir: string) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  await migratedDataDir(dir);
}

/**
 * The API on a fresh copy of the migrated database in `stack.dataDir`, serving the app built for
 * `stack` (also the INP benchmark's API). `copyOf`: a data directory made by migratedDataDir,
 * copied file by file (about 0.1 s; writing each copy through PGlite took 0.7 s of CPU, before
 * any spec could start).
 */
export async function startApi(stack: E2eStack, name: string, rpcUrl: string, copyOf?: string) {
  const dataDir = resolve(stack.dataDir);
  // a copy of the migrated database the integration suite uses: the API starts without
  // migrating (every migration on each of three stacks at once took most of a minute)
  if (copyOf) {
    rmSync(dataDir, { recursive: true, force: true });
    cpSync(copyOf, dataDir, { recursive: true });
  } else await freshMigratedDir(dataDir);
  await (apiBundled ??= bundleServerEntry(resolve('src/server/main.ts'), API_BUNDLE));
  const api = startProcess(
    name,
    process.execPath,
    [...API_NODE_OPTIONS, '--enable-source-maps', API_BUNDLE],
    {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(stack.apiPort),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        RPC_URL: rpcUrl,
        CHAIN_ID: String(stack.chainId),
        SERVE_APP: 'true',
        APP_DIST_DIR: resolve(stack.distDir),
        LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
        APP_ORIGIN: stack.baseUrl,
        // the browser solves a real proof of work, just a smaller one than production's
        CAPTCHA_MAX_NUMBER: '5000',
        // every spec logs in from 127.0.0.1; per-account throttling stays as in production
        RATE_LIMIT_SCALE: '20',
        // deposits and withdrawals wait for 3 blocks; the wallet spec mines them
        DEPOSIT_CONFIRMATIONS: '3',
        // the jobs look for due work every 2 s (1 s in development): an idle tick's statements
        // were most of the four APIs' CPU, and the specs' waits on the jobs are seconds anyway
        SCHEDULER_POLL_MS: '2000',
        // members' API keys go to the paper exchange inside the API, on the API's clock
        EXCHANGE: 'paper',
        PAPER_EXCHANGE_PORT: String(stack.paperExchangePort),
      },
    },
  );
  // a cold start on a busy two-core machine can take most of a minute
  await waitForHttp(`${stack.baseUrl}/health`, 180_000);
  return api;
}

export default async function globalSetup() {
  await forgeBuild({ quiet: true });
  if ((await buildE2eApp()) !== 0) throw new Error('vite build failed');
  await migratedTemplate(); // built once (or found in node_modules/.cache) before the copies
  // the first chain saves the deployed state (when the contracts changed), the others load it
  const chains: Awaited<ReturnType<typeof startChain>>[] = [];
  for (const stack of E2E_STACKS) chains.push(await startChain(stack));
  // the migrated database on disk once; each stack's API starts on a copy of it
  const migrated = resolve('.cache', 'e2e-migrated-data');
  await freshMigratedDir(migrated);
  const apis = await Promise.all(
    E2E_STACKS.map((stack, index) =>
      startApi(stack, index === 0 ? 'api' : `api-tt${index}`, chains[index]!.rpcUrl, migrated),
    ),
  );
  return async () => {
    // how much of the suite's CPU the stacks took (the rest is Chromium and Playwright)
    const apiCpu = apis.reduce((sum, api) => sum + processGroupCpuSeconds(api.child.pid!), 0);
    const anvilCpu = chains.reduce((sum, chain) => sum + processGroupCpuSeconds(chain.pid), 0);
    console.log(
      `e2e stacks' CPU: ${apiCpu.toFixed(0)} s in the ${apis.length} APIs, ${anvilCpu.toFixed(0)} s in the anvils`,
    );
    for (const api of apis) await api.stop();
    for (const chain of chains) await chain.stop();
  };
}

// Starts the real stack once for the e2e suite: anvil, contracts, the API on PGlite serving
// the built app. Returns the teardown.
import { mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { startAnvil } from '../scripts/anvil';
import { deployOrLoadState } from '../scripts/deploy';
import { forgeBuild } from '../scripts/forge';
import { buildE2eApp, E2E_DIST } from '../scripts/lib/e2e-build';
import { E2E } from '../scripts/lib/e2e-env';
import { startProcess, waitForHttp } from '../scripts/lib/proc';

export default async function globalSetup() {
  const dataDir = resolve(E2E.dataDir);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });

  await forgeBuild({ quiet: true });
  if ((await buildE2eApp()) !== 0) throw new Error('vite build failed');

  const anvil = await startAnvil({ port: E2E.anvilPort, chainId: E2E.chainId, quiet: true });
  // the freshly deployed chain from .cache/ when the contracts did not change (else deploys)
  await deployOrLoadState(anvil.rpcUrl);

  const api = startProcess('api', 'npx', ['tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(E2E.apiPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      RPC_URL: anvil.rpcUrl,
      CHAIN_ID: String(E2E.chainId),
      SERVE_APP: 'true',
      APP_DIST_DIR: E2E_DIST,
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      APP_ORIGIN: E2E.baseUrl,
      // the browser solves a real proof of work, just a smaller one than production's
      CAPTCHA_MAX_NUMBER: '5000',
      // every spec logs in from 127.0.0.1; per-account throttling stays as in production
      RATE_LIMIT_SCALE: '20',
      // deposits and withdrawals wait for 3 blocks; the wallet spec mines them
      DEPOSIT_CONFIRMATIONS: '3',
      // members' API keys go to the paper exchange inside the API, on the API's clock
      EXCHANGE: 'paper',
      PAPER_EXCHANGE_PORT: String(E2E.paperExchangePort),
    },
  });
  await waitForHttp(`${E2E.baseUrl}/health`, 60_000);

  process.env.E2E_RPC_URL = anvil.rpcUrl;
  process.env.E2E_DATA_DIR = dataDir;

  return async () => {
    await api.stop();
    await anvil.stop();
  };
}

// `npm run dev`: the whole stack in one terminal. anvil (chain 31337) -> compile + deploy the
// contracts (ABIs/addresses generated) -> the API on PGlite (migrated at boot) -> Vite.
// Ctrl-C stops everything.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { createPublicClient, http } from 'viem';
import { startAnvil, TEST_ACCOUNTS } from './anvil';
import { CONTRACTS, readDeployments } from './codegen';
import { deployAll, jsonRpc } from './deploy';
import { forgeBuild } from './forge';
import { isPortFree, startProcess, waitForHttp, type Managed } from './lib/proc';

const ANVIL_PORT = Number(process.env.ANVIL_PORT ?? 8545);
const API_PORT = Number(process.env.PORT ?? 8080);
const WEB_PORT = Number(process.env.WEB_PORT ?? 5173);
// the paper exchange (Bitfinex API v2 for ccxt) runs inside the API process, on its clock
const PAPER_EXCHANGE_PORT = Number(process.env.PAPER_EXCHANGE_PORT ?? 8090);
const CHAIN_ID = 31337;
const DATA_DIR = resolve(process.env.DATA_DIR ?? '.data');

async function main() {
  for (const [name, port] of [
    ['anvil', ANVIL_PORT],
    ['API', API_PORT],
    ['web', WEB_PORT],
    ['paper exchange', PAPER_EXCHANGE_PORT],
  ] as const) {
    if (!(await isPortFree(port))) {
      throw new Error(`Port ${port} (${name}) is in use. Stop the other process or set its port.`);
    }
  }
  mkdirSync(DATA_DIR, { recursive: true });

  const stops: Array<() => Promise<void>> = [];
  let stopping = false;
  const stopAll = async (code = 0) => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping…');
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    process.exit(code);
  };
  process.on('SIGINT', () => void stopAll(0));
  process.on('SIGTERM', () => void stopAll(0));

  console.log('Compiling contracts…');
  await forgeBuild();

  // The chain keeps its state in DATA_DIR next to the database, so both survive a restart.
  const anvil = await startAnvil({
    port: ANVIL_PORT,
    chainId: CHAIN_ID,
    stateFile: resolve(DATA_DIR, 'anvil-state.json'),
    quiet: true,
  });
  stops.push(anvil.stop);

  // A chain state from older contracts (some missing) is reset: addresses come from nonces.
  const client = createPublicClient({ transport: http(anvil.rpcUrl) });
  const codes = await Promise.all(
    CONTRACTS.map(({ id }) => {
      const address = readDeployments()[String(CHAIN_ID)]?.[id];
      return address ? client.getCode({ address }) : Promise.resolve(undefined);
    }),
  );
  const deployed = codes.filter((code) => code && code !== '0x').length;
  if (deployed === CONTRACTS.length) {
    console.log('Contracts already deployed (chain state loaded from DATA_DIR).');
  } else {
    if (deployed > 0) {
      console.log('The saved chain predates the current contracts: resetting it.');
      await jsonRpc(anvil.rpcUrl, 'anvil_reset');
    }
    console.log('Deploying contracts and funding the test accounts…');
    await deployAll({ rpcUrl: anvil.rpcUrl, writeGenerated: true });
  }

  const env = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(API_PORT),
    DATA_DIR,
    RPC_URL: anvil.rpcUrl,
    CHAIN_ID: String(CHAIN_ID),
    APP_ORIGIN: process.env.APP_ORIGIN ?? `http://localhost:${WEB_PORT}`,
    // anvil mines a block only per transaction: with the spec's 20 confirmations a deposit would
    // wait for 19 more transactions. Set DEPOSIT_CONFIRMATIONS to see the confirming state.
    DEPOSIT_CONFIRMATIONS: process.env.DEPOSIT_CONFIRMATIONS ?? '1',
    EXCHANGE: process.env.EXCHANGE ?? 'paper',
    PAPER_EXCHANGE_PORT: String(PAPER_EXCHANGE_PORT),
  };
  const api: Managed = startProcess(
    'api',
    'npx',
    ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'],
    { env },
  );
  stops.push(api.stop);
  void api.exited.then((code) => {
    if (!stopping) {
      console.error(`API exited (${code}).`);
      void stopAll(1);
    }
  });
  await waitForHttp(`http://127.0.0.1:${API_PORT}/health`, 90_000);

  const web = startProcess('web', 'npx', ['vite', '--port', String(WEB_PORT), '--strictPort'], {
    env: { ...env, API_PORT: String(API_PORT) },
  });
  stops.push(web.stop);
  await waitForHttp(`http://127.0.0.1:${WEB_PORT}/`, 60_000);

  console.log(`
  App:        http://localhost:${WEB_PORT}/
  API:        http://127.0.0.1:${API_PORT}/  (health: /health)
  Chain:      ${anvil.rpcUrl}  (chain id ${CHAIN_ID})
  Dev outbox: http://localhost:${WEB_PORT}/dev/outbox  (e-mails and SMS codes)
  Exchange:   http://127.0.0.1:${PAPER_EXCHANGE_PORT}/v2/  (paper Bitfinex; a key for a member:
              npm run ops -- exchange key create <account> --fund UST=10000)

  Contracts:  ${Object.entries(readDeployments()[String(CHAIN_ID)] ?? {})
    .map(([id, address]) => `${id} ${address}`)
    .join('\n              ')}

  Funded test accounts (anvil's well-known keys; each holds 10,000 ETH, 1,000,000 BCNT and
  100,000 USDT and USDC; account 0 is the treasury and contract owner; account 1 holds
  Alliance NFT #1):`);
  TEST_ACCOUNTS.forEach((account, i) =>
    console.log(`  ${i}  ${account.address}  ${account.privateKey}`),
  );
  console.log('\n  Ctrl-C stops everything.\n');
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

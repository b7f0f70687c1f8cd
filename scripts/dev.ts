// `npm run dev`: the whole stack in one terminal. anvil (chain 31337, or a fork of FORK_URL) ->
// compile + deploy the contracts (ABIs/addresses generated) -> the API on PGlite (migrated at
// boot) -> Vite. Ctrl-C stops everything; the chain and the database stay in DATA_DIR.
// `npm run dev -- --exit-when-ready` stops once everything answers (to time the start-up).
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPublicClient, getAddress, http, isAddress, type Address } from 'viem';
import { LOCAL_CHAIN_ID } from '../src/shared/constants/chain';
import { rpcChainId, startAnvil, TEST_ACCOUNTS, type AnvilHandle } from './anvil';
import {
  artifactPath,
  CONTRACTS,
  DEPLOYMENTS_FILE,
  GENERATED_FILE,
  readDeployments,
  recordDeployment,
  writeGeneratedFile,
  type ContractAddresses,
} from './codegen';
import { deployAll, jsonRpc, type ExistingTokens } from './deploy';
import { CONTRACTS_ROOT, forgeBuild, REPO_ROOT } from './forge';
import { isPortFree, startProcess, waitForHttp, type Managed } from './lib/proc';

const ANVIL_PORT = Number(process.env.ANVIL_PORT ?? 8545);
const API_PORT = Number(process.env.PORT ?? 8080);
const WEB_PORT = Number(process.env.WEB_PORT ?? 5173);
// the paper exchange (Bitfinex API v2 for ccxt) runs inside the API process, on its clock
const PAPER_EXCHANGE_PORT = Number(process.env.PAPER_EXCHANGE_PORT ?? 8090);
const DATA_DIR = resolve(process.env.DATA_DIR ?? '.data');

/** A fork of a real chain (FORK_URL, FORK_BLOCK, CHAIN_ID, BCNT_ADDRESS, USDT_ADDRESS). */
export interface ForkSettings {
  /** any EVM JSON-RPC URL */
  url: string;
  /** the block to fork at; default the chain's latest (then kept across restarts) */
  block?: number;
  /** the local chain id; default the forked chain's own */
  chainId?: number;
  /** existing tokens of the forked chain used instead of deploying test ones */
  bcnt?: Address;
  usdt?: Address;
}

/** The fork settings of the environment, undefined without FORK_URL; throws on a bad value. */
export function forkSettingsFromEnv(env: NodeJS.ProcessEnv): ForkSettings | undefined {
  const url = env.FORK_URL?.trim();
  const problems: string[] = [];
  const integer = (name: string, min: number) => {
    const text = env[name]?.trim();
    if (!text) return undefined;
    if (!/^\d+$/.test(text) || Number(text) < min)
      problems.push(`${name}: expected a whole number`);
    return Number(text);
  };
  const address = (name: string) => {
    const text = env[name]?.trim();
    if (!text) return undefined;
    if (isAddress(text, { strict: false })) return getAddress(text);
    problems.push(`${name}: expected a 0x address`);
    return undefined;
  };
  if (!url) {
    for (const name of ['FORK_BLOCK', 'BCNT_ADDRESS', 'USDT_ADDRESS'])
      if (env[name]?.trim()) problems.push(`${name} needs FORK_URL (a fork to find it on)`);
    if (problems.length) throw new Error(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    return undefined;
  }
  if (!/^(https?|wss?):\/\//.test(url)) problems.push('FORK_URL: expected an http(s) or ws(s) URL');
  const settings: ForkSettings = {
    url,
    block: integer('FORK_BLOCK', 0),
    chainId: integer('CHAIN_ID', 1),
    bcnt: address('BCNT_ADDRESS'),
    usdt: address('USDT_ADDRESS'),
  };
  if (problems.length) throw new Error(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  return settings;
}

export interface DevChainOptions {
  port: number;
  /** where the chain state (and a fork's record) is kept between runs */
  dataDir: string;
  fork?: ForkSettings;
  /**
   * Record the addresses in contracts/deployments.json and generated.ts (what the app reads).
   * A fork's addresses are written there only while it runs: `restoreGenerated` puts the files
   * back. Default true.
   */
  writeGenerated?: boolean;
  log?: (line: string) => void;
  /** awaited before a deploy (only when one is needed): `npm run dev` compiles meanwhile */
  beforeDeploy?: () => Promise<unknown>;
}

export interface DevChain {
  anvil: AnvilHandle;
  chainId: number;
  addresses: ContractAddresses;
  /** the fork and its block, when forking */
  fork?: { url: string; block: number; sourceChainId: number };
  /** the first block the indexer needs (the block after the fork's; 0 on a fresh chain) */
  indexerFromBlock: number;
  /** true when the contracts were deployed by this run (false: the saved state had them) */
  deployed: boolean;
  /** puts deployments.json and generated.ts back as they were before a fork wrote them */
  restoreGenerated(): void;
}

/** What a fork run leaves in DATA_DIR, so a restart with the same settings keeps its state. */
interface ForkRecord {
  url: string;
  block: number;
  chainId: number;
  bcnt: Address | null;
  usdt: Address | null;
  addresses: ContractAddresses;
}

async function allDeployed(rpcUrl: string, addresses: Partial<ContractAddresses> | undefined) {
  if (!addresses) return { all: false, some: false };
  const client = createPublicClient({ transport: http(rpcUrl) });
  const codes = await Promise.all(
    CONTRACTS.map(({ id }) => {
      const address = addresses[id];
      return address ? client.getCode({ address }) : Promise.resolve(undefined);
    }),
  );
  const deployed = codes.filter((code) => code && code !== '0x').length;
  return { all: deployed === CONTRACTS.length, some: deployed > 0 };
}

/**
 * The dev chain: anvil with its state in `dataDir` and the platform's contracts on it. Without
 * `fork`, chain 31337 (a saved chain from older contracts is reset and deployed again). With
 * `fork`, anvil forks `fork.url` at `fork.block` (or the latest block, kept for restarts), the
 * contracts are deployed beside what is there, existing BCNT/USDT are used instead of test ones
 * and the test accounts are funded by writing their balance slots.
 */
export async function startDevChain(options: DevChainOptions): Promise<DevChain> {
  const {
    port,
    dataDir,
    fork,
    writeGenerated = true,
    log = console.log,
    beforeDeploy = async () => undefined,
  } = options;
  mkdirSync(dataDir, { recursive: true });
  if (!fork) {
    // The chain keeps its state in DATA_DIR next to the database, so both survive a restart.
    const anvil = await startAnvil({
      port,
      chainId: LOCAL_CHAIN_ID,
      stateFile: resolve(dataDir, 'anvil-state.json'),
      quiet: true,
    });
    try {
      // A chain state from older contracts (some missing) is reset: addresses come from nonces.
      const saved = readDeployments()[String(LOCAL_CHAIN_ID)];
      const state = await allDeployed(anvil.rpcUrl, saved);
      let addresses = saved as ContractAddresses | undefined;
      if (state.all && addresses) {
        log('Contracts already deployed (chain state loaded from DATA_DIR).');
      } else {
        if (state.some) {
          log('The saved chain predates the current contracts: resetting it.');
          await jsonRpc(anvil.rpcUrl, 'anvil_reset');
        }
        await beforeDeploy();
        log('Deploying contracts and funding the test accounts…');
        ({ addresses } = await deployAll({ rpcUrl: anvil.rpcUrl, writeGenerated }));
      }
      return {
        anvil,
        chainId: LOCAL_CHAIN_ID,
        addresses,
        indexerFromBlock: 0,
        deployed: !state.all,
        restoreGenerated: () => undefined,
      };
    } catch (error) {
      await anvil.stop();
      throw error;
    }
  }

  const sourceChainId = await rpcChainId(fork.url, 15_000);
  if (sourceChainId === undefined) throw new Error(`FORK_URL does not answer: ${fork.url}`);
  const chainId = fork.chainId ?? sourceChainId;
  const recordFile = resolve(dataDir, 'fork.json');
  const stateFile = resolve(dataDir, 'anvil-fork-state.json');
  const record = existsSync(recordFile)
    ? (JSON.parse(readFileSync(recordFile, 'utf8')) as ForkRecord)
    : undefined;
  const same =
    record !== undefined &&
    record.url === fork.url &&
    record.chainId === chainId &&
    record.bcnt === (fork.bcnt ?? null) &&
    record.usdt === (fork.usdt ?? null) &&
    (fork.block === undefined || fork.block === record.block);
  let block: number;
  if (same && record) {
    block = record.block;
  } else {
    // another fork (or none before): its saved state does not apply
    rmSync(stateFile, { force: true });
    block =
      fork.block ??
      Number(await createPublicClient({ transport: http(fork.url) }).getBlockNumber());
  }
  log(`Forking ${fork.url} (chain ${sourceChainId}) at block ${block} as chain ${chainId}…`);
  const anvil = await startAnvil({
    port,
    chainId,
    forkUrl: fork.url,
    forkBlockNumber: block,
    stateFile,
    quiet: true,
  });
  try {
    const state = same ? await allDeployed(anvil.rpcUrl, record?.addresses) : { all: false };
    let addresses: ContractAddresses;
    if (state.all && record) {
      log('Contracts already deployed on the fork (state loaded from DATA_DIR).');
      addresses = record.addresses;
    } else {
      await beforeDeploy();
      const existing: ExistingTokens = { bcnt: fork.bcnt, testUsdt: fork.usdt };
      log(
        `Deploying the contracts beside the forked chain's${
          fork.bcnt ? `, BCNT ${fork.bcnt}` : ''
        }${fork.usdt ? `, USDT ${fork.usdt}` : ''}; funding the test accounts…`,
      );
      ({ addresses } = await deployAll({
        rpcUrl: anvil.rpcUrl,
        writeGenerated: false,
        existing: Object.fromEntries(
          Object.entries(existing).filter(([, address]) => address !== undefined),
        ),
      }));
      const next: ForkRecord = {
        url: fork.url,
        block,
        chainId,
        bcnt: fork.bcnt ?? null,
        usdt: fork.usdt ?? null,
        addresses,
      };
      writeFileSync(recordFile, `${JSON.stringify(next, null, 2)}\n`);
    }
    let restoreGenerated = () => undefined as void;
    if (writeGenerated) {
      // The app reads addresses from generated.ts by chain id: the fork's go there while it runs
      // and the committed files come back at the end (never commit them in between).
      const before = [DEPLOYMENTS_FILE, GENERATED_FILE].map((file) => ({
        file,
        text: existsSync(file) ? readFileSync(file, 'utf8') : undefined,
      }));
      await writeGeneratedFile(recordDeployment(chainId, addresses));
      restoreGenerated = () => {
        for (const { file, text } of before)
          if (text === undefined) rmSync(file, { force: true });
          else writeFileSync(file, text);
      };
    }
    return {
      anvil,
      chainId,
      addresses,
      fork: { url: fork.url, block, sourceChainId },
      indexerFromBlock: block + 1,
      deployed: !state.all,
      restoreGenerated,
    };
  } catch (error) {
    await anvil.stop();
    throw error;
  }
}

/** A binary of node_modules/.bin (what npx would run, without npx's own start-up). */
function localBin(name: string): string {
  const file = resolve(REPO_ROOT, 'node_modules', '.bin', name);
  return existsSync(file) ? file : name;
}

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/**
 * True when every artifact is newer than every contract source and forge's config: then a
 * `forge build` would compile nothing, and starting forge is skipped (seconds on a restart).
 */
function contractsUpToDate(): boolean {
  const artifacts = CONTRACTS.map(({ id }) => artifactPath(id));
  if (!artifacts.every((file) => existsSync(file))) return false;
  const oldestArtifact = Math.min(...artifacts.map((file) => statSync(file).mtimeMs));
  const sources = ['src', 'lib', 'foundry.toml', 'remappings.txt'].map((entry) =>
    newestMtime(join(CONTRACTS_ROOT, entry)),
  );
  return (
    Math.max(
      ...sources,
      newestMtime(resolve(REPO_ROOT, 'node_modules', '@openzeppelin', 'contracts', 'package.json')),
    ) <= oldestArtifact
  );
}

async function main() {
  const fork = forkSettingsFromEnv(process.env);
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
  const startedAt = Date.now();

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

  const steps: string[] = [];
  const step = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const begun = Date.now();
    const result = await work();
    steps.push(`${name} ${((Date.now() - begun) / 1000).toFixed(1)} s`);
    return result;
  };

  const compiling = step('compile', async () => {
    if (contractsUpToDate()) return;
    console.log('Compiling contracts…');
    await forgeBuild();
  });
  compiling.catch(() => undefined); // awaited below; no unhandled rejection meanwhile

  // The API and Vite start side by side (Vite needs the API only for proxied requests); the
  // local binaries, not npx, which costs a second or two per start on a loaded machine.
  const startServers = (rpcUrl: string, chainId: number, chainEnv: Record<string, string>) => {
    const env = {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(API_PORT),
      DATA_DIR,
      RPC_URL: rpcUrl,
      CHAIN_ID: String(chainId),
      APP_ORIGIN: process.env.APP_ORIGIN ?? `http://localhost:${WEB_PORT}`,
      // anvil mines a block only per transaction: with the spec's 20 confirmations a deposit
      // would wait for 19 more transactions. Set DEPOSIT_CONFIRMATIONS to see the confirming state.
      DEPOSIT_CONFIRMATIONS: process.env.DEPOSIT_CONFIRMATIONS ?? '1',
      EXCHANGE: process.env.EXCHANGE ?? 'paper',
      PAPER_EXCHANGE_PORT: String(PAPER_EXCHANGE_PORT),
      ...chainEnv,
    };
    const api: Managed = startProcess(
      'api',
      localBin('tsx'),
      ['watch', '--clear-screen=false', 'src/server/main.ts'],
      { env },
    );
    stops.push(api.stop);
    void api.exited.then((code) => {
      if (!stopping) {
        console.error(`API exited (${code}).`);
        void stopAll(1);
      }
    });
    const web = startProcess(
      'web',
      localBin('vite'),
      ['--port', String(WEB_PORT), '--strictPort'],
      { env: { ...env, API_PORT: String(API_PORT) } },
    );
    stops.push(web.stop);
    return Promise.all([
      step('API', () => waitForHttp(`http://127.0.0.1:${API_PORT}/health`, 120_000)),
      step('web', () => waitForHttp(`http://127.0.0.1:${WEB_PORT}/`, 60_000)),
    ]);
  };

  let chain: DevChain;
  let serving: Promise<unknown>;
  if (fork) {
    // the fork's chain id and block are known once it answers
    chain = await step('chain', () =>
      startDevChain({ port: ANVIL_PORT, dataDir: DATA_DIR, fork, beforeDeploy: () => compiling }),
    );
    stops.push(chain.anvil.stop);
    stops.push(async () => chain.restoreGenerated());
    // the server's defaults for chains other than 31337 are a real chain's (12 confirmations,
    // 4 s polls): a fork mines a block per transaction, like the local chain
    serving = startServers(chain.anvil.rpcUrl, chain.chainId, {
      INDEXER_FROM_BLOCK: String(chain.indexerFromBlock),
      CHAIN_CONFIRMATIONS: process.env.CHAIN_CONFIRMATIONS ?? '1',
      CHAIN_POLL_MS: process.env.CHAIN_POLL_MS ?? '1000',
      SCHEDULER_POLL_MS: process.env.SCHEDULER_POLL_MS ?? '1000',
      CHAIN_BLOCK_SECONDS: process.env.CHAIN_BLOCK_SECONDS ?? '2',
    });
  } else {
    // the local chain's address is known beforehand: the API's first start (migrations) and
    // Vite overlap the compilation and the deploy (the API follows the chain once it answers)
    serving = startServers(`http://127.0.0.1:${ANVIL_PORT}`, LOCAL_CHAIN_ID, {});
    serving.catch(() => undefined);
    chain = await step('chain', () =>
      startDevChain({ port: ANVIL_PORT, dataDir: DATA_DIR, beforeDeploy: () => compiling }),
    );
    stops.push(chain.anvil.stop);
  }
  await compiling;
  await serving;
  const { anvil, chainId: CHAIN_ID } = chain;

  console.log(`
  App:        http://localhost:${WEB_PORT}/
  API:        http://127.0.0.1:${API_PORT}/  (health: /health)
  Chain:      ${anvil.rpcUrl}  (chain id ${CHAIN_ID}${
    chain.fork ? `, a fork of ${chain.fork.url} at block ${chain.fork.block}` : ''
  })
  Dev tools:  http://localhost:${WEB_PORT}/dev/contracts  (contracts, faucet, time travel;
              npm run ops -- faucet <address>, npm run ops -- clock advance 14d)
  Dev outbox: http://localhost:${WEB_PORT}/dev/outbox  (e-mails and SMS codes)
  Exchange:   http://127.0.0.1:${PAPER_EXCHANGE_PORT}/v2/  (paper Bitfinex; a key for a member:
              npm run ops -- exchange key create <account> --fund UST=10000)

  Contracts:  ${Object.entries(chain.addresses)
    .map(([id, address]) => `${id} ${address}`)
    .join('\n              ')}

  Funded test accounts (anvil's well-known keys; each holds 10,000 ETH, 1,000,000 BCNT and
  100,000 USDT and USDC; account 0 is the treasury and contract owner; account 1 holds
  Alliance NFT #1):`);
  TEST_ACCOUNTS.forEach((account, i) =>
    console.log(`  ${i}  ${account.address}  ${account.privateKey}`),
  );
  console.log(
    `\n  Ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s (${steps.join(', ')}). Ctrl-C stops everything.\n`,
  );
  // measuring the start-up (README "Developer loop"): stop as Ctrl-C would, the state is kept
  if (process.argv.includes('--exit-when-ready')) await stopAll(0);
}

const isMain =
  process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);

if (isMain) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}

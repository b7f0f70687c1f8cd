/**
 * Starts and stops a local anvil node (chain id 31337 by default) for dev, tests and e2e, or a
 * fork of any EVM chain (`forkUrl`, `forkBlockNumber`: `npm run dev` with FORK_URL).
 *
 *   const anvil = await startAnvil({ port: 8545 });
 *   ...
 *   await anvil.stop();
 *
 * The anvil process runs in its own process group; `stop()` (and the exit of this Node process)
 * kills the whole group, so no anvil is left behind.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import type { Hex } from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { ANVIL_ACCOUNTS, LOCAL_CHAIN_ID } from '../src/shared/constants/chain';
import { foundryBinary } from './forge';

/** Anvil's default dev mnemonic. Test-only: these keys are public knowledge. */
export const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk';

/**
 * Private keys of ANVIL_MNEMONIC's accounts m/44'/60'/0'/0/0..9 (the order of ANVIL_ACCOUNTS).
 * Written out rather than derived: deriving from the mnemonic takes ~1 s of PBKDF2 per import.
 */
const ANVIL_PRIVATE_KEYS = [
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
  '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a',
  '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba',
  '0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e',
  '0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356',
  '0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97',
  '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6',
] as const satisfies readonly Hex[];

export interface TestAccount {
  index: number;
  address: `0x${string}`;
  /** Anvil's well-known dev key: public knowledge, never use it outside a dev chain. */
  privateKey: Hex;
}

/**
 * The 10 funded dev accounts with their private keys, for scripts, e2e fixtures and the dev
 * banner. (Browser code imports only the addresses, from src/shared/constants/chain.ts.)
 */
export const TEST_ACCOUNTS: readonly TestAccount[] = ANVIL_ACCOUNTS.map((address, index) => ({
  index,
  address,
  privateKey: ANVIL_PRIVATE_KEYS[index] as Hex,
}));

/** Dev account `index` (0..9) as a viem signer; checks the key matches the known address. */
export function anvilAccount(index: number): PrivateKeyAccount {
  const entry = TEST_ACCOUNTS[index];
  if (!entry) throw new Error(`anvil account ${index} does not exist (0..9)`);
  const account = privateKeyToAccount(entry.privateKey);
  if (account.address !== entry.address) {
    throw new Error(`anvil account ${index}: key does not match ${entry.address}`);
  }
  return account;
}

export interface StartAnvilOptions {
  port: number;
  /**
   * The chain id. Default 31337; on a fork, the forked chain's own id (anvil keeps it), unless
   * this is given.
   */
  chainId?: number;
  /** Fork this chain (any EVM JSON-RPC URL: `anvil --fork-url`) instead of starting empty. */
  forkUrl?: string;
  /** The forked chain's block to start from (`--fork-block-number`); default its latest. */
  forkBlockNumber?: number;
  /** Load state from this file if it exists and dump to it on exit (`anvil --state`). */
  stateFile?: string;
  /** Do not forward anvil's output (it is still kept for error messages). */
  quiet?: boolean;
  /** How long to wait for the RPC to answer. Default 20 s. */
  timeoutMs?: number;
}

export interface AnvilHandle {
  rpcUrl: string;
  chainId: number;
  pid: number;
  stop(): Promise<void>;
}

const HOST = '127.0.0.1';

/** A TCP port that was free a moment ago (for tests that need their own anvil). */
export async function getFreePort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, HOST);
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  server.close();
  await once(server, 'close');
  if (!port) throw new Error('could not find a free TCP port');
  return port;
}

/** `eth_chainId` of a JSON-RPC endpoint, undefined when it does not answer in time. */
export async function rpcChainId(rpcUrl: string, timeoutMs = 1_000): Promise<number | undefined> {
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) return undefined;
    const body = (await response.json()) as { result?: string };
    return body.result ? Number.parseInt(body.result, 16) : undefined;
  } catch {
    return undefined;
  }
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal); // the whole process group (spawned with detached: true)
  } catch {
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
  }
}

export async function startAnvil(options: StartAnvilOptions): Promise<AnvilHandle> {
  const { port, forkUrl, forkBlockNumber, stateFile, quiet = false, timeoutMs = 20_000 } = options;
  const rpcUrl = `http://${HOST}:${port}`;
  let chainId = options.chainId ?? LOCAL_CHAIN_ID;
  if (forkUrl && options.chainId === undefined) {
    const forked = await rpcChainId(forkUrl, 15_000);
    if (forked === undefined) throw new Error(`the chain to fork does not answer: ${forkUrl}`);
    chainId = forked;
  }

  if ((await rpcChainId(rpcUrl)) !== undefined) {
    throw new Error(`port ${port} already answers JSON-RPC (${rpcUrl}): is another anvil running?`);
  }

  const args = [
    '--host',
    HOST,
    '--port',
    String(port),
    '--chain-id',
    String(chainId),
    '--mnemonic',
    ANVIL_MNEMONIC,
  ];
  if (forkUrl) args.push('--fork-url', forkUrl);
  if (forkUrl && forkBlockNumber !== undefined)
    args.push('--fork-block-number', String(forkBlockNumber));
  if (stateFile) args.push('--state', stateFile);

  const child = spawn(foundryBinary('anvil'), args, {
    detached: true, // own process group, so stop() can kill everything it started
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  let output = '';
  const collect = (chunk: Buffer, stream: NodeJS.WriteStream) => {
    output = (output + chunk.toString()).slice(-8_000);
    if (!quiet) stream.write(chunk);
  };
  child.stdout?.on('data', (chunk: Buffer) => collect(chunk, process.stdout));
  child.stderr?.on('data', (chunk: Buffer) => collect(chunk, process.stderr));

  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let spawnError: Error | undefined;
  child.once('error', (error) => {
    spawnError = error;
  });

  // Never leave anvil behind. anvil has its own process group, so a Ctrl-C in the terminal does
  // not reach it: forward SIGINT/SIGTERM, then let the signal do what it would have done
  // (re-raise it when nobody else handles it). On a plain exit, kill the group.
  const onExit = () => killGroup(child, 'SIGKILL');
  const onSignal = (signal: NodeJS.Signals) => {
    removeHooks();
    void stop().then(() => {
      if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
    });
  };
  const removeHooks = () => {
    process.off('exit', onExit);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };
  process.once('exit', onExit);
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      // SIGINT lets anvil dump --state before it exits; SIGKILL after 5 s if it hangs.
      killGroup(child, 'SIGINT');
      const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
      removeHooks();
    })();
    return stopping;
  };

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (spawnError) {
      await stop();
      throw new Error(`could not start anvil: ${spawnError.message}`);
    }
    if (child.exitCode !== null || child.signalCode !== null) {
      removeHooks();
      throw new Error(
        `anvil exited (code ${child.exitCode ?? child.signalCode}) before answering on ${rpcUrl}:\n${output}`,
      );
    }
    const answered = await rpcChainId(rpcUrl);
    if (answered === chainId) break;
    if (answered !== undefined) {
      await stop();
      throw new Error(`${rpcUrl} answered chain id ${answered}, expected ${chainId}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `anvil did not answer eth_chainId on ${rpcUrl} within ${timeoutMs} ms:\n${output}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return { rpcUrl, chainId, pid: child.pid ?? -1, stop };
}

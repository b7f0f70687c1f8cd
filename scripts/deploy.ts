/**
 * Deploys the contracts to a dev chain (anvil) and funds the well-known test accounts.
 *
 *   tsx scripts/deploy.ts [--rpc http://127.0.0.1:8545] [--no-codegen]
 *
 * From a fresh anvil, account 0 deploys with nonce 0, so the addresses are always the same and
 * src/shared/contracts/generated.ts stays stable.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  erc20Abi,
  formatUnits,
  getContractAddress,
  http,
  type Address,
  type Hash,
  type Hex,
} from 'viem';
import {
  ALLIANCE_NFT_TEST_HOLDER,
  ANVIL_ACCOUNTS,
  BCNT_DECIMALS,
  BCNT_TEST_ACCOUNT_FUNDING,
  LOCAL_RPC_URL,
  STABLECOIN_DECIMALS,
  STABLECOIN_TEST_ACCOUNT_FUNDING,
} from '../src/shared/constants/chain';
import { addBalanceByStorage } from '../src/server/routes/dev/dev-chain';
import { anvilAccount } from './anvil';
import {
  artifactPath,
  CONTRACTS,
  readArtifact,
  recordDeployment,
  writeGeneratedFile,
  type ContractId,
} from './codegen';
import { forgeBuild, REPO_ROOT } from './forge';

export interface DeployOptions {
  rpcUrl: string;
  /** Record the addresses in contracts/deployments.json and rewrite generated.ts. Default true. */
  writeGenerated?: boolean;
  /**
   * Tokens that already exist on the chain (a fork: BCNT_ADDRESS, USDT_ADDRESS): used instead of
   * deploying test ones; the test accounts are funded by writing their balance slots.
   */
  existing?: ExistingTokens;
}

/** Existing BCNT / USDT contracts of a forked chain. */
export type ExistingTokens = Partial<Record<'bcnt' | 'testUsdt', Address>>;

export type DeployedAddresses = Record<ContractId, Address>;

export interface Deployment {
  chainId: number;
  addresses: DeployedAddresses;
}

/**
 * Deploys every contract from account 0 (the local treasury, owner, admin and operator), in a
 * fixed order from nonce 0 so the addresses never change, then funds anvil accounts 1..9 with
 * BCNT, USDT and USDC and mints Alliance NFT #1 to account 1. (Anvil already gives every account
 * 10,000 ETH.)
 */
export async function deployAll({
  rpcUrl,
  writeGenerated = true,
  existing = {},
}: DeployOptions): Promise<Deployment> {
  const transport = http(rpcUrl);
  const publicClient = createPublicClient({ transport });
  const chainId = await publicClient.getChainId();
  const chain = defineChain({
    id: chainId,
    name: `Local ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  const treasury = anvilAccount(0);
  const wallet = createWalletClient({ account: treasury, chain, transport });
  const owner = treasury.address;

  // Explicit nonces: every transaction is sent back to back, then all receipts are awaited.
  let nonce = await publicClient.getTransactionCount({ address: owner, blockTag: 'pending' });
  const pending: { hash: Hash; what: string }[] = [];

  const deploy = async (id: ContractId, args: readonly unknown[]): Promise<Address> => {
    const { abi, bytecode } = readArtifact(id);
    const address = getContractAddress({ from: owner, nonce: BigInt(nonce) });
    const hash = await wallet.deployContract({ abi, bytecode, args, nonce: nonce++ });
    pending.push({ hash, what: `deploy ${id}` });
    return address;
  };

  for (const [id, address] of Object.entries(existing)) {
    const code = await publicClient.getCode({ address });
    if (!code || code === '0x')
      throw new Error(`${id}: no contract at ${address} on chain ${chainId}`);
  }
  const bcnt = existing.bcnt ?? (await deploy('bcnt', [owner]));
  const testUsdt = existing.testUsdt ?? (await deploy('testUsdt', [owner]));
  const testUsdc = await deploy('testUsdc', [owner]);
  const loyaltyStaking = await deploy('loyaltyStaking', [bcnt, owner]);
  const allianceNft = await deploy('allianceNft', [owner]);
  // Locally one account plays admin, operator and treasury/custody; production uses separate keys.
  const marginVault = await deploy('marginVault', [owner, owner, owner]);
  const binFiPool = await deploy('binFiPool', [testUsdt, bcnt, owner, owner, owner]);
  const addresses: DeployedAddresses = {
    bcnt,
    testUsdt,
    testUsdc,
    loyaltyStaking,
    allianceNft,
    marginVault,
    binFiPool,
  };

  const call = async (id: ContractId, address: Address, functionName: string, args: unknown[]) => {
    const hash = await wallet.writeContract({
      address,
      abi: readArtifact(id).abi,
      functionName,
      args,
      nonce: nonce++,
    });
    pending.push({ hash, what: `${id}.${functionName}` });
  };

  await call('marginVault', marginVault, 'setTokenAllowed', [bcnt, true]);
  await call('marginVault', marginVault, 'setTokenAllowed', [testUsdt, true]);
  for (const recipient of ANVIL_ACCOUNTS.slice(1)) {
    if (!existing.bcnt)
      await call('bcnt', bcnt, 'transfer', [recipient, BCNT_TEST_ACCOUNT_FUNDING]);
    if (!existing.testUsdt)
      await call('testUsdt', testUsdt, 'mint', [recipient, STABLECOIN_TEST_ACCOUNT_FUNDING]);
    await call('testUsdc', testUsdc, 'mint', [recipient, STABLECOIN_TEST_ACCOUNT_FUNDING]);
  }
  // The custodial wallet's hot wallet is account 0 with the development seed (WALLET_SEED):
  // it needs stablecoins to pay withdrawals (it already holds the BCNT treasury and ETH).
  if (!existing.testUsdt)
    await call('testUsdt', testUsdt, 'mint', [ANVIL_ACCOUNTS[0], HOT_WALLET_STABLECOIN_FUNDING]);
  await call('testUsdc', testUsdc, 'mint', [ANVIL_ACCOUNTS[0], HOT_WALLET_STABLECOIN_FUNDING]);
  await call('allianceNft', allianceNft, 'mint', [ALLIANCE_NFT_TEST_HOLDER]);

  for (const { hash, what } of pending) {
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`${what} failed (tx ${hash})`);
  }

  // A fork's own tokens: nobody here holds them, so the test accounts get the same amounts (in
  // the token's decimals) by writing their balance slots, found by probing (dev-chain.ts).
  if (existing.bcnt)
    await fundByStorage(rpcUrl, existing.bcnt, BCNT_TEST_ACCOUNT_FUNDING, BCNT_DECIMALS, 0n);
  if (existing.testUsdt)
    await fundByStorage(
      rpcUrl,
      existing.testUsdt,
      STABLECOIN_TEST_ACCOUNT_FUNDING,
      STABLECOIN_DECIMALS,
      HOT_WALLET_STABLECOIN_FUNDING,
    );

  if (writeGenerated) {
    await writeGeneratedFile(recordDeployment(chainId, addresses));
  }
  return { chainId, addresses };
}

/**
 * Adds `each` (given in `decimals`, rescaled to the token's own) to the balances of anvil
 * accounts 1..9 and `treasury` (plus `each`) to account 0's, by writing the balance slots.
 */
async function fundByStorage(
  rpcUrl: string,
  token: Address,
  each: bigint,
  decimals: number,
  treasury: bigint,
): Promise<void> {
  const client = createPublicClient({ transport: http(rpcUrl) });
  const tokenDecimals = await client.readContract({
    address: token,
    abi: erc20Abi,
    functionName: 'decimals',
  });
  const scale = (amount: bigint) =>
    tokenDecimals >= decimals
      ? amount * 10n ** BigInt(tokenDecimals - decimals)
      : amount / 10n ** BigInt(decimals - tokenDecimals);
  for (const [index, account] of ANVIL_ACCOUNTS.entries()) {
    const amount = index === 0 ? scale(each + treasury) : scale(each);
    await addBalanceByStorage(rpcUrl, token, account, amount);
  }
}

/** The hot wallet's stablecoin float on the local chain (1,000,000 USDT and USDC, 6 decimals). */
const HOT_WALLET_STABLECOIN_FUNDING = 1_000_000n * 10n ** 6n;
/** Version of deployAll's funding steps, part of the saved state's fingerprint. */
const DEPLOY_STEPS_VERSION = 2;

/**
 * Where `deployOrLoadState` keeps the chain right after a fresh deploy (gitignored `.cache/`).
 * Tests, e2e and `npm run dev` load it instead of deploying again.
 */
export const DEPLOYED_STATE_FILE = path.join(REPO_ROOT, '.cache', 'anvil-deployed-state.json');

/** A fingerprint of the compiled contracts, so a state file from older contracts is not reused. */
export function artifactsFingerprint(): string {
  const hash = createHash('sha256');
  // what deployAll does besides deploying (funding): bump when it changes
  hash.update(`deploy-steps:${DEPLOY_STEPS_VERSION}`);
  for (const { id } of CONTRACTS) {
    hash.update(id).update(readFileSync(artifactPath(id)));
  }
  return hash.digest('hex');
}

interface SavedState {
  fingerprint: string;
  chainId: number;
  addresses: DeployedAddresses;
  /** anvil_dumpState's hex blob */
  state: Hex;
}

/** One JSON-RPC call (anvil's own methods are not in viem's typed request list). */
export async function jsonRpc<T>(
  rpcUrl: string,
  method: string,
  params: unknown[] = [],
): Promise<T> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await response.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

/**
 * The contracts on a fresh anvil: loads the saved state file when it was made from the same
 * compiled contracts and chain id, else deploys (`deployAll`) and saves the state for next time.
 */
export async function deployOrLoadState(
  rpcUrl: string,
  stateFile: string = DEPLOYED_STATE_FILE,
): Promise<Deployment & { loaded: boolean }> {
  const fingerprint = artifactsFingerprint();
  const chainId = Number.parseInt(await jsonRpc<string>(rpcUrl, 'eth_chainId'), 16);
  if (existsSync(stateFile)) {
    try {
      const saved = JSON.parse(readFileSync(stateFile, 'utf8')) as SavedState;
      if (saved.fingerprint === fingerprint && saved.chainId === chainId) {
        await jsonRpc(rpcUrl, 'anvil_loadState', [saved.state]);
        return { chainId, addresses: saved.addresses, loaded: true };
      }
    } catch {
      // unreadable or from another anvil version: deploy afresh below
    }
  }
  const deployment = await deployAll({ rpcUrl, writeGenerated: false });
  const state = await jsonRpc<Hex>(rpcUrl, 'anvil_dumpState');
  mkdirSync(path.dirname(stateFile), { recursive: true });
  const saved: SavedState = { fingerprint, chainId, addresses: deployment.addresses, state };
  writeFileSync(stateFile, JSON.stringify(saved));
  return { ...deployment, loaded: false };
}

const isMain =
  process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);

if (isMain) {
  const { values } = parseArgs({
    options: {
      rpc: { type: 'string', default: process.env.RPC_URL ?? LOCAL_RPC_URL },
      'no-codegen': { type: 'boolean', default: false },
      build: { type: 'boolean', default: false },
    },
  });
  try {
    if (values.build || CONTRACTS.some(({ id }) => !existsSync(artifactPath(id)))) {
      console.log('Compiling contracts…');
      await forgeBuild();
    }
    const started = Date.now();
    const { chainId, addresses } = await deployAll({
      rpcUrl: values.rpc,
      writeGenerated: !values['no-codegen'],
    });
    const funding = formatUnits(BCNT_TEST_ACCOUNT_FUNDING, BCNT_DECIMALS);
    console.log(`Deployed to chain ${chainId} (${values.rpc}) in ${Date.now() - started} ms`);
    for (const [id, address] of Object.entries(addresses))
      console.log(`  ${id.padEnd(15)} ${address}`);
    console.log(`  treasury        ${ANVIL_ACCOUNTS[0]} (account 0: owner, admin, operator)`);
    const stable = formatUnits(STABLECOIN_TEST_ACCOUNT_FUNDING, STABLECOIN_DECIMALS);
    console.log(
      `  funded          accounts 1..9 with ${funding} BCNT, ${stable} USDT and USDC each`,
    );
    console.log(`  Alliance NFT #1 ${ALLIANCE_NFT_TEST_HOLDER} (account 1)`);
    if (!values['no-codegen']) console.log('  wrote     src/shared/contracts/generated.ts');
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

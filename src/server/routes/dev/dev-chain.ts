/**
 * The local chain's developer tools, shared by the dev routes (`/dev/faucet`, `/dev/clock`), the
 * operator CLI (`npm run ops -- faucet`, `clock advance`) and scripts/deploy.ts (funding the
 * test accounts on a fork): anvil detection, time travel of the server clock and the chain
 * together, the faucet, and finding a token's balance slot.
 *
 * Everything here talks to anvil's own RPC methods (anvil_setBalance, anvil_setStorageAt,
 * anvil_impersonateAccount, evm_increaseTime) and refuses any other node: a real chain has none
 * of them, and nothing here may ever run against one.
 */
import {
  createPublicClient,
  encodeAbiParameters,
  encodeFunctionData,
  erc20Abi,
  formatEther,
  formatUnits,
  getAddress,
  http,
  keccak256,
  numberToHex,
  parseEther,
  parseUnits,
  type Address,
  type Hash,
  type Hex,
} from 'viem';
import type { FaucetBody, FaucetGrant, FaucetResult } from '../../../shared/api/dev';
import { TREASURY } from '../../../shared/constants/chain';
import { bcntAddress, testUsdtAddress } from '../../../shared/contracts/generated';
import { fetchLatestBlockTime, rpcCall } from '../../chain/rpc';
import { isAdjustableClock, type Clock } from '../../clock';

/** A refusal of a dev tool, in words for the developer (the route answers 409 with it). */
export class DevChainError extends Error {
  constructor(
    readonly code:
      'not_anvil' | 'clock_not_adjustable' | 'token_not_deployed' | 'slot_not_found' | 'bad_amount',
    message: string,
  ) {
    super(message);
    this.name = 'DevChainError';
  }
}

/** True when the node at rpcUrl is anvil (`web3_clientVersion` "anvil/v1.x"). */
export async function isAnvil(rpcUrl: string): Promise<boolean> {
  try {
    const version = await rpcCall<string>(rpcUrl, 'web3_clientVersion', [], 2_000);
    return typeof version === 'string' && version.toLowerCase().startsWith('anvil');
  } catch {
    return false;
  }
}

async function requireAnvil(rpcUrl: string): Promise<void> {
  if (!(await isAnvil(rpcUrl)))
    throw new DevChainError(
      'not_anvil',
      `${rpcUrl} is not an anvil node (or does not answer): the dev tools only work on a local chain`,
    );
}

// ---- time travel ---------------------------------------------------------------------------------

export interface ClockReading {
  /** the server clock (ISO) */
  now: string;
  /** the latest block's timestamp (ISO), null when the chain does not answer or is not anvil */
  chainTime: string | null;
}

/** The server clock and, on anvil, the latest block's time. */
export async function readClocks(rpcUrl: string, clock: Clock): Promise<ClockReading> {
  const chainTime = (await isAnvil(rpcUrl)) ? await fetchLatestBlockTime(rpcUrl) : undefined;
  return { now: clock.now().toISOString(), chainTime: chainTime?.toISOString() ?? null };
}

/**
 * Moves the server clock forward by `seconds` and, when the node is anvil (the local chain or a
 * fork of any chain), the chain with it: `evm_increaseTime` + `evm_mine`, so the next block
 * carries the new time. A chain that does not move is reported (`onChainError`), the server
 * clock moves regardless. Refuses a clock that cannot move (production's system clock).
 */
export async function advanceClocks(
  rpcUrl: string,
  clock: Clock,
  seconds: number,
  onChainError: (message: string) => void = () => undefined,
): Promise<ClockReading> {
  if (!isAdjustableClock(clock))
    throw new DevChainError(
      'clock_not_adjustable',
      'this clock cannot move: run the command through the running API (npm run dev)',
    );
  if (await isAnvil(rpcUrl)) {
    try {
      await rpcCall(rpcUrl, 'evm_increaseTime', [seconds]);
      await rpcCall(rpcUrl, 'evm_mine');
    } catch (error) {
      onChainError((error as Error).message);
    }
  }
  clock.advance(seconds * 1000);
  return readClocks(rpcUrl, clock);
}

const DURATION_UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400, w: 604_800 };

/**
 * `14d`, `1h`, `90m`, `30s`, `2w`, or a plain number of seconds -> seconds. Undefined when the
 * text is not one of those.
 */
export function parseDuration(text: string): number | undefined {
  const match = /^(\d{1,7})([smhdw]?)$/.exec(text.trim().toLowerCase());
  if (!match) return undefined;
  return Number(match[1]) * DURATION_UNITS[match[2] || 's']!;
}

// ---- balance slots ------------------------------------------------------------------------------

/** Where a holder's token balance is stored: the contract whose storage holds it and the key. */
export interface BalanceSlot {
  contract: Address;
  key: Hex;
}

/** Candidate keys when the node gives no access list: mappings at slots 0..63, both layouts. */
const MAPPING_SLOTS = 64;

function mappingKeys(holder: Address): Hex[] {
  const keys: Hex[] = [];
  for (let slot = 0; slot < MAPPING_SLOTS; slot += 1) {
    // Solidity: keccak256(abi.encode(holder, slot)); Vyper: keccak256(abi.encode(slot, holder))
    keys.push(
      keccak256(
        encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [holder, BigInt(slot)]),
      ),
      keccak256(
        encodeAbiParameters([{ type: 'uint256' }, { type: 'address' }], [BigInt(slot), holder]),
      ),
    );
  }
  return keys;
}

const toWord = (value: bigint): Hex => numberToHex(value, { size: 32 });

/**
 * Finds the storage word that holds `holder`'s balance of `token`, on anvil: the keys the
 * token's `balanceOf(holder)` reads (eth_createAccessList: works for proxies and any storage
 * layout), then the usual mapping layouts; each candidate is proven by writing a marker value
 * (anvil_setStorageAt), reading balanceOf, and writing the old value back. Nothing is assumed
 * per token. Undefined when no candidate moves the balance.
 */
export async function findBalanceSlot(
  rpcUrl: string,
  token: Address,
  holder: Address,
): Promise<BalanceSlot | undefined> {
  const client = createPublicClient({ transport: http(rpcUrl) });
  const balanceOf = () =>
    client.readContract({
      address: token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [holder],
    });
  const data = encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [holder] });

  const candidates: BalanceSlot[] = [];
  try {
    const list = await rpcCall<{ accessList: { address: Address; storageKeys: Hex[] }[] }>(
      rpcUrl,
      'eth_createAccessList',
      [{ to: token, data }, 'latest'],
    );
    for (const entry of list.accessList ?? [])
      for (const key of entry.storageKeys)
        candidates.push({ contract: getAddress(entry.address), key });
  } catch {
    // a node without access lists: the mapping layouts below
  }
  for (const key of mappingKeys(holder)) candidates.push({ contract: getAddress(token), key });

  const before = await balanceOf();
  // a marker no real balance equals: distinct from the current balance
  const marker = before === 0x5eed_0f_ba1a_9ce5n ? 0x5eed_0f_ba1a_9ce6n : 0x5eed_0f_ba1a_9ce5n;
  const seen = new Set<string>();
  for (const candidate of candidates) {
    const id = `${candidate.contract}:${candidate.key}`;
    if (seen.has(id)) continue;
    seen.add(id);
    const original = await rpcCall<Hex>(rpcUrl, 'eth_getStorageAt', [
      candidate.contract,
      candidate.key,
      'latest',
    ]);
    await rpcCall(rpcUrl, 'anvil_setStorageAt', [
      candidate.contract,
      candidate.key,
      toWord(marker),
    ]);
    let after: bigint | undefined;
    try {
      after = await balanceOf();
    } catch {
      after = undefined;
    }
    await rpcCall(rpcUrl, 'anvil_setStorageAt', [
      candidate.contract,
      candidate.key,
      toWord(BigInt(original)),
    ]);
    if (after === marker) return candidate;
  }
  return undefined;
}

/**
 * Adds `amount` (base units) to `holder`'s balance of `token` by writing its balance slot (a
 * token of a forked chain that nobody here holds). The token's totalSupply does not change.
 * Resolves to the new balance.
 */
export async function addBalanceByStorage(
  rpcUrl: string,
  token: Address,
  holder: Address,
  amount: bigint,
): Promise<bigint> {
  await requireAnvil(rpcUrl);
  const slot = await findBalanceSlot(rpcUrl, token, holder);
  if (!slot)
    throw new DevChainError(
      'slot_not_found',
      `could not find where ${token} stores the balance of ${holder}`,
    );
  const client = createPublicClient({ transport: http(rpcUrl) });
  const current = await client.readContract({
    address: token,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [holder],
  });
  const next = current + amount;
  await rpcCall(rpcUrl, 'anvil_setStorageAt', [slot.contract, slot.key, toWord(next)]);
  const written = await client.readContract({
    address: token,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [holder],
  });
  if (written !== next)
    throw new DevChainError('slot_not_found', `writing the balance slot of ${token} did not hold`);
  return next;
}

// ---- the faucet ---------------------------------------------------------------------------------

/** Sends `data` to `to` as `from` through anvil's impersonation (no key needed). */
async function sendAs(rpcUrl: string, from: Address, to: Address, data: Hex): Promise<Hash> {
  await rpcCall(rpcUrl, 'anvil_impersonateAccount', [from]);
  try {
    const hash = await rpcCall<Hash>(rpcUrl, 'eth_sendTransaction', [{ from, to, data }]);
    const client = createPublicClient({ transport: http(rpcUrl), pollingInterval: 100 });
    const receipt = await client.waitForTransactionReceipt({ hash, timeout: 30_000 });
    if (receipt.status !== 'success') throw new Error(`the transfer reverted (tx ${hash})`);
    return hash;
  } finally {
    await rpcCall(rpcUrl, 'anvil_stopImpersonatingAccount', [from]).catch(() => undefined);
  }
}

/** BCNT and USDT of a chain, from the generated addresses (a fork records its own). */
export function faucetTokens(chainId: number): Record<'bcnt' | 'usdt', Address | undefined> {
  return {
    bcnt: (bcntAddress as Partial<Record<number, Address>>)[chainId],
    usdt: (testUsdtAddress as Partial<Record<number, Address>>)[chainId],
  };
}

export interface FaucetChain {
  rpcUrl: string;
  chainId: number;
  /** where tokens come from first; default the treasury (anvil account 0) */
  treasury?: Address;
  /** the token addresses; default the generated ones of chainId */
  tokens?: Partial<Record<'bcnt' | 'usdt', Address>>;
}

/**
 * Gives `body.address` test ETH (anvil_setBalance: its balance plus the amount) and BCNT / USDT:
 * a transfer from the treasury while it holds enough, else a write of the token's balance slot
 * (a fork's token). Amounts with more decimals than the token has are refused (no rounding).
 */
export async function runFaucet(chain: FaucetChain, body: FaucetBody): Promise<FaucetResult> {
  const { rpcUrl, chainId } = chain;
  await requireAnvil(rpcUrl);
  const address = getAddress(body.address);
  const treasury = chain.treasury ?? TREASURY;
  const tokens = { ...faucetTokens(chainId), ...chain.tokens };
  const client = createPublicClient({ transport: http(rpcUrl) });
  const grants: FaucetGrant[] = [];

  if (body.eth !== undefined) {
    const amount = parseEther(body.eth);
    const balance = (await client.getBalance({ address })) + amount;
    await rpcCall(rpcUrl, 'anvil_setBalance', [address, numberToHex(balance)]);
    grants.push({
      asset: 'eth',
      token: null,
      amount: formatEther(amount),
      balance: formatEther(await client.getBalance({ address })),
      method: 'setBalance',
      txHash: null,
    });
  }

  for (const asset of ['bcnt', 'usdt'] as const) {
    const text = body[asset];
    if (text === undefined) continue;
    const token = tokens[asset];
    if (!token)
      throw new DevChainError(
        'token_not_deployed',
        `no ${asset.toUpperCase()} on chain ${chainId}`,
      );
    const decimals = await client.readContract({
      address: token,
      abi: erc20Abi,
      functionName: 'decimals',
    });
    const fraction = text.split('.')[1] ?? '';
    if (fraction.length > decimals)
      throw new DevChainError(
        'bad_amount',
        `${asset.toUpperCase()} has ${decimals} decimals: ${text} has more`,
      );
    const amount = parseUnits(text, decimals);
    const held = await client.readContract({
      address: token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [treasury],
    });
    let method: FaucetGrant['method'];
    let txHash: Hash | null = null;
    if (held >= amount && getAddress(treasury) !== address) {
      txHash = await sendAs(
        rpcUrl,
        treasury,
        token,
        encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [address, amount] }),
      );
      method = 'treasury';
    } else {
      await addBalanceByStorage(rpcUrl, token, address, amount);
      method = 'storage';
    }
    const balance = await client.readContract({
      address: token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [address],
    });
    grants.push({
      asset,
      token,
      amount: formatUnits(amount, decimals),
      balance: formatUnits(balance, decimals),
      method,
      txHash,
    });
  }
  return { address, chainId, grants };
}

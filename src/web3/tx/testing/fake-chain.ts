// Test helpers (not a test): an in-memory chain node behind viem's `custom` transport and an
// EIP-1193 wallet in front of it (like e2e/fixtures/test-wallet.ts, which forwards to anvil),
// wired into a real wagmi config with wagmi's `injected` connector. Everything above the node
// runs for real: wagmi's actions and hooks, viem's simulation, error decoding, receipt polling
// and replacement detection, react-query. The node executes calls with handlers the test
// writes against the generated ABIs, so reverts carry real ABI-encoded custom errors.
import {
  RpcRequestError,
  custom,
  keccak256,
  numberToHex,
  toHex,
  zeroAddress,
  type Address,
  type EIP1193Parameters,
  type Hash,
  type Hex,
} from 'viem';
import { createConfig, createStorage, noopStorage, type Config } from 'wagmi';
import { connect } from 'wagmi/actions';
import { injected } from 'wagmi/connectors';
import { localChain, readOnlyMainnet } from '../../chains';

export type ExecResult = { ok: true; data?: Hex } | { ok: false; revert: Hex };

/** A contract: runs a call; `commit` is true when a mined transaction runs it (change state then). */
export type FakeContract = (call: {
  from: Address;
  data: Hex;
  value: bigint;
  commit: boolean;
}) => ExecResult;

interface StoredTx {
  hash: Hash;
  from: Address;
  to: Address;
  input: Hex;
  value: bigint;
  nonce: number;
  gasPrice: bigint;
  blockNumber?: bigint;
  blockHash?: Hash;
  index?: number;
  status?: 'success' | 'reverted';
}

interface Block {
  number: bigint;
  hash: Hash;
  parentHash: Hash;
  timestamp: bigint;
  txs: Hash[];
}

function rpcError(code: number, message: string, data?: Hex) {
  return Object.assign(new Error(message), { code, data });
}

const ZERO_HASH = `0x${'0'.repeat(64)}` as Hash;
let uniq = 0;
const freshHash = (label: string) => keccak256(toHex(`${label}-${++uniq}-${Math.random()}`));

export function createFakeNode({ chainId = 31337, automine = true } = {}) {
  const contracts = new Map<string, FakeContract>();
  const txs = new Map<Hash, StoredTx>();
  const nonces = new Map<string, number>();
  const blocks: Block[] = [
    {
      number: 0n,
      hash: freshHash('block'),
      parentHash: ZERO_HASH,
      timestamp: 1_700_000_000n,
      txs: [],
    },
  ];
  let pending: Hash[] = [];
  const log: { method: string; params: unknown }[] = [];
  const state = { automine, down: false };

  const head = () => blocks[blocks.length - 1]!;

  function execute(
    tx: { from: Address; to?: Address; data?: Hex; value?: bigint },
    commit: boolean,
  ) {
    const contract = tx.to ? contracts.get(tx.to.toLowerCase()) : undefined;
    if (!contract) return { ok: true, data: '0x' } as ExecResult;
    return contract({ from: tx.from, data: tx.data ?? '0x', value: tx.value ?? 0n, commit });
  }

  function formatTx(tx: StoredTx) {
    return {
      hash: tx.hash,
      nonce: numberToHex(tx.nonce),
      blockHash: tx.blockHash ?? null,
      blockNumber: tx.blockNumber !== undefined ? numberToHex(tx.blockNumber) : null,
      transactionIndex: tx.index !== undefined ? numberToHex(tx.index) : null,
      from: tx.from,
      to: tx.to,
      value: numberToHex(tx.value),
      gas: numberToHex(100_000),
      gasPrice: numberToHex(tx.gasPrice),
      maxFeePerGas: numberToHex(tx.gasPrice),
      maxPriorityFeePerGas: numberToHex(1),
      input: tx.input,
      type: '0x2',
      chainId: numberToHex(chainId),
      accessList: [],
      v: '0x0',
      yParity: '0x0',
      r: '0x1',
      s: '0x1',
    };
  }

  function formatReceipt(tx: StoredTx) {
    return {
      transactionHash: tx.hash,
      transactionIndex: numberToHex(tx.index ?? 0),
      blockHash: tx.blockHash,
      blockNumber: numberToHex(tx.blockNumber ?? 0n),
      from: tx.from,
      to: tx.to,
      cumulativeGasUsed: numberToHex(21_000),
      gasUsed: numberToHex(21_000),
      effectiveGasPrice: numberToHex(tx.gasPrice),
      contractAddress: null,
      logs: [],
      logsBloom: `0x${'0'.repeat(512)}`,
      status: tx.status === 'success' ? '0x1' : '0x0',
      type: '0x2',
    };
  }

  function formatBlock(block: Block, full: boolean) {
    return {
      number: numberToHex(block.number),
      hash: block.hash,
      parentHash: block.parentHash,
      timestamp: numberToHex(block.timestamp),
      nonce: '0x0000000000000000',
      difficulty: '0x0',
      totalDifficulty: '0x0',
      gasLimit: numberToHex(30_000_000),
      gasUsed: '0x0',
      baseFeePerGas: '0x1',
      miner: zeroAddress,
      extraData: '0x',
      logsBloom: `0x${'0'.repeat(512)}`,
      mixHash: ZERO_HASH,
      sha3Uncles: ZERO_HASH,
      stateRoot: ZERO_HASH,
      receiptsRoot: ZERO_HASH,
      transactionsRoot: ZERO_HASH,
      size: '0x0',
      uncles: [],
      transactions: full ? block.txs.map((hash) => formatTx(txs.get(hash)!)) : block.txs,
    };
  }

  /** Mines every pending transaction into a new block. */
  function mine(): Block {
    const parent = head();
    const block: Block = {
      number: parent.number + 1n,
      hash: freshHash('block'),
      parentHash: parent.hash,
      timestamp: parent.timestamp + 12n,
      txs: [],
    };
    blocks.push(block);
    pending.forEach((hash, index) => {
      const tx = txs.get(hash)!;
      const result = execute({ from: tx.from, to: tx.to, data: tx.input, value: tx.value }, true);
      Object.assign(tx, {
        blockNumber: block.number,
        blockHash: block.hash,
        index,
        status: result.ok ? 'success' : 'reverted',
      });
      block.txs.push(hash);
    });
    pending = [];
    return block;
  }

  /** What a wallet's eth_sendTransaction does: takes the next nonce, queues (and mines). */
  function submit(request: { from: Address; to: Address; data?: Hex; value?: Hex }): Hash {
    const from = request.from;
    const nonce = nonces.get(from.toLowerCase()) ?? 0;
    nonces.set(from.toLowerCase(), nonce + 1);
    const tx: StoredTx = {
      hash: freshHash('tx'),
      from,
      to: request.to,
      input: request.data ?? '0x',
      value: request.value ? BigInt(request.value) : 0n,
      nonce,
      gasPrice: 10n,
    };
    txs.set(tx.hash, tx);
    pending.push(tx.hash);
    if (state.automine) mine();
    return tx.hash;
  }

  /**
   * The member speeds up (same call, higher fee) or cancels (0 ETH to themself) pending `hash`
   * in the wallet: the original leaves the mempool, the replacement takes its nonce.
   */
  function replace(hash: Hash, kind: 'speed-up' | 'cancel' = 'speed-up'): Hash {
    const original = txs.get(hash);
    if (!original || original.blockNumber !== undefined) throw new Error(`${hash} is not pending`);
    txs.delete(hash);
    pending = pending.filter((h) => h !== hash);
    const replacement: StoredTx = {
      ...original,
      hash: freshHash('tx'),
      gasPrice: original.gasPrice * 2n,
      ...(kind === 'cancel' ? { to: original.from, input: '0x' as Hex, value: 0n } : {}),
    };
    txs.set(replacement.hash, replacement);
    pending.push(replacement.hash);
    if (state.automine) mine();
    return replacement.hash;
  }

  async function request({ method, params }: EIP1193Parameters): Promise<unknown> {
    log.push({ method, params });
    if (state.down) throw rpcError(-32603, 'node down');
    const args = (params ?? []) as unknown[];
    switch (method) {
      case 'eth_chainId':
        return numberToHex(chainId);
      case 'net_version':
        return String(chainId);
      case 'eth_blockNumber':
        return numberToHex(head().number);
      case 'eth_getBalance':
        return numberToHex(10n ** 20n);
      case 'eth_gasPrice':
        return '0xa';
      case 'eth_call': {
        const [call] = args as [{ from?: Address; to?: Address; data?: Hex; value?: Hex }];
        const result = execute(
          {
            from: call.from ?? zeroAddress,
            to: call.to,
            data: call.data,
            value: call.value ? BigInt(call.value) : 0n,
          },
          false,
        );
        if (!result.ok) throw rpcError(3, 'execution reverted', result.revert);
        return result.data ?? '0x';
      }
      case 'eth_estimateGas':
        return numberToHex(100_000);
      case 'eth_getTransactionCount': {
        const [address, tag] = args as [Address, string];
        const mined = [...txs.values()].filter(
          (tx) =>
            tx.from.toLowerCase() === address.toLowerCase() &&
            (tag === 'pending' || tx.blockNumber !== undefined),
        );
        return numberToHex(mined.length === 0 ? 0 : Math.max(...mined.map((tx) => tx.nonce)) + 1);
      }
      case 'eth_getTransactionByHash': {
        const tx = txs.get(args[0] as Hash);
        return tx ? formatTx(tx) : null;
      }
      case 'eth_getTransactionReceipt': {
        const tx = txs.get(args[0] as Hash);
        return tx && tx.blockNumber !== undefined ? formatReceipt(tx) : null;
      }
      case 'eth_getBlockByNumber': {
        const [tag, full] = args as [string, boolean];
        const block =
          tag === 'latest' || tag === 'pending' || tag === 'safe' || tag === 'finalized'
            ? head()
            : blocks.find((b) => b.number === BigInt(tag));
        return block ? formatBlock(block, full) : null;
      }
      default:
        throw rpcError(-32601, `the method ${method} does not exist/is not available`);
    }
  }

  return {
    chainId,
    state,
    log,
    request,
    submit,
    mine,
    replace,
    /** Registers the handler of a contract address. */
    deploy(address: Address, contract: FakeContract) {
      contracts.set(address.toLowerCase(), contract);
    },
    pendingHashes: () => [...pending],
    calls: (method: string) => log.filter((entry) => entry.method === method),
    /** The public client's transport: JSON-RPC errors as viem's http transport reports them. */
    transport() {
      return custom({
        request: (args: EIP1193Parameters) =>
          request(args).catch((error: { code: number; message: string; data?: Hex }) => {
            throw new RpcRequestError({
              body: args as unknown as Record<string, unknown>,
              error: { code: error.code, message: error.message, data: error.data },
              url: `fake://chain-${chainId}`,
            });
          }),
      });
    },
  };
}

export type FakeNode = ReturnType<typeof createFakeNode>;

/** An injected (EIP-1193) wallet holding `account`, on one of `nodes`. */
export function createFakeWallet({
  account,
  nodes,
  chainId,
}: {
  account: Address;
  nodes: FakeNode[];
  chainId: number;
}) {
  const listeners = new Map<string, Set<(value: unknown) => void>>();
  const state = { chainId, rejectNext: 0, rejectSwitch: false };
  const prompts: string[] = [];
  const node = () => nodes.find((n) => n.chainId === state.chainId)!;
  const emit = (event: string, value: unknown) =>
    listeners.get(event)?.forEach((listener) => listener(value));

  const provider = {
    async request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
      const args = (params ?? []) as unknown[];
      switch (method) {
        case 'eth_accounts':
        case 'eth_requestAccounts':
          return [account];
        case 'eth_chainId':
          return numberToHex(state.chainId);
        case 'wallet_switchEthereumChain': {
          prompts.push(method);
          if (state.rejectSwitch) throw rpcError(4001, 'User rejected the request.');
          const wanted = Number((args[0] as { chainId: Hex }).chainId);
          if (!nodes.some((n) => n.chainId === wanted))
            throw rpcError(4902, `Unrecognized chain ID ${wanted}`);
          state.chainId = wanted;
          emit('chainChanged', numberToHex(wanted));
          return null;
        }
        case 'eth_sendTransaction': {
          prompts.push(method);
          if (state.rejectNext > 0) {
            state.rejectNext -= 1;
            throw rpcError(4001, 'User rejected the request.');
          }
          const tx = args[0] as { from: Address; to: Address; data?: Hex; value?: Hex };
          return node().submit({ ...tx, from: account });
        }
        default:
          return node().request({ method, params } as EIP1193Parameters);
      }
    },
    on(event: string, listener: (value: unknown) => void) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(listener);
      return provider;
    },
    removeListener(event: string, listener: (value: unknown) => void) {
      listeners.get(event)?.delete(listener);
      return provider;
    },
  };

  return { provider, state, prompts };
}

export const TEST_ACCOUNT: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

export interface FakeSetup {
  config: Config;
  node: FakeNode;
  mainnet: FakeNode;
  wallet: ReturnType<typeof createFakeWallet>;
  connectWallet: () => Promise<void>;
}

/**
 * A wagmi config whose app chain (31337, first) is a fake node, plus mainnet (1) as the "other
 * chain", and an injected fake wallet starting on `walletChainId`.
 */
export function createFakeSetup({
  automine = true,
  walletChainId = 31337,
  account = TEST_ACCOUNT,
  ssr = false,
}: {
  automine?: boolean;
  walletChainId?: number;
  account?: Address;
  /**
   * As the app's config (`wagmi-config.ts`: restored after mount), for screens rendered in
   * `Web3Provider` (its storage keeps nothing).
   */
  ssr?: boolean;
} = {}): FakeSetup {
  const node = createFakeNode({ chainId: 31337, automine });
  const mainnet = createFakeNode({ chainId: 1 });
  const wallet = createFakeWallet({ account, nodes: [node, mainnet], chainId: walletChainId });
  const config = createConfig({
    chains: [localChain(31337, 'http://127.0.0.1:8545'), readOnlyMainnet('http://127.0.0.1:9')],
    connectors: [
      injected({
        shimDisconnect: false,
        target: {
          id: 'fakeWallet',
          name: 'Fake wallet',
          provider: wallet.provider as never,
        },
      }),
    ],
    transports: { 31337: node.transport(), 1: mainnet.transport() },
    multiInjectedProviderDiscovery: false,
    storage: ssr ? createStorage({ storage: noopStorage }) : null,
    pollingInterval: 10,
    ssr,
  });
  return {
    config,
    node,
    mainnet,
    wallet,
    connectWallet: async () => {
      await connect(config, { connector: config.connectors[0]! });
    },
  };
}

import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import { type Address, decodeEventLog, type Hex, type Log, type PublicClient } from 'viem';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { chainBlocks, chainCursors, chainEvents } from '../db/schema';
import { CHAIN_DECODERS, type ChainDecoder, type ChainDeployment } from './decoders';
import type { ChainEventRow, StoredChainEvent } from './decoders/types';

/**
 * The chain indexer: follows RPC_URL with a stored cursor and records the logs of the contracts
 * of its decoder modules (./decoders: today LoyaltyStaking and AllianceNFT) in `chain_events`,
 * from which every chain-derived value is computed on read. A module declares its contract's
 * address, ABI, the events it reads and how one becomes a row (plus optional `apply` /
 * `rollback` for state it keeps elsewhere); this file knows no contract.
 *
 * One tick:
 * 1. (no database transaction, RPC only) head, confirmed head = head - (confirmations - 1);
 *    check the cursor block's hash against the chain. On a mismatch (a reorg, `evm_revert`,
 *    `anvil_reset`, or the head below the cursor) walk back through the stored checkpoints
 *    (`chain_blocks`: each tick's last block and every block with an event) to the newest one
 *    still on the chain; everything above it is orphaned. Then read the logs of at most
 *    `maxRange` blocks after it, with the timestamps and hashes of their blocks, and re-check the
 *    range's last block so a reorg during the reads aborts the tick.
 * 2. (one short transaction) take `pg_try_advisory_xact_lock` (another replica holding it: skip),
 *    make sure the cursor is still the one step 1 started from, delete the orphaned events and
 *    checkpoints and let each module `rollback` (Alliance restores the registrations their
 *    transfers had ended), insert the new events (`on conflict (chain id, tx hash, log index)
 *    do nothing`: re-delivered logs never count twice), let each module `apply` the rows that
 *    were new (Alliance ends registrations whose NFT left the registered address), store the
 *    checkpoints and move the cursor.
 * RPC calls stay outside the transaction: on PGlite a transaction holds the only connection.
 *
 * A failing RPC is logged once per outage and retried on the next tick; `tick()` never throws.
 */

export interface IndexerLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface ChainIndexerOptions {
  db: Db;
  clock: Clock;
  client: PublicClient;
  log: IndexerLogger;
  chainId: number;
  /**
   * The deployment the decoder modules take their addresses from (`loyaltyContracts(chainId)`);
   * undefined when generated.ts has no addresses for the chain (the indexer then idles)
   */
  contracts: ChainDeployment | undefined;
  /** the decoder modules (default: CHAIN_DECODERS of ./decoders) */
  decoders?: readonly ChainDecoder[];
  /** 1 = the block containing the log is enough */
  confirmations: number;
  pollMs: number;
  /** the first block to read */
  fromBlock?: number;
  /** the most blocks one tick reads (default 2,000) */
  maxRange?: number;
  /** checkpoints kept per chain (default 512) */
  keepCheckpoints?: number;
}

export type TickStatus =
  /** new blocks were indexed (or a rollback was written) */
  | 'indexed'
  /** nothing new was confirmed */
  | 'idle'
  /** another process holds the indexer lock */
  | 'locked'
  /** the cursor moved (another process) or the chain changed during the reads: next tick */
  | 'retry'
  /** the RPC did not answer */
  | 'unavailable'
  /** the RPC serves another chain id, or there are no contract addresses for the chain */
  | 'misconfigured'
  /** the database failed */
  | 'failed';

export interface TickResult {
  status: TickStatus;
  /** the cursor after the tick */
  indexedBlock: number;
  head?: number;
  from?: number;
  to?: number;
  /** events newly stored by this tick */
  inserted: number;
  /** the block the tick rolled back to (events above it were deleted) */
  rolledBackTo?: number;
}

export interface ChainIndexer {
  /** One indexing step (serialised: a call during a running tick waits for it). */
  tick(): Promise<TickResult>;
  /** Poll every `pollMs` (immediately again while behind). */
  start(): void;
  /** Stop polling and wait for a running tick. */
  stop(): Promise<void>;
  readonly running: boolean;
}

/** Advisory lock key (with the chain id as the second key): one indexer per chain. */
export const INDEXER_LOCK_KEY = 7_311_005;
export const DEFAULT_MAX_RANGE = 2_000;
const DEFAULT_KEEP_CHECKPOINTS = 512;
const INSERT_CHUNK = 500;

interface Cursor {
  blockNumber: number;
  blockHash: string | null;
}

class RetryTick extends Error {}
class RpcError extends Error {
  constructor(readonly original: unknown) {
    super(original instanceof Error ? original.message : String(original));
  }
}

export function createChainIndexer(options: ChainIndexerOptions): ChainIndexer {
  const { db, client, log, chainId, contracts } = options;
  const fromBlock = options.fromBlock ?? 0;
  const maxRange = options.maxRange ?? DEFAULT_MAX_RANGE;
  const keepCheckpoints = options.keepCheckpoints ?? DEFAULT_KEEP_CHECKPOINTS;
  const confirmations = Math.max(1, options.confirmations);
  /** the modules deployed on this chain, by lower-case contract address */
  const modules = bindDecoders(options.decoders ?? CHAIN_DECODERS, contracts);

  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<TickResult> | undefined;
  let outage = false;
  let chainChecked = false;
  let lastProblem: string | undefined;

  const rpc = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      throw new RpcError(error);
    }
  };

  /** Report a problem once per streak (an outage, a misconfiguration, a database failure). */
  const problem = (key: string, level: 'warn' | 'error', obj: object, msg: string) => {
    if (lastProblem === key) return;
    lastProblem = key;
    log[level]({ chainId, ...obj }, msg);
  };
  const rpcAnswered = () => {
    if (!outage) return;
    outage = false;
    if (lastProblem === 'rpc') lastProblem = undefined;
    log.info({ chainId }, 'chain indexer: RPC reachable again');
  };

  async function readCursor(handle: Db): Promise<Cursor> {
    const [row] = await handle
      .select({ blockNumber: chainCursors.blockNumber, blockHash: chainCursors.blockHash })
      .from(chainCursors)
      .where(eq(chainCursors.chainId, chainId));
    return row ?? { blockNumber: fromBlock - 1, blockHash: null };
  }

  async function blockAt(number: number) {
    const block = await rpc(() =>
      client.getBlock({ blockNumber: BigInt(number) }).catch((error: unknown) => {
        if ((error as { name?: string }).name === 'BlockNotFoundError') return null;
        throw error;
      }),
    );
    return block && block.hash ? block : null;
  }

  /** The newest stored checkpoint below `below` that is still on the chain, if any. */
  async function commonAncestor(below: number, head: number): Promise<Cursor | undefined> {
    const checkpoints = await db
      .select({ blockNumber: chainBlocks.blockNumber, blockHash: chainBlocks.blockHash })
      .from(chainBlocks)
      .where(and(eq(chainBlocks.chainId, chainId), lt(chainBlocks.blockNumber, below)))
      .orderBy(desc(chainBlocks.blockNumber))
      .limit(keepCheckpoints);
    for (const checkpoint of checkpoints) {
      if (checkpoint.blockNumber > head) continue;
      const block = await blockAt(checkpoint.blockNumber);
      if (block?.hash === checkpoint.blockHash) return checkpoint;
    }
    return undefined;
  }

  function decode(log: Log): ChainEventRow | undefined {
    if (log.removed || log.blockNumber === null || log.blockHash === null) return undefined;
    if (log.transactionHash === null || log.logIndex === null) return undefined;
    const address = log.address.toLowerCase();
    const base = {
      chainId,
      blockNumber: Number(log.blockNumber),
      blockHash: log.blockHash,
      txHash: log.transactionHash,
      logIndex: log.logIndex,
      contract: address,
      blockTime: new Date(0), // set from the block below
    };
    const decoder = modules.get(address as Address);
    if (!decoder) return undefined;
    const topics = log.topics as [Hex, ...Hex[]];
    try {
      const decoded = decodeEventLog({ abi: decoder.abi, data: log.data, topics });
      if (decoded.eventName === undefined || !decoder.events.includes(decoded.eventName)) {
        return undefined;
      }
      const fields = decoder.toEvent({ eventName: decoded.eventName, args: decoded.args });
      if (fields) return { ...base, ...fields };
    } catch {
      // a log its ABI does not decode (or a module that throws on it): not indexed
    }
    return undefined;
  }

  async function runTick(): Promise<TickResult> {
    if (modules.size === 0) {
      problem(
        'no-contracts',
        'error',
        {},
        'chain indexer: no contract addresses for this chain id',
      );
      return { status: 'misconfigured', indexedBlock: -1, inserted: 0 };
    }
    // ---- step 1: read the chain (no transaction)
    const cursor = await readCursor(db);
    const head = Number(await rpc(() => client.getBlockNumber()));
    if (!chainChecked) {
      const actual = await rpc(() => client.getChainId());
      if (actual !== chainId) {
        problem(
          'wrong-chain',
          'error',
          { rpcChainId: actual },
          'chain indexer: RPC_URL serves another chain id than CHAIN_ID; not indexing',
        );
        return { status: 'misconfigured', indexedBlock: cursor.blockNumber, head, inserted: 0 };
      }
      chainChecked = true;
    }
    rpcAnswered();

    let base: Cursor = cursor;
    let rolledBackTo: number | undefined;
    if (cursor.blockHash !== null) {
      const onChain = cursor.blockNumber <= head ? await blockAt(cursor.blockNumber) : null;
      if (onChain?.hash !== cursor.blockHash) {
        const ancestor = await commonAncestor(cursor.blockNumber, head);
        base = ancestor ?? { blockNumber: fromBlock - 1, blockHash: null };
        rolledBackTo = base.blockNumber;
      }
    }

    const confirmedHead = head - (confirmations - 1);
    const from = base.blockNumber + 1;
    const to = Math.min(confirmedHead, from + maxRange - 1);
    let rows: ChainEventRow[] = [];
    let last: { number: number; hash: string } | undefined;
    const blockHashes = new Map<number, string>();

    if (to >= from) {
      const lastBlock = await blockAt(to);
      if (!lastBlock?.hash) throw new RetryTick('range end vanished');
      const logs = await rpc(() =>
        client.getLogs({
          address: [...modules.keys()],
          fromBlock: BigInt(from),
          toBlock: BigInt(to),
        }),
      );
      rows = logs.map(decode).filter((row): row is ChainEventRow => row !== undefined);
      blockHashes.set(to, lastBlock.hash);
      const blockTimes = new Map<number, Date>([
        [to, new Date(Number(lastBlock.timestamp) * 1000)],
      ]);
      for (const number of new Set(rows.map((row) => row.blockNumber))) {
        if (blockTimes.has(number)) continue;
        const block = await blockAt(number);
        if (!block?.hash) throw new RetryTick('block vanished');
        blockHashes.set(number, block.hash);
        blockTimes.set(number, new Date(Number(block.timestamp) * 1000));
      }
      for (const row of rows) {
        if (blockHashes.get(row.blockNumber) !== row.blockHash)
          throw new RetryTick('log of another fork');
        row.blockTime = blockTimes.get(row.blockNumber) ?? row.blockTime;
      }
      if (base.blockHash !== null) {
        const first = from === to ? lastBlock : await blockAt(from);
        if (first?.parentHash !== base.blockHash)
          throw new RetryTick('range does not continue the cursor');
      }
      const again = await blockAt(to);
      if (again?.hash !== lastBlock.hash) throw new RetryTick('reorg during the tick');
      last = { number: to, hash: lastBlock.hash };
    } else if (rolledBackTo === undefined) {
      return { status: 'idle', indexedBlock: cursor.blockNumber, head, inserted: 0 };
    }

    // ---- step 2: write (one short transaction under the indexer lock)
    return db.transaction(async (tx) => {
      const lock = (await tx.execute(
        sql`select pg_try_advisory_xact_lock(${INDEXER_LOCK_KEY}, ${chainId}) as locked`,
      )) as unknown as { rows: { locked: boolean }[] };
      if (lock.rows[0]?.locked !== true) {
        return { status: 'locked' as const, indexedBlock: cursor.blockNumber, head, inserted: 0 };
      }
      const current = await readCursor(tx);
      if (current.blockNumber !== cursor.blockNumber || current.blockHash !== cursor.blockHash) {
        return { status: 'retry' as const, indexedBlock: current.blockNumber, head, inserted: 0 };
      }

      if (rolledBackTo !== undefined) {
        await tx
          .delete(chainEvents)
          .where(and(eq(chainEvents.chainId, chainId), gt(chainEvents.blockNumber, rolledBackTo)));
        await tx
          .delete(chainBlocks)
          .where(and(eq(chainBlocks.chainId, chainId), gt(chainBlocks.blockNumber, rolledBackTo)));
        for (const decoder of modules.values()) await decoder.rollback?.(tx, chainId, rolledBackTo);
        log.warn(
          { chainId, from: cursor.blockNumber, to: rolledBackTo },
          'chain indexer: reorg, rolled back the orphaned blocks',
        );
      }

      let inserted = 0;
      // the rows that were new (a re-delivered log conflicts and is not returned), per contract
      const fresh = new Map<string, StoredChainEvent[]>();
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
        const stored = await tx
          .insert(chainEvents)
          .values(rows.slice(i, i + INSERT_CHUNK))
          .onConflictDoNothing({
            target: [chainEvents.chainId, chainEvents.txHash, chainEvents.logIndex],
          })
          .returning();
        inserted += stored.length;
        for (const row of stored) {
          const list = fresh.get(row.contract) ?? [];
          list.push(row);
          fresh.set(row.contract, list);
        }
      }
      for (const [address, decoder] of modules) {
        await decoder.apply?.(tx, chainId, fresh.get(address) ?? []);
      }

      const next: Cursor = last
        ? { blockNumber: last.number, blockHash: last.hash }
        : { blockNumber: base.blockNumber, blockHash: base.blockHash };
      if (blockHashes.size > 0) {
        await tx
          .insert(chainBlocks)
          .values(
            [...blockHashes].map(([blockNumber, blockHash]) => ({
              chainId,
              blockNumber,
              blockHash,
            })),
          )
          .onConflictDoUpdate({
            target: [chainBlocks.chainId, chainBlocks.blockNumber],
            set: { blockHash: sql`excluded.block_hash` },
          });
        await tx.execute(sql`
          delete from ${chainBlocks}
          where ${chainBlocks.chainId} = ${chainId}
            and ${chainBlocks.blockNumber} < (
              select ${chainBlocks.blockNumber} from ${chainBlocks}
              where ${chainBlocks.chainId} = ${chainId}
              order by ${chainBlocks.blockNumber} desc
              offset ${keepCheckpoints - 1} limit 1
            )`);
      }
      const now = options.clock.now();
      await tx
        .insert(chainCursors)
        .values({ chainId, ...next, updatedAt: now })
        .onConflictDoUpdate({
          target: chainCursors.chainId,
          set: { blockNumber: next.blockNumber, blockHash: next.blockHash, updatedAt: now },
        });
      return {
        status: 'indexed' as const,
        indexedBlock: next.blockNumber,
        head,
        ...(last ? { from, to } : {}),
        inserted,
        ...(rolledBackTo !== undefined ? { rolledBackTo } : {}),
      };
    });
  }

  async function safeTick(): Promise<TickResult> {
    try {
      const result = await runTick();
      if (result.status !== 'misconfigured') lastProblem = undefined;
      return result;
    } catch (error) {
      const indexedBlock = await readCursor(db)
        .then((c) => c.blockNumber)
        .catch(() => -1);
      if (error instanceof RetryTick) {
        return { status: 'retry', indexedBlock, inserted: 0 };
      }
      if (error instanceof RpcError) {
        if (!outage) {
          outage = true;
          chainChecked = false;
          problem(
            'rpc',
            'warn',
            { err: error.message },
            'chain indexer: RPC unavailable, retrying',
          );
        }
        return { status: 'unavailable', indexedBlock, inserted: 0 };
      }
      problem(
        `db:${(error as Error).message}`,
        'error',
        { err: (error as Error).message },
        'chain indexer: tick failed, retrying',
      );
      return { status: 'failed', indexedBlock, inserted: 0 };
    }
  }

  function tick(): Promise<TickResult> {
    inFlight ??= safeTick().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  }

  function schedule(delayMs: number) {
    if (!running) return;
    timer = setTimeout(() => {
      timer = undefined;
      void tick().then((result) => {
        const behind =
          result.status === 'indexed' &&
          result.head !== undefined &&
          result.indexedBlock < result.head - (confirmations - 1);
        schedule(behind ? 0 : options.pollMs);
      });
    }, delayMs);
    timer.unref();
  }

  return {
    tick,
    start() {
      if (running) return;
      running = true;
      schedule(0);
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await inFlight?.catch(() => undefined);
    },
    get running() {
      return running;
    },
  };
}

/**
 * The modules deployed on the chain, by lower-case address (a module without an address there
 * is left out). Two modules on one address are a programming error.
 */
function bindDecoders(
  decoders: readonly ChainDecoder[],
  deployment: ChainDeployment | undefined,
): Map<Address, ChainDecoder> {
  const modules = new Map<Address, ChainDecoder>();
  if (!deployment) return modules;
  for (const decoder of decoders) {
    const address = decoder.address(deployment)?.toLowerCase() as Address | undefined;
    if (!address) continue;
    const other = modules.get(address);
    if (other) {
      throw new Error(`chain indexer: ${decoder.name} and ${other.name} both decode ${address}`);
    }
    modules.set(address, decoder);
  }
  return modules;
}

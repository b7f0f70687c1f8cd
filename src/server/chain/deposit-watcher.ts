import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { type Hex, parseAbiItem } from 'viem';
import { settings } from '../db/schema';
import { depositAddresses, deposits, type LedgerCurrency } from '../db/schema/wallet';
import { creditDeposit, depositTokens } from '../domain/wallet/deposits';
import type { WalletDeps } from '../plugins/wallet';

/**
 * The EVM deposit watcher, run by the `deposits` scheduler task. One run:
 *
 * 1. (RPC only) the head; the blocks to scan: those after the stored cursor (settings
 *    `deposit-watcher.cursor.<chainId>`), at most `maxRange` per run, plus - once caught up - a
 *    window of the last (confirmations + 12) blocks scanned again every run, so a transaction
 *    re-mined after a reorg (`evm_revert`) is seen again. A run that finds the head (its number
 *    and hash) and the deposit addresses as the last caught-up run left them scans nothing: the
 *    same blocks would give the same transfers (it goes on to step 3). The cursor keeps the hashes of the last
 *    DEPOSIT_CHECKPOINTS runs' last blocks: when the newest is no longer on the chain (a revert
 *    or reorg, the head below it, a chain replaced by a fresh one that may already have grown
 *    past it), the scan continues after the newest checkpoint still on the chain, or from block
 *    0 when none is, so no block of the new chain is skipped. In those blocks: ERC20 `Transfer` logs
 *    of BCNT, USDT and USDC (addresses of shared/contracts/generated.ts for CHAIN_ID) to any
 *    deposit address (wallet and store), and successful native ETH transfers (`to` = a wallet
 *    deposit address, value > 0; ETH sent by a contract's internal call is not seen).
 * 2. (database) each transfer becomes a `deposits` row, unique by (network, tx hash, log index;
 *    -1 for native ETH): a new row is `confirming`; a row already known that was orphaned (or is
 *    still confirming in another block) follows the transfer into its new block and is
 *    `confirming` again. Credited and held rows are never touched again.
 * 3. every confirming EVM row: its block's hash is compared with the chain's block at that
 *    height (gone or different -> `orphaned`); head - block + 1 >= DEPOSIT_CONFIRMATIONS ->
 *    `creditDeposit` (ledger key `deposit:<network>:<txHash>:<n>`, n = the transfer's position among
 *    its transaction's deposit transfers, so a revert and re-mine
 *    never credits twice).
 *
 * RPC calls stay outside database transactions (on PGlite a transaction holds the only
 * connection). An unreachable RPC is logged once per outage; the run reports `unavailable` and
 * the next run retries.
 */

const TRANSFER = parseAbiItem(
  'event Transfer(address indexed from, address indexed to, uint256 value)',
);

/** Blocks scanned again every run, beyond the confirmations. */
export const DEPOSIT_RESCAN_MARGIN = 12;
/** The most new blocks one run reads. */
export const DEPOSIT_MAX_RANGE = 200;

/** Checkpoints (a run's last block and its hash) kept with the watcher's cursor. */
export const DEPOSIT_CHECKPOINTS = 64;

interface Checkpoint {
  block: number;
  hash: string;
}

/** The settings value: the last block scanned and the newest checkpoints, newest first. */
interface WatcherCursor {
  block: number;
  checkpoints: Checkpoint[];
}

/**
 * The watcher's cursor: a settings row, deliberately not a `chain_cursors` row. That table is the
 * chain indexer's (one row per chain, no cursor name): its cursor is a block and its hash,
 * checked against the chain and walked back through `chain_blocks`, moved in one transaction
 * with the events under the indexer's advisory lock. This one is a low-water mark with a few
 * checkpoint hashes, only to find where to scan again: every run rescans the last confirmations + DEPOSIT_RESCAN_MARGIN blocks, reorgs are
 * found per deposit row (its block hash), it is walked back to the newest checkpoint still on the chain, and it runs under the
 * `deposits` scheduler lease. Sharing would gain nothing and let either writer move the other's
 * position. See src/server/README.md, "On-chain core".
 */
export const depositCursorKey = (chainId: number) => `deposit-watcher.cursor.${chainId}`;

export interface DepositWatchResult {
  status: 'scanned' | 'unavailable';
  head?: number;
  from?: number;
  to?: number;
  recorded: number;
  credited: number;
  orphaned: number;
}

interface SeenTransfer {
  network: 'ERC20' | 'ETH';
  currency: LedgerCurrency;
  to: string;
  from: string | null;
  amount: bigint;
  txHash: string;
  logIndex: number;
  blockNumber: number;
  blockHash: string;
}

export interface DepositWatcher {
  run(): Promise<DepositWatchResult>;
}

export function createDepositWatcher(
  deps: Pick<WalletDeps, 'db' | 'clock' | 'config' | 'chain' | 'log' | 'prices'>,
  options: { maxRange?: number } = {},
): DepositWatcher {
  const maxRange = options.maxRange ?? DEPOSIT_MAX_RANGE;
  const { db, chain } = deps;
  const chainId = deps.config.chainId;
  let outage = false;
  /**
   * What the last run that scanned up to the head saw: while the head (its number and hash) and
   * the deposit addresses stay the same, scanning the window again finds the same transfers and
   * writes the same cursor, so an idle run only settles (on an idle chain that was 20 RPC calls
   * and two statements a second).
   */
  let caughtUp: { head: number; hash: string; addresses: string } | undefined;

  async function readCursor(): Promise<WatcherCursor | null> {
    const [row] = await db
      .select({ value: settings.value })
      .from(settings)
      .where(eq(settings.key, depositCursorKey(chainId)));
    const value = row?.value as { block?: unknown; checkpoints?: unknown } | undefined;
    if (typeof value?.block !== 'number') return null;
    const checkpoints = Array.isArray(value.checkpoints)
      ? (value.checkpoints as Checkpoint[]).filter(
          (c) => typeof c?.block === 'number' && typeof c?.hash === 'string',
        )
      : [];
    return { block: value.block, checkpoints };
  }

  async function writeCursor(cursor: WatcherCursor) {
    const now = deps.clock.now();
    const value = { block: cursor.block, checkpoints: cursor.checkpoints };
    await db
      .insert(settings)
      .values({ key: depositCursorKey(chainId), value, updatedAt: now })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } });
  }

  async function hashAt(number: number, head: number): Promise<string | null> {
    if (number < 0 || number > head) return null;
    const block = await chain.getBlock({ blockNumber: BigInt(number) }).catch((error: unknown) => {
      if ((error as Error).name === 'BlockNotFoundError') return null;
      throw error;
    });
    return block?.hash ?? null;
  }

  /**
   * The block the next scan continues from: the cursor while its newest checkpoint is still on
   * the chain; else (a revert, a reorg deeper than the rescan window, a replaced chain, the head
   * below the cursor) the newest checkpoint still there, or before block 0 when none is.
   */
  async function continueFrom(cursor: WatcherCursor, head: number) {
    const [newest] = cursor.checkpoints;
    if (!newest) {
      // a cursor without checkpoints: the head below it is the only sign of a chain gone back
      return {
        block: Math.min(cursor.block, head),
        checkpoints: [],
        wentBack: head < cursor.block,
      };
    }
    if ((await hashAt(newest.block, head)) === newest.hash) {
      return { block: cursor.block, checkpoints: cursor.checkpoints, wentBack: false };
    }
    for (const [i, checkpoint] of cursor.checkpoints.entries()) {
      if (i === 0) continue;
      if ((await hashAt(checkpoint.block, head)) === checkpoint.hash) {
        return {
          block: checkpoint.block,
          checkpoints: cursor.checkpoints.slice(i),
          wentBack: true,
        };
      }
    }
    return { block: -1, checkpoints: [], wentBack: true };
  }

  /** The transfers into deposit addresses in [from, to] (RPC only). */
  async function scan(
    from: number,
    to: number,
    addresses: Map<string, 'wallet' | 'store'>,
  ): Promise<SeenTransfer[]> {
    const tokens = depositTokens(chainId);
    const seen: SeenTransfer[] = [];
    if (tokens.size > 0) {
      const logs = await chain.getLogs({
        address: [...tokens.keys()] as Hex[],
        event: TRANSFER,
        fromBlock: BigInt(from),
        toBlock: BigInt(to),
      });
      for (const log of logs) {
        const recipient = log.args.to?.toLowerCase();
        const value = log.args.value ?? 0n;
        const currency = tokens.get(log.address.toLowerCase());
        if (!recipient || !currency || value <= 0n || !addresses.has(recipient)) continue;
        if (log.blockNumber === null || log.blockHash === null || log.transactionHash === null)
          continue;
        seen.push({
          network: 'ERC20',
          currency,
          to: recipient,
          from: log.args.from?.toLowerCase() ?? null,
          amount: value,
          txHash: log.transactionHash,
          logIndex: log.logIndex ?? 0,
          blockNumber: Number(log.blockNumber),
          blockHash: log.blockHash,
        });
      }
    }
    // A transfer is identified by its transaction and its position among that transaction's
    // deposit transfers, not by the block-wide log index: a transaction re-mined at another
    // position of another block (a reorg, a revert and re-send) keeps its identity, so its row
    // and its ledger key stay the same and it is never credited twice.
    const byTx = new Map<string, SeenTransfer[]>();
    for (const transfer of seen) {
      const group = byTx.get(transfer.txHash) ?? [];
      group.push(transfer);
      byTx.set(transfer.txHash, group);
    }
    for (const group of byTx.values()) {
      group.sort((a, b) => a.logIndex - b.logIndex);
      group.forEach((transfer, ordinal) => {
        transfer.logIndex = ordinal;
      });
    }
    for (let number = from; number <= to; number += 1) {
      const block = await chain.getBlock({
        blockNumber: BigInt(number),
        includeTransactions: true,
      });
      for (const tx of block.transactions) {
        const recipient = tx.to?.toLowerCase();
        if (!recipient || tx.value <= 0n || addresses.get(recipient) !== 'wallet') continue;
        const receipt = await chain.getTransactionReceipt({ hash: tx.hash });
        if (receipt.status !== 'success') continue;
        seen.push({
          network: 'ETH',
          currency: 'ETH',
          to: recipient,
          from: tx.from.toLowerCase(),
          amount: tx.value,
          txHash: tx.hash,
          logIndex: -1,
          blockNumber: number,
          blockHash: block.hash!,
        });
      }
    }
    return seen;
  }

  async function record(
    seen: SeenTransfer[],
    addressIds: Map<string, { id: number; memberId: number }>,
  ) {
    let recorded = 0;
    const now = deps.clock.now();
    for (const transfer of seen) {
      const target = addressIds.get(transfer.to);
      if (!target) continue;
      const rows = await db
        .insert(deposits)
        .values({
          memberId: target.memberId,
          depositAddressId: target.id,
          currency: transfer.currency,
          network: transfer.network,
          amount: transfer.amount.toString(),
          txHash: transfer.txHash,
          logIndex: transfer.logIndex,
          blockNumber: transfer.blockNumber,
          blockHash: transfer.blockHash,
          fromAddress: transfer.from,
          confirmations: 0,
          requiredConfirmations: deps.config.depositConfirmations,
          status: 'confirming',
          seenAt: now,
        })
        .onConflictDoUpdate({
          target: [deposits.network, deposits.txHash, deposits.logIndex],
          set: {
            blockNumber: transfer.blockNumber,
            blockHash: transfer.blockHash,
            status: 'confirming',
          },
          // a re-mined transfer: only rows that were not credited or held follow it
          setWhere: sql`${deposits.status} in ('orphaned', 'confirming') and (${deposits.status} = 'orphaned' or ${deposits.blockHash} is distinct from ${transfer.blockHash})`,
        })
        .returning({ id: deposits.id });
      recorded += rows.length;
    }
    return recorded;
  }

  /** Orphan rows whose block left the chain; credit rows with enough confirmations. */
  async function settle(head: number) {
    const pending = await db
      .select()
      .from(deposits)
      .where(
        and(
          eq(deposits.status, 'confirming'),
          inArray(deposits.network, ['ERC20', 'ETH']),
          isNotNull(deposits.blockNumber),
        ),
      )
      .orderBy(asc(deposits.id));
    const hashes = new Map<number, string | null>();
    let credited = 0;
    let orphaned = 0;
    for (const row of pending) {
      const number = row.blockNumber!;
      if (!hashes.has(number)) {
        const block =
          number > head
            ? null
            : await chain.getBlock({ blockNumber: BigInt(number) }).catch((error: unknown) => {
                if ((error as Error).name === 'BlockNotFoundError') return null;
                throw error;
              });
        hashes.set(number, block?.hash ?? null);
      }
      if (hashes.get(number) !== row.blockHash) {
        await db
          .update(deposits)
          .set({ status: 'orphaned', confirmations: 0 })
          .where(and(eq(deposits.id, row.id), eq(deposits.status, 'confirming')));
        orphaned += 1;
        continue;
      }
      const confirmations = head - number + 1;
      if (confirmations >= row.requiredConfirmations) {
        if ((await creditDeposit(deps, row.id, { confirmations })) === 'credited') credited += 1;
      } else if (confirmations !== row.confirmations) {
        await db.update(deposits).set({ confirmations }).where(eq(deposits.id, row.id));
      }
    }
    return { credited, orphaned };
  }

  /**
   * Scan the blocks after the cursor (and the rescan window) for transfers into the deposit
   * addresses `rows`, record them and move the cursor; answers the range, the rows recorded and
   * the last block's hash.
   */
  async function scanToHead(
    head: number,
    rows: { id: number; memberId: number; address: string; purpose: 'wallet' | 'store' }[],
  ): Promise<{ from: number; to: number; recorded: number; hash: string | null }> {
    const stored = await readCursor();
    const base = stored === null ? null : await continueFrom(stored, head);
    const window = deps.config.depositConfirmations + DEPOSIT_RESCAN_MARGIN;
    const next = base === null ? Math.max(0, head - window + 1) : base.block + 1;
    let from: number;
    let to: number;
    if (head - next + 1 > maxRange) {
      from = next; // catching up: the window comes when caught up
      to = next + maxRange - 1;
    } else {
      from = Math.max(0, Math.min(next, head - window + 1));
      to = head;
    }
    let recorded = 0;
    if (from <= to && rows.length > 0) {
      const seen = await scan(from, to, new Map(rows.map((row) => [row.address, row.purpose])));
      recorded = await record(seen, new Map(rows.map((row) => [row.address, row])));
    }
    if (base?.wentBack) {
      deps.log.warn(
        { chainId, from: stored?.block, to: base.block },
        'deposit watcher: the chain went back, scanning again from the last block still on it',
      );
    }
    const last = Math.max(to, base?.block ?? -1);
    const hash = await hashAt(last, head);
    const kept = (base?.checkpoints ?? []).filter((c) => c.block < last);
    await writeCursor({
      block: last,
      checkpoints: hash
        ? [{ block: last, hash }, ...kept].slice(0, DEPOSIT_CHECKPOINTS)
        : kept.slice(0, DEPOSIT_CHECKPOINTS),
    });
    return { from, to, recorded, hash };
  }

  return {
    async run() {
      let head: number;
      try {
        head = Number(await chain.getBlockNumber());
      } catch (error) {
        if (!outage) {
          outage = true;
          deps.log.warn({ err: (error as Error).message }, 'deposit watcher: RPC unavailable');
        }
        return { status: 'unavailable', recorded: 0, credited: 0, orphaned: 0 };
      }
      try {
        const rows = await db
          .select({
            id: depositAddresses.id,
            memberId: depositAddresses.memberId,
            address: depositAddresses.address,
            purpose: depositAddresses.purpose,
          })
          .from(depositAddresses)
          .where(eq(depositAddresses.chain, 'evm'));
        const addresses = rows
          .map((row) => row.id)
          .sort((a, b) => a - b)
          .join(',');
        const seenBefore = caughtUp;
        caughtUp = undefined;
        const quiet =
          seenBefore?.head === head &&
          seenBefore.addresses === addresses &&
          (await hashAt(head, head)) === seenBefore.hash;
        const { hash, ...scanned } = quiet
          ? { from: head + 1, to: head, recorded: 0, hash: seenBefore.hash }
          : await scanToHead(head, rows);
        const { credited, orphaned } = await settle(head);
        if (scanned.to === head && hash) caughtUp = { head, hash, addresses };
        if (outage) {
          outage = false;
          deps.log.info({}, 'deposit watcher: RPC back');
        }
        return { status: 'scanned', head, ...scanned, credited, orphaned };
      } catch (error) {
        if (!outage) {
          outage = true;
          deps.log.warn({ err: (error as Error).message }, 'deposit watcher: run failed');
        }
        return { status: 'unavailable', recorded: 0, credited: 0, orphaned: 0 };
      }
    },
  };
}

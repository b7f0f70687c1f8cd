import { and, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Address, PublicClient } from 'viem';
import type { Db } from '../db/database';
import { autotradeOperatorTxs } from '../db/schema/autotrade-margin';
import { withdrawals } from '../db/schema/withdrawal';

/**
 * The one place every transaction the hot wallet signs takes its nonce (withdrawal payouts,
 * MarginVault operator transactions, BinFiPool operator calls), safe across API processes on one
 * database.
 *
 * `withHotWalletNonce(deps, address, use)` opens a transaction, takes the advisory lock
 * (HOT_WALLET_NONCE_LOCK_KEY, hash of chain id and address; PostgreSQL waits for another holder),
 * reads the chain's pending transaction count, and gives `use` the smallest nonce at or above it
 * that no stored, still live signed transaction holds (a withdrawal `processing` or `broadcast`
 * with its signed transaction, an operator transaction `signed` or `broadcast`). `use` signs with
 * it and stores the signed transaction in the same database transaction (or, for a sender that
 * keeps nothing, sends it before returning), so the lock is released only once the nonce is
 * visible to the next allocation: in the database, or in the node's pending count.
 *
 * The chain is the source of truth, resynchronised on every allocation: ahead of the stored rows
 * (a transaction sent by hand, another tool), its pending count is taken; behind them (a
 * transaction refused and failed, a node restarted without its pool, a chain reverted or
 * replaced), the nonces of rows that are no longer live are free again and the gap is filled.
 * Nothing is kept between allocations, so a restart needs no recovery.
 *
 * The read of the pending count happens inside the database transaction (one RPC call); on
 * PGlite that holds the only connection for its duration, bounded by the client's timeout.
 */
export const HOT_WALLET_NONCE_LOCK_KEY = 7_311_006;

export interface HotWalletNonceDeps {
  db: Db;
  chain: PublicClient;
  config: { chainId: number };
}

/** The nonces of stored signed transactions that may still be mined, at or above `from`. */
async function heldNonces(tx: Db, chainId: number, from: number): Promise<Set<number>> {
  const payouts = await tx
    .select({ nonce: withdrawals.nonce })
    .from(withdrawals)
    .where(
      and(
        inArray(withdrawals.status, ['processing', 'broadcast']),
        isNotNull(withdrawals.signedTx),
        gte(withdrawals.nonce, from),
      ),
    );
  const operator = await tx
    .select({ nonce: autotradeOperatorTxs.nonce })
    .from(autotradeOperatorTxs)
    .where(
      and(
        eq(autotradeOperatorTxs.chainId, chainId),
        inArray(autotradeOperatorTxs.state, ['signed', 'broadcast']),
        gte(autotradeOperatorTxs.nonce, from),
      ),
    );
  return new Set(
    [...payouts, ...operator].map((row) => row.nonce).filter((n): n is number => n !== null),
  );
}

/**
 * Run `use` with the hot wallet's next free nonce, under the lock, in one database transaction
 * (`tx`): what `use` stores there commits with the lock's release. A failure of the chain read
 * or of `use` rolls the transaction back; nothing is allocated.
 */
export async function withHotWalletNonce<T>(
  deps: HotWalletNonceDeps,
  address: Address,
  use: (tx: Db, nonce: number) => Promise<T>,
): Promise<T> {
  const chainId = deps.config.chainId;
  return deps.db.transaction(async (handle) => {
    const tx = handle as unknown as Db;
    const key = `${chainId}:${address.toLowerCase()}`;
    await tx.execute(
      sql`select pg_advisory_xact_lock(${HOT_WALLET_NONCE_LOCK_KEY}, hashtext(${key}))`,
    );
    const pending = await deps.chain.getTransactionCount({ address, blockTag: 'pending' });
    const held = await heldNonces(tx, chainId, pending);
    let nonce = pending;
    while (held.has(nonce)) nonce += 1;
    return use(tx, nonce);
  });
}

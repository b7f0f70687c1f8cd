import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { DEFAULT_STAKE_THRESHOLDS, type StakeThresholds } from '../../../shared/membership/levels';
import type { LoyaltyContracts } from '../../chain/contracts';
import type { Db } from '../../db/database';
import { chainCursors, chainEvents } from '../../db/schema';

/**
 * The chain state the platform needs, as a function of the indexed events (`chain_events`):
 * nothing here is stored separately, so a rolled-back reorg (its events deleted) changes every
 * answer exactly. Addresses are lower-case.
 */

export interface WalletStake {
  address: string;
  /** staked and not requested for unstake */
  staked: bigint;
  /** in unstake requests whose unlock time is still in the future (they count for the level) */
  cooling: bigint;
}

/** Staked and cooling amounts of each address (addresses without events get zeros). */
export async function walletStakes(
  db: Db,
  contracts: LoyaltyContracts,
  addresses: string[],
  now: Date,
): Promise<WalletStake[]> {
  if (addresses.length === 0) return [];
  const rows = await db
    .select({
      account: chainEvents.account,
      staked: sql<string>`coalesce(sum(case when ${chainEvents.event} = 'Staked' then ${chainEvents.amount} else -${chainEvents.amount} end), 0)::text`,
      cooling: sql<string>`coalesce(sum(${chainEvents.amount}) filter (where ${chainEvents.event} = 'UnstakeRequested' and ${chainEvents.unlockAt} > ${now.toISOString()}::timestamptz), 0)::text`,
    })
    .from(chainEvents)
    .where(
      and(
        eq(chainEvents.chainId, contracts.chainId),
        eq(chainEvents.contract, contracts.staking),
        inArray(chainEvents.account, addresses),
        inArray(chainEvents.event, ['Staked', 'UnstakeRequested']),
      ),
    )
    .groupBy(chainEvents.account);
  const byAddress = new Map(rows.map((row) => [row.account, row]));
  return addresses.map((address) => {
    const row = byAddress.get(address);
    return {
      address,
      staked: row ? BigInt(row.staked) : 0n,
      cooling: row ? BigInt(row.cooling) : 0n,
    };
  });
}

/** The thresholds of the last indexed ThresholdsUpdated, else the contract's initial ones. */
export async function stakeThresholds(
  db: Db,
  contracts: LoyaltyContracts,
): Promise<StakeThresholds> {
  const [row] = await db
    .select({ args: chainEvents.args })
    .from(chainEvents)
    .where(
      and(
        eq(chainEvents.chainId, contracts.chainId),
        eq(chainEvents.contract, contracts.staking),
        eq(chainEvents.event, 'ThresholdsUpdated'),
      ),
    )
    .orderBy(desc(chainEvents.blockNumber), desc(chainEvents.logIndex))
    .limit(1);
  if (!row) return DEFAULT_STAKE_THRESHOLDS;
  const { level2, level3, level4 } = row.args;
  if (!level2 || !level3 || !level4) return DEFAULT_STAKE_THRESHOLDS;
  return { level2: BigInt(level2), level3: BigInt(level3), level4: BigInt(level4) };
}

export interface IndexedUnstakeRequest {
  requestId: string;
  address: string;
  amount: bigint;
  unlockAt: Date;
  withdrawnAt: Date | null;
}

const withdrawals = alias(chainEvents, 'withdrawals');

/**
 * Unstake requests of the addresses, newest first: every open one, and withdrawn ones whose
 * withdrawal block is not older than `withdrawnSince`.
 */
export async function unstakeRequests(
  db: Db,
  contracts: LoyaltyContracts,
  addresses: string[],
  options: { withdrawnSince: Date; limit?: number },
): Promise<IndexedUnstakeRequest[]> {
  if (addresses.length === 0) return [];
  const rows = await db
    .select({
      requestId: sql<string>`${chainEvents.requestId}::text`,
      address: chainEvents.account,
      amount: sql<string>`${chainEvents.amount}::text`,
      unlockAt: chainEvents.unlockAt,
      withdrawnAt: withdrawals.blockTime,
    })
    .from(chainEvents)
    .leftJoin(
      withdrawals,
      and(
        eq(withdrawals.chainId, chainEvents.chainId),
        eq(withdrawals.contract, chainEvents.contract),
        eq(withdrawals.event, 'Withdrawn'),
        eq(withdrawals.requestId, chainEvents.requestId),
      ),
    )
    .where(
      and(
        eq(chainEvents.chainId, contracts.chainId),
        eq(chainEvents.contract, contracts.staking),
        eq(chainEvents.event, 'UnstakeRequested'),
        inArray(chainEvents.account, addresses),
        sql`(${withdrawals.id} is null or ${withdrawals.blockTime} >= ${options.withdrawnSince.toISOString()}::timestamptz)`,
      ),
    )
    .orderBy(desc(chainEvents.blockNumber), desc(chainEvents.logIndex))
    .limit(options.limit ?? 100);
  return rows.map((row) => ({
    requestId: row.requestId,
    address: row.address ?? '',
    amount: BigInt(row.amount),
    unlockAt: row.unlockAt ?? new Date(0),
    withdrawnAt: row.withdrawnAt,
  }));
}

/** The last block the indexer has confirmed on this chain (-1 before its first tick). */
export async function indexedBlock(db: Db, chainId: number): Promise<number> {
  const [row] = await db
    .select({ blockNumber: chainCursors.blockNumber })
    .from(chainCursors)
    .where(eq(chainCursors.chainId, chainId));
  return row?.blockNumber ?? -1;
}

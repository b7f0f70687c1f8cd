import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { timestamptz, units as uint256 } from './columns';

/**
 * On-chain core: the chain indexer's storage (chain/indexer.ts and its decoder modules in
 * chain/decoders/). Everything derived from the chain (stake per address, unstake requests,
 * thresholds, Alliance NFT ownership) is computed from `chain_events` on read, so rolling back
 * a reorg is exactly "delete the events of the orphaned blocks".
 */

/**
 * Where the indexer of one chain stands: the last block it has indexed (confirmed). Only the
 * chain indexer's: all its decoder modules share this one cursor per chain. The EVM deposit
 * watcher keeps its own cursor (settings `deposit-watcher.cursor.<chainId>`, see
 * chain/deposit-watcher.ts): a hash-checked position moved with its events under the indexer
 * lock and a rescanned low-water mark moved under a scheduler lease are different things, and
 * one table for both would need a cursor name in the key and in every reader (e.g.
 * domain/loyalty/chain-state.ts). See src/server/README.md, "On-chain core".
 */
export const chainCursors = pgTable('chain_cursors', {
  chainId: integer('chain_id').primaryKey(),
  /** the last indexed block; -1 before the first tick */
  blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
  /** its hash (null before the first tick) */
  blockHash: varchar('block_hash', { length: 66 }),
  updatedAt: timestamptz('updated_at').notNull(),
});

/**
 * Hashes of recently indexed blocks (each tick's last block and every block with an event):
 * the checkpoints a reorg is detected and resolved against. Older rows are pruned.
 */
export const chainBlocks = pgTable(
  'chain_blocks',
  {
    chainId: integer('chain_id').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    blockHash: varchar('block_hash', { length: 66 }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.chainId, table.blockNumber] })],
);

export type ChainEventName =
  | 'Staked'
  | 'UnstakeRequested'
  | 'Withdrawn'
  | 'ThresholdsUpdated'
  | 'Transfer'
  // MarginVault (chain/decoders/margin-vault.ts)
  | 'Deposited'
  | 'Released'
  | 'Settled'
  // BinFiPool (chain/decoders/binfi.ts)
  | 'FundCreated'
  | 'OrderPlaced'
  | 'FundMatched'
  | 'FundStarted'
  | 'PeriodFunded'
  | 'OrderPaid'
  | 'BcntReleased'
  | 'RedemptionQueued'
  | 'RedemptionPaid'
  | 'FundStoppedOut'
  | 'FundMatured'
  | 'FundSettled'
  | 'OwedWithdrawn';

/**
 * Indexed logs of LoyaltyStaking (Staked, UnstakeRequested, Withdrawn, ThresholdsUpdated) and
 * AllianceNFT (Transfer), one row per log, unique on (chain id, tx hash, log index). Addresses
 * are lower-case. `args` keeps every decoded argument (uint256 as decimal strings).
 */
export const chainEvents = pgTable(
  'chain_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    chainId: integer('chain_id').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    blockHash: varchar('block_hash', { length: 66 }).notNull(),
    blockTime: timestamptz('block_time').notNull(),
    txHash: varchar('tx_hash', { length: 66 }).notNull(),
    logIndex: integer('log_index').notNull(),
    /** the emitting contract */
    contract: varchar('contract', { length: 42 }).notNull(),
    event: varchar('event', { length: 24 }).$type<ChainEventName>().notNull(),
    /** staking events: the staker */
    account: varchar('account', { length: 42 }),
    /** staking events: the amount (atomic units) */
    amount: uint256('amount'),
    /** UnstakeRequested, Withdrawn */
    requestId: uint256('request_id'),
    /** UnstakeRequested */
    unlockAt: timestamptz('unlock_at'),
    /** Transfer */
    fromAddress: varchar('from_address', { length: 42 }),
    toAddress: varchar('to_address', { length: 42 }),
    tokenId: uint256('token_id'),
    args: jsonb('args').$type<Record<string, string>>().notNull(),
  },
  (table) => [
    uniqueIndex('chain_events_log_key').on(table.chainId, table.txHash, table.logIndex),
    index('chain_events_block_idx').on(table.chainId, table.blockNumber),
    // stake and unstake requests of an address
    index('chain_events_account_idx').on(table.chainId, table.contract, table.account),
    // the latest event of a kind (thresholds)
    index('chain_events_event_idx').on(
      table.chainId,
      table.contract,
      table.event,
      table.blockNumber,
    ),
    // the withdrawal of a request
    index('chain_events_request_idx').on(table.chainId, table.contract, table.requestId),
  ],
);

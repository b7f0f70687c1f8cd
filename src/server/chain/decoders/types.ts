import type { Abi, Address, ContractEventName, DecodeEventLogReturnType } from 'viem';
import type { Db } from '../../db/database';
import type { chainEvents } from '../../db/schema';
import type { LoyaltyContracts } from '../contracts';

/**
 * A decoder module: what the chain indexer (../indexer.ts) needs to know about one contract.
 * The indexer core (cursor, block ranges, reorgs, the lock) reads the logs of every listed
 * module's address, decodes each log with the module's ABI, keeps the module's `events`, and
 * stores what `toEvent` makes of it as a `chain_events` row (unique on chain id, tx hash and log
 * index). Inside the same transaction it then calls `apply` with the rows that were new, and on a
 * reorg `rollback` after deleting the orphaned rows. Modules are listed in ./index.ts.
 */
export interface ChainDecoder<TAbi extends Abi = Abi> {
  /** a short name for logs, e.g. `staking` */
  readonly name: string;
  /**
   * The contract's address on the indexed chain, from the deployment (any case; the indexer
   * compares lower-case); undefined when it is not deployed there (the module is left out).
   * A contract the deployment object does not name reads `src/shared/contracts/generated.ts`
   * by `deployment.chainId` (see `deployedAddress` in ../contracts.ts).
   */
  address(deployment: ChainDeployment): Address | undefined;
  /** the contract's ABI (from src/shared/contracts/generated.ts) */
  readonly abi: TAbi;
  /** the events the module reads; the contract's other events are ignored */
  readonly events: readonly ContractEventName<TAbi>[];
  /**
   * One decoded log (one of `events`) -> its `chain_events` columns: the event name, the typed
   * columns it fills (lower-case addresses, uint256 as decimal strings) and `args` (every
   * argument as a string). Undefined skips the log. Pure: no I/O.
   */
  toEvent(log: DecodeEventLogReturnType<TAbi>): ChainEventFields | undefined;
  /**
   * Optional, inside the indexer's transaction after the tick's rows were inserted: the rows of
   * this contract that were new (a re-delivered log is not passed twice), oldest first. For
   * state the module keeps outside `chain_events`; `rollback` must undo it.
   */
  apply?(tx: Db, chainId: number, events: StoredChainEvent[]): Promise<void>;
  /**
   * Optional, inside the indexer's transaction on a reorg, after the rows of the blocks above
   * `toBlock` were deleted: undo what `apply` derived from them.
   */
  rollback?(tx: Db, chainId: number, toBlock: number): Promise<void>;
}

/**
 * What the modules take their addresses from: the chain id and the contracts of
 * `loyaltyContracts(chainId)` (../contracts.ts), as the API passes them to the indexer.
 */
export type ChainDeployment = LoyaltyContracts;

/** A `chain_events` row as inserted. */
export type ChainEventRow = typeof chainEvents.$inferInsert;
/** A `chain_events` row as stored (what `apply` gets). */
export type StoredChainEvent = typeof chainEvents.$inferSelect;

/** Columns the indexer fills from the log's position and block. */
type LogColumns =
  'id' | 'chainId' | 'blockNumber' | 'blockHash' | 'blockTime' | 'txHash' | 'logIndex' | 'contract';

/** What a module makes of one log (`event` must be one of ChainEventName in db/schema/chain.ts). */
export type ChainEventFields = Omit<ChainEventRow, LogColumns>;

/** Type-checks a module against its own ABI and returns it for the list in ./index.ts. */
export function defineChainDecoder<const TAbi extends Abi>(
  decoder: ChainDecoder<TAbi>,
): ChainDecoder {
  return decoder as unknown as ChainDecoder;
}

import { allianceDecoder } from './alliance';
import { binfiDecoder } from './binfi';
import { marginVaultDecoder } from './margin-vault';
import { stakingDecoder } from './staking';
import type { ChainDecoder } from './types';

export type { ChainDecoder, ChainDeployment, ChainEventFields, StoredChainEvent } from './types';
export { defineChainDecoder } from './types';

/**
 * The contracts the chain indexer follows, one decoder module each. Adding a contract: write
 * `<contract>.ts` here (address, ABI, events, `toEvent`, and `apply`/`rollback` if it keeps
 * state outside `chain_events`), add its event names to ChainEventName (db/schema/chain.ts),
 * and list it below. The indexer core does not change.
 */
export const CHAIN_DECODERS: readonly ChainDecoder[] = [
  stakingDecoder,
  allianceDecoder,
  marginVaultDecoder,
  binfiDecoder,
];

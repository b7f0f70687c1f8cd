import { binFiPoolAbi, binFiPoolAddress } from '../../../shared/contracts/generated';
import { applyBinfiEvents, rollbackBinfiEvents } from '../../domain/binfi/projection';
import { deployedAddress } from '../contracts';
import { type ChainEventFields, defineChainDecoder } from './types';

/** The BinFiPool events the projection reads (CustodyUpdated is the admin's, not a round's). */
export const BINFI_EVENTS = [
  'FundCreated',
  'OrderPlaced',
  'FundMatched',
  'FundStarted',
  'PeriodFunded',
  'OrderPaid',
  'BcntReleased',
  'RedemptionQueued',
  'RedemptionPaid',
  'FundStoppedOut',
  'FundMatured',
  'FundSettled',
  'OwedWithdrawn',
] as const;

/** An event argument as `chain_events.args` keeps it: addresses lower-case, numbers decimal. */
function argText(value: unknown): string {
  if (typeof value === 'string') return value.startsWith('0x') ? value.toLowerCase() : value;
  if (typeof value === 'bigint' || typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  return JSON.stringify(value);
}

/**
 * BinFiPool: every round event becomes a `chain_events` row (`account` = the order's owner or
 * the withdrawing account, `amount` where the event pays one, every argument in `args`).
 * `apply` rebuilds the touched rounds' rows in the binfi tables from their events, `rollback`
 * the rounds whose rows came from orphaned blocks (domain/binfi/projection.ts): the tables are a
 * pure function of the stored events, so a re-delivered log or a reorg cannot double count.
 */
export const binfiDecoder = defineChainDecoder({
  name: 'binfi',
  address: (deployment) => deployedAddress(binFiPoolAddress, deployment.chainId),
  abi: binFiPoolAbi,
  events: [...BINFI_EVENTS],
  toEvent(log): ChainEventFields | undefined {
    if (!(BINFI_EVENTS as readonly string[]).includes(log.eventName)) return undefined;
    const args: Record<string, string> = {};
    for (const [name, value] of Object.entries(log.args as Record<string, unknown>))
      args[name] = argText(value);
    const account = args.owner ?? args.account;
    const amount = args.amount;
    return {
      event: log.eventName as ChainEventFields['event'],
      ...(account ? { account } : {}),
      ...(amount ? { amount } : {}),
      args,
    };
  },
  apply: (tx, chainId, events) => applyBinfiEvents(tx, chainId, events),
  rollback: (tx, chainId, toBlock) => rollbackBinfiEvents(tx, chainId, toBlock),
});

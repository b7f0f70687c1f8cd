import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { depositAddresses, deposits, type LedgerCurrency } from '../../db/schema/wallet';
import type { WalletDeps } from '../../plugins/wallet';
import { DEPOSIT_NETWORK_CHAIN } from '../../../shared/constants/deposit-rules';
import { parseAmount } from '../../../shared/money/decimal';
import { checkWithdrawalAddress } from '../../../shared/validation/address';
import { currencyDecimals } from './balances';
import { creditDeposit, describeDeposit, requiredConfirmations } from './deposits';

/**
 * Bitcoin and TRON deposits go through network adapters. `DepositNetworkAdapter` is what a real
 * node adapter implements (bitcoind / Esplora for Bitcoin, a TRON full node or TronGrid for
 * TRC20 USDT): it reports transfers into the platform's addresses and the confirmations of a
 * transaction. `syncNetworkDeposits` (run by the `deposits` scheduler task and after the
 * simulator's commands) records what the adapter observed as `deposits` rows, marks rows whose
 * transaction the node no longer knows as orphaned and credits rows that reached their
 * confirmations (BTC 5, TRC20 12) through `creditDeposit` - the same path as EVM deposits.
 *
 * The local implementation is a simulator with its state in the `deposits` table itself (rows
 * with block_number null): the operator records "a deposit of X arrived at address Y"
 * (`deposits simulate`, a row with 0 confirmations) and adds confirmations
 * (`deposits confirm`); the simulator adapter reads them back.
 */

export const SIMULATED_NETWORKS = ['BTC_NATIVE_SEGWIT', 'TRC20'] as const;
export type SimulatedNetworkId = (typeof SIMULATED_NETWORKS)[number];

/** The currency a network carries into the wallet. */
const NETWORK_CURRENCY: Record<SimulatedNetworkId, LedgerCurrency> = {
  BTC_NATIVE_SEGWIT: 'BTC',
  TRC20: 'USDT',
};

/** A transfer into a platform address as a node reports it. */
export interface ObservedTransfer {
  /** transaction id (hex, no 0x) */
  txid: string;
  /** Bitcoin: the output index; TRON: the index of the Transfer event in the transaction */
  outputIndex: number;
  /** the receiving address, as encoded on the network */
  address: string;
  currency: LedgerCurrency;
  /** atomic units */
  amount: bigint;
  fromAddress?: string | null;
}

export interface DepositNetworkAdapter {
  readonly network: SimulatedNetworkId;
  /** Transfers into any of `addresses` seen since the last call (mempool or blocks). */
  observe(addresses: readonly string[]): Promise<ObservedTransfer[]>;
  /** The transaction's confirmations now; null when the node no longer has it (dropped or reorged out). */
  confirmations(txid: string): Promise<number | null>;
}

/** The local simulator adapter: reads the confirmations the operator gave simulated rows. */
export function createSimulatorAdapter(db: Db, network: SimulatedNetworkId): DepositNetworkAdapter {
  return {
    network,
    // Arrivals are written by `simulateDeposit` directly; nothing else arrives locally.
    observe: async () => [],
    async confirmations(txid) {
      const [row] = await db
        .select({ confirmations: deposits.confirmations })
        .from(deposits)
        .where(
          and(
            eq(deposits.network, network),
            eq(deposits.txHash, txid),
            isNull(deposits.blockNumber),
          ),
        )
        .limit(1);
      return row ? row.confirmations : null;
    },
  };
}

type Deps = Pick<WalletDeps, 'db' | 'clock' | 'config' | 'prices'>;

/** The member deposit address row of a Bitcoin/TRON address, or undefined. */
async function walletAddressRow(db: Db, network: SimulatedNetworkId, address: string) {
  const chain = DEPOSIT_NETWORK_CHAIN[network];
  const stored = chain === 'bitcoin' ? address.toLowerCase() : address;
  const [row] = await db
    .select()
    .from(depositAddresses)
    .where(and(eq(depositAddresses.chain, chain), eq(depositAddresses.address, stored)));
  return row;
}

/** Record an observed transfer (once per network, txid, output index). */
async function recordObserved(deps: Deps, network: SimulatedNetworkId, transfer: ObservedTransfer) {
  const target = await walletAddressRow(deps.db, network, transfer.address);
  if (!target || transfer.amount <= 0n) return undefined;
  const [row] = await deps.db
    .insert(deposits)
    .values({
      memberId: target.memberId,
      depositAddressId: target.id,
      currency: transfer.currency,
      network,
      amount: transfer.amount.toString(),
      txHash: transfer.txid,
      logIndex: transfer.outputIndex,
      fromAddress: transfer.fromAddress ?? null,
      confirmations: 0,
      requiredConfirmations: requiredConfirmations(deps, network),
      status: 'confirming',
      seenAt: deps.clock.now(),
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

/**
 * One pass over a network: record new transfers, then for every confirming row of the network
 * ask the adapter for its confirmations: gone -> orphaned; enough -> credited (or held).
 */
export async function syncNetworkDeposits(deps: Deps, adapter: DepositNetworkAdapter) {
  const chain = DEPOSIT_NETWORK_CHAIN[adapter.network];
  const watched = await deps.db
    .select({ address: depositAddresses.address })
    .from(depositAddresses)
    .where(eq(depositAddresses.chain, chain));
  for (const transfer of await adapter.observe(watched.map((row) => row.address))) {
    await recordObserved(deps, adapter.network, transfer);
  }
  const pending = await deps.db
    .select()
    .from(deposits)
    .where(and(eq(deposits.network, adapter.network), eq(deposits.status, 'confirming')))
    .orderBy(asc(deposits.id));
  const outcomes: { id: number; outcome: string }[] = [];
  for (const row of pending) {
    const confirmations = await adapter.confirmations(row.txHash);
    if (confirmations === null) {
      await deps.db
        .update(deposits)
        .set({ status: 'orphaned' })
        .where(and(eq(deposits.id, row.id), eq(deposits.status, 'confirming')));
      outcomes.push({ id: row.id, outcome: 'orphaned' });
    } else if (confirmations >= row.requiredConfirmations) {
      outcomes.push({ id: row.id, outcome: await creditDeposit(deps, row.id, { confirmations }) });
    } else if (confirmations !== row.confirmations) {
      await deps.db.update(deposits).set({ confirmations }).where(eq(deposits.id, row.id));
    }
  }
  return outcomes;
}

// ---- the simulator's operator commands -----------------------------------------------------

export class SimulatorError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SimulatorError';
  }
}

/** `deposits simulate`: a deposit of `amount` arrived at `address` (0 confirmations). */
export async function simulateDeposit(
  deps: Deps,
  input: {
    network: SimulatedNetworkId;
    address: string;
    amount: string;
    txid?: string | undefined;
  },
) {
  const address = input.address.trim();
  const problem = checkWithdrawalAddress(input.network, address);
  if (problem) throw new SimulatorError(`${address}: ${problem}`);
  const target = await walletAddressRow(deps.db, input.network, address);
  if (!target) throw new SimulatorError(`${address} is not a deposit address of this platform`);
  const currency = NETWORK_CURRENCY[input.network];
  const units = parseAmount(input.amount, currencyDecimals(currency));
  if (units === null || units <= 0n)
    throw new SimulatorError(`amount must be a positive ${currency} amount`);
  const txid = (input.txid ?? randomBytes(32).toString('hex')).toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(txid)) throw new SimulatorError('txid must be 64 hex digits');
  const row = await recordObserved(deps, input.network, {
    txid,
    outputIndex: 0,
    address,
    currency,
    amount: units,
  });
  if (!row) throw new SimulatorError(`transaction ${txid} was already recorded`);
  return describeDeposit(row);
}

/**
 * `deposits confirm`: `blocks` more confirmations for one simulated transaction or every
 * confirming simulated deposit of a network; rows that reach their count are credited.
 */
export async function confirmSimulatedDeposits(
  deps: Deps,
  input: { network: SimulatedNetworkId; txid?: string | undefined; blocks: number },
) {
  const where = and(
    eq(deposits.network, input.network),
    eq(deposits.status, 'confirming'),
    isNull(deposits.blockNumber),
    ...(input.txid ? [eq(deposits.txHash, input.txid.toLowerCase())] : []),
  );
  const touched = await deps.db
    .update(deposits)
    .set({ confirmations: sql`${deposits.confirmations} + ${input.blocks}` })
    .where(where)
    .returning({ id: deposits.id });
  if (input.txid && touched.length === 0)
    throw new SimulatorError(`no confirming simulated ${input.network} deposit ${input.txid}`);
  await syncNetworkDeposits(deps, createSimulatorAdapter(deps.db, input.network));
  const rows = await Promise.all(
    touched.map(async ({ id }) => {
      const [row] = await deps.db.select().from(deposits).where(eq(deposits.id, id));
      return describeDeposit(row!);
    }),
  );
  return rows;
}

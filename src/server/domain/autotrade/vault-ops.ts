import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import type { AutotradeMarginCurrency } from '../../db/schema/autotrade';
import { autotradeOperatorTxs, autotradeUnmatchedDeposits } from '../../db/schema/autotrade-margin';
import { marginTokenAddress, queueOperatorTx } from './margin';

/**
 * What an operator does by hand with MarginVault: give back a deposit that matched no open
 * subscription (a wrong or ended subscription id, another wallet, a token the subscription does
 * not use), and send again an operator transaction that failed every automatic attempt. Both
 * end as a row of the operator's transactions, which the `autotrade-margin` job signs, sends and
 * confirms like the others (restart-safe, never twice).
 */

export class VaultOpsRefusal extends Error {}

const unmatchedPurpose = (id: number) => `unmatched:${id}`;

export interface UnmatchedDepositView {
  id: number;
  chainId: number;
  txHash: string;
  member: string;
  token: string;
  strategyId: string;
  /** token units */
  amount: string;
  reason: string;
  createdAt: string;
  /** the operator transaction giving it back, if one was queued */
  release: { id: number; state: string; txHash: string | null } | null;
}

export async function listUnmatchedDeposits(db: Db): Promise<UnmatchedDepositView[]> {
  const rows = await db
    .select()
    .from(autotradeUnmatchedDeposits)
    .orderBy(desc(autotradeUnmatchedDeposits.id));
  const releases =
    rows.length === 0
      ? []
      : await db
          .select({
            id: autotradeOperatorTxs.id,
            purpose: autotradeOperatorTxs.purpose,
            state: autotradeOperatorTxs.state,
            txHash: autotradeOperatorTxs.txHash,
          })
          .from(autotradeOperatorTxs)
          .where(
            inArray(
              autotradeOperatorTxs.purpose,
              rows.map((row) => unmatchedPurpose(row.id)),
            ),
          );
  const byPurpose = new Map(releases.map((release) => [release.purpose, release]));
  return rows.map((row) => {
    const release = byPurpose.get(unmatchedPurpose(row.id));
    return {
      id: row.id,
      chainId: row.chainId,
      txHash: row.txHash,
      member: row.member,
      token: row.token,
      strategyId: row.strategyId,
      amount: row.amount,
      reason: row.reason,
      createdAt: row.createdAt.toISOString(),
      release: release ? { id: release.id, state: release.state, txHash: release.txHash } : null,
    };
  });
}

function currencyOf(chainId: number, token: string): AutotradeMarginCurrency | undefined {
  const currencies: AutotradeMarginCurrency[] = ['BCNT', 'USDT'];
  return currencies.find((currency) => marginTokenAddress(chainId, currency) === token);
}

/**
 * Queue the release of an unmatched deposit to the wallet that made it (MarginVault.release:
 * the vault keeps one balance per wallet and token). Once per deposit: a second call answers the
 * same transaction.
 */
export async function releaseUnmatchedDeposit(db: Db, clock: Clock, id: number) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(autotradeUnmatchedDeposits)
      .where(eq(autotradeUnmatchedDeposits.id, id))
      .for('update');
    if (!row) throw new VaultOpsRefusal(`no unmatched deposit ${id}`);
    const currency = currencyOf(row.chainId, row.token);
    if (!currency) {
      throw new VaultOpsRefusal(
        `deposit ${id} is in ${row.token}, not a margin token of the vault`,
      );
    }
    const operatorTxId = await queueOperatorTx(tx, clock, {
      subscriptionId: null,
      purpose: unmatchedPurpose(row.id),
      chainId: row.chainId,
      member: row.member,
      currency,
      amount: BigInt(row.amount),
      performanceFee: 0n,
    });
    const [queued] = await tx
      .select()
      .from(autotradeOperatorTxs)
      .where(eq(autotradeOperatorTxs.id, operatorTxId));
    return operatorTxView(queued!);
  });
}

type OperatorTxRow = typeof autotradeOperatorTxs.$inferSelect;

export interface OperatorTxAdminView {
  id: number;
  subscriptionId: number | null;
  purpose: string;
  kind: string;
  state: string;
  member: string;
  token: string;
  amount: string;
  performanceFee: string;
  attempts: number;
  txHash: string | null;
  lastError: string | null;
  updatedAt: string;
}

function operatorTxView(row: OperatorTxRow): OperatorTxAdminView {
  return {
    id: row.id,
    subscriptionId: row.subscriptionId,
    purpose: row.purpose,
    kind: row.kind,
    state: row.state,
    member: row.member,
    token: row.token,
    amount: row.amount,
    performanceFee: row.performanceFee,
    attempts: row.attempts,
    txHash: row.txHash,
    lastError: row.lastError,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listOperatorTxs(db: Db, state?: string): Promise<OperatorTxAdminView[]> {
  const rows = await db
    .select()
    .from(autotradeOperatorTxs)
    .where(state ? eq(autotradeOperatorTxs.state, state as OperatorTxRow['state']) : undefined)
    .orderBy(desc(autotradeOperatorTxs.id))
    .limit(200);
  return rows.map(operatorTxView);
}

/**
 * Send a failed operator transaction again: signed afresh (new nonce) with its attempts counted
 * from zero. Only a failed one: anything else is still on its way.
 */
export async function retryOperatorTx(db: Db, clock: Clock, id: number) {
  const [row] = await db
    .update(autotradeOperatorTxs)
    .set({
      state: 'prepared',
      attempts: 0,
      signedTx: null,
      txHash: null,
      nonce: null,
      lastError: null,
      updatedAt: clock.now(),
    })
    .where(and(eq(autotradeOperatorTxs.id, id), eq(autotradeOperatorTxs.state, 'failed')))
    .returning();
  if (!row) throw new VaultOpsRefusal(`operator transaction ${id} is not a failed one`);
  return operatorTxView(row);
}

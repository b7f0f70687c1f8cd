import { and, asc, eq, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import {
  BaseError,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  HttpRequestError,
  http,
  keccak256,
  TimeoutError,
} from 'viem';
import { ErrorCode } from '../../../shared/api/envelope';
import { type WithdrawalStatus, WithdrawError } from '../../../shared/api/wallet-withdraw';
import { withdrawalNetworkById } from '../../../shared/constants/networks';
import type { Db } from '../../db/database';
import { withdrawals } from '../../db/schema/withdrawal';
import { AppError } from '../../errors';
import { faultPoint } from '../../faults';
import type { WalletDeps } from '../../plugins/wallet';
import { withHotWalletNonce } from '../../chain/hot-wallet-nonce';
import { hotWalletAccount } from './hd';
import { memberAccount, platformAccount, postLedgerTransaction, transfer } from './ledger';
import { evmTokenAddress, type PayoutAdapter } from './withdrawal-payouts';
import { toWithdrawal } from './withdrawals';

/** The scheduler task that processes the withdrawal queue (jobs/withdrawals.ts). */
export const WITHDRAWALS_TASK = 'withdrawals';

/**
 * Processing of the withdrawal queue (scheduler task `withdrawals`, operator `withdrawals run`).
 *
 * 1. Claim: a due `queued` row becomes `processing` with one conditional UPDATE
 *    (`... where status = 'queued' returning`) before anything touches a network, so of any
 *    number of processors exactly one sends it.
 * 2. Send. EVM (ERC20 tokens, ETH): the transaction prepared (gas estimated: a revert or a hot
 *    wallet short of funds fails here), then under the hot wallet's nonce lock
 *    (chain/hot-wallet-nonce.ts, safe across API processes) its nonce allocated and the
 *    transaction signed; the nonce, the signed raw transaction and its hash are stored BEFORE it
 *    is sent, in the lock's database transaction. Then it is sent and the
 *    row becomes `broadcast`. Bitcoin/TRON: the payout adapter's send (idempotent per
 *    withdrawal), then `broadcast` with its txid.
 * 3. Confirm: `broadcast` rows are completed once their transaction has the confirmations
 *    (EVM: DEPOSIT_CONFIRMATIONS; others: the network's): ledger pending -> hot_wallet (amount)
 *    and pending -> fees (fee), status `completed`. A reverted transaction fails the row.
 * 4. Failure before anything left (RPC unreachable while preparing, revert at estimation, the
 *    node refusing the signed transaction): ledger pending -> available (amount + fee) as
 *    `withdrawal_refund`, status `failed` with the reason.
 *
 * Crash recovery: a `processing` row claimed over STALE_CLAIM_MS ago is picked up again. With a
 * stored signed transaction it is sent again as is (the same hash: it cannot pay twice; "already
 * known"/"nonce too low" lead to a look-up by hash); without one nothing was sent and it is
 * prepared afresh. A transport failure while sending (no answer: the node may have it) leaves
 * the row `processing` with its signed transaction for the next run, never refunded blindly.
 */

export interface ProcessingDeps {
  wallet: WalletDeps;
  /** Bitcoin and TRON payouts (the simulator by default) */
  payouts: PayoutAdapter;
}

export const STALE_CLAIM_MS = 2 * 60_000;
const BATCH = 50;

type Row = typeof withdrawals.$inferSelect;

export interface ProcessResult {
  claimed: number;
  broadcast: number;
  completed: number;
  failed: number;
  waiting: number;
}

function isEvm(network: string): boolean {
  return withdrawalNetworkById(network)?.addressType === 'evm';
}

function reasonOf(error: unknown): string {
  const message =
    error instanceof BaseError ? error.shortMessage : (error as Error)?.message || String(error);
  return message.slice(0, 300);
}

/** No answer from the node (it may have the transaction): never refund on this. */
function isTransportError(error: unknown): boolean {
  if (error instanceof BaseError) {
    return Boolean(error.walk((e) => e instanceof HttpRequestError || e instanceof TimeoutError));
  }
  return false;
}

function evmChain(deps: WalletDeps) {
  return defineChain({
    id: deps.config.chainId,
    name: `evm-${deps.config.chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [deps.config.rpcUrl] } },
  });
}

async function setRow(db: Db, id: number, from: WithdrawalStatus[], set: Partial<Row>) {
  const [row] = await db
    .update(withdrawals)
    .set(set)
    .where(and(eq(withdrawals.id, id), inArray(withdrawals.status, from)))
    .returning();
  return row;
}

/** Fail a withdrawal that did not leave and return amount + fee to the available balance. */
export async function failWithdrawal(
  deps: WalletDeps,
  id: number,
  reason: string,
  from: WithdrawalStatus[] = ['processing', 'broadcast'],
): Promise<Row | undefined> {
  return deps.db.transaction(async (txHandle) => {
    const tx = txHandle as unknown as Db;
    const row = await setRow(tx, id, from, {
      status: 'failed',
      failureReason: reason.slice(0, 300),
      completedAt: deps.clock.now(),
    });
    if (!row) return undefined;
    await postLedgerTransaction(tx, deps.clock, {
      idempotencyKey: `withdrawal:${row.id}:refund`,
      type: 'withdrawal_refund',
      memberId: row.memberId,
      reference: `withdrawal:${row.id}`,
      memo: { reason: row.failureReason },
      postings: transfer(
        memberAccount(row.memberId, 'pending_withdrawal'),
        memberAccount(row.memberId),
        row.currency,
        BigInt(row.amount) + BigInt(row.fee),
      ),
    });
    return row;
  });
}

async function completeWithdrawal(deps: WalletDeps, id: number, confirmations: number) {
  return deps.db.transaction(async (txHandle) => {
    const tx = txHandle as unknown as Db;
    const row = await setRow(tx, id, ['broadcast'], {
      status: 'completed',
      confirmations,
      completedAt: deps.clock.now(),
    });
    if (!row) return undefined;
    const reference = `withdrawal:${row.id}`;
    const postings = transfer(
      memberAccount(row.memberId, 'pending_withdrawal'),
      platformAccount('hot_wallet'),
      row.currency,
      BigInt(row.amount),
    );
    if (BigInt(row.fee) > 0n) {
      postings.push(
        ...transfer(
          memberAccount(row.memberId, 'pending_withdrawal'),
          platformAccount('fees'),
          row.currency,
          BigInt(row.fee),
        ),
      );
    }
    await postLedgerTransaction(tx, deps.clock, {
      idempotencyKey: `${reference}:sent`,
      type: 'withdrawal_sent',
      memberId: row.memberId,
      reference,
      memo: { txHash: row.txHash },
      postings,
    });
    return row;
  });
}

async function sendSigned(deps: WalletDeps, row: Row): Promise<'sent' | 'transport' | Error> {
  try {
    await deps.chain.sendRawTransaction({ serializedTransaction: row.signedTx as Hex });
    return 'sent';
  } catch (error) {
    if (isTransportError(error)) return 'transport';
    // Refused: maybe because it is already there (a resend after a crash).
    const known = await deps.chain
      .getTransaction({ hash: row.txHash as Hex })
      .then(() => true)
      .catch(() => false);
    return known ? 'sent' : (error as Error);
  }
}

/** Prepare, sign, store, send one claimed EVM withdrawal. */
async function sendEvm(
  deps: WalletDeps,
  claimed: Row,
): Promise<'broadcast' | 'failed' | 'waiting'> {
  let row = claimed;
  if (!row.signedTx) {
    let stored: Row | undefined;
    try {
      const account = hotWalletAccount(deps.config.walletSeed);
      const chain = evmChain(deps);
      const client = createWalletClient({
        account,
        chain,
        transport: http(deps.config.rpcUrl, { timeout: 10_000, retryCount: 0 }),
      });
      let call: { to: Hex; value?: bigint; data?: Hex };
      if (row.currency === 'ETH') {
        call = { to: row.address as Hex, value: BigInt(row.amount) };
      } else {
        const token = evmTokenAddress(deps.config.chainId, row.currency);
        if (!token) throw new Error(`no ${row.currency} contract on chain ${deps.config.chainId}`);
        call = {
          to: token,
          data: encodeFunctionData({
            abi: erc20Abi,
            functionName: 'transfer',
            args: [row.address as Hex, BigInt(row.amount)],
          }),
        };
      }
      // gas and fees first (no nonce: it is allocated below, under the hot wallet's lock)
      const prepared = await client.prepareTransactionRequest({
        ...call,
        account,
        chain,
        parameters: ['fees', 'gas', 'chainId', 'type'],
      });
      const claimedId = row.id;
      stored = await withHotWalletNonce(deps, account.address, async (tx, nonce) => {
        const signed = await client.signTransaction({ ...prepared, nonce });
        return setRow(tx, claimedId, ['processing'], {
          nonce,
          signedTx: signed,
          txHash: keccak256(signed),
        });
      });
    } catch (error) {
      // Nothing was sent: return the funds.
      await failWithdrawal(deps, row.id, reasonOf(error), ['processing']);
      return 'failed';
    }
    if (!stored) return 'waiting';
    row = stored;
  }
  const sent = await sendSigned(deps, row);
  if (sent === 'transport') return 'waiting';
  if (sent instanceof Error) {
    await failWithdrawal(deps, row.id, reasonOf(sent), ['processing']);
    return 'failed';
  }
  faultPoint('withdrawal.sent');
  await setRow(deps.db, row.id, ['processing'], {
    status: 'broadcast',
    broadcastAt: deps.clock.now(),
  });
  return 'broadcast';
}

async function sendAdapter(deps: ProcessingDeps, row: Row): Promise<'broadcast' | 'failed'> {
  let txid: string;
  try {
    ({ txid } = await deps.payouts.send({
      reference: `withdrawal:${row.id}`,
      network: row.network,
      currency: row.currency,
      address: row.address,
      amount: BigInt(row.amount),
    }));
  } catch (error) {
    await failWithdrawal(deps.wallet, row.id, reasonOf(error), ['processing']);
    return 'failed';
  }
  await setRow(deps.wallet.db, row.id, ['processing'], {
    status: 'broadcast',
    txHash: txid,
    broadcastAt: deps.wallet.clock.now(),
  });
  return 'broadcast';
}

/** Claim due queued withdrawals (all queued with `force`) and stale claims, and send them. */
export async function sendDueWithdrawals(
  deps: ProcessingDeps,
  options: { force?: boolean } = {},
): Promise<Pick<ProcessResult, 'claimed' | 'broadcast' | 'failed' | 'waiting'>> {
  const { db, clock } = deps.wallet;
  const now = clock.now();
  const staleBefore = new Date(now.getTime() - STALE_CLAIM_MS);
  const candidates = await db
    .select({ id: withdrawals.id, status: withdrawals.status })
    .from(withdrawals)
    .where(
      or(
        options.force
          ? eq(withdrawals.status, 'queued')
          : and(eq(withdrawals.status, 'queued'), lte(withdrawals.dueAt, now)),
        and(
          eq(withdrawals.status, 'processing'),
          or(isNull(withdrawals.claimedAt), lt(withdrawals.claimedAt, staleBefore)),
        ),
      ),
    )
    .orderBy(asc(withdrawals.id))
    .limit(BATCH);
  const result = { claimed: 0, broadcast: 0, failed: 0, waiting: 0 };
  for (const candidate of candidates) {
    // The claim: exactly one processor gets each row.
    const row = await setRow(db, candidate.id, [candidate.status], {
      claimedAt: now,
      status: 'processing',
    });
    if (!row) continue;
    result.claimed += 1;
    const outcome = isEvm(row.network)
      ? await sendEvm(deps.wallet, row)
      : await sendAdapter(deps, row);
    result[outcome] += 1;
  }
  return result;
}

/** Check `broadcast` withdrawals: complete those with enough confirmations, fail reverted ones. */
export async function confirmWithdrawals(
  deps: ProcessingDeps,
): Promise<Pick<ProcessResult, 'completed' | 'failed' | 'waiting'>> {
  const { db } = deps.wallet;
  const rows = await db
    .select()
    .from(withdrawals)
    .where(eq(withdrawals.status, 'broadcast'))
    .orderBy(asc(withdrawals.id))
    .limit(BATCH * 4);
  const result = { completed: 0, failed: 0, waiting: 0 };
  let head: bigint | undefined;
  for (const row of rows) {
    if (!isEvm(row.network)) {
      const confirmations = await deps.payouts.confirmations(row.network, row.txHash ?? '');
      const required = withdrawalNetworkById(row.network)?.confirmations ?? 1;
      if (confirmations !== null && confirmations >= required) {
        if (await completeWithdrawal(deps.wallet, row.id, confirmations)) result.completed += 1;
      } else result.waiting += 1;
      continue;
    }
    try {
      const receipt = await deps.wallet.chain
        .getTransactionReceipt({ hash: row.txHash as Hex })
        .catch((error: unknown) => {
          if (isTransportError(error)) throw error;
          return null;
        });
      if (!receipt) {
        // Not mined: if the node forgot it (restart, eviction), send the same signed one again.
        const known = await deps.wallet.chain
          .getTransaction({ hash: row.txHash as Hex })
          .then(() => true)
          .catch(() => false);
        if (!known && row.signedTx) {
          await deps.wallet.chain
            .sendRawTransaction({ serializedTransaction: row.signedTx as Hex })
            .catch(() => undefined);
        }
        result.waiting += 1;
        continue;
      }
      if (receipt.status === 'reverted') {
        await failWithdrawal(deps.wallet, row.id, 'transaction reverted on chain', ['broadcast']);
        result.failed += 1;
        continue;
      }
      head ??= await deps.wallet.chain.getBlockNumber();
      const confirmations = Number(head - receipt.blockNumber + 1n);
      if (confirmations >= deps.wallet.config.depositConfirmations) {
        await db
          .update(withdrawals)
          .set({ blockNumber: Number(receipt.blockNumber) })
          .where(eq(withdrawals.id, row.id));
        if (await completeWithdrawal(deps.wallet, row.id, confirmations)) result.completed += 1;
      } else {
        await db
          .update(withdrawals)
          .set({ confirmations, blockNumber: Number(receipt.blockNumber) })
          .where(eq(withdrawals.id, row.id));
        result.waiting += 1;
      }
    } catch (error) {
      deps.wallet.log.warn(
        { withdrawal: row.id, err: reasonOf(error) },
        'withdrawal: check failed',
      );
      result.waiting += 1;
    }
  }
  return result;
}

/** One pass: send what is due, then check what was sent (the scheduler task). */
export async function processWithdrawals(
  deps: ProcessingDeps,
  options: { force?: boolean } = {},
): Promise<ProcessResult> {
  const sent = await sendDueWithdrawals(deps, options);
  const confirmed = await confirmWithdrawals(deps);
  return {
    claimed: sent.claimed,
    broadcast: sent.broadcast,
    completed: confirmed.completed,
    failed: sent.failed + confirmed.failed,
    waiting: sent.waiting + confirmed.waiting,
  };
}

/** Support: fail a withdrawal that has not been signed yet (queued, or claimed without a signed tx). */
export async function failWithdrawalBySupport(deps: WalletDeps, id: number, reason: string) {
  const [row] = await deps.db.select().from(withdrawals).where(eq(withdrawals.id, id));
  if (!row) throw new AppError(ErrorCode.notFound, WithdrawError.withdrawalNotFound);
  if (!(row.status === 'queued' || (row.status === 'processing' && !row.signedTx))) {
    throw new AppError(ErrorCode.conflict, 'withdrawal_already_sent', { status: row.status });
  }
  const failed = await failWithdrawal(deps, id, reason, ['queued', 'processing']);
  if (!failed) throw new AppError(ErrorCode.conflict, 'withdrawal_already_sent');
  return toWithdrawal(failed);
}

/** Operator list: newest first, optionally one status. */
export async function listWithdrawals(
  db: Db,
  options: { status?: WithdrawalStatus | undefined; limit: number },
) {
  const rows = await db
    .select()
    .from(withdrawals)
    .where(options.status ? eq(withdrawals.status, options.status) : undefined)
    .orderBy(asc(withdrawals.id))
    .limit(options.limit);
  return rows.map((row) => ({ ...toWithdrawal(row), memberId: row.memberId, nonce: row.nonce }));
}

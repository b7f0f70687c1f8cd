import {
  TransactionNotFoundError,
  type Abi,
  type Address,
  type Hash,
  type TransactionReceipt,
} from 'viem';
import {
  call,
  getTransaction,
  getTransactionCount,
  getTransactionReceipt,
  waitForTransactionReceipt,
} from 'viem/actions';
import type { Config } from 'wagmi';
import { getAccount, sendTransaction, simulateContract, writeContract } from 'wagmi/actions';
import { usePendingTxStore, type PendingTx } from './pending-tx-store';
import {
  classifyTxError,
  decodeRevert,
  knownToken,
  revertOutcome,
  type TokenDisplay,
  type TxErrorContext,
} from './tx-errors';

/**
 * The transaction pipeline without React (STYLE.md 6), used by `useTxFlow`:
 *
 *   send:   [wrong chain? -> wrong-chain]
 *           waiting: simulate (a revert ends here as Failed, the wallet is never asked)
 *                    -> the wallet asks the member (4001 -> Cancelled)
 *           pending: hash known (stored for a resume) -> follow
 *   follow: wait for the receipt, following a speed-up/cancel to its replacement
 *           -> success: Done | reverted: Failed (reason from a re-run at the receipt's block)
 *           | replaced by a cancel: Cancelled
 *   resume: a stored hash after a reload -> follow (or forget it when the chain no longer knows it)
 */

/** A contract call (the usual request). */
export interface ContractTxRequest {
  address: Address;
  abi: Abi;
  functionName: string;
  args?: readonly unknown[];
  value?: bigint;
  /**
   * The token whose amounts this call's ERC-20 errors carry, for the error text. Default: the
   * called contract when it is one of our tokens, else BCNT.
   */
  token?: TokenDisplay;
}

/** A plain ETH transfer to `to` (no contract call), e.g. a deposit to the member's address. */
export interface NativeTransferRequest {
  to: Address;
  value: bigint;
}

export type TxRequest = ContractTxRequest | NativeTransferRequest;

const contractCall = (request?: TxRequest): ContractTxRequest | undefined =>
  request && 'abi' in request ? request : undefined;

export type TxOutcome =
  | { status: 'done'; hash: Hash; receipt: TransactionReceipt }
  | {
      status: 'failed';
      hash?: Hash;
      receipt?: TransactionReceipt;
      errorKey: string;
      errorValues?: Record<string, string>;
    }
  | { status: 'cancelled'; hash?: Hash; receipt?: TransactionReceipt }
  | { status: 'wrong-chain' }
  /** The caller stopped following (unmount): a stored pending entry stays for a resume. */
  | { status: 'aborted' }
  /** A resumed hash the chain no longer knows (dropped, or replaced while the page was closed). */
  | { status: 'gone' };

export type TxProgressUpdate = { status: 'waiting' } | { status: 'pending'; hash: Hash };

export interface TxRunContext {
  config: Config;
  /** The app's chain: every write goes there. */
  chainId: number;
  /** The action key: the pending entry is stored under it. */
  key: string;
  signal: AbortSignal;
  onUpdate: (update: TxProgressUpdate) => void;
  /** Delay before following again after the RPC failed while pending (ms, grows to 30 s). */
  retryDelayMs?: number;
}

function errorContext(ctx: TxRunContext, request?: TxRequest): TxErrorContext {
  return {
    abi: contractCall(request)?.abi,
    chainId: ctx.chainId,
    token: contractCall(request)?.token ?? knownToken(contractCall(request)?.address, ctx.chainId),
  };
}

function isAbort(ctx: TxRunContext, error?: unknown): boolean {
  return ctx.signal.aborted || (error instanceof Error && error.name === 'AbortError');
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/** Asks the wallet to send `request` from the connected account and follows it to the end. */
export async function sendTx(ctx: TxRunContext, request: TxRequest): Promise<TxOutcome> {
  const { config, chainId } = ctx;
  const account = getAccount(config);
  if (account.chainId !== undefined && account.chainId !== chainId)
    return { status: 'wrong-chain' };
  const from = account.address;
  if (!from || account.status !== 'connected')
    return { status: 'failed', errorKey: 'error.notConnected' };

  ctx.onUpdate({ status: 'waiting' });
  let hash: Hash;
  if (!('abi' in request)) {
    try {
      hash = await sendTransaction(config, {
        to: request.to,
        value: request.value,
        account: from,
        chainId,
      });
    } catch (error) {
      if (isAbort(ctx, error)) return { status: 'aborted' };
      return classifyTxError(error, errorContext(ctx, request));
    }
    return followSent(ctx, { key: ctx.key, hash, chainId, from, createdAt: Date.now() }, request);
  }
  const call = {
    address: request.address,
    abi: request.abi,
    functionName: request.functionName,
    args: request.args,
    value: request.value,
    account: from,
    chainId,
  } as const;

  // A revert known before the prompt ends here: the wallet is never opened.
  try {
    await simulateContract(config, call as Parameters<typeof simulateContract>[1]);
  } catch (error) {
    if (isAbort(ctx, error)) return { status: 'aborted' };
    return classifyTxError(error, errorContext(ctx, request));
  }
  if (ctx.signal.aborted) return { status: 'aborted' };

  try {
    hash = await writeContract(config, call as Parameters<typeof writeContract>[1]);
  } catch (error) {
    return classifyTxError(error, errorContext(ctx, request));
  }
  return followSent(ctx, { key: ctx.key, hash, chainId, from, createdAt: Date.now() }, request);
}

/** A transaction the wallet sent: stored as pending (for a resume), then followed. */
function followSent(ctx: TxRunContext, entry: PendingTx, request: TxRequest): Promise<TxOutcome> {
  const { hash } = entry;
  usePendingTxStore.getState().put(entry);
  ctx.onUpdate({ status: 'pending', hash });
  void rememberNonce(ctx, entry);
  return followTx(ctx, entry, request);
}

/** Best effort: the nonce lets a resume tell a transaction replaced while the page was closed. */
async function rememberNonce(ctx: TxRunContext, entry: PendingTx): Promise<void> {
  try {
    const client = ctx.config.getClient({ chainId: ctx.chainId });
    const tx = await getTransaction(client, { hash: entry.hash });
    usePendingTxStore.getState().patch(entry.key, entry.hash, { nonce: tx.nonce });
  } catch {
    // unknown yet: the resume then waits for the hash as it is
  }
}

/**
 * Resumes a stored pending transaction: follows it unless the chain no longer knows it (no
 * receipt, no transaction, and its nonce already used by another one) - then it is forgotten.
 */
export async function resumeTx(ctx: TxRunContext, entry: PendingTx): Promise<TxOutcome> {
  ctx.onUpdate({ status: 'pending', hash: entry.hash });
  const client = ctx.config.getClient({ chainId: ctx.chainId });
  try {
    const receipt = await getTransactionReceipt(client, { hash: entry.hash }).catch(() => null);
    if (!receipt) {
      const known = await getTransaction(client, { hash: entry.hash }).catch((error: unknown) => {
        if (error instanceof TransactionNotFoundError) return null;
        throw error;
      });
      if (!known && entry.nonce !== undefined) {
        const used = await getTransactionCount(client, { address: entry.from, blockTag: 'latest' });
        if (used > entry.nonce) {
          usePendingTxStore.getState().remove(entry.key, entry.hash);
          return { status: 'gone' };
        }
      }
    }
  } catch {
    // the RPC is not answering: follow anyway, it retries
  }
  if (ctx.signal.aborted) return { status: 'aborted' };
  return followTx(ctx, entry);
}

/** Waits for the receipt of `entry.hash` (and of its replacement), then finishes the entry. */
export async function followTx(
  ctx: TxRunContext,
  entry: PendingTx,
  request?: TxRequest,
): Promise<TxOutcome> {
  const client = ctx.config.getClient({ chainId: ctx.chainId });
  const store = usePendingTxStore.getState;
  let hash = entry.hash;
  let cancelledByReplacement = false;
  let delay = ctx.retryDelayMs ?? 2_000;
  let receipt: TransactionReceipt | undefined;

  while (!receipt) {
    if (ctx.signal.aborted) return { status: 'aborted' };
    try {
      receipt = await waitForTransactionReceipt(client, {
        hash,
        timeout: 0,
        signal: ctx.signal,
        replacement:
          entry.nonce !== undefined ? { from: entry.from, nonce: entry.nonce } : undefined,
        onReplaced: (replacement) => {
          const next = replacement.transaction.hash;
          store().patch(ctx.key, hash, { hash: next, nonce: replacement.transaction.nonce });
          hash = next;
          cancelledByReplacement = replacement.reason === 'cancelled';
          ctx.onUpdate({ status: 'pending', hash: next });
        },
      });
    } catch (error) {
      if (isAbort(ctx, error)) return { status: 'aborted' };
      // The RPC failed; the transaction is still out there: keep following (still Pending).
      await sleep(delay, ctx.signal);
      delay = Math.min(delay * 2, 30_000);
    }
  }

  if (cancelledByReplacement) {
    store().remove(ctx.key, hash);
    return { status: 'cancelled', hash, receipt };
  }
  if (receipt.status === 'success') {
    store().remove(ctx.key, hash);
    return { status: 'done', hash, receipt };
  }
  const failure = await revertReason(ctx, receipt, request);
  if (ctx.signal.aborted) return { status: 'aborted' };
  store().remove(ctx.key, hash);
  return { ...failure, hash, receipt };
}

/**
 * Why a mined transaction reverted: the same call again at the receipt's block, decoded. Falls
 * back to 'error.reverted' (the call passes there, e.g. it ran out of gas, or the RPC failed).
 */
async function revertReason(ctx: TxRunContext, receipt: TransactionReceipt, request?: TxRequest) {
  const client = ctx.config.getClient({ chainId: ctx.chainId });
  const context = errorContext(ctx, request);
  try {
    const tx = await getTransaction(client, { hash: receipt.transactionHash });
    await call(client, {
      account: tx.from,
      to: tx.to ?? undefined,
      data: tx.input,
      value: tx.value,
      blockNumber: receipt.blockNumber,
    });
  } catch (error) {
    return revertOutcome(decodeRevert(error, contractCall(request)?.abi), context);
  }
  return revertOutcome(undefined, context);
}

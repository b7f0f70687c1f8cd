import { useQueryClient, type Query, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Hash, TransactionReceipt } from 'viem';
import { useAccount, useConfig } from 'wagmi';
import { switchChain as switchWalletChain } from 'wagmi/actions';
import { isUserRejection } from '../siwe-flow';
import { pendingTxToResume } from './pending-tx-store';
import {
  resumeTx,
  sendTx,
  type TxOutcome,
  type TxProgressUpdate,
  type TxRequest,
  type TxRunContext,
} from './run-tx';
import { TX_ERROR_KEYS } from './tx-errors';

export type { TxRequest } from './run-tx';

export type TxStatus =
  'idle' | 'wrong-chain' | 'waiting' | 'pending' | 'done' | 'failed' | 'cancelled';

export interface TxFlowState {
  status: TxStatus;
  /** The (latest, after replacement) transaction hash. */
  hash?: Hash;
  receipt?: TransactionReceipt;
  /** i18n key in the `tx` namespace for Failed, e.g. 'error.StakingRequestLocked' or 'error.generic'. */
  errorKey?: string;
  /** Interpolation values for errorKey (already formatted strings). */
  errorValues?: Record<string, string>;
}

export interface UseTxFlowOptions {
  /**
   * Stable id of the action, e.g. 'loyalty.stake' or `loyalty.withdraw.${requestId}`: persisted
   * pending txs are resumed by it after a reload.
   */
  key: string;
  /** react-query keys invalidated after Done (plus wagmi's readContract/balance queries, always). */
  invalidate?: readonly QueryKey[];
  onDone?: (receipt: TransactionReceipt) => void;
}

export interface TxFlow {
  state: TxFlowState;
  /** True while waiting or pending. */
  busy: boolean;
  /**
   * Asks the wallet, follows the tx to the end; resolves with the receipt on Done, undefined
   * otherwise (never throws).
   */
  send: (request: TxRequest) => Promise<TransactionReceipt | undefined>;
  reset: () => void;
  /**
   * When status is 'wrong-chain' (or the wallet is on another chain): asks the wallet to switch
   * to the app chain. After a switch from 'wrong-chain' the held request is sent at once.
   */
  switchChain: () => Promise<void>;
  /** Sends the last request again (after Failed/Cancelled); without one it only resets. */
  retry?: () => Promise<TransactionReceipt | undefined>;
  /** The app chain's name, for "Switch to {{chain}}". */
  chainName?: string;
  /** The connected wallet is on another chain than the app's (whatever the status). */
  wrongChain?: boolean;
}

/** wagmi 2's query keys of chain reads (`['readContract', {...}]`, `['balance', {...}]`, ...). */
const WAGMI_READ_QUERIES: ReadonlySet<string> = new Set([
  'readContract',
  'readContracts',
  'infiniteReadContracts',
  'balance',
  'token',
]);

/** True for a wagmi chain-read query: these are refetched after every Done. */
export function isWagmiReadQuery(query: Pick<Query, 'queryKey'>): boolean {
  const head = query.queryKey[0];
  return typeof head === 'string' && WAGMI_READ_QUERIES.has(head);
}

/** After Done: wagmi's chain reads and the action's own keys (not awaited: Done shows at once). */
export function invalidateAfterTx(
  queryClient: QueryClient,
  keys: readonly QueryKey[] = [],
): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ predicate: isWagmiReadQuery }),
    ...keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  ]).then(() => undefined);
}

const IDLE: TxFlowState = { status: 'idle' };

/**
 * The one transaction pipeline (STYLE.md 6; flow in `src/web3/README.md`). Every wallet action
 * calls `send` with its contract call and renders `TxFlowProgress` with the returned flow:
 *
 *   idle -> waiting (simulated, the wallet asks) -> pending (hash known) -> done
 *                                                                        -> failed (reverted)
 *                                                                        -> cancelled (cancel tx)
 *        -> failed (reverts at simulation: the wallet is never asked)
 *        -> cancelled (refused in the wallet, 4001)
 *        -> wrong-chain (the wallet is on another chain: `switchChain`, then it is sent)
 *
 * Must sit inside WagmiProvider and a QueryClientProvider. The app chain is the first chain of
 * the wagmi config (`getWagmiSetup().appChain`). A pending transaction of `key` stored by an
 * earlier page is resumed on mount (status pending with its hash, then finishes as usual).
 */
export function useTxFlow({ key, invalidate, onDone }: UseTxFlowOptions): TxFlow {
  const config = useConfig();
  const queryClient = useQueryClient();
  const { address, chainId: walletChainId, status: accountStatus } = useAccount();
  const appChain = config.chains[0];
  const [state, setState] = useState<TxFlowState>(IDLE);

  // Latest callbacks without restarting anything.
  const latest = useRef({ invalidate, onDone });
  useEffect(() => {
    latest.current = { invalidate, onDone };
  });

  /** The running send/follow: its abort controller and id (older runs may not touch state). */
  const run = useRef<{ id: number; controller: AbortController } | null>(null);
  const runIds = useRef(0);
  /** The request held while the wallet is on another chain (sent after `switchChain`). */
  const held = useRef<TxRequest | undefined>(undefined);
  const stateRef = useRef(state);
  stateRef.current = state;

  const startRun = useCallback(() => {
    const controller = new AbortController();
    const id = ++runIds.current;
    run.current = { id, controller };
    const isCurrent = () => run.current?.id === id && !controller.signal.aborted;
    const context: TxRunContext = {
      config,
      chainId: appChain.id,
      key,
      signal: controller.signal,
      onUpdate: (update: TxProgressUpdate) => {
        if (!isCurrent()) return;
        setState(update.status === 'pending' ? { status: 'pending', hash: update.hash } : update);
      },
    };
    return { context, isCurrent };
  }, [config, appChain.id, key]);

  const finish = useCallback(
    (outcome: TxOutcome, isCurrent: () => boolean): TransactionReceipt | undefined => {
      if (outcome.status === 'aborted' || !isCurrent()) return undefined;
      run.current = null;
      switch (outcome.status) {
        case 'done': {
          held.current = undefined;
          setState({ status: 'done', hash: outcome.hash, receipt: outcome.receipt });
          void invalidateAfterTx(queryClient, latest.current.invalidate);
          try {
            latest.current.onDone?.(outcome.receipt);
          } catch (error) {
            console.error(error); // the caller's bug must not turn a Done into a throw
          }
          return outcome.receipt;
        }
        case 'gone':
          setState(IDLE);
          void invalidateAfterTx(queryClient, latest.current.invalidate);
          return undefined;
        case 'wrong-chain':
          setState({ status: 'wrong-chain' });
          return undefined;
        case 'cancelled':
          setState({ status: 'cancelled', hash: outcome.hash, receipt: outcome.receipt });
          return undefined;
        case 'failed':
          setState({
            status: 'failed',
            hash: outcome.hash,
            receipt: outcome.receipt,
            errorKey: outcome.errorKey,
            errorValues: outcome.errorValues,
          });
          // A reverted transaction still changed balances (gas): refresh the reads.
          if (outcome.receipt) void invalidateAfterTx(queryClient, latest.current.invalidate);
          return undefined;
      }
    },
    [queryClient],
  );

  const send = useCallback(
    async (request: TxRequest): Promise<TransactionReceipt | undefined> => {
      if (run.current) return undefined; // one transaction at a time per action
      held.current = request;
      const { context, isCurrent } = startRun();
      let outcome: TxOutcome;
      try {
        outcome = await sendTx(context, request);
      } catch {
        outcome = { status: 'failed', errorKey: TX_ERROR_KEYS.generic };
      }
      return finish(outcome, isCurrent);
    },
    [startRun, finish],
  );

  // Resume a transaction of this action sent before a reload (or from another tab).
  useEffect(() => {
    if (!address || accountStatus !== 'connected' || run.current) return;
    const entry = pendingTxToResume(key, appChain.id, address);
    if (!entry) return;
    const { context, isCurrent } = startRun();
    void resumeTx(context, entry)
      .catch((): TxOutcome => ({ status: 'failed', errorKey: TX_ERROR_KEYS.generic }))
      .then((outcome) => finish(outcome, isCurrent));
  }, [key, address, accountStatus, appChain.id, startRun, finish]);

  // Leaving the page stops following (the stored entry stays and is resumed next time).
  useEffect(
    () => () => {
      run.current?.controller.abort();
      run.current = null;
    },
    [],
  );

  const reset = useCallback(() => {
    if (run.current) return; // a sent transaction cannot be forgotten while it is pending
    held.current = undefined;
    setState(IDLE);
  }, []);

  const switchChain = useCallback(async () => {
    try {
      await switchWalletChain(config, { chainId: appChain.id });
    } catch (error) {
      if (stateRef.current.status === 'wrong-chain' && !isUserRejection(error))
        setState({ status: 'wrong-chain', errorKey: TX_ERROR_KEYS.switchFailed });
      return;
    }
    if (stateRef.current.status !== 'wrong-chain') return;
    const request = held.current;
    if (request) void send(request);
    else setState(IDLE);
  }, [config, appChain.id, send]);

  const retry = useCallback(async () => {
    const request = held.current;
    if (request) return send(request);
    reset();
    return undefined;
  }, [send, reset]);

  const busy = state.status === 'waiting' || state.status === 'pending';
  const wrongChain =
    accountStatus === 'connected' && walletChainId !== undefined && walletChainId !== appChain.id;

  return useMemo(
    () => ({
      state,
      busy,
      send,
      reset,
      switchChain,
      retry,
      chainName: appChain.name,
      wrongChain,
    }),
    [state, busy, send, reset, switchChain, retry, appChain.name, wrongChain],
  );
}

import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { queryKeys } from '../services/query-keys';
import { newIdempotencyKey } from '../services/wallet';

/** Where a custodial action stands: the progress a screen shows. */
export type ActionState = 'idle' | 'submitting' | 'done' | 'error';

export interface IdempotentActionOptions<TBody, TResult> {
  /** The API call, sent with the action's Idempotency-Key. */
  call: (body: TBody, key: string) => Promise<TResult>;
  /**
   * Queries that change when money moves; refreshed after every attempt (a failed one may
   * still have moved money before its answer was lost). Default: every wallet query.
   */
  invalidate?: readonly QueryKey[];
  /** The feature's error text (its `useErrorText(...)`), for `errorText`. */
  errorText?: (error: unknown) => string | undefined;
}

export interface IdempotentAction<TBody, TResult> {
  state: ActionState;
  /** The answer of the last successful attempt (until the next action starts). */
  result: TResult | undefined;
  error: unknown;
  /** The error, translated (undefined while there is none or nothing to say). */
  errorText: string | undefined;
  isPending: boolean;
  /**
   * Sends the action. A retry after a failure sends the same key (the server answers a repeated
   * key with the first outcome, so nothing moves twice); after a success the next run is a new
   * action with a new key. Rejects with the call's error, like `mutateAsync`.
   */
  run: (body: TBody) => Promise<TResult>;
  /** The member changed the action (amount, direction...): a new key, the last outcome gone. */
  newAction: () => void;
}

const WALLET = [queryKeys.member.wallet()] as const;

/**
 * A money move through the API (convert, custodial stake, withdrawal, store purchase, product
 * subscriptions): the custodial counterpart of `useTxFlow`. One Idempotency-Key per user
 * action, the same key on every retry of it, progress states, the wallet's queries refreshed,
 * the error translated.
 */
export function useIdempotentAction<TBody, TResult>({
  call,
  invalidate = WALLET,
  errorText,
}: IdempotentActionOptions<TBody, TResult>): IdempotentAction<TBody, TResult> {
  const client = useQueryClient();
  const key = useRef<string | null>(null);
  const mutation = useMutation({
    mutationFn: ({ body, key: actionKey }: { body: TBody; key: string }) => call(body, actionKey),
    onSettled: () =>
      Promise.all(invalidate.map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
  const { mutateAsync, reset } = mutation;

  const run = useCallback(
    async (body: TBody) => {
      key.current ??= newIdempotencyKey();
      const result = await mutateAsync({ body, key: key.current });
      key.current = null; // done: the next run is another action
      return result;
    },
    [mutateAsync],
  );
  const newAction = useCallback(() => {
    key.current = null;
    reset();
  }, [reset]);

  return {
    state: mutation.isPending
      ? 'submitting'
      : mutation.isSuccess
        ? 'done'
        : mutation.isError
          ? 'error'
          : 'idle',
    result: mutation.data,
    error: mutation.error,
    errorText: mutation.error ? errorText?.(mutation.error) : undefined,
    isPending: mutation.isPending,
    run,
    newAction,
  };
}

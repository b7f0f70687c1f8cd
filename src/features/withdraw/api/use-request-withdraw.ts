import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../services/query-keys';
import { requestWithdraw, sendWithdrawCode } from '../../../services/wallet-withdraw';
import type { WithdrawBody, Withdrawal } from '../../../shared/api/wallet-withdraw';

/**
 * POST /api/v1/user/Withdraw. The caller passes the idempotency key it made once for this
 * submit (and reuses when the member retries the same submit). Money moved: every wallet query
 * is invalidated.
 */
export function useRequestWithdraw() {
  const queryClient = useQueryClient();
  return useMutation<Withdrawal, unknown, { body: WithdrawBody; idempotencyKey: string }>({
    mutationFn: ({ body, idempotencyKey }) => requestWithdraw(body, idempotencyKey),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.member.wallet() }),
  });
}

/** POST /api/v1/user/Withdraw/sendCode (SMS two-step). */
export function useSendWithdrawCode() {
  return useMutation({ mutationFn: () => sendWithdrawCode() });
}

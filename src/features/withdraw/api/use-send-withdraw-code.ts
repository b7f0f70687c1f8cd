import { useMutation } from '@tanstack/react-query';
import { sendWithdrawCode } from '../../../services/wallet-withdraw';

/**
 * POST /api/v1/user/Withdraw/sendCode (SMS two-step). The withdrawal itself goes through
 * `useIdempotentAction` (src/hooks), in the withdraw panel.
 */
export function useSendWithdrawCode() {
  return useMutation({ mutationFn: () => sendWithdrawCode() });
}

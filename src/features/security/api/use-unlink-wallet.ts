import { useMutation, useQueryClient } from '@tanstack/react-query';
import { siweUnlink } from '../../../services/member-security';
import type { LinkedWallet } from '../../../shared/api/auth';
import { securityKeys } from './security-query-keys';

/** POST /member/siwe/unlink with the second-factor code; its answer is the new list. */
export function useUnlinkWallet() {
  const queryClient = useQueryClient();
  return useMutation<LinkedWallet[], unknown, { address: string; code: string }>({
    mutationKey: [...securityKeys.wallets(), 'unlink'],
    mutationFn: (body) => siweUnlink(body),
    onSuccess: (remaining) => {
      // the answer is the remaining list
      queryClient.setQueryData(securityKeys.wallets(), remaining);
      return queryClient.invalidateQueries({ queryKey: securityKeys.logs.all });
    },
  });
}

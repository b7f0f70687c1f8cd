import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '../../../services/query-keys';

/**
 * After a conversion or a stake: every wallet query (balances, histories, convert info, stake
 * record) and the loyalty status (the custodial stake counts for the level).
 */
export function useInvalidateWallet() {
  const client = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.member.wallet() }),
        client.invalidateQueries({ queryKey: queryKeys.member.loyaltyStatus() }),
      ]),
    [client],
  );
}

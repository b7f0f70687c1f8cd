import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  unregisterAlliance,
  type AllianceUnregisterResult,
  type LoyaltyStatus,
} from '../../../services/alliance';
import { queryKeys } from '../../../services/query-keys';
import { allianceCheckAllKey } from './use-alliance-check';

/**
 * PATCH /member/loyalty/alliance/unregister (never replayed). On success the cached status
 * drops the registration at once (ended by the member, not by a transfer), then the status
 * (the level drops today) and every check are fetched again.
 */
export function useUnregisterAlliance() {
  const queryClient = useQueryClient();
  return useMutation<AllianceUnregisterResult, unknown, void>({
    mutationKey: [...queryKeys.member.loyaltyStatus(), 'allianceUnregister'],
    mutationFn: () => unregisterAlliance(),
    onSuccess: () => {
      queryClient.setQueryData<LoyaltyStatus>(queryKeys.member.loyaltyStatus(), (status) =>
        status?.alliance
          ? {
              ...status,
              alliance: null,
              allianceEnded: {
                address: status.alliance.address,
                tokenId: status.alliance.tokenId,
                endedAt: new Date().toISOString(),
                reason: 'unregistered',
              },
            }
          : status,
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.member.loyaltyStatus() }),
        queryClient.invalidateQueries({ queryKey: allianceCheckAllKey }),
      ]);
    },
  });
}

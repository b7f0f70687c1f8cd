import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  registerAlliance,
  type AllianceRegisterBody,
  type AllianceRegistration,
  type LoyaltyStatus,
} from '../../../services/alliance';
import { queryKeys } from '../../../services/query-keys';
import { allianceCheckAllKey } from './use-alliance-check';

/**
 * POST /member/loyalty/alliance/register (never replayed). On success the cached loyalty
 * status shows the registration at once, and the status (the level is the server's to derive)
 * and every check are fetched again.
 */
export function useRegisterAlliance() {
  const queryClient = useQueryClient();
  return useMutation<AllianceRegistration, unknown, AllianceRegisterBody>({
    mutationKey: [...queryKeys.member.loyaltyStatus(), 'allianceRegister'],
    mutationFn: (body) => registerAlliance(body),
    onSuccess: (registration) => {
      queryClient.setQueryData<LoyaltyStatus>(queryKeys.member.loyaltyStatus(), (status) =>
        status ? { ...status, alliance: registration, allianceEnded: null } : status,
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.member.loyaltyStatus() }),
        queryClient.invalidateQueries({ queryKey: allianceCheckAllKey }),
      ]);
    },
  });
}

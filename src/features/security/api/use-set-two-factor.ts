import { queryKeys } from '../../../services/query-keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { set2FASettings } from '../../../services/member-security';
import type { Set2FABody, Set2FAResult } from '../../../shared/api/auth';
import { securityKeys } from './security-query-keys';

/**
 * POST /member/set2FASettings, any action. Every answer carries the current settings: they go
 * straight into the cache (method and withdrawal lock show at once); the activity log changes.
 */
export function useSetTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation<Set2FAResult, unknown, Set2FABody>({
    mutationKey: [...queryKeys.member.twoFactorSettings(), 'set'],
    mutationFn: (body) => set2FASettings(body),
    onSuccess: (result, body) => {
      queryClient.setQueryData(queryKeys.member.twoFactorSettings(), result.settings);
      if (body.action !== 'send-sms' && body.action !== 'totp-setup')
        void queryClient.invalidateQueries({ queryKey: securityKeys.logs.all });
    },
  });
}

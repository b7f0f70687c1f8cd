import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { get2FASettings, set2FASettings } from '../../../services/member-security';
import { cachePresets, queryKeys } from '../../../services/query-keys';

/**
 * The member's two-step settings (POST /member/get2FASettings), for the address book: adding an
 * address needs the second factor, and a member without one is sent to the Security page. The
 * key is the one the Security screens use (`securityKeys.twoFactor()` there: member / security /
 * twoFactor), so a change made on the Security tab shows here at once.
 */
export function twoFactorSettingsQueryOptions() {
  return queryOptions({
    queryKey: [...queryKeys.member.all, 'security', 'twoFactor'] as const,
    queryFn: () => get2FASettings(),
    ...cachePresets.fresh,
  });
}

export function useTwoFactorSettings() {
  return useQuery(twoFactorSettingsQueryOptions());
}

/**
 * An SMS code of the member's two-step verification (set2FASettings `send-sms`: the code the
 * address book's `code` is checked against). Used by the address book, whose calls do not need
 * identity verification (the withdrawal's own sendCode route does).
 */
export function useSendTwoFactorSms() {
  return useMutation({
    mutationFn: async () => {
      const result = await set2FASettings({ action: 'send-sms' });
      return { resendAfter: result.sms?.resendAfter ?? 0, sentTo: result.sms?.sentTo ?? '' };
    },
  });
}

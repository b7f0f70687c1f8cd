import { useMutation } from '@tanstack/react-query';
import { set2FASettings } from '../../../services/member-security';

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

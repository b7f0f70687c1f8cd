import { queryKeys } from '../../../services/query-keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  activation,
  sendVerifyEmailCode,
  sendVerifySmsCode,
  updateStoredMember,
  type ActivationResult,
  type SendCodeResult,
} from '../../../services/member-auth';

export type ContactChannel = 'email' | 'mobile';

/**
 * POST /member/sendVerifyEmailCode or /member/sendVerifySmsCode: a 6-digit code to the
 * account's stored e-mail or mobile (the account is named by its `userName`, the login e-mail).
 */
export function useSendContactCode(channel: ContactChannel) {
  return useMutation<SendCodeResult, unknown, { userName: string }>({
    mutationFn: (body) =>
      channel === 'email' ? sendVerifyEmailCode(body) : sendVerifySmsCode(body),
  });
}

/**
 * PUT /member/activation: confirms the e-mail or the mobile with its code. On success the member
 * info is fetched again (its `emailVerified` / `mobileVerified`) and the stored login info
 * follows.
 */
export function useActivateContact(channel: ContactChannel) {
  const queryClient = useQueryClient();
  return useMutation<ActivationResult, unknown, { userName: string; code: string }>({
    mutationFn: ({ userName, code }) => activation({ actionType: channel, userName, code }),
    onSuccess: async (result) => {
      updateStoredMember({
        emailVerified: result.emailVerified,
        mobileVerified: result.mobileVerified,
      });
      await queryClient.invalidateQueries({ queryKey: queryKeys.member.memberInfo() });
    },
  });
}

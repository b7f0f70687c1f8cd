import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updatePwd, type UpdatePwdResult } from '../../../services/member-security';
import { securityKeys } from './security-query-keys';

export interface UpdatePasswordInput {
  oldPassword: string;
  password: string;
  confirmPassword: string;
}

/** POST /member/updatePwd: the member's other sessions end (devices and log change). */
export function useUpdatePassword() {
  const queryClient = useQueryClient();
  return useMutation<UpdatePwdResult, unknown, UpdatePasswordInput>({
    mutationKey: [...securityKeys.all, 'updatePwd'],
    mutationFn: (body) => updatePwd(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.all }),
  });
}

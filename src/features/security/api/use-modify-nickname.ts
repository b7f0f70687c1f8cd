import { useMutation } from '@tanstack/react-query';
import { modifyNickname, type ModifyNicknameResult } from '../../../services/member-security';
import { getLoginInfo, setLoginInfo } from '../../../services/session';
import { notifyLoginInfo } from '../../../services/session-events';
import { securityKeys } from './security-query-keys';

/**
 * POST /member/ico/modifyNickname. On success the stored loginInfo's nickname becomes the
 * server's answer and the shell is told (session-events), so the nav bar shows the new name.
 */
export function useModifyNickname() {
  return useMutation<ModifyNicknameResult, unknown, { nickname: string }>({
    mutationKey: [...securityKeys.all, 'modifyNickname'],
    mutationFn: (body) => modifyNickname(body),
    onSuccess: (result) => {
      const info = getLoginInfo();
      if (!info) return;
      setLoginInfo({ ...info, nickname: result.nickname });
      notifyLoginInfo();
    },
  });
}

import { useMemo, useSyncExternalStore } from 'react';
import { loginInfoSnapshot, subscribeLoginInfo } from '../../../services/session-events';
import { hasToken } from '../../../services/session';

/**
 * Whether a member is logged in, kept current (a login or logout in this or another tab). The
 * /bcnt page is public: visitors see the token info and a log-in prompt instead of the store.
 */
export function useLoggedIn(): boolean {
  const raw = useSyncExternalStore(subscribeLoginInfo, loginInfoSnapshot, () => null);
  return useMemo(() => raw !== null && hasToken(), [raw]);
}

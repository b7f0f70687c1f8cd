import { useMemo, useSyncExternalStore } from 'react';
import { loginInfoSnapshot, subscribeLoginInfo } from '../services/session-events';
import { hasToken } from '../services/session';

/**
 * Whether a member is logged in, kept current: re-read when a login or logout happens in this
 * tab (session-events) or in another one. Public pages (the loyalty program, /bcnt) use it to
 * decide whether to fetch the member's data at all.
 */
export function useLoggedIn(): boolean {
  const raw = useSyncExternalStore(subscribeLoginInfo, loginInfoSnapshot, () => null);
  return useMemo(() => raw !== null && hasToken(), [raw]);
}

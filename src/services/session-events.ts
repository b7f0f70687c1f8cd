import { STORAGE_KEYS } from '../lib/storage-keys';

/**
 * Change notifications of the stored login info, for the shell (nav bar, member menu). Kept
 * apart from `member-auth.ts` so the first load carries no identity schemas.
 *
 * `member-auth.ts` notifies after it stores or clears a session; other tabs are heard through
 * the `storage` event. Subscribers re-read `loginInfoSnapshot()` (a string: a stable snapshot for
 * `useSyncExternalStore`, so writes made elsewhere are seen on the next render too).
 */

const LOGIN_INFO_EVENT = 'bcnt:login-info';

export function notifyLoginInfo(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(LOGIN_INFO_EVENT));
}

/** Calls `listener` when login info changes in this tab (through member-auth) or another one. */
export function subscribeLoginInfo(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.loginInfo) listener();
  };
  window.addEventListener(LOGIN_INFO_EVENT, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(LOGIN_INFO_EVENT, listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The raw stored login info, or null. */
export function loginInfoSnapshot(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.loginInfo);
  } catch {
    return null;
  }
}

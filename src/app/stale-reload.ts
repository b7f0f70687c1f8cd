import { STORAGE_KEYS } from '../lib/storage-keys';

/**
 * Forced reload of a very old app (spec sections 4 and 9: "about 240 days"). The first-load
 * time is stored; when it is older than 240 days the time is reset and the page reloads, so a
 * tab or cache that has lived that long picks up the current build. Checked at boot and on
 * every navigation.
 */

export const STALE_APP_AGE_MS = 240 * 24 * 60 * 60 * 1000;

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

export interface StaleReloadDeps {
  storage: KeyValueStorage;
  reload: () => void;
  now?: () => number;
}

/** Records the first load when missing; returns true when it reloaded. */
export function reloadIfStale(deps: StaleReloadDeps): boolean {
  const now = (deps.now ?? Date.now)();
  try {
    const stored = Number(deps.storage.getItem(STORAGE_KEYS.firstLoadTime));
    if (!Number.isFinite(stored) || stored <= 0 || stored > now) {
      deps.storage.setItem(STORAGE_KEYS.firstLoadTime, String(now));
      return false;
    }
    if (now - stored <= STALE_APP_AGE_MS) return false;
    // Reset first, so the reload cannot loop.
    deps.storage.setItem(STORAGE_KEYS.firstLoadTime, String(now));
  } catch {
    return false; // storage unavailable: nothing to compare with
  }
  deps.reload();
  return true;
}

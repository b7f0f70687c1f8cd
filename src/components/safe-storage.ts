import type { StorageKey } from '../lib/storage-keys';

/**
 * localStorage access that never throws (private browsing, storage disabled, quota).
 * Only the key names of `src/lib/storage-keys.ts` are accepted.
 */
export function readStored(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: StorageKey, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage unavailable: the choice lasts for this page only.
  }
}

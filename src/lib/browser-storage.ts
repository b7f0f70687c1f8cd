/**
 * Access to localStorage that survives browsers where it is disabled (reading
 * `window.localStorage` itself can throw there).
 */

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The real localStorage when it works, else null. */
export function localStorageOrNull(): Storage | null {
  try {
    const storage = window.localStorage;
    const probe = '__storage_probe__';
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return storage;
  } catch {
    return null;
  }
}

/** A storage that lives for this page only. */
export function createMemoryStorage(): KeyValueStorage {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, String(value)),
    removeItem: (key) => void values.delete(key),
  };
}

/** A storage that refuses every write: for rules that must not run without persistence. */
export const UNWRITABLE_STORAGE: KeyValueStorage = {
  getItem: () => null,
  setItem: () => {
    throw new Error('localStorage is unavailable');
  },
  removeItem: () => {},
};

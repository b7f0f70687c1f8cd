import { STORAGE_KEYS } from '../lib/storage-keys';

/**
 * Query toggles read on load (spec section 4; no server check exists for either):
 * - `adminPWD=setAdminMode` stores an admin code (it overrides the maintenance page) and
 *   reloads; `adminPWD=removeAdminMode` clears it and reloads;
 * - `setLab=on` stores labMode and reloads; `setLab=off` removes it and reloads.
 * The reload goes to the same URL without the toggle query, so it runs once.
 *
 * And on Landing, a `step` query on load sends the browser to the site root (products spec,
 * "client behaviours of the landing area").
 */

export const ADMIN_MODE_QUERY = 'adminPWD';
export const LAB_MODE_QUERY = 'setLab';
/** Stored as the admin code / lab mode value. Only their presence is checked. */
export const ADMIN_CODE_VALUE = 'on';
export const LAB_MODE_VALUE = 'on';

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The URL to load instead of this one, or null to go on. Applies the storage changes. */
export function applyQueryToggles(url: URL, storage: KeyValueStorage): string | null {
  let changed = false;
  const next = new URL(url.href);

  const admin = url.searchParams.get(ADMIN_MODE_QUERY);
  if (admin === 'setAdminMode' || admin === 'removeAdminMode') {
    if (admin === 'setAdminMode') storage.setItem(STORAGE_KEYS.adminCode, ADMIN_CODE_VALUE);
    else storage.removeItem(STORAGE_KEYS.adminCode);
    next.searchParams.delete(ADMIN_MODE_QUERY);
    changed = true;
  }

  const lab = url.searchParams.get(LAB_MODE_QUERY);
  if (lab === 'on' || lab === 'off') {
    if (lab === 'on') storage.setItem(STORAGE_KEYS.labMode, LAB_MODE_VALUE);
    else storage.removeItem(STORAGE_KEYS.labMode);
    next.searchParams.delete(LAB_MODE_QUERY);
    changed = true;
  }

  return changed ? next.pathname + next.search + next.hash : null;
}

/** A `step` query on Landing at load: the site root instead. */
export function landingStepRedirect(url: URL, isLanding: boolean): string | null {
  return isLanding && url.searchParams.has('step') ? '/' : null;
}

export function isLabMode(storage: Pick<Storage, 'getItem'>): boolean {
  return Boolean(storage.getItem(STORAGE_KEYS.labMode));
}

export function isAdminMode(storage: Pick<Storage, 'getItem'>): boolean {
  return Boolean(storage.getItem(STORAGE_KEYS.adminCode));
}

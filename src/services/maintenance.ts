import { STORAGE_KEYS } from '../lib/storage-keys';
import { ApiError } from './http-client';

/** Maintenance flag rules (spec section 4). */

export const MAINTENANCE_FLAG_YES = 'yes';

export type MaintainStatusResult<T = unknown> =
  { ok: true; data: T } | { ok: false; /** HTTP or envelope status 503 */ unavailable: boolean };

export type MaintenanceAction = 'set-and-reload' | 'clear-and-reload' | 'none';

export type FlagStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * - truthy data, flag not yes -> set and reload; falsy data, flag yes -> clear and reload;
 * - a 503 sets the flag (reloading when it was not yes, so the maintenance page shows);
 * - any other failure clears the flag (reloading only when it was yes).
 */
export function maintenanceAction(
  result: MaintainStatusResult,
  flagIsYes: boolean,
): MaintenanceAction {
  const underMaintenance = result.ok ? Boolean(result.data) : result.unavailable;
  if (underMaintenance && !flagIsYes) return 'set-and-reload';
  if (!underMaintenance && flagIsYes) return 'clear-and-reload';
  return 'none';
}

export interface MaintenanceCheck<T> {
  action: MaintenanceAction;
  result: MaintainStatusResult<T>;
}

/** Fetches the status, applies the action to the `maintenance` flag and reloads when needed. */
export async function checkMaintenance<T>(deps: {
  getMaintainStatus: () => Promise<T>;
  storage: FlagStorage;
  reload: () => void;
}): Promise<MaintenanceCheck<T>> {
  let result: MaintainStatusResult<T>;
  try {
    result = { ok: true, data: await deps.getMaintainStatus() };
  } catch (error) {
    result = { ok: false, unavailable: error instanceof ApiError && error.isUnavailable };
  }
  const flagIsYes = deps.storage.getItem(STORAGE_KEYS.maintenance) === MAINTENANCE_FLAG_YES;
  const action = maintenanceAction(result, flagIsYes);
  if (action === 'set-and-reload')
    deps.storage.setItem(STORAGE_KEYS.maintenance, MAINTENANCE_FLAG_YES);
  if (action === 'clear-and-reload') deps.storage.removeItem(STORAGE_KEYS.maintenance);
  if (action !== 'none') deps.reload();
  return { action, result };
}

/** The maintenance page shows when the flag is yes and no admin code overrides it. */
export function isMaintenanceShown(storage: Pick<Storage, 'getItem'>): boolean {
  return (
    storage.getItem(STORAGE_KEYS.maintenance) === MAINTENANCE_FLAG_YES &&
    !storage.getItem(STORAGE_KEYS.adminCode)
  );
}

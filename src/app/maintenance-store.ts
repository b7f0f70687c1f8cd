import { create } from 'zustand';
import { isMaintenanceShown } from '../services/maintenance';
import type { MaintainStatus } from '../shared/api/common';

/**
 * Whether the maintenance page replaces every route, and the latest maintenance window the
 * status call returned (for its optional start time). `shown` follows the stored flag, which the
 * poll changes only together with a reload; an admin code overrides it.
 */
export interface MaintenanceState {
  shown: boolean;
  window: NonNullable<MaintainStatus> | null;
  setWindow: (window: MaintainStatus) => void;
}

function readShown(): boolean {
  try {
    return isMaintenanceShown(localStorage);
  } catch {
    return false;
  }
}

export const useMaintenanceStore = create<MaintenanceState>()((set) => ({
  shown: readShown(),
  window: null,
  setWindow: (window) => set({ window: window ?? null }),
}));

/** Re-reads the stored flag (tests, and after storage changes in another tab). */
export function refreshMaintenanceShown(): void {
  useMaintenanceStore.setState({ shown: readShown() });
}

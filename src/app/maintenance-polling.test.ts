import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../lib/storage-keys';
import { ApiError } from '../services/http-client';
import { checkMaintenance, MAINTENANCE_FLAG_YES } from '../services/maintenance';
import type { MaintainStatus } from '../shared/api/common';
import { MAINTENANCE_POLL_INTERVAL_MS, startMaintenancePolling } from './maintenance-polling';
import { refreshMaintenanceShown, useMaintenanceStore } from './maintenance-store';

const WINDOW = { startTime: '2022-01-12T09:00:00.000Z', endTime: '2022-01-12T11:00:00.000Z' };

describe('maintenance polling', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function poll(statuses: Array<MaintainStatus | Error>) {
    const getMaintainStatus = vi.fn(async () => {
      const next = statuses.length > 1 ? statuses.shift()! : statuses[0]!;
      if (next instanceof Error) throw next;
      return next;
    });
    const reload = vi.fn();
    const onStatus = vi.fn();
    const stop = startMaintenancePolling({
      check: () => checkMaintenance({ getMaintainStatus, storage: localStorage, reload }),
      onStatus,
    });
    return { getMaintainStatus, reload, onStatus, stop };
  }

  it('checks at start, then every 60 seconds', async () => {
    const { getMaintainStatus, stop, reload } = poll([null]);
    await vi.advanceTimersByTimeAsync(0);
    expect(getMaintainStatus).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(MAINTENANCE_POLL_INTERVAL_MS - 1);
    expect(getMaintainStatus).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(getMaintainStatus).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(MAINTENANCE_POLL_INTERVAL_MS * 3);
    expect(getMaintainStatus).toHaveBeenCalledTimes(5);
    expect(MAINTENANCE_POLL_INTERVAL_MS).toBe(60_000);
    expect(reload).not.toHaveBeenCalled();
    stop();
    await vi.advanceTimersByTimeAsync(MAINTENANCE_POLL_INTERVAL_MS * 3);
    expect(getMaintainStatus).toHaveBeenCalledTimes(5);
  });

  it('a maintenance window sets the flag, reloads, reports the window and stops polling', async () => {
    const { getMaintainStatus, reload, onStatus } = poll([null, WINDOW]);
    await vi.advanceTimersByTimeAsync(MAINTENANCE_POLL_INTERVAL_MS);
    expect(localStorage.getItem(STORAGE_KEYS.maintenance)).toBe(MAINTENANCE_FLAG_YES);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(onStatus).toHaveBeenLastCalledWith(WINDOW);
    await vi.advanceTimersByTimeAsync(MAINTENANCE_POLL_INTERVAL_MS * 5);
    expect(getMaintainStatus).toHaveBeenCalledTimes(2);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('while the flag is set, the end of maintenance clears it and reloads', async () => {
    localStorage.setItem(STORAGE_KEYS.maintenance, MAINTENANCE_FLAG_YES);
    const { reload } = poll([WINDOW, null]);
    await vi.advanceTimersByTimeAsync(0);
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(MAINTENANCE_POLL_INTERVAL_MS);
    expect(localStorage.getItem(STORAGE_KEYS.maintenance)).toBeNull();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a 503 sets the flag; another failure clears it', async () => {
    const unavailable = new ApiError({
      call: 'GET status',
      httpStatus: 503,
      message: 'maintenance',
    });
    const first = poll([unavailable]);
    await vi.advanceTimersByTimeAsync(0);
    expect(localStorage.getItem(STORAGE_KEYS.maintenance)).toBe(MAINTENANCE_FLAG_YES);
    expect(first.reload).toHaveBeenCalledTimes(1);
    first.stop();

    const second = poll([new ApiError({ call: 'GET status', message: 'network_error' })]);
    await vi.advanceTimersByTimeAsync(0);
    expect(localStorage.getItem(STORAGE_KEYS.maintenance)).toBeNull();
    expect(second.reload).toHaveBeenCalledTimes(1);
    second.stop();
  });
});

describe('maintenance display', () => {
  it('shows the page when the flag is yes', () => {
    localStorage.setItem(STORAGE_KEYS.maintenance, MAINTENANCE_FLAG_YES);
    refreshMaintenanceShown();
    expect(useMaintenanceStore.getState().shown).toBe(true);
  });

  it('an admin code in storage overrides it', () => {
    localStorage.setItem(STORAGE_KEYS.maintenance, MAINTENANCE_FLAG_YES);
    localStorage.setItem(STORAGE_KEYS.adminCode, 'on');
    refreshMaintenanceShown();
    expect(useMaintenanceStore.getState().shown).toBe(false);
  });

  it('does not show without the flag', () => {
    refreshMaintenanceShown();
    expect(useMaintenanceStore.getState().shown).toBe(false);
  });

  it('keeps the latest window for the start time', () => {
    useMaintenanceStore.getState().setWindow(WINDOW);
    expect(useMaintenanceStore.getState().window).toEqual(WINDOW);
    useMaintenanceStore.getState().setWindow(null);
    expect(useMaintenanceStore.getState().window).toBeNull();
  });
});

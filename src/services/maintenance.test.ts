import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../lib/storage-keys';
import { createFakeFetch, type FakeReply } from './fake-fetch';
import { getMaintainStatus } from './gateway';
import { ApiError, configureHttpClient } from './http-client';
import {
  checkMaintenance,
  isMaintenanceShown,
  maintenanceAction,
  type MaintainStatusResult,
  type MaintenanceAction,
} from './maintenance';

const window = { startTime: null, endTime: null };

describe('maintenanceAction', () => {
  const cases: [string, MaintainStatusResult, boolean, MaintenanceAction][] = [
    ['truthy data, flag not yes', { ok: true, data: window }, false, 'set-and-reload'],
    ['truthy data, flag yes', { ok: true, data: window }, true, 'none'],
    ['falsy data, flag yes', { ok: true, data: null }, true, 'clear-and-reload'],
    ['falsy data, flag not yes', { ok: true, data: null }, false, 'none'],
    ['503, flag not yes', { ok: false, unavailable: true }, false, 'set-and-reload'],
    ['503, flag yes', { ok: false, unavailable: true }, true, 'none'],
    ['other failure, flag yes', { ok: false, unavailable: false }, true, 'clear-and-reload'],
    ['other failure, flag not yes', { ok: false, unavailable: false }, false, 'none'],
  ];
  it.each(cases)('%s', (_name, result, flagIsYes, expected) => {
    expect(maintenanceAction(result, flagIsYes)).toBe(expected);
  });
});

describe('checkMaintenance', () => {
  function run(reply: FakeReply, flag: 'yes' | null) {
    const fake = createFakeFetch(() => reply);
    configureHttpClient({
      fetch: fake.fetch,
      getLocale: () => 'en-US',
      goToLanding: vi.fn(),
      reload: vi.fn(),
    });
    if (flag) localStorage.setItem(STORAGE_KEYS.maintenance, flag);
    const reload = vi.fn();
    return { reload, done: checkMaintenance({ getMaintainStatus, storage: localStorage, reload }) };
  }

  it('maintenance on: sets the flag and reloads', async () => {
    const { reload, done } = run({ data: window }, null);
    expect((await done).action).toBe('set-and-reload');
    expect(localStorage.getItem(STORAGE_KEYS.maintenance)).toBe('yes');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('maintenance off while flagged: clears the flag and reloads', async () => {
    const { reload, done } = run({ data: null }, 'yes');
    expect((await done).action).toBe('clear-and-reload');
    expect(localStorage.getItem(STORAGE_KEYS.maintenance)).toBeNull();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a 503 sets the flag (and reloads so the page shows)', async () => {
    const { reload, done } = run({ http: 503, raw: 'down' }, null);
    const check = await done;
    expect(check).toEqual({ action: 'set-and-reload', result: { ok: false, unavailable: true } });
    expect(localStorage.getItem(STORAGE_KEYS.maintenance)).toBe('yes');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('an envelope status 503 also sets the flag', async () => {
    const { done } = run({ status: 503, message: 'maintenance' }, null);
    expect((await done).action).toBe('set-and-reload');
    expect(localStorage.getItem(STORAGE_KEYS.maintenance)).toBe('yes');
  });

  it('another failure clears the flag', async () => {
    const { reload, done } = run({ http: 500, status: 500, message: 'busy' }, 'yes');
    expect((await done).action).toBe('clear-and-reload');
    expect(localStorage.getItem(STORAGE_KEYS.maintenance)).toBeNull();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('no change: no reload, flag untouched, data returned', async () => {
    const { reload, done } = run({ data: window }, 'yes');
    expect(await done).toEqual({ action: 'none', result: { ok: true, data: window } });
    expect(localStorage.getItem(STORAGE_KEYS.maintenance)).toBe('yes');
    expect(reload).not.toHaveBeenCalled();
  });

  it('classifies a thrown non-ApiError as an ordinary failure', async () => {
    localStorage.setItem(STORAGE_KEYS.maintenance, 'yes');
    const reload = vi.fn();
    const check = await checkMaintenance({
      getMaintainStatus: () => Promise.reject(new Error('boom')),
      storage: localStorage,
      reload,
    });
    expect(check.result).toEqual({ ok: false, unavailable: false });
    expect(reload).toHaveBeenCalledTimes(1);
    expect(new ApiError({ call: 'x', message: 'm', httpStatus: 503 }).isUnavailable).toBe(true);
  });
});

describe('isMaintenanceShown', () => {
  it('shows when the flag is yes', () => {
    expect(isMaintenanceShown(localStorage)).toBe(false);
    localStorage.setItem(STORAGE_KEYS.maintenance, 'yes');
    expect(isMaintenanceShown(localStorage)).toBe(true);
  });

  it('an admin code overrides the maintenance display', () => {
    localStorage.setItem(STORAGE_KEYS.maintenance, 'yes');
    localStorage.setItem(STORAGE_KEYS.adminCode, 'setAdminMode');
    expect(isMaintenanceShown(localStorage)).toBe(false);
  });

  it('a flag other than yes does not show', () => {
    localStorage.setItem(STORAGE_KEYS.maintenance, 'no');
    expect(isMaintenanceShown(localStorage)).toBe(false);
  });
});

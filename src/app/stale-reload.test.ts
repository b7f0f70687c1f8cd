import { describe, expect, it, vi } from 'vitest';
import { createMemoryStorage } from '../lib/browser-storage';
import { STORAGE_KEYS } from '../lib/storage-keys';
import { reloadIfStale, STALE_APP_AGE_MS } from './stale-reload';

const DAY = 24 * 60 * 60 * 1000;

describe('240-day reload', () => {
  it('records the first load time and does not reload', () => {
    const storage = createMemoryStorage();
    const reload = vi.fn();
    expect(reloadIfStale({ storage, reload, now: () => 5000 })).toBe(false);
    expect(storage.getItem(STORAGE_KEYS.firstLoadTime)).toBe('5000');
    expect(reload).not.toHaveBeenCalled();
  });

  it('keeps the app when the first load is 240 days old or younger', () => {
    const storage = createMemoryStorage();
    storage.setItem(STORAGE_KEYS.firstLoadTime, '0');
    const reload = vi.fn();
    expect(reloadIfStale({ storage, reload, now: () => 240 * DAY })).toBe(false);
    expect(STALE_APP_AGE_MS).toBe(240 * DAY);
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads once when older than 240 days, resetting the time first', () => {
    const storage = createMemoryStorage();
    storage.setItem(STORAGE_KEYS.firstLoadTime, '1');
    const reload = vi.fn();
    const now = 241 * DAY;
    expect(reloadIfStale({ storage, reload, now: () => now })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(storage.getItem(STORAGE_KEYS.firstLoadTime)).toBe(String(now));
    // the load after the reload does not reload again
    expect(reloadIfStale({ storage, reload, now: () => now + 1000 })).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('repairs a corrupt or future time instead of reloading', () => {
    const storage = createMemoryStorage();
    const reload = vi.fn();
    storage.setItem(STORAGE_KEYS.firstLoadTime, 'garbage');
    expect(reloadIfStale({ storage, reload, now: () => 10 })).toBe(false);
    expect(storage.getItem(STORAGE_KEYS.firstLoadTime)).toBe('10');
    storage.setItem(STORAGE_KEYS.firstLoadTime, String(999 * DAY));
    expect(reloadIfStale({ storage, reload, now: () => 20 })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});

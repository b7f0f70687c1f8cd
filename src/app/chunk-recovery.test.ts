import { describe, expect, it, vi } from 'vitest';
import { createMemoryStorage, UNWRITABLE_STORAGE } from '../lib/browser-storage';
import { STORAGE_KEYS } from '../lib/storage-keys';
import { createChunkRecovery, isChunkLoadError } from './chunk-recovery';

describe('isChunkLoadError', () => {
  it('recognises the chunk failures of webpack, the browsers and Vite', () => {
    const named = Object.assign(new Error('Loading chunk 12 failed.'), { name: 'ChunkLoadError' });
    expect(isChunkLoadError(named)).toBe(true);
    expect(isChunkLoadError(Object.assign(new Error('x'), { code: 'CSS_CHUNK_LOAD_FAILED' }))).toBe(
      true,
    );
    expect(
      isChunkLoadError(
        new TypeError('Failed to fetch dynamically imported module: http://x/assets/a-1.js'),
      ),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
  });

  it('ignores other errors', () => {
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
});

describe('chunk-load recovery', () => {
  /** One browser tab across reloads: the storage survives, each page load gets a new instance. */
  function tab() {
    const storage = createMemoryStorage();
    const reload = vi.fn();
    const page = () => createChunkRecovery({ storage, reload, now: () => 1000 });
    return { storage, reload, page };
  }

  it('stores the target path and reloads once', () => {
    const { storage, reload, page } = tab();
    expect(page().handleFailure('/trading-bot/5?tab=x')).toBe('reloading');
    expect(reload).toHaveBeenCalledTimes(1);
    expect(JSON.parse(storage.getItem(STORAGE_KEYS.chunkReloadTarget)!)).toMatchObject({
      path: '/trading-bot/5?tab=x',
      resumed: false,
    });
  });

  it('does not reload twice for failures before the reload took effect', () => {
    const { reload, page } = tab();
    const current = page();
    current.handleFailure('/a');
    expect(current.handleFailure('/a')).toBe('reloading');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('resumes at the stored path after the reload, and clears once a screen rendered', () => {
    const { storage, page } = tab();
    page().handleFailure('/login?back=Wallet');
    const afterReload = page();
    expect(afterReload.resumeTarget()).toBe('/login?back=Wallet');
    afterReload.markRendered();
    expect(storage.getItem(STORAGE_KEYS.chunkReloadTarget)).toBeNull();
    // a later failure (e.g. the next deploy) may recover again
    expect(afterReload.handleFailure('/x')).toBe('reloading');
  });

  it('never loops: a failure after the recovery reload gives up instead of reloading', () => {
    const { reload, page } = tab();
    page().handleFailure('/a');
    expect(reload).toHaveBeenCalledTimes(1);
    const afterReload = page();
    afterReload.resumeTarget();
    expect(afterReload.handleFailure('/a')).toBe('gave-up');
    expect(afterReload.handleFailure('/a')).toBe('gave-up');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a later manual reload clears a leftover resumed record and resumes nowhere', () => {
    const { storage, page } = tab();
    page().handleFailure('/a');
    page().resumeTarget(); // recovery reload
    expect(page().resumeTarget()).toBeNull(); // the user reloads by hand
    expect(storage.getItem(STORAGE_KEYS.chunkReloadTarget)).toBeNull();
  });

  it('has nothing to resume on a normal load', () => {
    expect(tab().page().resumeTarget()).toBeNull();
  });

  it('does not reload at all without persistent storage (the "once" could not hold)', () => {
    const reload = vi.fn();
    const recovery = createChunkRecovery({ storage: UNWRITABLE_STORAGE, reload });
    expect(recovery.handleFailure('/a')).toBe('gave-up');
    expect(reload).not.toHaveBeenCalled();
  });
});

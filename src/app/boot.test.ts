import { describe, expect, it, vi } from 'vitest';
import { createMemoryStorage } from '../lib/browser-storage';
import { STORAGE_KEYS } from '../lib/storage-keys';
import { runBootRules, type BootDeps } from './boot';
import { createChunkRecovery } from './chunk-recovery';

function boot(href: string, storage = createMemoryStorage(), now = 1000) {
  const deps: BootDeps = {
    href,
    storage,
    replaceLocation: vi.fn(),
    reload: vi.fn(),
    replaceHistory: vi.fn(),
    chunkRecovery: createChunkRecovery({ storage, reload: vi.fn(), now: () => now }),
    now: () => now,
  };
  return { proceed: runBootRules(deps), deps, storage };
}

describe('boot rules', () => {
  it('goes on for an ordinary load and records the first load time', () => {
    const { proceed, deps, storage } = boot('https://app.test/about-us');
    expect(proceed).toBe(true);
    expect(deps.replaceLocation).not.toHaveBeenCalled();
    expect(storage.getItem(STORAGE_KEYS.firstLoadTime)).toBe('1000');
  });

  it('applies a mode toggle and reloads without it', () => {
    const { proceed, deps, storage } = boot('https://app.test/?setLab=on');
    expect(proceed).toBe(false);
    expect(deps.replaceLocation).toHaveBeenCalledWith('/');
    expect(storage.getItem(STORAGE_KEYS.labMode)).toBe('on');
  });

  it('sends a Landing load with a step query to the root, but not other routes', () => {
    const landing = boot('https://app.test/?step=1');
    expect(landing.proceed).toBe(false);
    expect(landing.deps.replaceLocation).toHaveBeenCalledWith('/');
    expect(boot('https://app.test/kyc?step=upload').proceed).toBe(true);
  });

  it('reloads an app first loaded more than 240 days ago', () => {
    const storage = createMemoryStorage();
    storage.setItem(STORAGE_KEYS.firstLoadTime, '1');
    const { proceed, deps } = boot('https://app.test/', storage, 241 * 24 * 3600 * 1000);
    expect(proceed).toBe(false);
    expect(deps.reload).toHaveBeenCalledTimes(1);
  });

  it('resumes at the path stored by a chunk-load recovery', () => {
    const storage = createMemoryStorage();
    createChunkRecovery({ storage, reload: vi.fn() }).handleFailure('/login?back=Wallet');
    const { proceed, deps } = boot('https://app.test/about-us', storage);
    expect(proceed).toBe(true);
    expect(deps.replaceHistory).toHaveBeenCalledWith('/login?back=Wallet');
  });
});

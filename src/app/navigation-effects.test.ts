import { describe, expect, it, vi } from 'vitest';
import type { DataRouter, Location } from 'react-router';
import { createMemoryStorage } from '../lib/browser-storage';
import { STORAGE_KEYS } from '../lib/storage-keys';
import { createChunkRecovery } from './chunk-recovery';
import { installNavigationEffects } from './navigation-effects';

type State = DataRouter['state'];
type Subscriber = (state: State) => void;

function loc(path: string): Location {
  const url = new URL(path, 'https://app.test');
  return { pathname: url.pathname, search: url.search, hash: url.hash, state: null, key: path };
}

function fakeRouter(initialPath: string, initialized = true) {
  let subscriber: Subscriber | undefined;
  const router = {
    state: {
      initialized,
      location: loc(initialPath),
      navigation: { location: undefined },
    } as unknown as State,
    subscribe: (fn: Subscriber) => {
      subscriber = fn;
      return () => {
        subscriber = undefined;
      };
    },
  };
  const go = (path: string, init = true) => {
    router.state = { ...router.state, initialized: init, location: loc(path) } as State;
    subscriber?.(router.state);
  };
  return { router, go };
}

function setup(initialPath: string, initialized = true) {
  const storage = createMemoryStorage();
  const reload = vi.fn();
  const events = new EventTarget();
  const { router, go } = fakeRouter(initialPath, initialized);
  const chunkRecovery = createChunkRecovery({ storage, reload });
  const stop = installNavigationEffects(
    router as unknown as Parameters<typeof installNavigationEffects>[0],
    {
      storage,
      reload,
      chunkRecovery,
      production: false,
      window: events as unknown as Window,
    },
  );
  return { storage, reload, go, stop, events, router };
}

const backTo = (storage: ReturnType<typeof createMemoryStorage>) => {
  const raw = storage.getItem(STORAGE_KEYS.backTo);
  return raw ? JSON.parse(raw) : null;
};

describe('navigation effects', () => {
  it('stores the previous page as backTo on the way to Login', () => {
    const { storage, go } = setup('/trading-bot/9');
    go('/login?back=Wallet');
    expect(backTo(storage)).toEqual({ name: 'StrategyDetail', params: { id: '9' } });
  });

  it('stores Account when leaving UpdatePassword for Login', () => {
    const { storage, go } = setup('/account/change-password');
    go('/login');
    expect(backTo(storage)).toEqual({ name: 'Account' });
  });

  it('stores nothing when coming from Register or ForgotPwd', () => {
    const { storage, go } = setup('/register');
    go('/login');
    expect(backTo(storage)).toBeNull();
    go('/forgot-password');
    go('/login');
    expect(backTo(storage)).toBeNull();
  });

  it('stores nothing on a first load that lands on Login (no previous page)', () => {
    const { storage, go } = setup('/wallet', false);
    go('/login?back=Wallet'); // the guard's redirect completes the initial load
    expect(backTo(storage)).toBeNull();
  });

  it('runs the 240-day check on navigation', () => {
    const { storage, reload, go } = setup('/');
    storage.setItem(STORAGE_KEYS.firstLoadTime, '1');
    go('/about-us');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('vite:preloadError starts chunk recovery for the current target and suppresses the throw', () => {
    const { storage, reload, events, router } = setup('/about-us');
    (router.state as { navigation: { location?: Location } }).navigation = {
      location: loc('/login?back=Wallet'),
    };
    const event = new Event('vite:preloadError', { cancelable: true });
    events.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(JSON.parse(storage.getItem(STORAGE_KEYS.chunkReloadTarget)!).path).toBe(
      '/login?back=Wallet',
    );
  });

  it('stops listening when uninstalled', () => {
    const { storage, go, stop, events, reload } = setup('/trading-bot/1');
    stop();
    go('/login');
    events.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));
    expect(backTo(storage)).toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });
});

import type { DataRouter, Location } from 'react-router';
import type { KeyValueStorage } from '../lib/browser-storage';
import type { ChunkRecovery } from './chunk-recovery';
import { backToOnLoginEntry, storeBackTo, type RouteTarget } from './guards';
import { matchRoute } from '../lib/paths';
import { reloadIfStale } from './stale-reload';

/**
 * Rules that follow committed navigations:
 * - backTo (spec section 4): arriving at Login from another rendered page stores that page
 *   (with id, type, sn) as backTo, except from Register, ResetPwd, AuthorizeLoginDevice and
 *   ForgotPwd; from UpdatePassword it stores Account. A first load straight onto Login (or a
 *   guard redirect on first load) has no previous page, so nothing is stored.
 * - the 240-day reload check runs again on every navigation (a long-lived tab);
 * - `vite:preloadError` (a lazy chunk's JS/CSS dependency failed) starts the chunk recovery for
 *   the path being navigated to.
 */

export interface NavigationEffectsDeps {
  storage: KeyValueStorage;
  reload: () => void;
  chunkRecovery: ChunkRecovery;
  production: boolean;
  window?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}

export function routeTargetOf(
  location: Pick<Location, 'pathname' | 'search'>,
  production: boolean,
): RouteTarget | null {
  const match = matchRoute(location.pathname, { production });
  if (!match.known) return null;
  return { name: match.name, params: match.params, query: new URLSearchParams(location.search) };
}

const pathOf = (location: Pick<Location, 'pathname' | 'search' | 'hash'>) =>
  location.pathname + location.search + location.hash;

type RouterLike = Pick<DataRouter, 'subscribe' | 'state'>;

export function installNavigationEffects(
  router: RouterLike,
  deps: NavigationEffectsDeps,
): () => void {
  let previous: Location | null = router.state.initialized ? router.state.location : null;

  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized || state.location === previous) return;
    const next = state.location;
    const nextTarget = routeTargetOf(next, deps.production);
    if (previous && nextTarget?.name === 'Login') {
      const backTo = backToOnLoginEntry(routeTargetOf(previous, deps.production));
      if (backTo) storeBackTo(deps.storage, backTo);
    }
    previous = next;
    reloadIfStale({ storage: deps.storage, reload: deps.reload });
  });

  const target = deps.window ?? window;
  const onPreloadError = (event: Event) => {
    const location = router.state.navigation.location ?? router.state.location;
    if (deps.chunkRecovery.handleFailure(pathOf(location)) === 'reloading') event.preventDefault();
  };
  target.addEventListener('vite:preloadError', onPreloadError);

  return () => {
    unsubscribe();
    target.removeEventListener('vite:preloadError', onPreloadError);
  };
}

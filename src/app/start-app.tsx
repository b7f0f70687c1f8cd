import { StrictMode, startTransition, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { initI18n, i18n } from '../i18n/i18n';
import { resolveInitialLanguage } from '../i18n/language';
import { config } from '../lib/config';
import { matchRoute, paths } from '../lib/paths';
import { configureHttpClient } from '../services/http-client';
import { checkMaintenance } from '../services/maintenance';
import { queryKeys } from '../services/query-keys';
import { hasToken } from '../services/session';
import { subscribeLoginInfo } from '../services/session-events';
import { hasWalletSession } from '../web3/wallet-session';
import { App } from './app';
import { runBootRules } from './boot';
import { BootFallback } from './boot-fallback';
import { startMaintenancePolling } from './maintenance-polling';
import { useMaintenanceStore } from './maintenance-store';
import { installNavigationEffects } from './navigation-effects';
import { createQueryClient } from './query-client';
import {
  canHydrate,
  noticeDismissed,
  seedPrerenderedQueries,
  storedLanguage,
  writePrerenderCookies,
  type FirstScreenState,
} from './prerendered-page';
import { createAppRouter, createAppRoutes, prepareHydration, type AppRouter } from './router';
import { routes } from './routes';
import { chunkRecovery, reloadPage, storage } from './runtime';
import { ShellLayout } from './shell-layout';

/**
 * Starts loading the first route's screen chunk while the language's translations load, instead
 * of after them (the router's lazy route asks for the same module later and gets it from the
 * module cache). Only for a route the visitor may enter: public, or with a session. A screen's
 * own translations still load through its loader once the language is known.
 */
function prefetchFirstScreen(): void {
  const match = matchRoute(window.location.pathname, { production: config.isProduction });
  if (!paths[match.name].public && !hasToken()) return;
  void routes[match.name].screen?.().catch(() => undefined);
}

/**
 * Marks #root as the app's once its first render is committed (hydrated, or rendered in place
 * of a prerendered page): from then on presses reach the page (global.css).
 */
function TakenOver({ container, children }: { container: HTMLElement; children: ReactNode }) {
  useEffect(() => {
    delete container.dataset.prerendered;
    delete container.dataset.prerenderedPath;
  }, [container]);
  return children; // one child: the tree's ids (useId) stay those of the prerender
}

/**
 * Boot order:
 * 1. load-time rules (admin/lab toggles, Landing `step`, 240-day reload, chunk-recovery resume);
 * 2. language (stored `lang`, then the browser) and its translations;
 * 3. HTTP client wiring, router (its first loaders run the guards), maintenance polling;
 * 4. render.
 */
export async function startApp(container: HTMLElement): Promise<void> {
  const store = storage();
  const proceed = runBootRules({
    href: window.location.href,
    storage: store,
    replaceLocation: (url) => window.location.replace(url),
    reload: reloadPage,
    replaceHistory: (path) => window.history.replaceState(null, '', path),
    chunkRecovery: chunkRecovery(),
  });
  if (!proceed) return;

  prefetchFirstScreen();
  const browserLanguages = navigator.languages?.length ? navigator.languages : [navigator.language];
  const language = resolveInitialLanguage({ storage: store, browserLanguages });
  await initI18n(language);

  // The prerendered page is hydrated only in the state the build rendered it in; the cookies
  // tell the API which page to send next time (kept current on login, logout and leaving).
  const firstScreen = (): FirstScreenState => ({
    language,
    member: hasToken(),
    maintenance: useMaintenanceStore.getState().shown,
    noticeDismissed: noticeDismissed(store),
    walletSession: hasWalletSession(store),
  });
  const hydrate = canHydrate({
    prerendered: container.dataset.prerendered,
    prerenderedPath: container.dataset.prerenderedPath,
    pathname: window.location.pathname,
    search: window.location.search,
    state: firstScreen(),
  });
  const syncCookies = () => writePrerenderCookies(document, storedLanguage(store), firstScreen());
  syncCookies();
  subscribeLoginInfo(syncCookies);
  window.addEventListener('pagehide', syncCookies);

  const queryClient = createQueryClient();
  // the data the prerendered page shows (a legal document), as the build rendered it
  if (hydrate) seedPrerenderedQueries(document, queryClient);
  // Until the router exists (its first loaders may already call the API), a hard navigation.
  let toLanding = () => window.location.assign('/');
  configureHttpClient({
    getLocale: () => i18n.language,
    goToLanding: () => {
      // The refresh failed and login info is gone: drop member data, go to Landing.
      queryClient.removeQueries({ queryKey: queryKeys.member.all });
      toLanding();
    },
    reload: reloadPage,
  });

  const routeOptions = {
    Layout: ShellLayout,
    HydrateFallback: BootFallback,
    onScreenRendered: () => chunkRecovery().markRendered(),
    entryDeps: {
      hasToken,
      maintenanceShown: () => useMaintenanceStore.getState().shown,
      production: config.isProduction,
      // Loaded on first use: the KYC call (and its schema) is not needed on Landing.
      fetchKycStatus: async () => (await import('./kyc-gate')).fetchKycStatusForGate(),
    },
  };
  const routeObjects = createAppRoutes(routeOptions);
  const router: AppRouter = createAppRouter(routeOptions, {
    routes: routeObjects,
    hydrationData: hydrate
      ? await prepareHydration(routeObjects, window.location.pathname)
      : undefined,
  });

  toLanding = () => void router.navigate('/', { replace: true });

  installNavigationEffects(router, {
    storage: store,
    reload: reloadPage,
    chunkRecovery: chunkRecovery(),
    production: config.isProduction,
  });

  startMaintenancePolling({
    check: () =>
      checkMaintenance({
        // The gateway module (and the zod schemas it parses with) stays out of the first load.
        getMaintainStatus: async () => (await import('../services/gateway')).getMaintainStatus(),
        storage: store,
        reload: reloadPage,
      }),
    onStatus: (status) => useMaintenanceStore.getState().setWindow(status),
  });

  const app = (
    <StrictMode>
      <TakenOver container={container}>
        <App router={router} queryClient={queryClient} />
      </TakenOver>
    </StrictMode>
  );
  if (hydrate) {
    // As a transition, hydration yields to the browser between components instead of taking
    // the main thread for the whole page at once (the page is already painted).
    startTransition(() => {
      hydrateRoot(container, app, {
        // a mismatch is a bug in the prerender (React then renders the page again): say so
        onRecoverableError: (error) =>
          console.error('Hydrating the prerendered page failed', error),
      });
    });
  } else {
    container.replaceChildren(); // a prerendered page for another state, if any
    createRoot(container).render(app);
  }
}

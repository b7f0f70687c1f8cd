import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n, i18n } from '../i18n/i18n';
import { resolveInitialLanguage } from '../i18n/language';
import { config } from '../lib/config';
import { matchRoute, paths } from '../lib/paths';
import { configureHttpClient } from '../services/http-client';
import { checkMaintenance } from '../services/maintenance';
import { queryKeys } from '../services/query-keys';
import { hasToken } from '../services/session';
import { App } from './app';
import { runBootRules } from './boot';
import { BootFallback } from './boot-fallback';
import { startMaintenancePolling } from './maintenance-polling';
import { useMaintenanceStore } from './maintenance-store';
import { installNavigationEffects } from './navigation-effects';
import { createQueryClient } from './query-client';
import { createAppRouter, type AppRouter } from './router';
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
  await initI18n(resolveInitialLanguage({ storage: store, browserLanguages }));

  const queryClient = createQueryClient();
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

  const router: AppRouter = createAppRouter({
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

  createRoot(container).render(
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>,
  );
}

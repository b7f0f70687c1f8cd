import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { initI18n, i18n } from '../i18n/i18n';
import { config } from '../lib/config';
import type { Locale } from '../shared/constants/locales';
import { AppProviders } from './app-providers';
import { BootFallback } from './boot-fallback';
import { createQueryClient } from './query-client';
import { createAppRoutes } from './router';
import { routes } from './routes';
import { ShellLayout } from './shell-layout';

/**
 * The build-time render of the public pages (scripts/prerender.ts builds this module for Node
 * and writes each page once per language; README "Prerendered public pages"). A page is
 * rendered as a visitor with nothing stored sees it on a first load: no session, no maintenance
 * page, the language's own first screen. The browser hydrates it only in that same state
 * (`hydration.ts`).
 */

export interface PrerenderedPage {
  path: string;
  /** The file in each language's folder. */
  file: string;
  /** The screen's source module: the build manifest names the CSS its chunk brings. */
  screenModule: string;
}

/**
 * The prerendered pages: public, the same for every visitor, nothing fetched for the first
 * screen. `screenModule` is the module the route's `screen` imports (src/app/routes.ts).
 */
export const PRERENDERED_PAGES: readonly PrerenderedPage[] = [
  {
    path: routes.Landing.getHref(),
    file: 'index.html',
    screenModule: 'src/app/screens/landing-screen.tsx',
  },
];

export interface RenderedPage {
  /** The markup of `#root`. */
  html: string;
  /** The document title in the page's language. */
  title: string;
}

/** Renders one page of the route tree in one language, as `#root`'s markup. */
export async function renderPage(path: string, locale: Locale): Promise<RenderedPage> {
  await initI18n(locale);
  const handler = createStaticHandler(
    createAppRoutes({
      Layout: ShellLayout,
      HydrateFallback: BootFallback,
      entryDeps: {
        hasToken: () => false,
        maintenanceShown: () => false,
        production: config.isProduction,
        fetchKycStatus: () => Promise.resolve(null),
      },
    }),
  );
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response) {
    throw new Error(`${path} is not a page a visitor sees (it answered ${context.status})`);
  }
  if (context.errors) {
    throw new Error(`${path} failed to render: ${JSON.stringify(context.errors)}`);
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = createQueryClient();
  const html = renderToString(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  queryClient.clear(); // no cache timers left behind
  return { html, title: i18n.t('common:app.name') };
}

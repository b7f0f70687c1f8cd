import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { initI18n, i18n } from '../i18n/i18n';
import { config } from '../lib/config';
import type { RouteName } from '../lib/paths';
import { TERMS_FAMILIES } from '../features/earn/utils/terms';
import { queryKeys } from '../services/query-keys';
import type { LegalDocument, LegalDocumentName } from '../shared/api/content';
import type { Locale } from '../shared/constants/locales';
import type { PrerenderedQuery } from '../shared/prerender';
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
 * (`prerendered-page.ts`).
 */

export interface PrerenderedPage {
  route: RouteName;
  /** The route's plain path (no params, no query). */
  path: string;
  /** The file in each language's folder. */
  file: string;
  /** The screen's source module: the build manifest names the CSS its chunk brings. */
  screenModule: string;
  /**
   * The legal document the first screen shows (the operator's file under LEGAL_DIR): the build
   * renders it (`renderPage`'s `legal`) and the page carries it for the browser's query cache.
   */
  legal?: LegalDocumentName;
}

const page = (
  route: RouteName,
  file: string,
  screenModule: string,
  extra: Pick<PrerenderedPage, 'legal'> = {},
): PrerenderedPage => ({ route, path: routes[route].getHref(), file, screenModule, ...extra });

const TERMS_FAMILY_ROUTES = {
  'fixed-usdt': 'TermsEarnFixedUsdt',
  'fixed-btc': 'TermsEarnFixedBtc',
  'mixed-fusion': 'TermsEarnMixedFusion',
  'mixed-sapphire': 'TermsEarnMixedSapphire',
} as const satisfies Record<keyof typeof TERMS_FAMILIES, RouteName>;

const LEGAL_SCREENS = 'src/app/screens/legal-screens.tsx';
const EARN_TERMS_SCREENS = 'src/app/screens/earn-terms-screens.tsx';

/**
 * The prerendered pages: public, the same for every visitor, nothing fetched for the first
 * screen but what shows as loading in the build and in the browser alike (the BCNT price).
 * `screenModule` is the module the route's `screen` imports (src/app/routes.ts). Plain paths
 * only: the API sends a page for exactly this path, without a query (`static-app.ts`).
 *
 * The legal pages and the earn families' terms show the operator's document (LEGAL_DIR): the
 * build renders the file it has, the page carries it for the browser's query cache, and the API
 * sends the page only while the file is still that one (`static-app.ts`).
 *
 * Not prerendered (README "Prerendered public pages"): pages whose first screen is API data
 * (the earn and Smart Autotrade catalogs and products, a product's terms, search, the content
 * service's About Us, Press and Events, the campaigns' lists and countdowns), the loyalty
 * program (its rate table, and the wallet code's staking panel), the partner (Coolbitx) pages,
 * the sign-in forms.
 */
export const PRERENDERED_PAGES: readonly PrerenderedPage[] = [
  page('Landing', 'index.html', 'src/app/screens/landing-screen.tsx'),
  page(
    'LendingTermService',
    'lending-term-service.html',
    'src/features/lending/pages/lending-terms-page.tsx',
  ),
  page('ReferralProgram', 'referral-program.html', 'src/app/screens/referral-program-screen.tsx'),
  page('Bcnt', 'bcnt.html', 'src/features/store/pages/bcnt-page.tsx'),
  page('AnueLanding', 'anue.html', 'src/features/landing/pages/anue-landing-page.tsx'),
  page('UserAgreement', 'user-agreement.html', LEGAL_SCREENS, { legal: 'user-agreement' }),
  page('PrivacyPolicy', 'privacy-policy.html', LEGAL_SCREENS, { legal: 'privacy-policy' }),
  ...(Object.keys(TERMS_FAMILY_ROUTES) as (keyof typeof TERMS_FAMILY_ROUTES)[]).map((family) =>
    page(TERMS_FAMILY_ROUTES[family], `terms-earn-${family}.html`, EARN_TERMS_SCREENS, {
      legal: TERMS_FAMILIES[family].document,
    }),
  ),
];

export interface RenderedPage {
  /** The markup of `#root`. */
  html: string;
  /** The document title in the page's language. */
  title: string;
  /** The query data the markup shows, for the browser's cache (empty: none). */
  queries: PrerenderedQuery[];
}

/**
 * Renders one page of the route tree in one language, as `#root`'s markup. A page with a legal
 * document needs it in `legal` (the build reads LEGAL_DIR's file in the page's language).
 */
export async function renderPage(
  path: string,
  locale: Locale,
  data: { legal?: LegalDocument } = {},
): Promise<RenderedPage> {
  const entry = PRERENDERED_PAGES.find((candidate) => candidate.path === path);
  const queries: PrerenderedQuery[] = [];
  if (entry?.legal) {
    const { legal } = data;
    if (legal?.document !== entry.legal || legal.language !== locale) {
      throw new Error(`${path} shows ${entry.legal} in ${locale}: pass it as legal`);
    }
    queries.push({ queryKey: queryKeys.common.legalDocument(entry.legal, locale), data: legal });
  }
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
  for (const query of queries) queryClient.setQueryData(query.queryKey, query.data);
  const html = renderToString(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  queryClient.clear(); // no cache timers left behind
  return { html, title: i18n.t('common:app.name'), queries };
}

import { existsSync } from 'node:fs';
import { act } from '@testing-library/react';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { composePage, readLegalFile, scriptJson } from '../../scripts/prerender-page';
import type { LegalDocument, LegalDocumentName } from '../shared/api/content';
import { PRERENDERED_DATA_ID } from '../shared/prerender';
import enEarn from '../i18n/locales/en-US/earn.json';
import enLanding from '../i18n/locales/en-US/landing.json';
import enLending from '../i18n/locales/en-US/lending.json';
import enNav from '../i18n/locales/en-US/nav.json';
import enPrograms from '../i18n/locales/en-US/programs.json';
import enStore from '../i18n/locales/en-US/store.json';
import cnEarn from '../i18n/locales/zh-CN/earn.json';
import cnLanding from '../i18n/locales/zh-CN/landing.json';
import cnLending from '../i18n/locales/zh-CN/lending.json';
import cnNav from '../i18n/locales/zh-CN/nav.json';
import cnPrograms from '../i18n/locales/zh-CN/programs.json';
import cnStore from '../i18n/locales/zh-CN/store.json';
import twComponents from '../i18n/locales/zh-TW/components.json';
import twEarn from '../i18n/locales/zh-TW/earn.json';
import twLanding from '../i18n/locales/zh-TW/landing.json';
import twLending from '../i18n/locales/zh-TW/lending.json';
import twNav from '../i18n/locales/zh-TW/nav.json';
import twPrograms from '../i18n/locales/zh-TW/programs.json';
import twStore from '../i18n/locales/zh-TW/store.json';
import { matchRoute, paths } from '../lib/paths';
import { AppProviders } from './app-providers';
import { BootFallback } from './boot-fallback';
import { PRERENDERED_PAGES, renderPage } from './prerender';
import { createQueryClient } from './query-client';
import { createAppRoutes, prepareHydration } from './router';
import { routes as routeTable } from './routes';
import { seedPrerenderedQueries } from './prerendered-page';
import { ShellLayout } from './shell-layout';
import type { Locale } from '../shared/constants/locales';

const FIRST_SCREEN: Record<Locale, { landing: Record<string, string>; login: string }> = {
  'en-US': { landing: enLanding, login: enNav.login },
  'zh-TW': { landing: twLanding, login: twNav.login },
  'zh-CN': { landing: cnLanding, login: cnNav.login },
};

/** A legal document as the API serves it (and the build renders it) from content/legal. */
function legalDocument(document: LegalDocumentName, locale: Locale): LegalDocument {
  return readLegalFile('content/legal', locale, document).document;
}

/** The first and the last plain paragraph of a legal document's text. */
function legalTexts(document: LegalDocumentName, locale: Locale): string[] {
  const paragraphs = legalDocument(document, locale)
    .body.split('\n\n')
    // plain paragraphs (no Markdown to render)
    .filter((block) => !/^[#-]|[*_[\]`]/.test(block));
  return [paragraphs[0]!, paragraphs.at(-1)!];
}

/** renderPage with the legal document a page shows, as the build passes it. */
function render(path: string, locale: Locale) {
  const legal = PRERENDERED_PAGES.find((page) => page.path === path)?.legal;
  return renderPage(path, locale, legal ? { legal: legalDocument(legal, locale) } : {});
}

const TEXTS = {
  'en-US': {
    lending: enLending,
    programs: enPrograms,
    store: enStore,
    landing: enLanding,
    earn: enEarn,
  },
  'zh-TW': {
    lending: twLending,
    programs: twPrograms,
    store: twStore,
    landing: twLanding,
    earn: twEarn,
  },
  'zh-CN': {
    lending: cnLending,
    programs: cnPrograms,
    store: cnStore,
    landing: cnLanding,
    earn: cnEarn,
  },
} as const satisfies Record<Locale, Record<string, Record<string, string>>>;

/**
 * The other prerendered pages: the heading (the page's h1), texts of its first screen, and what
 * only a member sees there (never in the build's markup).
 */
const OTHER_PAGES: {
  path: string;
  heading: (locale: Locale) => string;
  texts: (locale: Locale) => string[];
  /** An element of the first screen (for a visitor only, where the page has such a part). */
  marker: string;
  memberOnly?: string;
  /** The legal document it shows (LEGAL_DIR's file, the repository's content/legal here). */
  legal?: LegalDocumentName;
}[] = [
  {
    path: '/lending-term-service',
    heading: (l) => TEXTS[l].lending['terms.title'],
    texts: (l) => [TEXTS[l].lending['terms.description'], TEXTS[l].lending['terms.fee.title']],
    marker: 'data-testid="lending-terms-risk"',
  },
  {
    path: '/referral-program',
    heading: (l) => TEXTS[l].programs['referral.title'],
    texts: (l) => [
      TEXTS[l].programs['referral.rules.title'],
      TEXTS[l].programs['referral.visitor.title'],
    ],
    marker: 'data-testid="referral-visitor"',
    memberOnly: 'data-testid="referral-record"',
  },
  {
    path: '/bcnt',
    heading: (l) => TEXTS[l].store['page.title'],
    texts: (l) => [
      TEXTS[l].store['info.title'],
      TEXTS[l].store['rules.title'],
      TEXTS[l].store['gate.login'],
    ],
    marker: 'data-testid="store-login-prompt"',
    memberOnly: 'data-testid="store-kyc',
  },
  {
    path: '/anue',
    heading: (l) => TEXTS[l].landing['anue.title'],
    texts: (l) => [TEXTS[l].landing['anue.eyebrow'], TEXTS[l].landing['anue.body']],
    marker: 'data-testid="anue-sign-up"',
    memberOnly: 'data-testid="anue-account"',
  },
  ...(['user-agreement', 'privacy-policy'] as const).map((document) => ({
    path: `/${document}`,
    heading: (l: Locale) => legalDocument(document, l).title,
    texts: (l: Locale) => legalTexts(document, l),
    marker: `data-document="${document}"`,
    legal: document,
  })),
  ...(
    [
      ['fixed-usdt', 'earn-terms-fixed'],
      ['fixed-btc', 'earn-terms-fixed'],
      ['mixed-fusion', 'earn-terms-mixed'],
      ['mixed-sapphire', 'earn-terms-mixed'],
    ] as const
  ).map(([family, document]) => ({
    path: `/terms-earn/${family}`,
    heading: (l: Locale) => legalDocument(document, l).title,
    texts: (l: Locale) => [TEXTS[l].earn[`terms.family.${family}`], ...legalTexts(document, l)],
    marker: 'data-testid="earn-terms-figures"',
    legal: document,
  })),
];

const SHELL = `<!doctype html>
<html lang="en-US">
  <head>
    <title>BCNT Platform</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/button-abc.css">
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;
const ASSETS: Record<string, string> = {
  'assets/button-abc.css': '.button{color:red}',
  'assets/index-abc.css': 'body{margin:0}',
  'assets/landing-page-abc.css': '.hero{padding:1rem}',
};

/** The text of an HTML fragment as a browser shows it (entities decoded). */
function textOf(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.content.textContent ?? '';
}

describe('the prerendered landing page', () => {
  it('is the first prerendered page, at /', () => {
    expect(PRERENDERED_PAGES[0]).toMatchObject({ path: '/', file: 'index.html' });
  });

  it.each(Object.keys(FIRST_SCREEN) as Locale[])(
    'holds the first screen in %s: the banner, the visitor actions and the nav bar',
    async (locale) => {
      const { landing, login } = FIRST_SCREEN[locale];
      const { html, title } = await renderPage('/', locale);
      const text = textOf(html);
      for (const key of ['hero.eyebrow', 'hero.title', 'hero.body', 'hero.signUp', 'hero.logIn'])
        expect(text).toContain(landing[key]);
      expect(text).toContain(landing['features.title']);
      expect(text).toContain(login);
      expect(html).toContain('data-testid="landing-hero"');
      // the member's view is the browser's, never the build's
      expect(html).not.toContain('data-testid="landing-hero-account"');
      // only Traditional Chinese readers get the anti-fraud notice
      expect(text.includes(twComponents['siteNotice.title'])).toBe(locale === 'zh-TW');

      const page = composePage({
        shell: SHELL,
        path: '/',
        locale,
        title,
        rootHtml: html,
        screenCssFiles: ['assets/landing-page-abc.css'],
        readAsset: (file) => ASSETS[file]!,
      });
      expect(page).toContain(`<html lang="${locale}">`);
      expect(page).toContain(
        `<title>${locale === 'en-US' ? 'BCNT Platform' : 'BCNT 平台'}</title>`,
      );
      expect(page).toContain(
        `<div id="root" data-prerendered="${locale}" data-prerendered-path="/">${html}</div>`,
      );
      // the shell's and the screen's CSS inlined in order; no stylesheet holds up the first paint
      expect(page).toContain(
        '<style>.button{color:red}\nbody{margin:0}\n.hero{padding:1rem}</style>',
      );
      expect(page).not.toMatch(/<link rel="stylesheet"(?![^>]*media="print")[^>]*>/);
      expect(page).toContain(
        '<link rel="stylesheet" href="/assets/landing-page-abc.css" media="print">',
      );
      expect(page).toContain('<script type="module" crossorigin src="/assets/index-abc.js">');
    },
  );
});

describe('hydrating the prerendered landing page', () => {
  let root: Root | undefined;
  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    document.body.replaceChildren();
  });

  it.each(['en-US', 'zh-TW'] as const)(
    'in %s keeps the markup: no mismatch, the same elements, no loader runs again',
    async (locale) => {
      const { html } = await renderPage('/', locale);
      const container = document.createElement('div');
      container.id = 'root';
      container.innerHTML = html;
      document.body.append(container);
      const heading = container.querySelector('h1');
      const languages = () =>
        container.querySelector<HTMLSelectElement>('select[data-testid="language-select"]');
      // a choice before the app runs would reach no handler
      expect(languages()?.disabled).toBe(true);
      expect(heading?.textContent).toBe(FIRST_SCREEN[locale].landing['hero.title']);

      const hasToken = vi.fn(() => false);
      const routes = createAppRoutes({
        Layout: ShellLayout,
        HydrateFallback: BootFallback,
        entryDeps: {
          hasToken,
          maintenanceShown: () => false,
          production: true,
          fetchKycStatus: () => Promise.resolve(null),
        },
      });
      const hydrationData = await prepareHydration(routes, '/');
      const router = createMemoryRouter(routes, { initialEntries: ['/'], hydrationData });
      const errors: unknown[] = [];
      const consoleError = vi.spyOn(console, 'error');
      await act(async () => {
        root = hydrateRoot(
          container,
          <StrictMode>
            <AppProviders queryClient={createQueryClient()}>
              <RouterProvider router={router} />
            </AppProviders>
          </StrictMode>,
          { onRecoverableError: (error) => errors.push(error) },
        );
      });
      expect(errors).toEqual([]);
      expect(consoleError).not.toHaveBeenCalled();
      consoleError.mockRestore();
      // hydrated in place: the server's element is the live one, and the guards did not rerun
      expect(container.querySelector('h1')).toBe(heading);
      expect(languages()?.disabled).toBe(false);
      expect(hasToken).not.toHaveBeenCalled();
      expect(router.state.initialized).toBe(true);
    },
  );
});

describe('the prerendered pages', () => {
  it('are public routes with a screen, at plain paths, each in its own file', () => {
    expect(PRERENDERED_PAGES.map((page) => page.path)).toEqual([
      '/',
      ...OTHER_PAGES.map((page) => page.path),
    ]);
    for (const page of PRERENDERED_PAGES) {
      const match = matchRoute(page.path, { production: true });
      expect(match).toEqual({ name: page.route, params: {}, known: true });
      expect(paths[page.route].public).toBe(true);
      expect(routeTable[page.route].screen).toBeDefined();
      expect(page.path).toBe(paths[page.route].getHref());
      expect(page.path).not.toMatch(/[:?#]|.\/$/);
      expect(page.file).toMatch(/^[a-z-]+\.html$/);
      // the build manifest's key for the screen's CSS
      expect(existsSync(page.screenModule)).toBe(true);
    }
    expect(new Set(PRERENDERED_PAGES.map((page) => page.file)).size).toBe(PRERENDERED_PAGES.length);
  });

  describe.each(OTHER_PAGES)('$path', (page) => {
    it.each(Object.keys(FIRST_SCREEN) as Locale[])(
      'holds its first screen for a visitor in %s, with the nav bar',
      async (locale) => {
        const { html, title, queries } = await render(page.path, locale);
        const text = textOf(html);
        expect(text).toContain(page.heading(locale));
        // no loading state in the first screen: a legal document is in the markup
        expect(html).not.toContain('data-state="loading"');
        for (const expected of page.texts(locale)) expect(text).toContain(expected);
        expect(text).toContain(FIRST_SCREEN[locale].login);
        expect(html).toContain(page.marker);
        if (page.memberOnly) expect(html).not.toContain(page.memberOnly);
        expect(text.includes(twComponents['siteNotice.title'])).toBe(locale === 'zh-TW');
        // no translation key left untranslated (a namespace the build did not load)
        expect(text).not.toMatch(/\b(?:terms|referral|info|rules|gate|anue|page)\.[a-z]/);
        const composed = composePage({
          shell: SHELL,
          path: page.path,
          locale,
          title,
          rootHtml: html,
          screenCssFiles: [],
          readAsset: (file) => ASSETS[file]!,
          queries,
        });
        expect(composed).toContain(
          `<div id="root" data-prerendered="${locale}" data-prerendered-path="${page.path}">`,
        );
        // the page carries the document it shows, for the browser's query cache
        const data = `<script type="application/json" id="${PRERENDERED_DATA_ID}">`;
        expect(composed.includes(data)).toBe(page.legal !== undefined);
        if (page.legal) {
          expect(queries).toEqual([
            {
              queryKey: ['api', 'common', 'legal', page.legal, locale],
              data: legalDocument(page.legal, locale),
            },
          ]);
          const parsed = new DOMParser().parseFromString(composed, 'text/html');
          const cache = new Map<string, unknown>();
          const client = {
            setQueryData: (key: readonly unknown[], value: unknown) =>
              void cache.set(JSON.stringify(key), value),
          };
          expect(seedPrerenderedQueries(parsed, client as never)).toBe(1);
          expect(cache.get(JSON.stringify(queries[0]!.queryKey))).toEqual(
            legalDocument(page.legal, locale),
          );
        } else {
          expect(queries).toEqual([]);
        }
      },
    );
  });
});

describe('hydrating the other prerendered pages', () => {
  let root: Root | undefined;
  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    document.body.replaceChildren();
  });

  describe.each(OTHER_PAGES)('$path', (page) => {
    it.each(['en-US', 'zh-TW', 'zh-CN'] as const)(
      'in %s keeps the markup: no mismatch, the same elements, no loader runs again',
      async (locale) => {
        const { html, queries } = await render(page.path, locale);
        const container = document.createElement('div');
        container.id = 'root';
        container.innerHTML = html;
        document.body.append(container);
        // as the page carries its data (composePage) and the app reads it (start-app.tsx)
        const data = document.createElement('script');
        data.type = 'application/json';
        data.id = PRERENDERED_DATA_ID;
        data.textContent = scriptJson(queries);
        document.body.append(data);
        const queryClient = createQueryClient();
        expect(seedPrerenderedQueries(document, queryClient)).toBe(queries.length);
        const heading = container.querySelector('main h1');
        expect(heading?.textContent).toBe(page.heading(locale));
        const visitorElement = container.querySelector(`[${page.marker}]`);
        expect(visitorElement).not.toBeNull();

        const hasToken = vi.fn(() => false);
        // the route table's screens, as the browser loads them
        const routes = createAppRoutes({
          Layout: ShellLayout,
          HydrateFallback: BootFallback,
          entryDeps: {
            hasToken,
            maintenanceShown: () => false,
            production: true,
            fetchKycStatus: () => Promise.resolve(null),
          },
        });
        const hydrationData = await prepareHydration(routes, page.path);
        const router = createMemoryRouter(routes, { initialEntries: [page.path], hydrationData });
        const errors: unknown[] = [];
        const consoleError = vi.spyOn(console, 'error');
        await act(async () => {
          root = hydrateRoot(
            container,
            <StrictMode>
              <AppProviders queryClient={queryClient}>
                <RouterProvider router={router} />
              </AppProviders>
            </StrictMode>,
            { onRecoverableError: (error) => errors.push(error) },
          );
        });
        expect(errors).toEqual([]);
        expect(consoleError).not.toHaveBeenCalled();
        consoleError.mockRestore();
        expect(container.querySelector('main h1')).toBe(heading);
        // the carried document is fresh: not fetched again
        expect(queryClient.isFetching({ queryKey: ['api', 'common', 'legal'] })).toBe(0);
        expect(container.querySelector(`[${page.marker}]`)).toBe(visitorElement);
        expect(hasToken).not.toHaveBeenCalled();
        expect(router.state.initialized).toBe(true);
      },
    );
  });
});

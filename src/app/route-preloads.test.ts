import { existsSync } from 'node:fs';
import type { OutputBundle } from 'rolldown';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  preloadScript,
  preloadTable,
  withPreloadScript,
  type PreloadTable,
} from '../../scripts/lib/vite-route-preload';
import { LAZY_NAMESPACES } from '../i18n/lazy-namespaces';
import { paths } from '../lib/paths';
import { STORAGE_KEYS } from '../lib/storage-keys';
import { LOCALES, resolveLocale } from '../shared/constants/locales';
import { ROUTE_PRELOADS, WALLET_NAMESPACES, WALLET_TAB_NAMESPACES } from './route-preloads';

const ROOT = '/repo';

function chunk(
  fileName: string,
  module: string | null,
  imports: string[] = [],
  css: string[] = [],
) {
  return {
    type: 'chunk',
    fileName,
    facadeModuleId: module && `${ROOT}/${module}`,
    isEntry: module === 'src/main.tsx',
    imports,
    viteMetadata: { importedCss: new Set(css), importedAssets: new Set() },
  };
}

/** A build: the entry and its shared chunk, the wallet screen, each language's translations. */
function bundle(): OutputBundle {
  const chunks = [
    chunk('assets/index.js', 'src/main.tsx', ['assets/react.js']),
    chunk('assets/react.js', null),
    chunk(
      'assets/wallet-screen.js',
      'src/app/screens/wallet-screen.tsx',
      ['assets/react.js', 'assets/data-table.js'],
      ['assets/wallet-screen.css'],
    ),
    chunk('assets/data-table.js', null, ['assets/react.js'], ['assets/data-table.css']),
    ...LOCALES.flatMap((locale) => [
      chunk(`assets/${locale}.js`, `src/i18n/resources/${locale}.ts`),
      ...WALLET_NAMESPACES.map((ns) =>
        chunk(`assets/${ns}-${locale}.js`, `src/i18n/locales/${locale}/${ns}.json`),
      ),
    ]),
  ];
  return Object.fromEntries(chunks.map((item) => [item.fileName, item])) as unknown as OutputBundle;
}

describe('the route preload table', () => {
  it('is the wallet route, its screen module and lazy namespaces', () => {
    expect(ROUTE_PRELOADS.map((route) => route.path)).toEqual([paths.Wallet.path]);
    for (const route of ROUTE_PRELOADS) {
      expect(existsSync(route.screen)).toBe(true);
      for (const ns of route.namespaces) expect(LAZY_NAMESPACES).toContain(ns);
    }
    // the tabs' namespaces come with their panels, not with the screen
    for (const ns of WALLET_TAB_NAMESPACES) expect(WALLET_NAMESPACES).not.toContain(ns);
  });

  it("lists the screen's chunks and stylesheets beyond the entry's, and each language's translations", () => {
    const table = preloadTable(bundle(), ROUTE_PRELOADS, ROOT);
    expect(table['/wallet']!.all).toEqual([
      '/assets/wallet-screen.js',
      '/assets/data-table.js',
      '/assets/wallet-screen.css',
      '/assets/data-table.css',
    ]);
    expect(table['/wallet']!['zh-TW']).toEqual([
      '/assets/zh-TW.js',
      '/assets/custody-zh-TW.js',
      '/assets/deposit-zh-TW.js',
      '/assets/tx-zh-TW.js',
    ]);
  });

  it('fails the build when a module of the table has no chunk', () => {
    const broken = bundle();
    delete broken['assets/wallet-screen.js'];
    expect(() => preloadTable(broken, ROUTE_PRELOADS, ROOT)).toThrow(/wallet-screen/);
  });

  it('puts the script before the module script of the page', () => {
    const html = '<head>\n    <script type="module" src="/assets/index.js"></script>\n</head>';
    expect(withPreloadScript(html, '/assets/route-preload-1.js')).toBe(
      '<head>\n    <script async src="/assets/route-preload-1.js"></script>\n    <script type="module" src="/assets/index.js"></script>\n</head>',
    );
  });
});

describe('the route preload script', () => {
  const table: PreloadTable = {
    '/wallet': {
      all: ['/assets/wallet-screen.js', '/assets/wallet-screen.css'],
      'en-US': ['/assets/en-US.js'],
      'zh-TW': ['/assets/zh-TW.js'],
      'zh-CN': ['/assets/zh-CN.js'],
    },
  };
  let languages: readonly string[] = ['en-US'];

  const preloaded = () =>
    [...document.head.querySelectorAll('link')].map((link) => [
      link.rel,
      link.getAttribute('href'),
      link.getAttribute('as'),
      link.getAttribute('crossorigin'),
    ]);
  const run = () => new Function(preloadScript(table))();

  beforeEach(() => {
    Object.defineProperty(navigator, 'languages', { configurable: true, get: () => languages });
    window.history.replaceState(null, '', '/wallet');
    localStorage.setItem(STORAGE_KEYS.loginInfo, '{"token":"t"}');
  });
  afterEach(() => {
    document.head.replaceChildren();
    localStorage.clear();
    languages = ['en-US'];
  });

  it("preloads the screen and the language's translations for a member at the route", () => {
    run();
    expect(preloaded()).toEqual([
      ['modulepreload', '/assets/wallet-screen.js', null, ''],
      ['preload', '/assets/wallet-screen.css', 'style', ''],
      ['modulepreload', '/assets/en-US.js', null, ''],
    ]);
  });

  it('does nothing without a session or at another path', () => {
    localStorage.removeItem(STORAGE_KEYS.loginInfo);
    run();
    expect(preloaded()).toEqual([]);
    localStorage.setItem(STORAGE_KEYS.loginInfo, '{"token":"t"}');
    window.history.replaceState(null, '', '/account');
    run();
    expect(preloaded()).toEqual([]);
  });

  it('picks the language as the app does: the stored choice, else the first browser language', () => {
    const picked = () => {
      document.head.replaceChildren();
      run();
      return preloaded()[2]![1];
    };
    for (const language of [
      'zh-TW',
      'zh-Hant-HK',
      'zh-HK',
      'zh',
      'zh-Hans',
      'ko-KR',
      'en-GB',
      'ZH-cn',
    ]) {
      languages = [language, 'zh-TW'];
      expect(picked()).toBe(`/assets/${resolveLocale(language)}.js`);
    }
    localStorage.setItem(STORAGE_KEYS.lang, 'zh-CN');
    languages = ['zh-TW'];
    expect(picked()).toBe('/assets/zh-CN.js');
  });
});

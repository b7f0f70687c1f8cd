import { SITE_NOTICE_LOCALE } from '../components/site-notice';
import { STORAGE_KEYS } from '../lib/storage-keys';
import { resolveLocale, type Locale } from '../shared/constants/locales';
import type { QueryClient } from '@tanstack/react-query';
import {
  FIRST_SCREEN_COOKIE,
  LANGUAGE_COOKIE,
  OWN_FIRST_SCREEN,
  PRERENDERED_DATA_ID,
  type PrerenderedQuery,
} from '../shared/prerender';

/**
 * The browser's side of the prerendered public pages (README "Prerendered public pages"): when
 * the page the API sent may be hydrated, and the cookies that tell the API which page to send.
 */

/** What decides whether this browser's first screen is the visitor's prerendered one. */
export interface FirstScreenState {
  /** The language the app starts in. */
  language: Locale;
  /** A session is stored (the member's own landing, nav bar and dashboard). */
  member: boolean;
  /** The maintenance page replaces every route. */
  maintenance: boolean;
  /** The zh-TW anti-fraud notice was dismissed (the prerendered zh-TW pages show it). */
  noticeDismissed: boolean;
  /**
   * A browser wallet connection is stored: the nav bar loads the wallet's area at once (its
   * address and balance), not the visitor's Connect wallet button the page was built with.
   */
  walletSession: boolean;
}

/** True when the first screen differs from what a visitor with nothing stored sees. */
export function hasOwnFirstScreen(state: FirstScreenState): boolean {
  return (
    state.member ||
    state.maintenance ||
    state.walletSession ||
    (state.language === SITE_NOTICE_LOCALE && state.noticeDismissed)
  );
}

/**
 * Hydrate the markup in #root only when it is the page this browser renders first: prerendered
 * in the app's language, for the visitor's first screen, at its own path (the chunk-load
 * recovery may have moved the URL before the app starts) without a query (a query can open a
 * dialog or trigger a boot rule the build did not render). Otherwise the markup is replaced by
 * a client render, as without a prerender.
 */
export function canHydrate(options: {
  /** `data-prerendered` of #root: the page's language, absent on the plain app page. */
  prerendered: string | undefined;
  /** `data-prerendered-path` of #root: the path it was rendered for. */
  prerenderedPath: string | undefined;
  pathname: string;
  search: string;
  state: FirstScreenState;
}): boolean {
  return (
    options.prerendered === options.state.language &&
    options.prerenderedPath === options.pathname &&
    options.search === '' &&
    !hasOwnFirstScreen(options.state)
  );
}

/**
 * Puts the query data the page was prerendered with (a legal document, carried in
 * `<script type="application/json" id="prerendered-data">`) in the query cache, so the
 * hydrating render shows what the markup shows instead of a loading state. Call it only when
 * hydrating. Nothing carried, or unreadable: nothing put (the page then fetches as usual, and a
 * mismatch would be reported, never hidden).
 */
export function seedPrerenderedQueries(
  doc: Pick<Document, 'getElementById'>,
  queryClient: Pick<QueryClient, 'setQueryData'>,
): number {
  const text = doc.getElementById(PRERENDERED_DATA_ID)?.textContent;
  if (!text) return 0;
  let queries: unknown;
  try {
    queries = JSON.parse(text);
  } catch {
    return 0;
  }
  if (!Array.isArray(queries)) return 0;
  let seeded = 0;
  for (const query of queries as Partial<PrerenderedQuery>[]) {
    if (!Array.isArray(query?.queryKey) || query.data === undefined) continue;
    queryClient.setQueryData(query.queryKey, query.data);
    seeded += 1;
  }
  return seeded;
}

const YEAR_SECONDS = 365 * 24 * 60 * 60;

function cookie(name: string, value: string | null): string {
  return value === null
    ? `${name}=; path=/; max-age=0; samesite=lax`
    : `${name}=${encodeURIComponent(value)}; path=/; max-age=${YEAR_SECONDS}; samesite=lax`;
}

export interface CookieJar {
  cookie: string;
}

/** The `lang` cookie: the stored language choice (null: none stored, the browser decides). */
export function writeLanguageCookie(jar: CookieJar, stored: string | null): void {
  jar.cookie = cookie(LANGUAGE_COOKIE, stored ? resolveLocale(stored) : null);
}

/** Both cookies, from the stored language choice and the first-screen state. */
export function writePrerenderCookies(
  jar: CookieJar,
  storedLanguage: string | null,
  state: FirstScreenState,
): void {
  writeLanguageCookie(jar, storedLanguage);
  jar.cookie = cookie(FIRST_SCREEN_COOKIE, hasOwnFirstScreen(state) ? OWN_FIRST_SCREEN : null);
}

type ReadableStorage = Pick<Storage, 'getItem'>;

function read(storage: ReadableStorage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

export const storedLanguage = (storage: ReadableStorage) => read(storage, STORAGE_KEYS.lang);
export const noticeDismissed = (storage: ReadableStorage) =>
  read(storage, STORAGE_KEYS.closeSiteNotice) !== null;

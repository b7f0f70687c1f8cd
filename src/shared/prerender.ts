import { DEFAULT_LOCALE, resolveLocale, type Locale } from './constants/locales';

/**
 * Prerendered public pages (README "Prerendered public pages"): the build writes each page's
 * HTML as a visitor with nothing stored sees it, once per language; the API sends the file of
 * the language the browser will pick, and the browser hydrates it. The browser keeps two cookies
 * for the API, mirrors of what it decides from localStorage (which the API cannot read):
 *
 * - `lang`: the stored language choice (`lang` in localStorage); absent when nothing is stored,
 *   then the first Accept-Language entry decides, as `navigator.languages[0]` does in the app;
 * - `first-screen=own`: this browser's first screen is not the visitor's page (a signed-in
 *   member, the maintenance page, the dismissed zh-TW notice): the API sends the plain app page,
 *   which renders in the browser as before, instead of a page that would change on hydration.
 */

export const LANGUAGE_COOKIE = 'lang';
export const FIRST_SCREEN_COOKIE = 'first-screen';
export const OWN_FIRST_SCREEN = 'own';

/** Where the build writes the prerendered pages under the app's dist folder. */
export const PRERENDER_DIR = 'prerendered';
/** `prerendered/pages.json`: the prerendered paths and their file names. */
export const PRERENDER_MANIFEST = 'pages.json';

export interface PrerenderManifest {
  /** path (`/`, `/terms/...`) -> file name in each language's folder (`index.html`) */
  pages: Record<string, string>;
  locales: readonly Locale[];
  /**
   * path -> the legal document its first screen shows (LEGAL_DIR's `<locale>/<document>.md`,
   * which the operator replaces without a build): the page is sent only while the file is the
   * one the build rendered.
   */
  legal?: Record<string, string>;
  /** `<locale>/<document>.md` -> SHA-256 (hex) of the file the build rendered */
  legalDigests?: Record<string, string>;
}

/**
 * The id of the `<script type="application/json">` after `#root` that carries the query data
 * the page was rendered with (a legal document): the browser puts it in its query cache before
 * hydrating, so the first render is the build's.
 */
export const PRERENDERED_DATA_ID = 'prerendered-data';

/** One query's data in the page: what `queryClient.setQueryData` takes. */
export interface PrerenderedQuery {
  queryKey: readonly unknown[];
  data: unknown;
}

/** LEGAL_DIR's file of a document in a language (the manifest's `legalDigests` key). */
export const legalFileOf = (locale: Locale, document: string) => `${locale}/${document}.md`;

/** The value of one cookie in a Cookie header, or null. */
export function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    const raw = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

/** The first language of an Accept-Language header by its q values (ties keep their order). */
export function preferredLanguage(header: string | undefined): string | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((entry, index) => {
      const [tag = '', ...params] = entry.trim().split(';');
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked[0]?.tag ?? null;
}

/**
 * The language the app will start in for this request: the stored choice (its cookie mirror)
 * first, then the browser's preferred language, resolved the way the app resolves them
 * (`src/i18n/language.ts`: ko-KR and anything not Chinese is en-US).
 */
export function requestLocale(headers: {
  cookie?: string | undefined;
  acceptLanguage?: string | undefined;
}): Locale {
  const stored = cookieValue(headers.cookie, LANGUAGE_COOKIE);
  if (stored) return resolveLocale(stored);
  const preferred = preferredLanguage(headers.acceptLanguage);
  return preferred ? resolveLocale(preferred) : DEFAULT_LOCALE;
}

import type { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { scriptJson } from '../../scripts/prerender-page';
import { PRERENDERED_DATA_ID, requestLocale } from '../shared/prerender';
import {
  canHydrate,
  seedPrerenderedQueries,
  writeLanguageCookie,
  writePrerenderCookies,
  type FirstScreenState,
} from './prerendered-page';

const VISITOR: FirstScreenState = {
  language: 'zh-TW',
  member: false,
  maintenance: false,
  noticeDismissed: false,
  walletSession: false,
};

const AT_LANDING = { prerenderedPath: '/', pathname: '/' };

/** A cookie jar that keeps what a browser would: name=value, max-age=0 deletes. */
function jar() {
  const values = new Map<string, string>();
  return {
    set cookie(text: string) {
      const [pair = '', ...attributes] = text.split(';');
      const [name = '', value = ''] = pair.split('=');
      if (attributes.some((attribute) => attribute.trim() === 'max-age=0')) values.delete(name);
      else values.set(name, value);
    },
    get cookie() {
      return [...values].map(([name, value]) => `${name}=${value}`).join('; ');
    },
  };
}

describe('hydrating the prerendered page', () => {
  it('happens for a visitor in the language it was prerendered in, at a URL without a query', () => {
    expect(canHydrate({ ...AT_LANDING, prerendered: 'zh-TW', search: '', state: VISITOR })).toBe(
      true,
    );
  });

  it.each([
    ['another language', { ...AT_LANDING, prerendered: 'en-US', search: '', state: VISITOR }],
    [
      'the plain app page',
      {
        prerendered: undefined,
        prerenderedPath: undefined,
        pathname: '/',
        search: '',
        state: VISITOR,
      },
    ],
    [
      'another path (the URL moved before the start)',
      {
        prerendered: 'zh-TW',
        prerenderedPath: '/',
        pathname: '/wallet',
        search: '',
        state: VISITOR,
      },
    ],
    [
      'a query',
      { ...AT_LANDING, prerendered: 'zh-TW', search: '?type=contact-us', state: VISITOR },
    ],
    [
      'a member',
      { ...AT_LANDING, prerendered: 'zh-TW', search: '', state: { ...VISITOR, member: true } },
    ],
    [
      'maintenance',
      { ...AT_LANDING, prerendered: 'zh-TW', search: '', state: { ...VISITOR, maintenance: true } },
    ],
    [
      'the dismissed zh-TW notice',
      {
        ...AT_LANDING,
        prerendered: 'zh-TW',
        search: '',
        state: { ...VISITOR, noticeDismissed: true },
      },
    ],
    [
      'a stored wallet connection (the nav shows its address, not Connect wallet)',
      {
        ...AT_LANDING,
        prerendered: 'zh-TW',
        search: '',
        state: { ...VISITOR, walletSession: true },
      },
    ],
  ])('does not happen with %s (rendered in the browser instead)', (_, options) => {
    expect(canHydrate(options)).toBe(false);
  });

  it('happens on every prerendered page at its own path', () => {
    for (const path of ['/lending-term-service', '/referral-program', '/bcnt', '/anue']) {
      expect(
        canHydrate({
          prerendered: 'zh-TW',
          prerenderedPath: path,
          pathname: path,
          search: '',
          state: VISITOR,
        }),
      ).toBe(true);
    }
  });

  it.each([
    ['a trailing slash', '/bcnt/'],
    ['another case (the router matches it, the page was built for /bcnt)', '/BCNT'],
    ['another page', '/referral-program'],
    ['a param below it', '/bcnt/x'],
  ])('does not happen at %s', (_, pathname) => {
    expect(
      canHydrate({
        prerendered: 'zh-TW',
        prerenderedPath: '/bcnt',
        pathname,
        search: '',
        state: VISITOR,
      }),
    ).toBe(false);
  });

  it('does not happen on another page for a member or with a query', () => {
    const at = { prerendered: 'en-US', prerenderedPath: '/bcnt', pathname: '/bcnt' };
    const state = { ...VISITOR, language: 'en-US' as const };
    expect(canHydrate({ ...at, search: '?tab=history', state })).toBe(false);
    expect(canHydrate({ ...at, search: '', state: { ...state, member: true } })).toBe(false);
    expect(canHydrate({ ...at, search: '', state: { ...state, maintenance: true } })).toBe(false);
    expect(canHydrate({ ...at, search: '', state })).toBe(true);
  });

  it('ignores a dismissed notice outside zh-TW (it is shown only there)', () => {
    const state = { ...VISITOR, language: 'en-US' as const, noticeDismissed: true };
    expect(canHydrate({ ...AT_LANDING, prerendered: 'en-US', search: '', state })).toBe(true);
  });
});

describe('the cookies the API picks the page by', () => {
  it('carry the stored language and make the API pick it', () => {
    const cookies = jar();
    writePrerenderCookies(cookies, 'zh-CN', { ...VISITOR, language: 'zh-CN' });
    expect(cookies.cookie).toBe('lang=zh-CN');
    expect(requestLocale({ cookie: cookies.cookie, acceptLanguage: 'en-US' })).toBe('zh-CN');
  });

  it('leave the language to the browser when none is stored', () => {
    const cookies = jar();
    writeLanguageCookie(cookies, 'zh-TW');
    writePrerenderCookies(cookies, null, VISITOR);
    expect(cookies.cookie).toBe('');
    expect(requestLocale({ cookie: cookies.cookie, acceptLanguage: 'zh-HK,en;q=0.5' })).toBe(
      'zh-TW',
    );
  });

  it('say first-screen=own for a member until they sign out', () => {
    const cookies = jar();
    writePrerenderCookies(cookies, 'en-US', { ...VISITOR, member: true });
    expect(cookies.cookie).toBe('lang=en-US; first-screen=own');
    writePrerenderCookies(cookies, 'en-US', VISITOR);
    expect(cookies.cookie).toBe('lang=en-US');
  });
});

describe('the query data a prerendered page carries', () => {
  /** A document with the page's data script holding `text`, and a cache to seed. */
  function page(text: string | null) {
    const scripts = new Map<string, { textContent: string }>();
    if (text !== null) scripts.set(PRERENDERED_DATA_ID, { textContent: text });
    const cache = new Map<string, unknown>();
    return {
      doc: { getElementById: (id: string) => scripts.get(id) ?? null } as unknown as Document,
      client: {
        setQueryData: (key: readonly unknown[], data: unknown) => {
          cache.set(JSON.stringify(key), data);
          return data;
        },
      } as unknown as Pick<QueryClient, 'setQueryData'>,
      cache,
    };
  }

  it('goes into the query cache as the build rendered it, markup-like text included', () => {
    const document = { title: 'Terms </script><!-- & more', body: 'a\u2028b' };
    const { doc, client, cache } = page(
      scriptJson([
        { queryKey: ['api', 'common', 'legal', 'user-agreement', 'zh-TW'], data: document },
      ]),
    );
    expect(scriptJson(document)).not.toContain('<');
    expect(seedPrerenderedQueries(doc, client)).toBe(1);
    expect(cache.get('["api","common","legal","user-agreement","zh-TW"]')).toEqual(document);
  });

  it.each([
    ['no data script (a page without data)', null],
    ['an empty script', ''],
    ['text that is not JSON', '[{"queryKey":'],
    ['not a list', '{"queryKey":["a"],"data":1}'],
    ['entries without a key or data', '[{"data":1},{"queryKey":["a"]},null]'],
  ])('puts nothing with %s', (_, text) => {
    const { doc, client, cache } = page(text);
    expect(seedPrerenderedQueries(doc, client)).toBe(0);
    expect(cache.size).toBe(0);
  });
});

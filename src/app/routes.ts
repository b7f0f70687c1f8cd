import type { ComponentType } from 'react';
import { ensureNamespaces, type LazyNamespace } from '../i18n/lazy-namespaces';
import { matchRoutes } from 'react-router';
import { prefetchWalletCode, prefetchWalletCodeWhenIdle } from '../web3/prefetch-wallet-code';

/**
 * THE route table: every route of both spec documents (platform-account-wallet.md section 2,
 * products-programs.md section 2) by name, with its path, whether visitors may open it, and
 * its screen when one exists. Links and redirects use `routes.X.getHref(...)` / `hrefTo`, never
 * a hand-written path.
 *
 * Decisions where the spec gives a name but no path (or a path but no name) are marked
 * "(path not in spec)" / "(name not in spec)" below.
 *
 * A route without `screen` is known (guards, backTo, links) but not built yet: entering it
 * redirects to Landing after the login guard ran, so nothing pretends to exist.
 */

/** A lazily loaded screen (default export, no props: it reads its params from the router). */
export type LazyScreen = () => Promise<{ default: ComponentType }>;

export type ParamRule =
  /** The param must match; otherwise the path is unknown (-> Landing). */
  | { pattern: RegExp }
  /**
   * The param takes one of these values. Expanded into static paths for the router, because
   * React Router cannot constrain a param and two dynamic paths of the same shape would
   * otherwise shadow each other. The value is in `handle.params` of the router match.
   */
  | { oneOf: readonly string[] };

interface RouteSpec {
  path: string;
  /** Visitors (no token) may open it. Everything else goes to Login with `back`. */
  public: boolean;
  params?: Record<string, ParamRule>;
  /** Entering it as a logged-in member fetches the KYC status (spec section 4). */
  kycGate?: boolean;
  /** Navigation bar and footer hidden (Maintain, MaintainPremium, special event, partner). */
  hideNav?: boolean;
  /** Footer hidden (also on Questionnaire). */
  hideFooter?: boolean;
  /** Partner wallet variant: no navigation bar, no language switcher. */
  partner?: boolean;
  /** Some nav bar items are hidden here (Register, Login, KYC, subscribeStrategy, Questionnaire). */
  compactNav?: boolean;
  /** Test environment only (Preferences): unknown in production. */
  testOnly?: boolean;
  /** Always redirects to this route (same query). */
  redirectTo?: string;
  screen?: LazyScreen;
}

const numeric = { pattern: /^\d+$/ } as const;
/** Serial number: 3-4 capitals, dash, 3 digits, a capital (USDT-034R), or a token symbol. */
const serialNumber = { pattern: /^(?:[A-Z]{3,4}-\d{3}[A-Z]|[A-Z0-9]{2,10})$/ } as const;
export const EARN_PRODUCT_TYPES = [
  'mixed',
  'fixed',
  'flagship',
  'alliance',
  'fixed-pro',
  'fixed-prox',
] as const;
export const EARN_SETTINGS = ['auto-renew', 'asset-return'] as const;

/**
 * When a screen uses the wallet code (wagmi, viem, RainbowKit; never in the first load):
 * 'with-screen' fetches it alongside the screen's chunk (a wallet panel shows at once: Account,
 * the loyalty program); 'idle' after the screen's first paint (the wallet is one press away:
 * wallet sign-in, deposit from the wallet, the store's payment, linking a wallet).
 */
type WalletCode = 'with-screen' | 'idle';

/** A screen loader that also brings the screen's translations (not in the first load). */
function withNamespaces<T>(
  namespaces: readonly LazyNamespace[],
  load: () => Promise<T>,
  walletCode?: WalletCode,
) {
  return () => {
    if (walletCode === 'with-screen') void prefetchWalletCode().catch(() => undefined);
    const screen = Promise.all([ensureNamespaces(namespaces), load()]).then(([, loaded]) => loaded);
    if (walletCode === 'idle') void screen.then(prefetchWalletCodeWhenIdle, () => undefined);
    return screen;
  };
}

const ROUTE_TABLE = {
  // ---- platform, account and wallet (document 1) ----
  /** Landing for visitors; product home (spec's "Dashboard") for members: same path, one route. */
  Landing: {
    path: '/',
    public: true,
    screen: () => import('./screens/landing-screen'),
  },
  Login: {
    path: '/login',
    public: true,
    compactNav: true,
    screen: withNamespaces(
      ['auth', 'security'],
      () => import('../features/auth/pages/login-page'),
      'idle',
    ),
  },
  Register: {
    path: '/register',
    public: true,
    compactNav: true,
    screen: withNamespaces(['auth'], () => import('../features/auth/pages/register-page')),
  },
  ForgotPwd: {
    path: '/forgot-password',
    public: true,
    screen: withNamespaces(['auth'], () => import('../features/auth/pages/forgot-password-page')),
  },
  ResetPwd: {
    path: '/reset-password',
    public: true,
    screen: withNamespaces(['auth'], () => import('../features/auth/pages/reset-password-page')),
  },
  AuthorizeLoginDevice: {
    path: '/authorizeLoginDevice',
    public: true,
    screen: withNamespaces(
      ['auth'],
      () => import('../features/auth/pages/authorize-login-device-page'),
    ),
  },
  Redirect: { path: '/redirect/:item', public: true },
  AboutUs: { path: '/about-us', public: true },
  Press: { path: '/press', public: true },
  Events: { path: '/events', public: true },
  Bcnt: {
    path: '/bcnt',
    public: true,
    screen: withNamespaces(
      ['store', 'tx'],
      () => import('../features/store/pages/bcnt-page'),
      'idle',
    ),
  },
  PrivacyPolicy: {
    path: '/privacy-policy/:mobile?',
    public: true,
    screen: () =>
      import('./screens/legal-screens').then((module) => ({ default: module.PrivacyPolicyScreen })),
  },
  UserAgreement: {
    path: '/user-agreement/:mobile?',
    public: true,
    screen: () =>
      import('./screens/legal-screens').then((module) => ({ default: module.UserAgreementScreen })),
  },
  TermsAutotrade: { path: '/terms-autotrade', public: true },
  LendingTermService: { path: '/lending-term-service', public: true },
  Wallet: {
    path: '/wallet',
    public: false,
    screen: withNamespaces(
      ['custody', 'deposit', 'withdraw', 'convert', 'tx'],
      () => import('./screens/wallet-screen'),
      'idle',
    ),
  },
  WalletManagement: {
    path: '/wallet/management/:currency',
    public: false,
    screen: withNamespaces(
      ['withdraw'],
      () => import('../features/withdraw/pages/address-management-page'),
    ),
  },
  Account: {
    path: '/account',
    public: false,
    screen: withNamespaces(
      ['account', 'alliance', 'loyalty', 'tx'],
      () => import('./screens/account-screen'),
      'with-screen',
    ),
  },
  UpdatePassword: {
    path: '/account/change-password',
    public: false,
    screen: withNamespaces(
      ['security'],
      () => import('../features/security/pages/change-password-page'),
    ),
  },
  EditUserName: {
    path: '/account/edit-user-name',
    public: false,
    screen: withNamespaces(
      ['security'],
      () => import('../features/security/pages/edit-username-page'),
    ),
  },
  ApiKeys: { path: '/api-keys', public: false },
  Referrals: {
    path: '/referrals',
    public: false,
    screen: withNamespaces(['account'], () => import('./screens/referrals-screen')),
  },
  Security: {
    path: '/security',
    public: false,
    screen: withNamespaces(
      ['security', 'withdraw'],
      () => import('./screens/security-screen'),
      'idle',
    ),
  },
  Kyc: {
    path: '/kyc',
    public: false,
    compactNav: true,
    screen: withNamespaces(['kyc'], () => import('../features/kyc/pages/kyc-page')),
  },
  SearchResult: { path: '/search-result', public: false },
  Questionnaire: {
    path: '/risk-questionnaire/:step?',
    public: false,
    hideFooter: true,
    compactNav: true,
  },
  LoyaltyProgram: {
    path: '/loyalty-program',
    public: true,
    screen: withNamespaces(
      ['loyalty', 'tx'],
      () => import('../features/loyalty/pages/loyalty-program-page'),
      'with-screen',
    ),
  },
  /** The mobile app's web view: no nav bar or footer (a `mobile` param); `lang` sets the language. */
  LoyaltyProgramMobile: {
    path: '/loyalty-program/:mobile/:lang?',
    public: true,
    screen: withNamespaces(
      ['loyalty', 'tx'],
      () => import('../features/loyalty/pages/loyalty-program-page'),
      'with-screen',
    ),
  },
  /** (path not in spec) test environment only */
  Preferences: { path: '/preferences', public: false, testOnly: true },
  /** (path not in spec) */
  Playground: { path: '/playground', public: false, testOnly: true },
  /** (path not in spec) */
  Maintain: {
    path: '/maintain',
    public: true,
    hideNav: true,
    screen: () => import('./maintain-screen'),
  },
  /** (path not in spec) */
  MaintainPremium: { path: '/maintain-premium', public: true, hideNav: true },

  // ---- products and programs (document 2) ----
  StrategyDetail: { path: '/trading-bot/:id', public: false, params: { id: numeric } },
  /** The spec's "subscribe flow" / subscribeStrategy. */
  SubscribeStrategy: {
    path: '/trading-bot/:id/subscribe',
    public: false,
    params: { id: numeric },
    compactNav: true,
  },
  /** /portfolio, query tab=earn. */
  MyStrategies: { path: '/portfolio', public: false, kycGate: true },
  /** The portfolio detail: id 1 is the lending subscription, other ids a trading strategy. */
  MyStrategiesDetail: { path: '/portfolio/autotrade/:id', public: false, params: { id: numeric } },
  /** (path not in spec) earn dashboard; its access-code rule comes with the earn issue. */
  PremiumDashboard: { path: '/earn', public: false },
  PremiumDetail: {
    path: '/:type/:sn?',
    public: false,
    kycGate: true,
    params: {
      type: { pattern: new RegExp(`^(?:${EARN_PRODUCT_TYPES.join('|')})$`) },
      sn: serialNumber,
    },
  },
  /** My subscription of an earn product by serial number, with its settings pages. */
  MyPremiumDetail: {
    path: '/portfolio/earn/:sn/:setting?',
    public: false,
    params: { setting: { oneOf: EARN_SETTINGS } },
  },
  PremiumHistoryDetail: { path: '/portfolio/history/earn/:sn', public: false },
  /** (name not in spec) /portfolio/earn/{id}/{type}, both numeric. */
  MyEarnDetail: {
    path: '/portfolio/earn/:id/:type',
    public: false,
    params: { id: numeric, type: numeric },
  },
  /** (name not in spec) /portfolio/history/earn/{id}/{type}, both numeric. */
  EarnHistoryDetail: {
    path: '/portfolio/history/earn/:id/:type',
    public: false,
    params: { id: numeric, type: numeric },
  },
  /** (name not in spec) /earn/history/{id}. */
  EarnHistory: { path: '/earn/history/:id', public: false },
  SubscriptionHistory: { path: '/subscription-history', public: false, kycGate: true },
  XSavingHistory: { path: '/x-saving-history', public: false, kycGate: true },
  /** (path not in spec) */
  BinFiDashboard: { path: '/bin-fi', public: false },
  BinFiDetail: { path: '/bin-fi/detail/:id/:type', public: false },
  /** (path not in spec) */
  BinFiMyFund: { path: '/bin-fi/my-fund', public: false },
  BinFiHistory: { path: '/bin-fi/history/:id/:type', public: false, kycGate: true },
  /** (path not in spec) */
  BinFiGalaxyDashboard: { path: '/bin-fi-galaxy', public: false },
  /** (path not in spec) */
  BinFiGalaxyHistory: { path: '/bin-fi-galaxy/history/:id/:type', public: false },
  /** (path not in spec) */
  LendingBotDashboard: { path: '/lending-bot', public: false },
  /** The lending bot product: detail and the two-step subscribe wizard. */
  LendingDetail: { path: '/lending-bot/:id', public: false, kycGate: true },
  /** (path not in spec) */
  ReferralProgram: { path: '/referral-program', public: true },
  /** (path not in spec) mirrors LoyaltyProgramMobile */
  ReferralProgramMobile: { path: '/referral-program/:mobile/:lang?', public: true },
  /** (path not in spec) the campaign page with a countdown: the spec's "special event page". */
  Event: { path: '/event', public: true, hideNav: true },
  /** (path not in spec) */
  LimitEvent: { path: '/limit-event', public: true },
  /** (path not in spec) */
  RakutenEvent: { path: '/rakuten-event', public: true },
  /** (path not in spec) partner-campaign variant of the landing page */
  AnueLanding: { path: '/anue', public: true },
  PremiumTermsOfService: { path: '/terms-earn/:mobile?/:sn', public: true },
  PremiumTermsOfServiceMobile: { path: '/premium-term-service/:mobile/:sn', public: true },
  /** (names not in spec) the four fixed earn terms pages */
  TermsEarnFixedUsdt: { path: '/terms-earn/fixed-usdt', public: true },
  TermsEarnFixedBtc: { path: '/terms-earn/fixed-btc', public: true },
  TermsEarnMixedFusion: { path: '/terms-earn/mixed-fusion', public: true },
  TermsEarnMixedSapphire: { path: '/terms-earn/mixed-sapphire', public: true },
  /** Partner wallet (Coolbitx): no navigation bar, no language switcher. */
  Coolbitx: { path: '/coolbitx', public: true, hideNav: true, partner: true },
  CoolbitxReferral: {
    path: '/coolbitx/referral',
    public: true,
    hideNav: true,
    partner: true,
    redirectTo: 'CoolbitxReferralEntry',
  },
  CoolbitxReferralEntry: {
    path: '/coolbitx/referral/entry',
    public: true,
    hideNav: true,
    partner: true,
  },
  CoolbitxReferralInfo: {
    path: '/coolbitx/referral/info',
    public: true,
    hideNav: true,
    partner: true,
  },
  CoolbitxReferralSignUp: {
    path: '/coolbitx/referral/sign-up',
    public: true,
    hideNav: true,
    partner: true,
  },
} as const satisfies Record<string, RouteSpec>;

export type RouteName = keyof typeof ROUTE_TABLE;
type PathOf<N extends RouteName> = (typeof ROUTE_TABLE)[N]['path'];

// ---- typed params from the path string ----

type Segments<P extends string> = P extends `${infer Head}/${infer Tail}`
  ? Head | Segments<Tail>
  : P;
type RequiredParam<S> = S extends `:${string}?` ? never : S extends `:${infer Name}` ? Name : never;
type OptionalParam<S> = S extends `:${infer Name}?` ? Name : never;
type ParamValue = string | number;

export type PathParams<P extends string> = { [K in RequiredParam<Segments<P>>]: ParamValue } & {
  [K in OptionalParam<Segments<P>>]?: ParamValue;
};
export type RouteParams<N extends RouteName> = PathParams<PathOf<N>>;
export type QueryParams = Record<string, ParamValue | null | undefined>;

/** getHref's arguments: params are optional exactly when the path has no required param. */
export type HrefArgs<N extends RouteName> =
  RequiredParam<Segments<PathOf<N>>> extends never
    ? [params?: RouteParams<N>, query?: QueryParams]
    : [params: RouteParams<N>, query?: QueryParams];

export interface AppRoute<N extends RouteName = RouteName> {
  name: N;
  path: PathOf<N>;
  public: boolean;
  params: Readonly<Record<string, ParamRule>>;
  kycGate: boolean;
  hideNav: boolean;
  hideFooter: boolean;
  partner: boolean;
  compactNav: boolean;
  testOnly: boolean;
  redirectTo: RouteName | undefined;
  screen: LazyScreen | undefined;
  getHref(...args: HrefArgs<N>): string;
}

/** Builds a path from a pattern: missing optional segments are dropped, values URL-encoded. */
export function buildPath(
  pattern: string,
  params: Record<string, ParamValue | null | undefined> = {},
): string {
  const segments = pattern.split('/').flatMap((segment) => {
    if (!segment.startsWith(':')) return [segment];
    const optional = segment.endsWith('?');
    const key = segment.slice(1, optional ? -1 : undefined);
    const value = params[key];
    if (value === undefined || value === null || value === '') {
      if (optional) return [];
      throw new Error(`Missing route param "${key}" for ${pattern}`);
    }
    return [encodeURIComponent(String(value))];
  });
  const path = segments.join('/');
  return path === '' ? '/' : path;
}

export function buildQuery(query: QueryParams | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function defineRoute<N extends RouteName>(name: N): AppRoute<N> {
  const spec: RouteSpec = ROUTE_TABLE[name];
  return {
    name,
    path: spec.path as PathOf<N>,
    public: spec.public,
    params: spec.params ?? {},
    kycGate: spec.kycGate ?? false,
    hideNav: spec.hideNav ?? false,
    hideFooter: spec.hideFooter ?? spec.hideNav ?? false,
    partner: spec.partner ?? false,
    compactNav: spec.compactNav ?? false,
    testOnly: spec.testOnly ?? false,
    redirectTo: spec.redirectTo as RouteName | undefined,
    screen: spec.screen,
    getHref: (...args: HrefArgs<N>) => {
      const [params, query] = args as [
        Record<string, ParamValue> | undefined,
        QueryParams | undefined,
      ];
      return buildPath(spec.path, params) + buildQuery(query);
    },
  };
}

export const ROUTE_NAMES = Object.keys(ROUTE_TABLE) as RouteName[];

export const routes = Object.fromEntries(ROUTE_NAMES.map((name) => [name, defineRoute(name)])) as {
  [N in RouteName]: AppRoute<N>;
};

export function isRouteName(value: unknown): value is RouteName {
  return typeof value === 'string' && Object.hasOwn(ROUTE_TABLE, value);
}

/** `hrefTo('StrategyDetail', { id: 5 })` -> '/trading-bot/5'. */
export function hrefTo<N extends RouteName>(name: N, ...args: HrefArgs<N>): string {
  return routes[name].getHref(...args);
}

// ---- matching: the router and `matchRoute` use the same patterns ----

export interface RoutePattern {
  /** Unique id of this pattern (a route with `oneOf` params has several). */
  id: string;
  name: RouteName;
  path: string;
  /** Values of `oneOf` params baked into this pattern as static segments. */
  fixedParams: Record<string, string>;
}

/** Every route's router paths: `oneOf` params expanded into static segments. */
export function routePatterns(): RoutePattern[] {
  return ROUTE_NAMES.flatMap((name) => {
    const route = routes[name];
    let variants: { path: string; fixedParams: Record<string, string> }[] = [
      { path: route.path, fixedParams: {} },
    ];
    for (const [key, rule] of Object.entries(route.params)) {
      if (!('oneOf' in rule)) continue;
      variants = variants.flatMap((variant) => {
        const segments = variant.path.split('/');
        const index = segments.findIndex(
          (segment) => segment === `:${key}` || segment === `:${key}?`,
        );
        if (index < 0) return [variant];
        const optional = segments[index]!.endsWith('?');
        const expanded = rule.oneOf.map((value) => ({
          path: segments.map((segment, i) => (i === index ? value : segment)).join('/'),
          fixedParams: { ...variant.fixedParams, [key]: value },
        }));
        const without = optional
          ? [
              {
                path: segments.filter((_, i) => i !== index).join('/'),
                fixedParams: variant.fixedParams,
              },
            ]
          : [];
        return [...without, ...expanded];
      });
    }
    return variants.map((variant, index) => ({
      id: variants.length === 1 ? name : `${name}#${index}`,
      name,
      path: variant.path || '/',
      fixedParams: variant.fixedParams,
    }));
  });
}

const PATTERNS = routePatterns();
const PATTERN_BY_ID = new Map(PATTERNS.map((pattern) => [pattern.id, pattern]));

export function patternById(id: string): RoutePattern | undefined {
  return PATTERN_BY_ID.get(id);
}

/** True when every `pattern` param rule holds for these params. */
export function paramsSatisfyRules(
  name: RouteName,
  params: Record<string, string | undefined>,
): boolean {
  return Object.entries(routes[name].params).every(([key, rule]) => {
    if (!('pattern' in rule)) return true;
    const value = params[key];
    return value === undefined || rule.pattern.test(value);
  });
}

export interface RouteMatch {
  name: RouteName;
  params: Record<string, string>;
  /** false: the path is unknown (or breaks a param rule) and resolves to Landing. */
  known: boolean;
}

export interface MatchOptions {
  /** Test-only routes (Preferences, Playground) are unknown in production. */
  production?: boolean;
}

/**
 * The route of a path, exactly as the router resolves it (same patterns, React Router's
 * ranking). Unknown paths, broken param rules and test-only routes in production -> Landing.
 */
export function matchRoute(pathname: string, options: MatchOptions = {}): RouteMatch {
  const matches = matchRoutes(
    PATTERNS.map((pattern) => ({ id: pattern.id, path: pattern.path })),
    pathname,
  );
  const found = matches?.[matches.length - 1];
  const pattern = found ? patternById(found.route.id) : undefined;
  if (found && pattern) {
    const params: Record<string, string> = { ...pattern.fixedParams };
    for (const [key, value] of Object.entries(found.params)) {
      if (value !== undefined && key !== '*') params[key] = value;
    }
    const route = routes[pattern.name];
    if (paramsSatisfyRules(pattern.name, params) && !(route.testOnly && options.production)) {
      return { name: pattern.name, params, known: true };
    }
  }
  return { name: 'Landing', params: {}, known: false };
}

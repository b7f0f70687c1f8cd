import { matchRoutes } from 'react-router';

/**
 * THE path table: every route of both spec documents (platform-account-wallet.md section 2,
 * products-programs.md section 2) by name, with its path, its param rules and its access rules
 * (visitors allowed, KYC gate, redirect). Links and redirects everywhere (features included)
 * use `paths.X.getHref(...)` / `hrefTo`, never a hand-written path. The app's route table
 * (`src/app/routes.ts`) adds each route's screen and shell flags.
 *
 * Decisions where the spec gives a name but no path (or a path but no name) are marked
 * "(path not in spec)" / "(name not in spec)" below.
 */

export type ParamRule =
  /** The param must match; otherwise the path is unknown (-> Landing). */
  | { pattern: RegExp }
  /**
   * The param takes one of these values. Expanded into static paths for the router, because
   * React Router cannot constrain a param and two dynamic paths of the same shape would
   * otherwise shadow each other. The value is in `handle.params` of the router match.
   */
  | { oneOf: readonly string[] };

interface PathSpec {
  path: string;
  /** Visitors (no token) may open it. Everything else goes to Login with `back`. */
  public: boolean;
  params?: Record<string, ParamRule>;
  /** Entering it as a logged-in member fetches the KYC status (spec section 4). */
  kycGate?: boolean;
  /** Test environment only (Preferences): unknown in production. */
  testOnly?: boolean;
  /** Always redirects to this route (same query). */
  redirectTo?: string;
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
/** A BinFi page's side: supply (Ultra Rock) or take (Ultra Flame). */
const binfiSide = { pattern: /^(?:supply|take)$/ } as const;
export const EARN_SETTINGS = ['auto-renew', 'asset-return', 'smart-dca'] as const;

const PATH_TABLE = {
  // ---- platform, account and wallet (document 1) ----
  /** Landing for visitors; product home (spec's "Dashboard") for members: same path, one route. */
  Landing: { path: '/', public: true },
  Login: { path: '/login', public: true },
  Register: { path: '/register', public: true },
  ForgotPwd: { path: '/forgot-password', public: true },
  ResetPwd: { path: '/reset-password', public: true },
  AuthorizeLoginDevice: { path: '/authorizeLoginDevice', public: true },
  /** not in the spec: the link e-mailed by a password reset that kept the wallets */
  ConfirmWalletLogin: { path: '/confirm-wallet-login', public: true },
  Redirect: { path: '/redirect/:item', public: true },
  AboutUs: { path: '/about-us', public: true },
  Press: { path: '/press', public: true },
  /** (name and path not in spec) a press post of the content service */
  PressPost: { path: '/press/:id', public: true, params: { id: numeric } },
  Events: { path: '/events', public: true },
  /** (name and path not in spec) an events post of the content service */
  EventPost: { path: '/events/:id', public: true, params: { id: numeric } },
  Bcnt: { path: '/bcnt', public: true },
  PrivacyPolicy: { path: '/privacy-policy/:mobile?', public: true },
  UserAgreement: { path: '/user-agreement/:mobile?', public: true },
  TermsAutotrade: { path: '/terms-autotrade', public: true },
  LendingTermService: { path: '/lending-term-service', public: true },
  Wallet: { path: '/wallet', public: false },
  WalletManagement: { path: '/wallet/management/:currency', public: false },
  Account: { path: '/account', public: false },
  UpdatePassword: { path: '/account/change-password', public: false },
  EditUserName: { path: '/account/edit-user-name', public: false },
  ApiKeys: { path: '/api-keys', public: false },
  Referrals: { path: '/referrals', public: false },
  Security: { path: '/security', public: false },
  Kyc: { path: '/kyc', public: false },
  /** Public: a visitor searches the products and strategies from the landing page (query q). */
  SearchResult: { path: '/search-result', public: true },
  Questionnaire: { path: '/risk-questionnaire/:step?', public: false },
  LoyaltyProgram: { path: '/loyalty-program', public: true },
  /** The mobile app's web view: no nav bar or footer (a `mobile` param); `lang` sets the language. */
  LoyaltyProgramMobile: { path: '/loyalty-program/:mobile/:lang?', public: true },
  /** (path not in spec) test environment only */
  Preferences: { path: '/preferences', public: false, testOnly: true },
  /** (path not in spec) */
  Playground: { path: '/playground', public: false, testOnly: true },
  /** (path not in spec) the developer tools (contracts, faucet, time travel); never in production */
  DevContracts: { path: '/dev/contracts', public: true, testOnly: true },
  /** (path not in spec) */
  Maintain: { path: '/maintain', public: true },
  /** (path not in spec) */
  MaintainPremium: { path: '/maintain-premium', public: true },
  // ---- products and programs (document 2) ----
  /** (path not in spec) the Smart Autotrade dashboard: featured, search, filter, sort, history. */
  StrategyDashboard: { path: '/trading-bot', public: true },
  /** Public: a visitor reads the strategy; Subscribe sends them to Login (and back here). */
  StrategyDetail: { path: '/trading-bot/:id', public: true, params: { id: numeric } },
  /** The spec's "subscribe flow" / subscribeStrategy. */
  SubscribeStrategy: { path: '/trading-bot/:id/subscribe', public: false, params: { id: numeric } },
  /** /portfolio, query tab=earn. */
  MyStrategies: { path: '/portfolio', public: false, kycGate: true },
  /**
   * A Smart Autotrade subscription's detail (every id). The spec's id 1 = lending detail would
   * collide with subscription 1: the member's lending detail is LendingDetail (features/lending).
   */
  MyStrategiesDetail: { path: '/portfolio/autotrade/:id', public: false, params: { id: numeric } },
  /**
   * (path not in spec) the earn dashboard: a public product page (the catalog). The spec's
   * access-pass rule (section 2, "Navigation rules") is not built yet.
   */
  PremiumDashboard: { path: '/earn', public: true },
  /**
   * An earn product: readable by visitors (a log-in / sign-up call to action). Not KYC-gated:
   * a member without identity verification reads the product and gets the KYC prompt instead
   * of Join (the server refuses Join without it); the spec's section 6 gate would send them to
   * Account before they could read it.
   */
  PremiumDetail: {
    path: '/:type/:sn?',
    public: true,
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
  /** type: supply (Ultra Rock) or take (Ultra Flame) */
  BinFiDetail: {
    path: '/bin-fi/detail/:id/:type',
    public: false,
    params: { id: numeric, type: binfiSide },
  },
  /** (path not in spec) */
  BinFiMyFund: { path: '/bin-fi/my-fund', public: false },
  BinFiHistory: {
    path: '/bin-fi/history/:id/:type',
    public: false,
    kycGate: true,
    params: { id: numeric, type: binfiSide },
  },
  /** (path not in spec) */
  BinFiGalaxyDashboard: { path: '/bin-fi-galaxy', public: false },
  /** (path not in spec) */
  BinFiGalaxyHistory: {
    path: '/bin-fi-galaxy/history/:id/:type',
    public: false,
    params: { id: numeric, type: binfiSide },
  },
  /** (path not in spec) */
  LendingBotDashboard: { path: '/lending-bot', public: false },
  /** The lending bot product: detail, the two-step subscribe wizard, the member's subscription. */
  LendingDetail: { path: '/lending-bot/:id', public: false, kycGate: true },
  /** (path not in spec) */
  ReferralProgram: { path: '/referral-program', public: true },
  /** (path not in spec) mirrors LoyaltyProgramMobile */
  ReferralProgramMobile: { path: '/referral-program/:mobile/:lang?', public: true },
  /** (path not in spec) the campaign page with a countdown: the spec's "special event page". */
  Event: { path: '/event', public: true },
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
  Coolbitx: { path: '/coolbitx', public: true },
  CoolbitxReferral: {
    path: '/coolbitx/referral',
    public: true,
    redirectTo: 'CoolbitxReferralEntry',
  },
  CoolbitxReferralEntry: { path: '/coolbitx/referral/entry', public: true },
  CoolbitxReferralInfo: { path: '/coolbitx/referral/info', public: true },
  CoolbitxReferralSignUp: { path: '/coolbitx/referral/sign-up', public: true },
} as const satisfies Record<string, PathSpec>;

export type RouteName = keyof typeof PATH_TABLE;
type PathOf<N extends RouteName> = (typeof PATH_TABLE)[N]['path'];

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

export interface AppPath<N extends RouteName = RouteName> {
  name: N;
  path: PathOf<N>;
  public: boolean;
  params: Readonly<Record<string, ParamRule>>;
  kycGate: boolean;
  testOnly: boolean;
  redirectTo: RouteName | undefined;
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

function definePath<N extends RouteName>(name: N): AppPath<N> {
  const spec: PathSpec = PATH_TABLE[name];
  return {
    name,
    path: spec.path as PathOf<N>,
    public: spec.public,
    params: spec.params ?? {},
    kycGate: spec.kycGate ?? false,
    testOnly: spec.testOnly ?? false,
    redirectTo: spec.redirectTo as RouteName | undefined,
    getHref: (...args: HrefArgs<N>) => {
      const [params, query] = args as [
        Record<string, ParamValue> | undefined,
        QueryParams | undefined,
      ];
      return buildPath(spec.path, params) + buildQuery(query);
    },
  };
}

export const ROUTE_NAMES = Object.keys(PATH_TABLE) as RouteName[];

export const paths = Object.fromEntries(ROUTE_NAMES.map((name) => [name, definePath(name)])) as {
  [N in RouteName]: AppPath<N>;
};

export function isRouteName(value: unknown): value is RouteName {
  return typeof value === 'string' && Object.hasOwn(PATH_TABLE, value);
}

/** `hrefTo('StrategyDetail', { id: 5 })` -> '/trading-bot/5'. */
export function hrefTo<N extends RouteName>(name: N, ...args: HrefArgs<N>): string {
  return paths[name].getHref(...args);
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
    const route = paths[name];
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
  return Object.entries(paths[name].params).every(([key, rule]) => {
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
    const route = paths[pattern.name];
    if (paramsSatisfyRules(pattern.name, params) && !(route.testOnly && options.production)) {
      return { name: pattern.name, params, known: true };
    }
  }
  return { name: 'Landing', params: {}, known: false };
}

import { ApiError } from './http-client';

/**
 * Query keys from one factory: every key starts with its domain, so `queryKeys.<domain>.all`
 * invalidates a whole domain and `queryKeys.all` everything (e.g. after a language change).
 * Later issues add their domains here.
 */
const all = ['api'] as const;
const common = [...all, 'common'] as const;
const setting = [...all, 'setting'] as const;
const member = [...all, 'member'] as const;
const products = [...all, 'products'] as const;

export const queryKeys = {
  all,
  common: {
    all: common,
    languages: () => [...common, 'languages'] as const,
    currencies: () => [...common, 'currencies'] as const,
    countries: () => [...common, 'countries'] as const,
    docIssuePlaces: () => [...common, 'docIssuePlaces'] as const,
    /** GET /api/v1/common/loyalty: the loyalty rate table */
    loyalty: () => [...common, 'loyalty'] as const,
    /** GET /token/info: BCNT token info, store rules and the current price */
    tokenInfo: () => [...common, 'tokenInfo'] as const,
    /** GET /content/legal/:document?lang= (the user agreement, the privacy policy) */
    legalDocument: (document: string, language: string) =>
      [...common, 'legal', document, language] as const,
    /** GET /content/posts (category, page, per page) in a language */
    posts: (language: string, params: object) => [...common, 'posts', language, params] as const,
    /** GET /content/posts/:id?lang= */
    post: (id: number, language: string) => [...common, 'post', id, language] as const,
    /** GET /api/v1/premium2/Advertisement */
    advertisements: () => [...common, 'advertisements'] as const,
  },
  setting: {
    all: setting,
    maintainStatus: () => [...setting, 'maintainStatus'] as const,
  },
  /**
   * Product catalogs as a visitor reads them (guest calls): the same for everyone, so they stay
   * in the cache on logout. What a member reads of a product (with the session, e.g. the
   * premium funds a premier member sees) is under `member`.
   */
  products: {
    all: products,
    /** everything earn (premium2) a visitor reads */
    earn: () => [...products, 'earn'] as const,
    /** GET /api/v1/premium2/List (guest) */
    earnCatalog: () => [...products, 'earn', 'catalog'] as const,
    /** GET /api/v1/premium2/GuestDetail?sn= */
    earnDetail: (sn: string) => [...products, 'earn', 'detail', sn] as const,
    /** GET /api/v1/premium2/Nav?sn= (guest) */
    earnNav: (sn: string) => [...products, 'earn', 'nav', sn] as const,
    /** GET /api/v1/strategy/StrategyList (guest): the strategies SearchResult searches */
    strategies: (query: object) => [...products, 'strategies', query] as const,
  },
  /** Data of the logged-in member; cleared on logout. */
  member: {
    all: member,
    /** GET /member/loyalty/status: level, counted stake, unstake requests, Alliance NFT */
    loyaltyStatus: () => [...member, 'loyaltyStatus'] as const,
    /** POST /member/ico/kyc/getStatus: identity verification and the premier application */
    kycStatus: () => [...member, 'kycStatus'] as const,
    /** POST /member/ico/getMemberInfo: the member's summary (name, level, account type) */
    memberInfo: () => [...member, 'memberInfo'] as const,
    /** POST /member/get2FASettings: the two-step method and its lock */
    twoFactorSettings: () => [...member, 'security', 'twoFactor'] as const,
    /** GET /member/loyalty/alliance/check?address= */
    allianceCheck: (address: string) =>
      [...member, 'allianceCheck', address.toLowerCase()] as const,
    /** Custodial wallet: everything below `wallet` changes when money moves. */
    wallet: () => [...member, 'wallet'] as const,
    /** GET /api/v1/user/WalletInfo */
    walletInfo: () => [...member, 'wallet', 'info'] as const,
    /** GET /api/v1/user/WalletHistory */
    walletHistory: (params: { currency?: string | undefined; page: number; pageSize: number }) =>
      [...member, 'wallet', 'history', params] as const,
    /** GET /api/v1/user/WalletDepositInfo?currency= (addresses, recent deposits, limit) */
    depositInfo: (currency: string) => [...member, 'wallet', 'deposit', currency] as const,
    /** GET /api/v1/user/WithdrawInfo?currency= */
    withdrawInfo: (currency: string) => [...member, 'wallet', 'withdrawInfo', currency] as const,
    /** GET /api/v1/user/Withdraw history */
    withdrawals: (params: object) => [...member, 'wallet', 'withdrawals', params] as const,
    /** GET /api/v1/user/address (saved withdrawal addresses) */
    addresses: () => [...member, 'wallet', 'addresses'] as const,
    /** conversion quote, quotas and history */
    convertInfo: () => [...member, 'wallet', 'convertInfo'] as const,
    convertHistory: (params: object) => [...member, 'wallet', 'convertHistory', params] as const,
    /** GET /api/v1/user/wallet/stake/record */
    stakeRecord: (params: object) => [...member, 'wallet', 'stakeRecord', params] as const,
    /** Earn products as the member reads them: everything below `earn` changes with a join. */
    earn: () => [...member, 'earn'] as const,
    /** GET /api/v1/premium2/List with the session (premier members also see premium funds) */
    earnCatalog: () => [...member, 'earn', 'catalog'] as const,
    /** GET /api/v1/premium2/Detail?sn=: the product with the member's subscription */
    earnDetail: (sn: string) => [...member, 'earn', 'detail', sn] as const,
    /** GET /api/v1/premium2/CheckJoin?sn= */
    earnCheckJoin: (sn: string) => [...member, 'earn', 'checkJoin', sn] as const,
    /** GET /api/v1/premium2/Nav?sn= with the session */
    earnNav: (sn: string) => [...member, 'earn', 'nav', sn] as const,
    /** GET /api/v1/premium2/UserFunds?kind=&state= */
    earnFunds: (query: object = {}) => [...member, 'earn', 'funds', query] as const,
    /** GET /api/v1/premium2/PremiumHistory?premiumId=&page= */
    earnHistory: (query: object) => [...member, 'earn', 'history', query] as const,
    /** GET /token/order (BCNT store orders); without params: every page */
    storeOrders: (params?: object) =>
      params === undefined
        ? ([...member, 'wallet', 'storeOrders'] as const)
        : ([...member, 'wallet', 'storeOrders', params] as const),
  },
} as const;

interface CachePreset {
  staleTime: number;
  gcTime?: number;
  refetchInterval?: number | false;
  refetchIntervalInBackground?: boolean;
  refetchOnWindowFocus?: boolean;
}

/** Named cache strategies; spread into query options instead of scattering numbers. */
export const cachePresets = {
  /** Reference lists that change only with a deploy (languages, currencies, countries). */
  static: { staleTime: Infinity, gcTime: Infinity, refetchOnWindowFocus: false },
  /** Ordinary member data. */
  standard: { staleTime: 30_000, gcTime: 5 * 60_000 },
  /** Always refetched on use (balances, order states). */
  fresh: { staleTime: 0 },
  /**
   * Member data that follows the chain and can change without the member acting on this page
   * (an unstake cooldown ends, an NFT is transferred away): refetched every 15 s while shown.
   */
  chain: { staleTime: 5_000, gcTime: 5 * 60_000, refetchInterval: 15_000 },
  /** Status polls every second (spec section 7), also in a background tab. */
  poll: { staleTime: 0, refetchInterval: 1_000, refetchIntervalInBackground: true },
} as const satisfies Record<string, CachePreset>;

/**
 * For the QueryClient's `retry` default: the HTTP client already handles auth and 503, so only
 * network failures and HTTP 5xx (not 503) are retried, at most twice; everything else never.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2 || !(error instanceof ApiError) || error.ignored || error.isUnavailable)
    return false;
  return error.message === 'network_error' || (error.httpStatus ?? 0) >= 500;
}

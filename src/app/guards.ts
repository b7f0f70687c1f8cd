import { STORAGE_KEYS } from '../lib/storage-keys';
import { KYC_VERIFIED_STATUS } from '../shared/constants/kyc';
import {
  buildPath,
  buildQuery,
  isRouteName,
  paramsSatisfyRules,
  paths,
  type QueryParams,
  type RouteName,
} from '../lib/paths';

/**
 * Session and gating rules of spec section 4, as pure functions. `route-loader.ts` applies them
 * in order on every navigation; `back-to-tracker.ts` applies the backTo rule.
 */

export interface RouteTarget {
  name: RouteName;
  params: Record<string, string | undefined>;
  query?: URLSearchParams;
}

/** The portfolio detail route: its `id` travels with `back` to Login. */
export const PORTFOLIO_DETAIL_ROUTE: RouteName = 'MyStrategiesDetail';

/** Login's href for a guarded target: `back` = route name (+ `id` for the portfolio detail). */
export function loginHrefFor(target: RouteTarget): string {
  const query: QueryParams = { back: target.name };
  if (target.name === PORTFOLIO_DETAIL_ROUTE && target.params.id) query.id = target.params.id;
  return paths.Login.getHref(undefined, query);
}

/** A route outside the public list without a token is replaced by Login with `back`. */
export function authGuard(target: RouteTarget, hasToken: boolean): string | null {
  if (paths[target.name].public || hasToken) return null;
  return loginHrefFor(target);
}

// ---- backTo ----

/** Going to Login from these does not store backTo. */
export const BACK_TO_EXCLUDED: readonly RouteName[] = [
  'Register',
  'ResetPwd',
  'AuthorizeLoginDevice',
  'ConfirmWalletLogin',
  'ForgotPwd',
];
/** Route params kept with the stored route (query values are not: `type=contact-us` is a dialog). */
const BACK_TO_KEYS = ['id', 'type', 'sn'] as const;

export interface BackTo {
  name: RouteName;
  params?: Record<string, string>;
  query?: Record<string, string>;
}

/**
 * The backTo value to store when navigating from `from` to Login (null: store nothing).
 * From UpdatePassword it is Account; from Register, ResetPwd, AuthorizeLoginDevice and
 * ForgotPwd (and from Login itself) nothing is stored.
 */
export function backToOnLoginEntry(from: RouteTarget | null): BackTo | null {
  if (!from || from.name === 'Login' || BACK_TO_EXCLUDED.includes(from.name)) return null;
  if (from.name === 'UpdatePassword') return { name: 'Account' };
  const params: Record<string, string> = {};
  for (const key of BACK_TO_KEYS) {
    const value = from.params[key];
    if (value) params[key] = value;
  }
  return Object.keys(params).length > 0 ? { name: from.name, params } : { name: from.name };
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function storeBackTo(storage: KeyValueStorage, backTo: BackTo): void {
  try {
    storage.setItem(STORAGE_KEYS.backTo, JSON.stringify(backTo));
  } catch {
    // storage unavailable: Login falls back to its `back` query
  }
}

const isStringRecord = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((entry) => typeof entry === 'string');

/** A stored backTo, or null when absent or not a known route with string params/query. */
export function parseBackTo(value: unknown): BackTo | null {
  if (typeof value !== 'object' || value === null) return null;
  const { name, params, query } = value as Record<string, unknown>;
  if (!isRouteName(name)) return null;
  if (params !== undefined && !isStringRecord(params)) return null;
  if (query !== undefined && !isStringRecord(query)) return null;
  return { name, ...(params ? { params } : {}), ...(query ? { query } : {}) };
}

export function readBackTo(storage: Pick<Storage, 'getItem'>): BackTo | null {
  try {
    const raw = storage.getItem(STORAGE_KEYS.backTo);
    return raw ? parseBackTo(JSON.parse(raw)) : null;
  } catch {
    return null;
  }
}

/** The href of a stored backTo; null when its params no longer fit the route. */
export function backToHref(backTo: BackTo): string | null {
  try {
    const params = backTo.params ?? {};
    if (!paramsSatisfyRules(backTo.name, params)) return null;
    return buildPath(paths[backTo.name].path, params) + buildQuery(backTo.query);
  } catch {
    return null;
  }
}

/**
 * Where Login sends the member after signing in (for the login issue): the `back` query first
 * (with `id` for the portfolio detail), then the stored backTo, then Landing.
 */
export function afterLoginHref(query: URLSearchParams, stored: BackTo | null): string {
  const back = query.get('back');
  if (isRouteName(back) && back !== 'Login') {
    const id = query.get('id');
    const href = backToHref({ name: back, params: id ? { id } : undefined });
    if (href) return href;
  }
  if (stored && stored.name !== 'Login') {
    const href = backToHref(stored);
    if (href) return href;
  }
  return paths.Landing.getHref();
}

// ---- KYC gate ----

export interface KycStatus {
  selfUserKYCStatus: number;
}

/**
 * The result of the KYC status fetch: a successful envelope (status 0) carries the status; a
 * failed call is `null` and lets the member through (the screen's own calls report errors).
 */
export function kycGate(status: KycStatus | null): RouteName | null {
  if (status && status.selfUserKYCStatus < KYC_VERIFIED_STATUS) return 'Account';
  return null;
}

/** The KYC gate applies only to a logged-in member entering a listed route. */
export function needsKycCheck(name: RouteName, hasToken: boolean): boolean {
  return hasToken && paths[name].kycGate;
}

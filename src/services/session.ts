import * as z from 'zod/mini';
import { STORAGE_KEYS } from '../lib/storage-keys';

/** Stored as JSON under `loginInfo` (spec section 3): the token, its expiry and member fields. */
export interface LoginInfo {
  token: string;
  refreshToken?: string;
  /** ms since epoch */
  expiredTime: number;
  [memberField: string]: unknown;
}

const loginInfoSchema = z.looseObject({
  token: z.string().check(z.minLength(1)),
  refreshToken: z.optional(z.string()),
  expiredTime: z.number(),
});

/**
 * Data of `POST /member/refresh`. Lives here (not in `src/shared/api`) until the auth issue adds
 * the server side; the refresh in the HTTP client and `member.refresh` both use it.
 */
export const refreshResultSchema = z.object({
  token: z.string().check(z.minLength(1)),
  refreshToken: z.optional(z.string()),
  expiredTime: z.number(),
});
export type RefreshResult = z.infer<typeof refreshResultSchema>;

/** The stored login info, or null when absent or unreadable. */
export function getLoginInfo(): LoginInfo | null {
  const raw = localStorage.getItem(STORAGE_KEYS.loginInfo);
  if (!raw) return null;
  try {
    const parsed = loginInfoSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function setLoginInfo(info: LoginInfo): void {
  localStorage.setItem(STORAGE_KEYS.loginInfo, JSON.stringify(info));
}

export function clearLoginInfo(): void {
  localStorage.removeItem(STORAGE_KEYS.loginInfo);
}

export function hasToken(): boolean {
  return getLoginInfo() !== null;
}

/** True when login info is stored and its expiry has passed (false when logged out). */
export function isExpired(now: number = Date.now()): boolean {
  const info = getLoginInfo();
  return info !== null && info.expiredTime <= now;
}

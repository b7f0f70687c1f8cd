/**
 * The partner code of a sign-up through the partner entry, kept in this tab until the new member
 * has logged in and the referral page has recorded them as the partner's (POST join). Session
 * storage: it ends with the tab, and a blocked storage only skips the automatic step.
 */
const KEY = 'partnerPendingJoin';
const CODE = /^[A-Z0-9]{6,12}$/;

export function rememberPartnerJoin(code: string): void {
  try {
    if (CODE.test(code)) window.sessionStorage.setItem(KEY, code);
  } catch {
    // storage blocked: the member enters nothing more; the referral page shows the code field
  }
}

export function pendingPartnerJoin(): string | null {
  try {
    const code = window.sessionStorage.getItem(KEY);
    return code && CODE.test(code) ? code : null;
  } catch {
    return null;
  }
}

export function forgetPartnerJoin(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // nothing stored
  }
}

/** A code from a link (`?code=` or `?refer=`), upper-cased, when it has the code's shape. */
export function codeFromQuery(query: URLSearchParams): string {
  const raw = (query.get('code') ?? query.get('refer') ?? '').trim().toUpperCase();
  return CODE.test(raw) ? raw : '';
}

import {
  earnCheckJoinSchema,
  earnDetailSchema,
  earnHistorySchema,
  earnNavSchema,
  earnProductDetailSchema,
  earnProductListSchema,
  earnSubscriptionSchema,
  earnUserFundsSchema,
  earnXSavingHistorySchema,
  type EarnAssetReturnBody,
  type EarnCheckJoin,
  type EarnDetail,
  type EarnHistory,
  type EarnHistoryQuery,
  type EarnJoinBody,
  type EarnLeaveBody,
  type EarnNav,
  type EarnProductDetail,
  type EarnProductList,
  type EarnSettingBody,
  type EarnStatementQuery,
  type EarnSubscription,
  type EarnUserFunds,
  type EarnUserFundsQuery,
  type EarnXSavingHistory,
  type EarnXSavingHistoryQuery,
  type EarnXSavingSettingBody,
} from '../shared/api/earn';
import { request } from './http-client';
import { idempotencyHeaders } from './wallet';

/**
 * Earn product calls of the gateway's `premium2` group (Stable Income, Pro, Mixed Quant,
 * Flagship, Alliance; contract `shared/api/earn.ts`). The catalog, one product and its NAV are
 * public; a visitor reads them as a guest, a member with the session (the server then shows a
 * premier member the premium funds too). Join and Leave move money: they carry the action's
 * idempotency key and are `retry: false` (the caller retries with the same key, so a lost answer
 * never subscribes or redeems twice).
 */

/** Whose view of a public call: a visitor's (no token) or the logged-in member's. */
export interface EarnViewer {
  asMember: boolean;
}

/** GET /api/v1/premium2/List: the catalog, sorted by sortOrder then id. */
export function getEarnProducts({ asMember }: EarnViewer): Promise<EarnProductList> {
  return request({
    service: 'gateway',
    path: '/premium2/List',
    method: 'GET',
    guest: !asMember,
    schema: earnProductListSchema,
  });
}

/** GET /api/v1/premium2/GuestDetail?sn= (guest): one product, without a subscription. */
export function getEarnGuestDetail(sn: string): Promise<EarnProductDetail> {
  return request({
    service: 'gateway',
    path: '/premium2/GuestDetail',
    method: 'GET',
    query: { sn },
    guest: true,
    schema: earnProductDetailSchema,
  });
}

/** GET /api/v1/premium2/Nav?sn=: the product's posted net asset values (NAV products). */
export function getEarnNav(sn: string, { asMember }: EarnViewer): Promise<EarnNav> {
  return request({
    service: 'gateway',
    path: '/premium2/Nav',
    method: 'GET',
    query: { sn },
    guest: !asMember,
    schema: earnNavSchema,
  });
}

/** GET /api/v1/premium2/Detail?sn= (member): the product with the member's subscription. */
export function getEarnDetail(sn: string): Promise<EarnDetail> {
  return request({
    service: 'gateway',
    path: '/premium2/Detail',
    method: 'GET',
    query: { sn },
    schema: earnDetailSchema,
  });
}

/** GET /api/v1/premium2/CheckJoin?sn= (member): may the member join, and within which bounds. */
export function checkEarnJoin(sn: string): Promise<EarnCheckJoin> {
  return request({
    service: 'gateway',
    path: '/premium2/CheckJoin',
    method: 'GET',
    query: { sn },
    schema: earnCheckJoinSchema,
  });
}

/** GET /api/v1/premium2/UserFunds?kind=&state= (member): the member's subscriptions. */
export function getEarnUserFunds(query: EarnUserFundsQuery = {}): Promise<EarnUserFunds> {
  return request({
    service: 'gateway',
    path: '/premium2/UserFunds',
    method: 'GET',
    query: { kind: query.kind, state: query.state },
    schema: earnUserFundsSchema,
  });
}

/** GET /api/v1/premium2/PremiumHistory?premiumId=&page=&pageSize= (member). */
export function getEarnHistory(query: EarnHistoryQuery): Promise<EarnHistory> {
  return request({
    service: 'gateway',
    path: '/premium2/PremiumHistory',
    method: 'GET',
    query: { premiumId: query.premiumId, page: query.page, pageSize: query.pageSize },
    schema: earnHistorySchema,
  });
}

/**
 * POST /api/v1/premium2/Join (identity verified): subscribe, or add units before the contract
 * starts. `idempotencyKey` belongs to one join (`useIdempotentAction`): a retry sends it again.
 */
export function joinEarnProduct(
  body: EarnJoinBody,
  idempotencyKey: string,
): Promise<EarnSubscription> {
  return request({
    service: 'gateway',
    path: '/premium2/Join',
    method: 'POST',
    body,
    headers: idempotencyHeaders(idempotencyKey),
    retry: false,
    schema: earnSubscriptionSchema,
  });
}

/**
 * POST /api/v1/premium2/Leave (identity verified): cancel before the start, or redeem early
 * (paid in BCNT, irreversible), with the action's idempotency key.
 */
export function leaveEarnProduct(
  body: EarnLeaveBody,
  idempotencyKey: string,
): Promise<EarnSubscription> {
  return request({
    service: 'gateway',
    path: '/premium2/Leave',
    method: 'POST',
    body,
    headers: idempotencyHeaders(idempotencyKey),
    retry: false,
    schema: earnSubscriptionSchema,
  });
}

/** POST /api/v1/premium2/Setting: auto-renew on or off (setting a value twice is harmless). */
export function setEarnAutoRenew(body: EarnSettingBody): Promise<EarnSubscription> {
  return request({
    service: 'gateway',
    path: '/premium2/Setting',
    method: 'POST',
    body,
    schema: earnSubscriptionSchema,
  });
}

/** POST /api/v1/premium2/ChangeAssetReturn: a Pro product's Asset Return request (0 cancels). */
export function changeEarnAssetReturn(body: EarnAssetReturnBody): Promise<EarnSubscription> {
  return request({
    service: 'gateway',
    path: '/premium2/ChangeAssetReturn',
    method: 'POST',
    body,
    schema: earnSubscriptionSchema,
  });
}

/**
 * POST /api/v1/premium2/XSavingSetting: Smart DCA of a Stable Income subscription's rewards into
 * `currency`, or off (null). Setting the same target twice is harmless.
 */
export function setEarnSmartDca(body: EarnXSavingSettingBody): Promise<EarnSubscription> {
  return request({
    service: 'gateway',
    path: '/premium2/XSavingSetting',
    method: 'POST',
    body,
    schema: earnSubscriptionSchema,
  });
}

/** GET /api/v1/premium2/XSavingHistory?premiumId=&page=&pageSize= (member), newest first. */
export function getEarnXSavingHistory(
  query: EarnXSavingHistoryQuery = {},
): Promise<EarnXSavingHistory> {
  return request({
    service: 'gateway',
    path: '/premium2/XSavingHistory',
    method: 'GET',
    query: { premiumId: query.premiumId, page: query.page, pageSize: query.pageSize },
    schema: earnXSavingHistorySchema,
  });
}

/**
 * GET /api/v1/premium2/Statement?from=&to=&premiumId=: the member's earn statement, a CSV
 * (UTF-8, header row in the request's language) as a Blob.
 */
export function getEarnStatement(
  query: EarnStatementQuery = {},
  signal?: AbortSignal,
): Promise<Blob> {
  return request<Blob>({
    service: 'gateway',
    path: '/premium2/Statement',
    method: 'GET',
    query: { from: query.from, to: query.to, premiumId: query.premiumId },
    responseType: 'blob',
    signal,
  });
}

/**
 * Downloads the earn statement: fetches it with the session (a plain link cannot carry the
 * token) and saves it through a temporary object URL as `earn-statement-<today>.csv` (or
 * `fileName`). Resolves to the file name; a failure rejects with the call's ApiError.
 */
export async function downloadEarnStatement(
  query: EarnStatementQuery = {},
  fileName = `earn-statement-${new Date(Date.now() + 8 * 3600 * 1000).toISOString().slice(0, 10)}.csv`,
): Promise<string> {
  const blob = await getEarnStatement(query);
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.rel = 'noopener';
    document.body.appendChild(link);
    link.click();
    link.remove();
  } finally {
    // after the click has handed the file to the browser
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
  return fileName;
}

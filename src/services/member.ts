import {
  contactUsResultSchema,
  countryListSchema,
  docIssuePlaceListSchema,
  type ContactUsBody,
  type ContactUsResult,
  type Country,
  type DocIssuePlace,
} from '../shared/api/common';
import type { Locale } from '../shared/constants/locales';
import { ApiError, request } from './http-client';
import { refreshResultSchema, type RefreshResult } from './session';

/** Member service calls (spec section 7, `/member/...`). */

/** POST /member/contactUs (guest). Spec: success when data.status is 0; otherwise throws. */
export async function contactUs(body: ContactUsBody): Promise<ContactUsResult> {
  const call = 'POST /member/contactUs';
  const result = await request({
    service: 'member',
    path: '/contactUs',
    method: 'POST',
    body,
    schema: contactUsResultSchema,
    guest: true,
    call,
  });
  if (result.status !== 0) {
    throw new ApiError({ call, status: result.status, message: 'contact_us_failed', data: result });
  }
  return result;
}

/** POST /member/common/getCountryList (guest). */
export function getCountryList(): Promise<Country[]> {
  return request({
    service: 'member',
    path: '/common/getCountryList',
    method: 'POST',
    schema: countryListSchema,
    guest: true,
  });
}

/** GET /member/common/docIssuePlace (guest). */
export function getDocIssuePlace(): Promise<DocIssuePlace[]> {
  return request({
    service: 'member',
    path: '/common/docIssuePlace',
    schema: docIssuePlaceListSchema,
    guest: true,
  });
}

/** POST /member/setPreferedSettings (authenticated): stores the language before a change. */
export async function setPreferedSettings(settings: { language: Locale }): Promise<void> {
  await request({
    service: 'member',
    path: '/setPreferedSettings',
    method: 'POST',
    body: settings,
  });
}

/**
 * POST /member/refresh with the refresh token (or the token). The HTTP client runs its own
 * refresh automatically; this is for explicit use (e.g. after login settings change).
 */
export function refresh(token: string): Promise<RefreshResult> {
  return request({
    service: 'member',
    path: '/refresh',
    method: 'POST',
    body: { token },
    schema: refreshResultSchema,
    guest: true,
    retry: false,
  });
}

import {
  currencyListSchema,
  languageListSchema,
  maintainStatusSchema,
  type Currency,
  type Language,
  type MaintainStatus,
} from '../shared/api/common';
import { request } from './http-client';

/** Gateway calls (spec section 7, `/api/v1/...`). */

/** GET /api/v1/common/LanguageList (guest). */
export function getLanguageList(): Promise<Language[]> {
  return request({
    service: 'gateway',
    path: '/common/LanguageList',
    schema: languageListSchema,
    guest: true,
  });
}

/** GET /api/v1/common/CurrencyList (guest). */
export function getCurrencyList(): Promise<Currency[]> {
  return request({
    service: 'gateway',
    path: '/common/CurrencyList',
    schema: currencyListSchema,
    guest: true,
  });
}

/**
 * GET /api/v1/setting/MaintainStatus (guest). Truthy data means under maintenance. Unlike every
 * other call, a 503 rejects with an ordinary ApiError (httpStatus or status 503).
 */
export function getMaintainStatus(): Promise<MaintainStatus> {
  return request({
    service: 'gateway',
    path: '/setting/MaintainStatus',
    schema: maintainStatusSchema,
    guest: true,
    retry: false,
    surfaceUnavailable: true,
  });
}

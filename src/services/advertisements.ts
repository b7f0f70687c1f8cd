import { advertisementListSchema, type Advertisement } from '../shared/api/content-ads';
import { request } from './http-client';

export type { Advertisement };

/**
 * GET /api/v1/premium2/Advertisement (gateway, guest): the ads running now, by sortOrder. Its
 * own module, so the landing page's first load carries this call only (not the posts' schemas).
 */
export function getAdvertisements(signal?: AbortSignal): Promise<Advertisement[]> {
  return request({
    service: 'gateway',
    method: 'GET',
    path: '/premium2/Advertisement',
    schema: advertisementListSchema,
    guest: true,
    signal,
  });
}

import {
  type ApiKey,
  apiKeyListSchema,
  type ApiKeyList,
  apiKeySchema,
  type ImportApiKeyBody,
} from '../shared/api/exchange-api-keys';
import { request } from './http-client';

/**
 * Members' exchange API keys (gateway, contract `shared/api/exchange-api-keys.ts`): the list,
 * import, check and delete of `user/ApiKey`. Import spends the password (and the second factor
 * when on), so it is `retry: false` (never replayed after an auth failure).
 */

/** GET /api/v1/user/ApiKey: the member's keys (masked, never the secret). */
export function listApiKeys(): Promise<ApiKeyList> {
  return request({
    service: 'gateway',
    path: '/user/ApiKey',
    method: 'GET',
    schema: apiKeyListSchema,
  });
}

/** POST /api/v1/user/ApiKey: checked on the exchange before it is saved. */
export function importApiKey(body: ImportApiKeyBody): Promise<ApiKey> {
  return request({
    service: 'gateway',
    path: '/user/ApiKey',
    method: 'POST',
    body,
    schema: apiKeySchema,
    retry: false,
  });
}

/** PUT /api/v1/user/ApiKey: check the key on the exchange now; answers its new state. */
export function checkApiKey(id: number): Promise<ApiKey> {
  return request({
    service: 'gateway',
    path: '/user/ApiKey',
    method: 'PUT',
    body: { id },
    schema: apiKeySchema,
  });
}

/** DELETE /api/v1/user/ApiKey: answers the keys left. */
export function deleteApiKey(id: number): Promise<ApiKeyList> {
  return request({
    service: 'gateway',
    path: '/user/ApiKey',
    method: 'DELETE',
    body: { id },
    schema: apiKeyListSchema,
  });
}

/**
 * Members' exchange API keys (spec products-programs sections 3 "API key", 7 user calls
 * `ApiKey` GET/POST/PUT/DELETE, 5 "The API key must have only trade and signal permissions.
 * One API key per exchange account."): the contract between the gateway and the browser. All
 * are authenticated members' calls under `/api/v1`:
 *
 * - `GET /user/ApiKey`     the member's keys (the key masked, never the secret)
 * - `POST /user/ApiKey`    import one: exchange, name, key, secret, account type (main or sub),
 *                          sub-account name; the password again (and the second factor when on)
 * - `PUT /user/ApiKey`     body { id }: check it on the exchange now (status, last sync time)
 * - `DELETE /user/ApiKey`  body { id }: remove it (refused while a subscription uses it)
 *
 * Status `correct` means the last check reached the exchange with this key and found it able to
 * trade and read and unable to withdraw; `incorrect` (with `problem`) asks the member to reset
 * the key on the exchange. Times are ISO 8601 (UTC).
 */
import * as z from 'zod/mini';
import { CODE_PATTERN, AccountMessage } from '../validation/account';

const int = () => z.number().check(z.int());

export const API_KEY_EXCHANGES = ['bitfinex'] as const;
export type ApiKeyExchange = (typeof API_KEY_EXCHANGES)[number];
export const API_KEY_ACCOUNT_TYPES = ['main', 'sub'] as const;
export type ApiKeyAccountType = (typeof API_KEY_ACCOUNT_TYPES)[number];
export const API_KEY_STATUSES = ['correct', 'incorrect'] as const;
export type ApiKeyStatus = (typeof API_KEY_STATUSES)[number];
/** why a key is incorrect: refused by the exchange, or permissions beyond trade and read */
export const API_KEY_PROBLEMS = ['rejected', 'permissions'] as const;
export type ApiKeyProblem = (typeof API_KEY_PROBLEMS)[number];

/** Message keys of API-key refusals (the spec's text verbatim where it gives one). */
export const ApiKeyError = {
  /** the key can withdraw, or cannot trade or read (spec section 5) */
  permissions: 'The API key must have only trade and signal permissions',
  /** the exchange refused the key or the secret (wrong, revoked, expired) */
  rejected: 'api_key_rejected',
  /** the member already has a key for this exchange account (spec section 5) */
  accountTaken: 'One API key per exchange account',
  /** this key is already imported (by this or another member) */
  keyTaken: 'api_key_taken',
  /** a subscription uses the key */
  inUse: 'api_key_in_use',
  notFound: 'api_key_not_found',
  /** the exchange did not answer; nothing was saved */
  exchangeUnavailable: 'exchange_unavailable',
} as const;
export type ApiKeyError = (typeof ApiKeyError)[keyof typeof ApiKeyError];

export const ApiKeyFieldMessage = {
  nameRequired: 'api_key_name_required',
  nameTooLong: 'api_key_name_too_long',
  keyInvalid: 'api_key_format',
  secretInvalid: 'api_secret_format',
  subAccountRequired: 'sub_account_name_required',
  subAccountTooLong: 'sub_account_name_too_long',
  passwordRequired: 'password_required',
} as const;

export const API_KEY_NAME_MAX = 30;
export const SUB_ACCOUNT_NAME_MAX = 50;
/** printable ASCII without spaces, 8 to 128 characters (exchange keys and secrets) */
const KEY_PATTERN = /^[\x21-\x7e]{8,128}$/;

export const importApiKeyBodySchema = z
  .object({
    exchange: z.enum(API_KEY_EXCHANGES),
    name: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, ApiKeyFieldMessage.nameRequired),
        z.maxLength(API_KEY_NAME_MAX, ApiKeyFieldMessage.nameTooLong),
      ),
    apiKey: z.string().check(z.trim(), z.regex(KEY_PATTERN, ApiKeyFieldMessage.keyInvalid)),
    secret: z.string().check(z.trim(), z.regex(KEY_PATTERN, ApiKeyFieldMessage.secretInvalid)),
    accountType: z.enum(API_KEY_ACCOUNT_TYPES),
    subAccountName: z.optional(
      z
        .string()
        .check(z.trim(), z.maxLength(SUB_ACCOUNT_NAME_MAX, ApiKeyFieldMessage.subAccountTooLong)),
    ),
    password: z
      .string()
      .check(z.minLength(1, ApiKeyFieldMessage.passwordRequired), z.maxLength(128)),
    /** the current second factor, when two-step verification is on */
    code: z.optional(z.string().check(z.trim(), z.regex(CODE_PATTERN, AccountMessage.codeWrong))),
  })
  .check(
    z.refine((body) => body.accountType === 'main' || Boolean(body.subAccountName), {
      message: ApiKeyFieldMessage.subAccountRequired,
      path: ['subAccountName'],
    }),
  );
export type ImportApiKeyBody = z.infer<typeof importApiKeyBodySchema>;

export const apiKeyIdBodySchema = z.object({ id: int().check(z.positive()) });
export type ApiKeyIdBody = z.infer<typeof apiKeyIdBodySchema>;

export const apiKeySchema = z.object({
  id: int(),
  exchange: z.enum(API_KEY_EXCHANGES),
  name: z.string(),
  /** the key with all but its first and last 4 characters hidden */
  apiKey: z.string(),
  accountType: z.enum(API_KEY_ACCOUNT_TYPES),
  subAccountName: z.nullable(z.string()),
  status: z.enum(API_KEY_STATUSES),
  problem: z.nullable(z.enum(API_KEY_PROBLEMS)),
  /** the last time the exchange accepted the key (the spec's "last sync time") */
  lastSyncTime: z.nullable(z.string()),
  lastCheckedAt: z.nullable(z.string()),
  createdAt: z.string(),
  /** a subscription uses it: it cannot be deleted */
  inUse: z.boolean(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListSchema = z.object({ list: z.array(apiKeySchema) });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

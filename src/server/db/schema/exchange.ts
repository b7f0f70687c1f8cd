import { index, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type {
  ApiKeyAccountType,
  ApiKeyExchange,
  ApiKeyProblem,
  ApiKeyStatus,
} from '../../../shared/api/exchange-api-keys';
import { members } from './auth';
import { timestamptz } from './columns';

/**
 * Members' exchange API keys (server/exchange/api-keys.ts). The secret is sealed with AES-256-GCM
 * under a key derived from DATA_KEY, the row's member, exchange and API key as associated data,
 * and never leaves the server. One key per exchange account of a member (exchange, account type,
 * sub-account name; `account` is that triple as one text: `main` or `sub:<name>`), and an API key
 * is imported once across all members.
 */
export const exchangeApiKeys = pgTable(
  'exchange_api_keys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    exchange: varchar('exchange', { length: 24 }).$type<ApiKeyExchange>().notNull(),
    name: varchar('name', { length: 30 }).notNull(),
    apiKey: varchar('api_key', { length: 128 }).notNull(),
    /** AES-256-GCM (domain/auth/crypto.ts encryptAtRest) */
    secretSealed: text('secret_sealed').notNull(),
    accountType: varchar('account_type', { length: 4 }).$type<ApiKeyAccountType>().notNull(),
    subAccountName: varchar('sub_account_name', { length: 50 }),
    /** `main`, or `sub:<sub-account name in lower case>`: the exchange account of the rule */
    account: varchar('account', { length: 60 }).notNull(),
    status: varchar('status', { length: 10 }).$type<ApiKeyStatus>().notNull(),
    problem: varchar('problem', { length: 12 }).$type<ApiKeyProblem>(),
    /** the last time the exchange accepted the key */
    lastSyncAt: timestamptz('last_sync_at'),
    /** the last check, whatever its outcome (the health job checks the oldest first) */
    lastCheckedAt: timestamptz('last_checked_at').notNull(),
    /** the exchange's words of the last failed check (for support; never shown raw) */
    lastError: text('last_error'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('exchange_api_keys_account_uq').on(table.memberId, table.exchange, table.account),
    uniqueIndex('exchange_api_keys_key_uq').on(table.exchange, table.apiKey),
    index('exchange_api_keys_checked_idx').on(table.lastCheckedAt),
  ],
);

import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

// ---------------------------------------------------------------------------------------------
// Identity and security. Secrets are never stored in the clear: passwords as argon2id
// hashes, random tokens (refresh tokens, tickets, links) as SHA-256 hex, 6-digit codes as
// HMAC-SHA256 hex under a server key, authenticator secrets AES-256-GCM encrypted.

/** Members. `email` is the login name, always lower-case. */
export const members = pgTable(
  'members',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: varchar('email', { length: 254 }).notNull(),
    mobile: varchar('mobile', { length: 32 }),
    nickname: varchar('nickname', { length: 30 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    /** role bit mask (spec section 3): investor 2, business 4, kyc2 64, ... */
    roleId: integer('role_id').notNull().default(0),
    accountType: varchar('account_type', { length: 16 })
      .$type<'individual' | 'institutional'>()
      .notNull(),
    referralCode: varchar('referral_code', { length: 12 }).notNull(),
    referredBy: integer('referred_by').references((): AnyPgColumn => members.id),
    language: varchar('language', { length: 10 }),
    twoFactorMethod: varchar('two_factor_method', { length: 8 })
      .$type<'none' | 'sms' | 'totp'>()
      .notNull()
      .default('none'),
    /** AES-256-GCM ciphertext (see domain/auth/crypto.ts) */
    totpSecret: text('totp_secret'),
    /** a secret shown by `totp-setup`, waiting for its first code */
    totpPendingSecret: text('totp_pending_secret'),
    /** the last accepted TOTP time step: a code is accepted once */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    withdrawalLockedUntil: timestamptz('withdrawal_locked_until'),
    /**
     * Set by a password reset that kept the wallets: wallet sign-in is refused until the member
     * opens the link e-mailed with it (its token's SHA-256 in `walletLoginConfirmHash`).
     */
    walletLoginSuspendedAt: timestamptz('wallet_login_suspended_at'),
    walletLoginConfirmHash: varchar('wallet_login_confirm_hash', { length: 64 }),
    emailVerifiedAt: timestamptz('email_verified_at'),
    mobileVerifiedAt: timestamptz('mobile_verified_at'),
    /**
     * The name on the verified identity document (surname + given name, or the company name),
     * set when the operator approves the KYC application; null until then.
     */
    realName: varchar('real_name', { length: 200 }),
    passwordChangedAt: timestamptz('password_changed_at').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (table) => [
    uniqueIndex('members_email_key').on(table.email),
    uniqueIndex('members_referral_code_key').on(table.referralCode),
    // the referral record: members who registered with a member's code, newest first
    index('members_referred_by_idx').on(table.referredBy, table.createdAt),
    check('members_email_lower_case', sql`${table.email} = lower(${table.email})`),
  ],
);

/** 6-digit codes sent by e-mail or SMS (activation, login, two-step changes). */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    channel: varchar('channel', { length: 8 }).$type<'email' | 'sms'>().notNull(),
    purpose: varchar('purpose', { length: 16 }).notNull(),
    /** where it was sent (e-mail or mobile at that time) */
    destination: varchar('destination', { length: 254 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    /** wrong submissions against this code */
    attempts: smallint('attempts').notNull().default(0),
  },
  (table) => [
    index('verification_codes_member_idx').on(
      table.memberId,
      table.channel,
      table.purpose,
      table.createdAt,
    ),
  ],
);

/** Every e-mail and SMS the platform sends (the local delivery adapter writes here). */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    channel: varchar('channel', { length: 8 }).$type<'email' | 'sms'>().notNull(),
    toAddress: varchar('to_address', { length: 254 }).notNull(),
    subject: varchar('subject', { length: 200 }),
    body: text('body').notNull(),
    code: varchar('code', { length: 16 }),
    link: text('link'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [index('outbox_messages_to_idx').on(table.toAddress, table.id)],
);

/** Browsers/apps a member logs in from, keyed by the client id the browser keeps. */
export const devices = pgTable(
  'devices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** public id shown as deviceID */
    deviceId: varchar('device_id', { length: 36 }).notNull(),
    clientId: varchar('client_id', { length: 64 }).notNull(),
    deviceType: smallint('device_type').notNull(),
    os: varchar('os', { length: 64 }).notNull(),
    /** what the member sees, e.g. "Chrome on Linux" */
    agent: varchar('agent', { length: 256 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    position: varchar('position', { length: 128 }),
    /** 0 waiting for authorisation, 1 authorised, 2 revoked */
    status: smallint('status').notNull(),
    authorisedAt: timestamptz('authorised_at'),
    createdAt: timestamptz('created_at').notNull(),
    lastLoginAt: timestamptz('last_login_at').notNull(),
  },
  (table) => [
    uniqueIndex('devices_member_client_key').on(table.memberId, table.clientId),
    uniqueIndex('devices_device_id_key').on(table.deviceId),
  ],
);

/**
 * Device tokens: random secrets the server gives a browser (returned once, kept by the browser,
 * sent back with a wallet sign-in) so that a device is recognised by something only it holds,
 * not by its client id (which the device list shows). `authorisedAt` null: issued with a
 * device-authorisation e-mail and valid once that link is opened.
 */
export const deviceTokens = pgTable(
  'device_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    deviceRowId: integer('device_row_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    createdAt: timestamptz('created_at').notNull(),
    authorisedAt: timestamptz('authorised_at'),
    lastUsedAt: timestamptz('last_used_at'),
  },
  (table) => [
    uniqueIndex('device_tokens_token_key').on(table.tokenHash),
    index('device_tokens_device_idx').on(table.deviceRowId),
  ],
);

/** E-mailed links that authorise a new device (single use, 24 hours). */
export const deviceAuthorizations = pgTable(
  'device_authorizations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    deviceRowId: integer('device_row_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** the device token the link authorises (wallet sign-in from a browser without one) */
    deviceTokenId: integer('device_token_id').references(() => deviceTokens.id, {
      onDelete: 'cascade',
    }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (table) => [
    uniqueIndex('device_authorizations_token_key').on(table.tokenHash),
    index('device_authorizations_device_idx').on(table.deviceRowId),
  ],
);

/**
 * One row per login ("session family"): every refresh token rotated from that login belongs to
 * it. Revoking the family ends all of them; the absolute lifetime is counted from the login.
 */
export const sessionFamilies = pgTable(
  'session_families',
  {
    id: varchar('id', { length: 36 }).primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    deviceRowId: integer('device_row_id').references(() => devices.id, { onDelete: 'set null' }),
    clientId: varchar('client_id', { length: 64 }).notNull(),
    createdAt: timestamptz('created_at').notNull(),
    absoluteExpiresAt: timestamptz('absolute_expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    revokedReason: varchar('revoked_reason', { length: 32 }),
  },
  (table) => [
    index('session_families_member_idx').on(table.memberId),
    index('session_families_device_idx').on(table.deviceRowId),
  ],
);

/** Refresh tokens: one row per issued token; `sid` of the access token is this id. */
export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    familyId: varchar('family_id', { length: 36 })
      .notNull()
      .references(() => sessionFamilies.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    refreshTokenHash: varchar('refresh_token_hash', { length: 64 }).notNull(),
    parentId: integer('parent_id'),
    createdAt: timestamptz('created_at').notNull(),
    /** idle expiry of this refresh token */
    refreshExpiresAt: timestamptz('refresh_expires_at').notNull(),
    rotatedAt: timestamptz('rotated_at'),
    revokedAt: timestamptz('revoked_at'),
    revokedReason: varchar('revoked_reason', { length: 32 }),
  },
  (table) => [
    uniqueIndex('sessions_refresh_token_key').on(table.refreshTokenHash),
    index('sessions_family_idx').on(table.familyId),
  ],
);

/** Failed-login counters (domain/auth/throttle.ts): one row per bucket, hourly windows. */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    key: varchar('key', { length: 160 }).primaryKey(),
    failures: integer('failures').notNull(),
    windowStart: timestamptz('window_start').notNull(),
    lastFailureAt: timestamptz('last_failure_at').notNull(),
  },
  (table) => [index('login_throttle_window_idx').on(table.windowStart)],
);

/** Second-step tickets of a login waiting for its 2FA code (single use, short-lived). */
export const loginTickets = pgTable(
  'login_tickets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    method: varchar('method', { length: 8 }).$type<'sms' | 'totp'>().notNull(),
    source: varchar('source', { length: 8 }).$type<'password' | 'siwe'>().notNull(),
    deviceRowId: integer('device_row_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    attempts: smallint('attempts').notNull().default(0),
  },
  (table) => [uniqueIndex('login_tickets_token_key').on(table.tokenHash)],
);

/** Captcha challenges already solved (single use); rows go once the challenge has expired. */
export const captchaSolutions = pgTable(
  'captcha_solutions',
  {
    challenge: varchar('challenge', { length: 64 }).primaryKey(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (table) => [index('captcha_solutions_expires_idx').on(table.expiresAt)],
);

/** E-mailed password-reset links (single use, 30 minutes). */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (table) => [
    uniqueIndex('password_resets_token_key').on(table.tokenHash),
    index('password_resets_member_idx').on(table.memberId),
  ],
);

/** Security activity shown as the account activity (getLoginDeviceLogs). */
export const memberActivity = pgTable(
  'member_activity',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    deviceRowId: integer('device_row_id').references(() => devices.id, { onDelete: 'set null' }),
    /** the device's public id at the time (kept when the device row goes) */
    deviceId: varchar('device_id', { length: 36 }),
    action: varchar('action', { length: 32 }).notNull(),
    device: varchar('device', { length: 256 }),
    ip: varchar('ip', { length: 64 }).notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [index('member_activity_member_idx').on(table.memberId, table.id)],
);

/** Sign-in-with-Ethereum nonces (single use, 10 minutes). */
export const siweNonces = pgTable(
  'siwe_nonces',
  {
    nonce: varchar('nonce', { length: 96 }).primaryKey(),
    purpose: varchar('purpose', { length: 8 }).$type<'link' | 'login' | 'alliance'>().notNull(),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (table) => [index('siwe_nonces_expires_idx').on(table.expiresAt)],
);

/** Wallets linked to a member by a signed EIP-4361 message; one address, one member. */
export const linkedWallets = pgTable(
  'linked_wallets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** lower-case 0x address */
    address: varchar('address', { length: 42 }).notNull(),
    chainId: integer('chain_id').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('linked_wallets_address_key').on(table.address),
    index('linked_wallets_member_idx').on(table.memberId),
    check('linked_wallets_address_lower_case', sql`${table.address} = lower(${table.address})`),
  ],
);

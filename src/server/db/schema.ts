import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * Database schema (PostgreSQL dialect; the same for PGlite and PostgreSQL). Conventions:
 * times are `timestamptz`; money columns (later) are NUMERIC, read as strings and handled as
 * bigint atomic units in code. After changing this file run `npx drizzle-kit generate` and
 * commit the SQL in ./migrations (applied at boot).
 */

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Operator-controlled settings, one JSON value per key (e.g. `maintenance`). */
export const settings = pgTable('settings', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedAt: timestamptz('updated_at').notNull(),
});

/** Requests sent through the contact-us dialog. */
export const contactRequests = pgTable(
  'contact_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: 100 }).notNull(),
    phone: varchar('phone', { length: 30 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    message: text('message').notNull(),
    /** 1-4, 4 = other services (spec section 3) */
    product: smallint('product').notNull(),
    locale: varchar('locale', { length: 10 }).notNull(),
    createdAt: timestamptz('created_at').notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
  },
  (table) => [index('contact_requests_created_at_idx').on(table.createdAt)],
);

/**
 * Fixed-window rate-limit counters shared by every API process (see
 * plugins/rate-limit-store.ts). `key` = route scope + client key.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamptz('reset_at').notNull(),
  },
  (table) => [index('rate_limits_reset_at_idx').on(table.resetAt)],
);

// ---------------------------------------------------------------------------------------------
// Identity and security (issue 3). Secrets are never stored in the clear: passwords as argon2id
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

// ---------------------------------------------------------------------------------------------
// On-chain core: the chain indexer (chain/indexer.ts) and the loyalty levels (domain/loyalty).
// Everything derived from the chain (stake per address, unstake requests, thresholds, Alliance
// NFT ownership) is computed from `chain_events` on read, so rolling back a reorg is exactly
// "delete the events of the orphaned blocks".

/** token amounts and ids: uint256 as NUMERIC(78, 0), read as decimal strings */
const uint256 = (name: string) => numeric(name, { precision: 78, scale: 0 });

/** Where the indexer of one chain stands: the last block it has indexed (confirmed). */
export const chainCursors = pgTable('chain_cursors', {
  chainId: integer('chain_id').primaryKey(),
  /** the last indexed block; -1 before the first tick */
  blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
  /** its hash (null before the first tick) */
  blockHash: varchar('block_hash', { length: 66 }),
  updatedAt: timestamptz('updated_at').notNull(),
});

/**
 * Hashes of recently indexed blocks (each tick's last block and every block with an event):
 * the checkpoints a reorg is detected and resolved against. Older rows are pruned.
 */
export const chainBlocks = pgTable(
  'chain_blocks',
  {
    chainId: integer('chain_id').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    blockHash: varchar('block_hash', { length: 66 }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.chainId, table.blockNumber] })],
);

export type ChainEventName =
  'Staked' | 'UnstakeRequested' | 'Withdrawn' | 'ThresholdsUpdated' | 'Transfer';

/**
 * Indexed logs of LoyaltyStaking (Staked, UnstakeRequested, Withdrawn, ThresholdsUpdated) and
 * AllianceNFT (Transfer), one row per log, unique on (chain id, tx hash, log index). Addresses
 * are lower-case. `args` keeps every decoded argument (uint256 as decimal strings).
 */
export const chainEvents = pgTable(
  'chain_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    chainId: integer('chain_id').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    blockHash: varchar('block_hash', { length: 66 }).notNull(),
    blockTime: timestamptz('block_time').notNull(),
    txHash: varchar('tx_hash', { length: 66 }).notNull(),
    logIndex: integer('log_index').notNull(),
    /** the emitting contract */
    contract: varchar('contract', { length: 42 }).notNull(),
    event: varchar('event', { length: 24 }).$type<ChainEventName>().notNull(),
    /** staking events: the staker */
    account: varchar('account', { length: 42 }),
    /** staking events: the amount (atomic units) */
    amount: uint256('amount'),
    /** UnstakeRequested, Withdrawn */
    requestId: uint256('request_id'),
    /** UnstakeRequested */
    unlockAt: timestamptz('unlock_at'),
    /** Transfer */
    fromAddress: varchar('from_address', { length: 42 }),
    toAddress: varchar('to_address', { length: 42 }),
    tokenId: uint256('token_id'),
    args: jsonb('args').$type<Record<string, string>>().notNull(),
  },
  (table) => [
    uniqueIndex('chain_events_log_key').on(table.chainId, table.txHash, table.logIndex),
    index('chain_events_block_idx').on(table.chainId, table.blockNumber),
    // stake and unstake requests of an address
    index('chain_events_account_idx').on(table.chainId, table.contract, table.account),
    // the latest event of a kind (thresholds)
    index('chain_events_event_idx').on(
      table.chainId,
      table.contract,
      table.event,
      table.blockNumber,
    ),
    // the withdrawal of a request
    index('chain_events_request_idx').on(table.chainId, table.contract, table.requestId),
  ],
);

/**
 * Alliance NFT registrations: a member proved (EIP-4361 signature) that an address holding an
 * Alliance NFT is theirs. Active while `cancelledAt` is null; one active registration per
 * member and per address. The indexer ends one (reason `transferred`) when the NFT leaves.
 */
export const allianceRegistrations = pgTable(
  'alliance_registrations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    chainId: integer('chain_id').notNull(),
    /** lower-case 0x address */
    address: varchar('address', { length: 42 }).notNull(),
    tokenId: uint256('token_id').notNull(),
    registeredAt: timestamptz('registered_at').notNull(),
    /** the block whose state proved ownership: only later transfers end the registration */
    registeredBlock: bigint('registered_block', { mode: 'number' }).notNull(),
    cancelledAt: timestamptz('cancelled_at'),
    cancelReason: varchar('cancel_reason', { length: 16 }).$type<'unregistered' | 'transferred'>(),
    /** for `transferred`: the block of the transfer (a reorg that orphans it restores the row) */
    cancelBlock: bigint('cancel_block', { mode: 'number' }),
  },
  (table) => [
    uniqueIndex('alliance_registrations_active_member_key')
      .on(table.memberId)
      .where(sql`${table.cancelledAt} is null`),
    uniqueIndex('alliance_registrations_active_address_key')
      .on(table.chainId, table.address)
      .where(sql`${table.cancelledAt} is null`),
    index('alliance_registrations_member_idx').on(table.memberId, table.registeredAt),
    check(
      'alliance_registrations_address_lower_case',
      sql`${table.address} = lower(${table.address})`,
    ),
  ],
);

// ---------------------------------------------------------------------------------------------
// Identity verification (KYC), premier membership and uploads (domain/kyc). Documents are files
// in the upload storage (storage/uploads.ts, outside the web root); the database keeps who owns
// each one and its hash.

/** Uploaded identity documents: `id` is the random image id the member uses (imageIdSchema). */
export const uploads = pgTable(
  'uploads',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** image/jpeg or image/png, decided from the file's first bytes */
    contentType: varchar('content_type', { length: 32 }).notNull(),
    size: integer('size').notNull(),
    /** SHA-256 of the content, hex */
    sha256: varchar('sha256', { length: 64 }).notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [index('uploads_member_idx').on(table.memberId, table.createdAt)],
);

export type KycStateColumn =
  | 'pending'
  | 'submitted'
  | 'under_review'
  | 'rejected'
  | 'insufficient'
  | 'resubmitted'
  | 'verified'
  | 'failed';

/**
 * One KYC application per member (individual: personal + documents; institutional: business),
 * with the state machine of src/shared/api/kyc.ts. Parts are JSON in the shapes of the contract
 * (kycPersonalSchema, kycDocumentsSchema, businessVerifySchema without the declaration).
 */
export const kycApplications = pgTable(
  'kyc_applications',
  {
    memberId: integer('member_id')
      .primaryKey()
      .references(() => members.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16 }).$type<'individual' | 'institutional'>().notNull(),
    state: varchar('state', { length: 16 }).$type<KycStateColumn>().notNull(),
    personal: jsonb('personal').$type<Record<string, unknown>>(),
    documents: jsonb('documents').$type<Record<string, unknown>>(),
    business: jsonb('business').$type<Record<string, unknown>>(),
    /** rejected: the items the member must correct (KYC_ITEMS) */
    rejectedItems: jsonb('rejected_items').$type<string[]>().notNull().default([]),
    /** rejected / insufficient / failed: the reviewer's note to the member */
    reviewNote: text('review_note'),
    /** the first submission */
    submittedAt: timestamptz('submitted_at'),
    /** the latest submission (first or re-submission): the review queue's order */
    lastSubmittedAt: timestamptz('last_submitted_at'),
    reviewStartedAt: timestamptz('review_started_at'),
    decidedAt: timestamptz('decided_at'),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (table) => [index('kyc_applications_queue_idx').on(table.state, table.lastSubmittedAt)],
);

export type PremierStateColumn =
  'pending_id_verification' | 'email_sent' | 'under_review' | 'rejected' | 'approved';

/** Premier member applications (one per member). */
export const premierApplications = pgTable(
  'premier_applications',
  {
    memberId: integer('member_id')
      .primaryKey()
      .references(() => members.id, { onDelete: 'cascade' }),
    state: varchar('state', { length: 24 }).$type<PremierStateColumn>().notNull(),
    appliedAt: timestamptz('applied_at').notNull(),
    /** applyForKYC2: investable assets band and the proof (an upload of the member) */
    investableAssets: varchar('investable_assets', { length: 16 }),
    assetProofImageId: varchar('asset_proof_image_id', { length: 64 }),
    kyc2SubmittedAt: timestamptz('kyc2_submitted_at'),
    reviewNote: text('review_note'),
    decidedAt: timestamptz('decided_at'),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (table) => [index('premier_applications_state_idx').on(table.state, table.kyc2SubmittedAt)],
);

/**
 * Every transition of a KYC or premier application: who (the member, or an operator by name),
 * when, from and to which state, the note and the marked items. Shown by `kyc show`.
 */
export const kycHistory = pgTable(
  'kyc_history',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    subject: varchar('subject', { length: 8 }).$type<'kyc' | 'premier'>().notNull(),
    /** null for the first state of an application */
    fromState: varchar('from_state', { length: 24 }),
    toState: varchar('to_state', { length: 24 }).notNull(),
    actor: varchar('actor', { length: 8 }).$type<'member' | 'operator' | 'system'>().notNull(),
    /** the member's e-mail, or the operator's name */
    actorName: varchar('actor_name', { length: 254 }).notNull(),
    note: text('note'),
    items: jsonb('items').$type<string[]>(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [index('kyc_history_member_idx').on(table.memberId, table.id)],
);

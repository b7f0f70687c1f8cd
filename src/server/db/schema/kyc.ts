import { index, integer, jsonb, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { members } from './auth';
import { timestamptz } from './columns';

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

import { index, integer, jsonb, pgTable, smallint, varchar } from 'drizzle-orm/pg-core';
import type {
  QuestionnaireAnswers,
  QuestionnaireDraftAnswers,
  SuitabilityProduct,
  SuitabilityReason,
} from '../../../shared/api/questionnaire';
import { members } from './auth';
import { timestamptz } from './columns';

/**
 * The risk questionnaire (domain/questionnaire): a member's answers saved step by step (one
 * draft per member), the submitted results (valid for a year from `submittedAt` on the server
 * clock; the latest counts), and the acknowledgements of a subscription above the member's risk
 * type or without a valid questionnaire, written in the subscription's own transaction.
 */

export const questionnaireDrafts = pgTable('questionnaire_drafts', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' }),
  answers: jsonb('answers').$type<QuestionnaireDraftAnswers>().notNull(),
  updatedAt: timestamptz('updated_at').notNull(),
});

export const questionnaireResults = pgTable(
  'questionnaire_results',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    answers: jsonb('answers').$type<QuestionnaireAnswers>().notNull(),
    score: smallint('score').notNull(),
    /** 1 Conservative ... 5 Aggressive */
    riskType: smallint('risk_type').notNull(),
    submittedAt: timestamptz('submitted_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (table) => [index('questionnaire_results_member_idx').on(table.memberId, table.submittedAt)],
);

export const suitabilityAcknowledgements = pgTable(
  'suitability_acknowledgements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    product: varchar('product', { length: 12 }).$type<SuitabilityProduct>().notNull(),
    /** earn: the product id; autotrade: the strategy id */
    productId: integer('product_id').notNull(),
    /** earn: earn_subscriptions.id; autotrade: autotrade_subscriptions.id */
    subscriptionId: integer('subscription_id').notNull(),
    productRisk: smallint('product_risk').notNull(),
    /** the member's risk type then (null: no valid questionnaire) */
    riskType: smallint('risk_type'),
    questionnaireId: integer('questionnaire_id').references(() => questionnaireResults.id),
    reason: varchar('reason', { length: 8 }).$type<SuitabilityReason>().notNull(),
    acknowledgedAt: timestamptz('acknowledged_at').notNull(),
  },
  (table) => [
    index('suitability_acknowledgements_subscription_idx').on(table.product, table.subscriptionId),
    index('suitability_acknowledgements_member_idx').on(table.memberId),
  ],
);

import { boolean, index, integer, jsonb, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { LocalizedText } from '../../../shared/api/earn';
import { members } from './auth';
import { timestamptz, units } from './columns';
import { ledgerTransactions } from './wallet';

/**
 * The referral program (spec products-programs section 9, domain/programs/referral-rewards.ts):
 * the friends a member referred once they reached level 1, and the BCNT rewards accrued for
 * them, paid from the platform's `referral_pool` ledger account by the `referral-rewards` job.
 */

/**
 * A referred member who reached level 1 (identity verified), recorded once by the job. `counted`
 * is the reward-qualified flag: false when the referrer had already had 35 friends counted in
 * the UTC+8 month of `level1At` (the monthly cap), so the referrer earns nothing for this friend.
 */
export const referralFriends = pgTable(
  'referral_friends',
  {
    memberId: integer('member_id')
      .primaryKey()
      .references(() => members.id, { onDelete: 'restrict' }),
    referrerId: integer('referrer_id')
      .notNull()
      .references(() => members.id, { onDelete: 'restrict' }),
    level1At: timestamptz('level1_at').notNull(),
    /** UTC+8 month of level1At, YYYY-MM (the cap's month) */
    month: varchar('month', { length: 7 }).notNull(),
    counted: boolean('counted').notNull(),
    /** the friend's first product subscription, and its rank among the referrer's friends */
    firstPurchaseAt: timestamptz('first_purchase_at'),
    purchaseRank: integer('purchase_rank'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    index('referral_friends_referrer_month_idx').on(table.referrerId, table.month),
    uniqueIndex('referral_friends_referrer_rank_uq').on(table.referrerId, table.purchaseRank),
  ],
);

export type ReferralRewardKind = 'signup' | 'friend_level1' | 'referrer_level1' | 'first_purchase';
export type ReferralRewardState = 'accrued' | 'paid';

/**
 * One reward of the program: who gets it (`memberId`), which friend it is about and why (each
 * kind once per friend), the BCNT amount (atomic units, 18 decimals). Accrued, then paid at a
 * distribution in one ledger transaction (`referral-reward:<id>`) written with the row's update.
 */
export const referralRewards = pgTable(
  'referral_rewards',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'restrict' }),
    friendId: integer('friend_id')
      .notNull()
      .references(() => members.id, { onDelete: 'restrict' }),
    kind: varchar('kind', { length: 16 }).$type<ReferralRewardKind>().notNull(),
    amount: units('amount').notNull(),
    state: varchar('state', { length: 8 }).$type<ReferralRewardState>().notNull(),
    accruedAt: timestamptz('accrued_at').notNull(),
    paidAt: timestamptz('paid_at'),
    ledgerTransactionId: integer('ledger_transaction_id').references(() => ledgerTransactions.id),
  },
  (table) => [
    uniqueIndex('referral_rewards_friend_kind_uq').on(table.friendId, table.kind),
    index('referral_rewards_state_idx').on(table.state, table.id),
    index('referral_rewards_member_idx').on(table.memberId, table.id),
  ],
);

export type CampaignKind = 'event' | 'limit_event';

/**
 * Campaigns (Event, LimitEvent pages), defined by operators (`campaign create`): a slug for the
 * page's address, texts in the three languages, the period, and for an airdrop its pool and
 * qualification rules: a subscription held at least `minSubscriptionDays` days with at least
 * the minimum amount of its currency (`minAmounts`, whole units as decimal text).
 */
export const campaigns = pgTable('campaigns', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  slug: varchar('slug', { length: 40 }).notNull().unique(),
  kind: varchar('kind', { length: 12 }).$type<CampaignKind>().notNull(),
  title: jsonb('title').$type<LocalizedText>().notNull(),
  summary: jsonb('summary').$type<LocalizedText>().notNull(),
  startsAt: timestamptz('starts_at').notNull(),
  endsAt: timestamptz('ends_at').notNull(),
  airdropBcnt: units('airdrop_bcnt'),
  minSubscriptionDays: integer('min_subscription_days'),
  minAmounts: jsonb('min_amounts').$type<Record<string, string>>(),
  createdAt: timestamptz('created_at').notNull(),
  /** when the `airdrop-payout` job shared an ended airdrop's pool out (its payouts written) */
  airdropAllocatedAt: timestamptz('airdrop_allocated_at'),
});

export type AirdropPayoutState = 'allocated' | 'paid';

/**
 * A qualified member's share of an ended airdrop (domain/programs/airdrop-payout.ts): written for
 * every qualified member at once when the campaign is allocated, then paid from the platform's
 * `airdrop_pool` ledger account by ONE ledger transaction (`airdrop:<campaign>:<member>`).
 */
export const airdropPayouts = pgTable(
  'airdrop_payouts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'restrict' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'restrict' }),
    amount: units('amount').notNull(),
    state: varchar('state', { length: 10 }).$type<AirdropPayoutState>().notNull(),
    allocatedAt: timestamptz('allocated_at').notNull(),
    paidAt: timestamptz('paid_at'),
    ledgerTransactionId: integer('ledger_transaction_id').references(() => ledgerTransactions.id),
  },
  (table) => [
    uniqueIndex('airdrop_payouts_campaign_member_uq').on(table.campaignId, table.memberId),
    index('airdrop_payouts_state_idx').on(table.state, table.id),
  ],
);

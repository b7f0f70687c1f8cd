import { index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { members } from './auth';
import { timestamptz, units } from './columns';
import { ledgerTransactions } from './wallet';
import { withdrawals } from './withdrawal';

/**
 * The partner (Coolbitx) referral program (spec products-programs sections 2, 7 and 9;
 * domain/partner/rebates.ts): members who joined the program with a USDT (ERC20) payout
 * address, the members who signed up through the partner entry with their code, the 0.4 %
 * rebates accrued on those members' qualifying activity, and the automatic payouts once 500
 * USDT has accrued. Amounts are USDT atomic units (6 decimals).
 */

/** A partner member: joined the program (createReferral) with the address payouts go to. */
export const partnerAccounts = pgTable('partner_accounts', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => members.id, { onDelete: 'restrict' }),
  /** USDT on ERC20, checksummed as entered (validated by the shared address rules) */
  payoutAddress: varchar('payout_address', { length: 120 }).notNull(),
  createdAt: timestamptz('created_at').notNull(),
  updatedAt: timestamptz('updated_at').notNull(),
});

/** A member who signed up through the partner entry with a partner member's code. */
export const partnerReferrals = pgTable(
  'partner_referrals',
  {
    memberId: integer('member_id')
      .primaryKey()
      .references(() => members.id, { onDelete: 'restrict' }),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => members.id, { onDelete: 'restrict' }),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [index('partner_referrals_partner_idx').on(table.partnerId, table.createdAt)],
);

/**
 * An automatic payout: the accrued rebate moved to the partner's address through a withdrawal.
 * `seq` numbers a partner's payouts (unique), so the job's payout is created once.
 */
export const partnerPayouts = pgTable(
  'partner_payouts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => members.id, { onDelete: 'restrict' }),
    seq: integer('seq').notNull(),
    amount: units('amount').notNull(),
    withdrawalId: integer('withdrawal_id')
      .notNull()
      .references(() => withdrawals.id, { onDelete: 'restrict' }),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [uniqueIndex('partner_payouts_partner_seq_uq').on(table.partnerId, table.seq)],
);

/**
 * One rebate per qualifying activity (`source`, unique: `earn:<subscription id>:<invested>`, the
 * subscription's invested amount it brought the rebates up to), posted to the
 * ledger with it; `payoutId` is set when a payout took it.
 */
export const partnerRebates = pgTable(
  'partner_rebates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => members.id, { onDelete: 'restrict' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'restrict' }),
    source: varchar('source', { length: 40 }).notNull(),
    /** the activity's USDT amount and the rebate on it (0.4 %, rounded down) */
    base: units('base').notNull(),
    amount: units('amount').notNull(),
    ledgerTransactionId: integer('ledger_transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    payoutId: integer('payout_id').references(() => partnerPayouts.id, { onDelete: 'restrict' }),
    accruedAt: timestamptz('accrued_at').notNull(),
  },
  (table) => [
    uniqueIndex('partner_rebates_source_uq').on(table.source),
    index('partner_rebates_partner_idx').on(table.partnerId, table.payoutId),
  ],
);

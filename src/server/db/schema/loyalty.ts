import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { members } from './auth';
import { timestamptz, units as uint256 } from './columns';

/**
 * The loyalty program's own records (domain/loyalty). Stake, unstake requests, thresholds and
 * NFT transfers are not stored here: they are queries over `chain_events` (chain.ts).
 */

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

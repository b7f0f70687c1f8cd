import { and, eq, sql } from 'drizzle-orm';
import { BCNT_REWARD_HOLDING_DAYS } from '../../../shared/constants/withdrawal-rules';
import type { Db } from '../../db/database';
import { ledgerAccounts, ledgerPostings, ledgerTransactions } from '../../db/schema/wallet';

/**
 * "BCNT reward withdrawal requires a subscription held over 30 days" (spec section 5; the
 * refusal "Not a qualifying subscription over a month: airdrop rewards disqualified" shows the
 * withdrawable amount).
 *
 * Model: rewards are ledger transactions of type `reward` crediting the member's available
 * BCNT, with `memo.subscribedAt` (ISO time) = when the subscription that earned them started.
 * A reward is locked until its subscription is older than BCNT_REWARD_HOLDING_DAYS days; every
 * other BCNT (deposits, conversions, store purchases, rewards of old subscriptions) is free.
 *
 * withdrawable = max(0, available - locked rewards). Rewards are taken to be the last BCNT to
 * leave the balance: a member who received a locked reward and spent part of their BCNT still
 * cannot take the reward out, only what exceeds it.
 *
 * Only subscriptions post `reward` credits: without any, all available BCNT is withdrawable. A
 * reward credit without a readable `subscribedAt` counts as locked (fail closed).
 */

export const REWARD_LEDGER_TYPE = 'reward';
const DAY_MS = 24 * 60 * 60 * 1000;

export interface RewardCredit {
  amount: bigint;
  /** when the subscription that earned it started; null = unknown (locked) */
  subscribedAt: Date | null;
}

/** Whether a reward of a subscription started at `subscribedAt` may leave at `now`. */
export function rewardUnlocked(subscribedAt: Date | null, now: Date): boolean {
  if (!subscribedAt) return false;
  return now.getTime() - subscribedAt.getTime() > BCNT_REWARD_HOLDING_DAYS * DAY_MS;
}

/** The BCNT (atomic units) the member may withdraw now (see the module comment). */
export function withdrawableBcnt(available: bigint, rewards: readonly RewardCredit[], now: Date) {
  const locked = rewards
    .filter((reward) => !rewardUnlocked(reward.subscribedAt, now))
    .reduce((sum, reward) => sum + reward.amount, 0n);
  const free = available - locked;
  return free > 0n ? free : 0n;
}

/** The member's `reward` credits to their available BCNT, from the ledger. */
export async function bcntRewardCredits(db: Db, memberId: number): Promise<RewardCredit[]> {
  const rows = await db
    .select({ amount: ledgerPostings.amount, memo: ledgerTransactions.memo })
    .from(ledgerPostings)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .where(
      and(
        eq(ledgerTransactions.type, REWARD_LEDGER_TYPE),
        eq(ledgerAccounts.memberId, memberId),
        eq(ledgerAccounts.currency, 'BCNT'),
        eq(ledgerAccounts.kind, 'available'),
        sql`${ledgerPostings.amount} > 0`,
      ),
    );
  return rows.map((row) => {
    const raw = row.memo?.subscribedAt;
    const time = typeof raw === 'string' ? new Date(raw) : null;
    return {
      amount: BigInt(row.amount),
      subscribedAt: time && !Number.isNaN(time.getTime()) ? time : null,
    };
  });
}

import { and, asc, count, eq, isNotNull, lt, type SQL, sql, sum } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { members, referralFriends, referralRewards } from '../../db/schema';
import type { ReferralRewardKind } from '../../db/schema/programs';
import { formatAtomic } from '../../../shared/money/decimal';
import { REFERRAL_RULES, type ReferralProgram } from '../../../shared/api/programs';
import { AppError } from '../../errors';
import { memberAccount, platformAccount, postLedgerTransaction, transfer } from '../wallet/ledger';
import {
  BCNT_DECIMALS,
  capMonth,
  distributionWindowAt,
  firstPurchaseReward,
  LEVEL1_REWARD,
  nextDistribution,
  POOL_SIZE,
  SIGNUP_REWARD,
  withinMonthlyCap,
} from './referral-rules';

/**
 * The referral program's rewards (spec section 9; rules in referral-rules.ts), in two steps the
 * `referral-rewards` job runs on every tick:
 *
 * 1. Accrual. A member who registered with a referral code and reached level 1 (the kyc2 bit) is
 *    recorded once in `referral_friends`, with the level-1 date (the KYC approval's time, else
 *    when the job first saw the bit) and the qualified flag: counted unless the referrer already
 *    had 35 friends counted in that UTC+8 month. Accrued with it, each once per friend (unique
 *    friend and kind): the friend's 50 BCNT sign-up reward and 100 BCNT, and, when counted, the
 *    referrer's 100 BCNT. A counted friend's first product subscription (an earn subscription
 *    not failed or cancelled, or a Smart Autotrade subscription that became active) gives the
 *    friend a purchase rank among the referrer's friends and accrues the referrer's tier reward
 *    (100 for ranks 1-3, 200 for 4-7, 500 from 8). The cap limits what the referrer earns; the
 *    friend's own rewards are not capped.
 * 2. Distribution. In a window (Wednesdays and the 5th, 00:00 to 17:00 UTC+8) the rewards
 *    accrued before the window opened are paid, oldest first, each in ONE database transaction:
 *    the pool account row locked, the row moved from accrued to paid (a conditional update) and
 *    one balanced ledger transaction `referral-reward:<id>` from the platform's `referral_pool`
 *    to the member's available BCNT. A reward larger than what is left in the pool stops the
 *    run: it and the ones after it wait for the next window (the pool is never overdrawn). A run
 *    killed anywhere leaves every reward either paid with its ledger transaction or accrued,
 *    so the next run pays each once.
 *
 * The pool is funded by operators (`programs pool-fund`, from the hot wallet's BCNT), at most
 * 100,000 BCNT over the program's life (funded = what is left + what was paid).
 */

export const REFERRAL_REWARDS_TASK = 'referral-rewards';

export interface ProgramsDeps {
  db: Db;
  clock: Clock;
}

const KYC_VERIFIED_BIT = 64;

/** The rows of a raw statement (both drivers answer `{ rows }`). */
async function rowsOf<T>(db: Db, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}
const PAGE = 500;

export interface AccrualReport {
  friends: number;
  counted: number;
  capped: number;
  firstPurchases: number;
}

async function insertReward(
  tx: Db,
  row: { memberId: number; friendId: number; kind: ReferralRewardKind; amount: bigint },
  now: Date,
): Promise<void> {
  await tx
    .insert(referralRewards)
    .values({ ...row, amount: row.amount.toString(), state: 'accrued', accruedAt: now })
    .onConflictDoNothing();
}

/** Serialise the referrer's cap and rank counting (one row lock on the referrer). */
async function lockReferrer(tx: Db, referrerId: number): Promise<void> {
  await tx.execute(sql`select id from ${members} where ${members.id} = ${referrerId} for update`);
}

/** Step 1: record the friends who reached level 1 and the first purchases; accrue rewards. */
export async function accrueReferralRewards(deps: ProgramsDeps, now: Date): Promise<AccrualReport> {
  const report: AccrualReport = { friends: 0, counted: 0, capped: 0, firstPurchases: 0 };
  const fresh = await rowsOf<{
    id: number;
    referred_by: number;
    verified_at: string | Date | null;
  }>(
    deps.db,
    sql`
    select m.id, m.referred_by,
      (select min(h.created_at) from kyc_history h
        where h.member_id = m.id and h.subject = 'kyc' and h.to_state = 'verified') as verified_at
    from members m
    where m.referred_by is not null and (m.role_id & ${KYC_VERIFIED_BIT}) <> 0
      and not exists (select 1 from referral_friends f where f.member_id = m.id)
    order by m.id
    limit ${PAGE}`,
  );
  const candidates = fresh
    .map((row) => {
      const verified = row.verified_at === null ? null : new Date(row.verified_at);
      const level1At = verified && verified.getTime() <= now.getTime() ? verified : now;
      return { id: Number(row.id), referrerId: Number(row.referred_by), level1At };
    })
    // the cap counts friends in the order they reached level 1
    .sort((a, b) => a.level1At.getTime() - b.level1At.getTime() || a.id - b.id);
  for (const friend of candidates) {
    const counted = await deps.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      await lockReferrer(tx, friend.referrerId);
      const month = capMonth(friend.level1At);
      const [already] = await tx
        .select({ n: count() })
        .from(referralFriends)
        .where(
          and(
            eq(referralFriends.referrerId, friend.referrerId),
            eq(referralFriends.month, month),
            eq(referralFriends.counted, true),
          ),
        );
      const isCounted = withinMonthlyCap(already?.n ?? 0);
      const [inserted] = await tx
        .insert(referralFriends)
        .values({
          memberId: friend.id,
          referrerId: friend.referrerId,
          level1At: friend.level1At,
          month,
          counted: isCounted,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning({ memberId: referralFriends.memberId });
      if (!inserted) return null;
      await insertReward(
        tx,
        { memberId: friend.id, friendId: friend.id, kind: 'signup', amount: SIGNUP_REWARD },
        now,
      );
      await insertReward(
        tx,
        { memberId: friend.id, friendId: friend.id, kind: 'friend_level1', amount: LEVEL1_REWARD },
        now,
      );
      if (isCounted) {
        await insertReward(
          tx,
          {
            memberId: friend.referrerId,
            friendId: friend.id,
            kind: 'referrer_level1',
            amount: LEVEL1_REWARD,
          },
          now,
        );
      }
      return isCounted;
    });
    if (counted === null) continue;
    report.friends += 1;
    if (counted) report.counted += 1;
    else report.capped += 1;
  }

  const purchases = await rowsOf<{
    member_id: number;
    referrer_id: number;
    first_at: string | Date;
  }>(
    deps.db,
    sql`
    select f.member_id, f.referrer_id, p.first_at
    from referral_friends f
    join lateral (
      select min(s.created_at) as first_at from (
        select e.created_at from earn_subscriptions e
          where e.member_id = f.member_id and e.state not in ('failed', 'cancel_pending', 'canceled')
        union all
        select a.created_at from autotrade_subscriptions a
          where a.member_id = f.member_id and a.state in ('active', 'paused', 'ended')
      ) s
    ) p on p.first_at is not null
    where f.counted and f.first_purchase_at is null
    order by p.first_at, f.member_id
    limit ${PAGE}`,
  );
  for (const row of purchases) {
    const friendId = Number(row.member_id);
    const referrerId = Number(row.referrer_id);
    const done = await deps.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      await lockReferrer(tx, referrerId);
      const [ranked] = await tx
        .select({ n: count() })
        .from(referralFriends)
        .where(
          and(eq(referralFriends.referrerId, referrerId), isNotNull(referralFriends.purchaseRank)),
        );
      const rank = (ranked?.n ?? 0) + 1;
      const updated = await tx
        .update(referralFriends)
        .set({ firstPurchaseAt: new Date(row.first_at), purchaseRank: rank })
        .where(
          and(
            eq(referralFriends.memberId, friendId),
            sql`${referralFriends.firstPurchaseAt} is null`,
          ),
        )
        .returning({ memberId: referralFriends.memberId });
      if (updated.length === 0) return false;
      await insertReward(
        tx,
        {
          memberId: referrerId,
          friendId,
          kind: 'first_purchase',
          amount: firstPurchaseReward(rank),
        },
        now,
      );
      return true;
    });
    if (done) report.firstPurchases += 1;
  }
  return report;
}

export interface DistributionReport {
  /** false outside a distribution window (nothing is paid then) */
  window: boolean;
  paid: number;
  paidBcnt: string;
  /** rewards due in this window that wait because the pool cannot pay them */
  waitingForPool: number;
}

export interface DistributionHooks {
  /** tests: called after each payment committed (a crash right there) */
  afterPayment?(rewardId: number): void;
}

/** The pool's balance, its row locked until the transaction ends (0 before the first funding). */
async function lockedPoolBalance(tx: Db): Promise<bigint> {
  const [row] = await rowsOf<{ balance: string }>(
    tx,
    sql`select balance from ledger_accounts
      where member_id is null and currency = 'BCNT' and kind = 'referral_pool'
      for update`,
  );
  return row ? BigInt(row.balance) : 0n;
}

/** Step 2: pay what is due in the current window (see the module comment). */
export async function distributeReferralRewards(
  deps: ProgramsDeps,
  now: Date,
  hooks: DistributionHooks = {},
): Promise<DistributionReport> {
  const report: DistributionReport = { window: false, paid: 0, paidBcnt: '0', waitingForPool: 0 };
  const window = distributionWindowAt(now);
  if (!window) return report;
  report.window = true;
  let paidTotal = 0n;
  for (;;) {
    const due = await deps.db
      .select()
      .from(referralRewards)
      .where(
        and(eq(referralRewards.state, 'accrued'), lt(referralRewards.accruedAt, window.opensAt)),
      )
      .orderBy(asc(referralRewards.id))
      .limit(PAGE);
    if (due.length === 0) break;
    for (const [index, reward] of due.entries()) {
      const amount = BigInt(reward.amount);
      const outcome = await deps.db.transaction(async (t) => {
        const tx = t as unknown as Db;
        const pool = await lockedPoolBalance(tx);
        if (pool < amount) return 'pool' as const;
        const moved = await tx
          .update(referralRewards)
          .set({ state: 'paid', paidAt: now })
          .where(and(eq(referralRewards.id, reward.id), eq(referralRewards.state, 'accrued')))
          .returning({ id: referralRewards.id });
        if (moved.length === 0) return 'gone' as const;
        const posted = await postLedgerTransaction(tx, deps.clock, {
          idempotencyKey: `referral-reward:${reward.id}`,
          type: 'referral_reward',
          memberId: reward.memberId,
          reference: `referral:${reward.friendId}`,
          memo: { kind: reward.kind, friendId: reward.friendId },
          postings: transfer(
            platformAccount('referral_pool'),
            memberAccount(reward.memberId),
            'BCNT',
            amount,
          ),
        });
        await tx
          .update(referralRewards)
          .set({ ledgerTransactionId: posted.transactionId })
          .where(eq(referralRewards.id, reward.id));
        return 'paid' as const;
      });
      if (outcome === 'pool') {
        // this one and the rest of the window wait for the pool to be funded
        const [left] = await deps.db
          .select({ n: count() })
          .from(referralRewards)
          .where(
            and(
              eq(referralRewards.state, 'accrued'),
              lt(referralRewards.accruedAt, window.opensAt),
            ),
          );
        report.waitingForPool = left?.n ?? due.length - index;
        report.paidBcnt = formatAtomic(paidTotal, BCNT_DECIMALS);
        return report;
      }
      if (outcome === 'paid') {
        report.paid += 1;
        paidTotal += amount;
        hooks.afterPayment?.(reward.id);
      }
    }
  }
  report.paidBcnt = formatAtomic(paidTotal, BCNT_DECIMALS);
  return report;
}

/** The job's run: accrual, then the distribution. */
export async function runReferralRewards(deps: ProgramsDeps, now: Date, hooks?: DistributionHooks) {
  const accrual = await accrueReferralRewards(deps, now);
  const distribution = await distributeReferralRewards(deps, now, hooks);
  return { accrual, distribution };
}

export const ProgramsError = {
  poolFull: 'referral_pool_full',
} as const;

export interface PoolStatus {
  /** BCNT left in the pool, paid from it, funded in all, and the program's limit */
  balance: string;
  paid: string;
  funded: string;
  limit: string;
  /** BCNT accrued and not yet paid */
  accrued: string;
}

async function poolFigures(db: Db) {
  const balance = await poolBalance(db);
  const rows = await db
    .select({ state: referralRewards.state, total: sum(referralRewards.amount) })
    .from(referralRewards)
    .groupBy(referralRewards.state);
  const total = (state: string) => BigInt(rows.find((r) => r.state === state)?.total ?? '0');
  return { balance, paid: total('paid'), accrued: total('accrued') };
}

async function poolBalance(db: Db): Promise<bigint> {
  const [row] = await rowsOf<{ balance: string }>(
    db,
    sql`select balance from ledger_accounts
      where member_id is null and currency = 'BCNT' and kind = 'referral_pool'`,
  );
  return row ? BigInt(row.balance) : 0n;
}

const bcntText = (value: bigint) => formatAtomic(value, BCNT_DECIMALS);

export async function poolStatus(db: Db): Promise<PoolStatus> {
  const { balance, paid, accrued } = await poolFigures(db);
  return {
    balance: bcntText(balance),
    paid: bcntText(paid),
    funded: bcntText(balance + paid),
    limit: bcntText(POOL_SIZE),
    accrued: bcntText(accrued),
  };
}

/**
 * Fund the pool from the hot wallet's BCNT: one ledger transaction keyed by the operator's
 * reference (a retry with the same reference moves nothing). Refused beyond the program's
 * 100,000 BCNT in all.
 */
export async function fundReferralPool(
  deps: ProgramsDeps,
  input: { amount: bigint; reference: string },
): Promise<PoolStatus & { created: boolean }> {
  const created = await deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const balance = await lockedPoolBalance(tx);
    const [paid] = await tx
      .select({ total: sum(referralRewards.amount) })
      .from(referralRewards)
      .where(eq(referralRewards.state, 'paid'));
    const funded = balance + BigInt(paid?.total ?? '0');
    const key = `referral-pool-fund:${input.reference}`;
    const [existing] = await rowsOf<{ id: number }>(
      tx,
      sql`select id from ledger_transactions where idempotency_key = ${key}`,
    );
    if (existing) return false;
    if (funded + input.amount > POOL_SIZE) {
      throw new AppError(409, ProgramsError.poolFull, {
        funded: bcntText(funded),
        limit: bcntText(POOL_SIZE),
      });
    }
    const posted = await postLedgerTransaction(tx, deps.clock, {
      idempotencyKey: key,
      type: 'referral_pool_fund',
      reference: input.reference,
      postings: transfer(
        platformAccount('hot_wallet'),
        platformAccount('referral_pool'),
        'BCNT',
        input.amount,
      ),
    });
    return posted.created;
  });
  return { ...(await poolStatus(deps.db)), created };
}

/** The member's record on the referral program page (GET /api/v1/user/referral/program). */
export async function referralProgram(
  deps: ProgramsDeps,
  memberId: number,
): Promise<ReferralProgram> {
  const now = deps.clock.now();
  const month = capMonth(now);
  const [member] = await deps.db
    .select({ code: members.referralCode })
    .from(members)
    .where(eq(members.id, memberId));
  if (!member) throw new AppError(404, 'not_found');
  const [[referred], friends, rewards] = await Promise.all([
    deps.db.select({ n: count() }).from(members).where(eq(members.referredBy, memberId)),
    deps.db
      .select({
        level1: count(),
        qualified: sql<number>`count(*) filter (where ${referralFriends.counted})`.mapWith(Number),
        thisMonth:
          sql<number>`count(*) filter (where ${referralFriends.counted} and ${referralFriends.month} = ${month})`.mapWith(
            Number,
          ),
        purchased: sql<number>`count(${referralFriends.purchaseRank})`.mapWith(Number),
      })
      .from(referralFriends)
      .where(eq(referralFriends.referrerId, memberId)),
    deps.db
      .select({ state: referralRewards.state, total: sum(referralRewards.amount) })
      .from(referralRewards)
      .where(eq(referralRewards.memberId, memberId))
      .groupBy(referralRewards.state),
  ]);
  const total = (state: string) => BigInt(rewards.find((r) => r.state === state)?.total ?? '0');
  const figures = friends[0];
  return {
    code: member.code,
    rate: bcntText(firstPurchaseReward((figures?.purchased ?? 0) + 1)),
    totalRewards: bcntText(total('paid')),
    pendingRewards: bcntText(total('accrued')),
    referred: referred?.n ?? 0,
    level1: figures?.level1 ?? 0,
    qualified: figures?.qualified ?? 0,
    countedThisMonth: figures?.thisMonth ?? 0,
    monthlyCap: REFERRAL_RULES.monthlyCap,
    nextDistribution: nextDistribution(now).toISOString(),
  };
}

import { and, asc, count, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { custodialStakeRecords } from '../../db/schema/convert';
import { AppError, validationError } from '../../errors';
import { ErrorCode } from '../../../shared/api/envelope';
import { WalletError } from '../../../shared/api/wallet';
import {
  ConvertError,
  type StakeBody,
  type StakeRecord,
  type StakeRecordEntry,
  type StakeRecordQuery,
  type StakeResult,
  type StakeSummary,
} from '../../../shared/api/wallet-convert';
import {
  CUSTODIAL_STAKE_MIN_BCNT,
  CUSTODIAL_UNSTAKE_DAYS,
} from '../../../shared/constants/convert-rules';
import { parseAmount } from '../../../shared/money/decimal';
import { toDecimal } from './balances';
import { withIdempotency } from './idempotency';
import {
  accountBalance,
  InsufficientBalance,
  memberAccount,
  postLedgerTransaction,
  transfer,
} from './ledger';

/**
 * The custodial BCNT stake, the platform-side twin of the on-chain LoyaltyStaking:
 *
 * - stake: BCNT moves from the member's available account to their staking account (ledger
 *   `stake`); it counts for the loyalty level at once (member-level.ts adds the staking
 *   account's balance to the linked wallets' stake);
 * - unstake: a request (`custodial_stake_records` kind `unstake`) unlocking after 14 days; until
 *   then the amount stays in the staking account and keeps counting for the level; no more than
 *   the staked amount not already requested can be requested;
 * - release: the scheduler task `custodial-unstake` moves each due request's amount back to
 *   available (ledger `unstake`, idempotency key `custodial-unstake:<id>`) and marks it
 *   released; the level drops then.
 *
 * Stake and unstake of one member are serialised by a transaction-scoped advisory lock, so
 * two concurrent unstake requests cannot together exceed the stake.
 */

export const CUSTODIAL_UNSTAKE_TASK = 'custodial-unstake';
const DAY_MS = 24 * 3600 * 1000;
const MINIMUM = parseAmount(CUSTODIAL_STAKE_MIN_BCNT, 18) as bigint;
/** advisory lock namespace of the custodial stake (any constant int4) */
const LOCK_NAMESPACE = 60_061;

export interface StakeDeps {
  db: Db;
  clock: Clock;
}

type RecordRow = typeof custodialStakeRecords.$inferSelect;

function recordView(row: RecordRow): StakeRecordEntry {
  return {
    id: row.id,
    kind: row.kind,
    amount: toDecimal('BCNT', BigInt(row.amount)),
    createdAt: row.createdAt.toISOString(),
    unlockAt: row.unlockAt ? row.unlockAt.toISOString() : null,
    releasedAt: row.releasedAt ? row.releasedAt.toISOString() : null,
    state: row.kind === 'stake' ? 'staked' : row.releasedAt ? 'released' : 'cooling',
  };
}

/** BCNT in unstake requests not yet released. */
async function coolingAmount(db: Db, memberId: number): Promise<bigint> {
  const [row] = await db
    .select({
      total: sql<string>`coalesce(sum(${custodialStakeRecords.amount}), 0)::text`,
    })
    .from(custodialStakeRecords)
    .where(
      and(
        eq(custodialStakeRecords.memberId, memberId),
        eq(custodialStakeRecords.kind, 'unstake'),
        isNull(custodialStakeRecords.releasedAt),
      ),
    );
  return BigInt(row?.total ?? '0');
}

async function summaryUnits(db: Db, memberId: number) {
  const [available, staking, cooling] = await Promise.all([
    accountBalance(db, memberAccount(memberId), 'BCNT'),
    accountBalance(db, memberAccount(memberId, 'staking'), 'BCNT'),
    coolingAmount(db, memberId),
  ]);
  const unstakable = staking - cooling;
  return { available, staking, cooling, unstakable: unstakable < 0n ? 0n : unstakable };
}

/** The member's custodial stake in BCNT. */
export async function stakeSummary(db: Db, memberId: number): Promise<StakeSummary> {
  const s = await summaryUnits(db, memberId);
  return {
    available: toDecimal('BCNT', s.available),
    staking: toDecimal('BCNT', s.staking),
    cooling: toDecimal('BCNT', s.cooling),
    unstakable: toDecimal('BCNT', s.unstakable),
    minimum: CUSTODIAL_STAKE_MIN_BCNT,
    unstakeDays: CUSTODIAL_UNSTAKE_DAYS,
  };
}

/**
 * POST /api/v1/user/wallet/stake: `stake` or `unstake` (a request), idempotent per key
 * (scopes `stake` / `unstake`).
 */
export async function custodialStake(
  deps: StakeDeps,
  memberId: number,
  key: string,
  body: StakeBody,
): Promise<StakeResult> {
  const amount = parseAmount(body.amount, 18);
  if (amount === null)
    throw validationError([{ field: 'amount', message: ConvertError.tooManyDecimals }]);
  return withIdempotency(
    deps.db,
    deps.clock,
    { memberId, scope: body.action, key, request: body },
    async (tx) => {
      if (amount < MINIMUM) {
        throw new AppError(ErrorCode.badRequest, ConvertError.stakeBelowMinimum, {
          minimum: CUSTODIAL_STAKE_MIN_BCNT,
        });
      }
      await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_NAMESPACE}, ${memberId})`);
      const now = deps.clock.now();
      let row: RecordRow | undefined;
      if (body.action === 'stake') {
        [row] = await tx
          .insert(custodialStakeRecords)
          .values({ memberId, kind: 'stake', amount: amount.toString(), createdAt: now })
          .returning();
        if (!row) throw new Error('stake record not written');
        try {
          const posted = await postLedgerTransaction(tx, deps.clock, {
            idempotencyKey: `custodial-stake:${row.id}`,
            type: 'stake',
            memberId,
            reference: `stake:${row.id}`,
            postings: transfer(
              memberAccount(memberId),
              memberAccount(memberId, 'staking'),
              'BCNT',
              amount,
            ),
          });
          [row] = await tx
            .update(custodialStakeRecords)
            .set({ ledgerTransactionId: posted.transactionId })
            .where(eq(custodialStakeRecords.id, row.id))
            .returning();
        } catch (error) {
          if (error instanceof InsufficientBalance)
            throw new AppError(ErrorCode.badRequest, WalletError.insufficientBalance);
          throw error;
        }
      } else {
        const { unstakable } = await summaryUnits(tx, memberId);
        if (amount > unstakable) {
          throw new AppError(ErrorCode.badRequest, ConvertError.unstakeExceedsStaked, {
            unstakable: toDecimal('BCNT', unstakable),
          });
        }
        [row] = await tx
          .insert(custodialStakeRecords)
          .values({
            memberId,
            kind: 'unstake',
            amount: amount.toString(),
            createdAt: now,
            unlockAt: new Date(now.getTime() + CUSTODIAL_UNSTAKE_DAYS * DAY_MS),
          })
          .returning();
      }
      if (!row) throw new Error('stake record not written');
      return { record: recordView(row), summary: await stakeSummary(tx, memberId) };
    },
  );
}

/** GET /api/v1/user/wallet/stake/record: the summary, stakes and unstake requests, newest first. */
export async function stakeRecord(
  db: Db,
  memberId: number,
  query: StakeRecordQuery,
): Promise<StakeRecord> {
  const where = eq(custodialStakeRecords.memberId, memberId);
  const [[total], rows, summary] = await Promise.all([
    db.select({ n: count() }).from(custodialStakeRecords).where(where),
    db
      .select()
      .from(custodialStakeRecords)
      .where(where)
      .orderBy(desc(custodialStakeRecords.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    stakeSummary(db, memberId),
  ]);
  return {
    summary,
    items: rows.map(recordView),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * The `custodial-unstake` task: release every unstake request due at `now` (staking ->
 * available, ledger `unstake`). Idempotent: a request is released once whoever runs it.
 * Returns how many it released.
 */
export async function releaseDueUnstakes(deps: StakeDeps, now: Date): Promise<number> {
  const due = await deps.db
    .select({ id: custodialStakeRecords.id })
    .from(custodialStakeRecords)
    .where(
      and(
        eq(custodialStakeRecords.kind, 'unstake'),
        isNull(custodialStakeRecords.releasedAt),
        lte(custodialStakeRecords.unlockAt, now),
      ),
    )
    .orderBy(asc(custodialStakeRecords.unlockAt))
    .limit(500);
  let released = 0;
  for (const { id } of due) {
    const done = await deps.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const [row] = await tx
        .select()
        .from(custodialStakeRecords)
        .where(and(eq(custodialStakeRecords.id, id), isNull(custodialStakeRecords.releasedAt)))
        .for('update');
      if (!row) return false;
      const posted = await postLedgerTransaction(tx, deps.clock, {
        idempotencyKey: `custodial-unstake:${row.id}`,
        type: 'unstake',
        memberId: row.memberId,
        reference: `unstake:${row.id}`,
        postings: transfer(
          memberAccount(row.memberId, 'staking'),
          memberAccount(row.memberId),
          'BCNT',
          BigInt(row.amount),
        ),
      });
      await tx
        .update(custodialStakeRecords)
        .set({ releasedAt: now, ledgerTransactionId: posted.transactionId })
        .where(eq(custodialStakeRecords.id, row.id));
      return true;
    });
    if (done) released += 1;
  }
  return released;
}

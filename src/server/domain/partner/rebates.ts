import { and, count, desc, eq, inArray, isNull, sql, sum } from 'drizzle-orm';
import {
  PARTNER_RULES,
  type PartnerCreateBody,
  type PartnerHistory,
  type PartnerPayoutState,
  type PartnerReferralInfo,
} from '../../../shared/api/partner';
import {
  WITHDRAWAL_PROCESSING_HOUR,
  withdrawalRule,
} from '../../../shared/constants/withdrawal-rules';
import { formatAtomic, parseAmount } from '../../../shared/money/decimal';
import { nextBusinessDayAt } from '../../../shared/time/business-days';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import {
  members,
  partnerAccounts,
  partnerPayouts,
  partnerRebates,
  partnerReferrals,
  withdrawals,
} from '../../db/schema';
import { AppError } from '../../errors';
import { checkDestination } from '../wallet/address-book';
import { memberAccount, platformAccount, postLedgerTransaction } from '../wallet/ledger';

/**
 * The partner (Coolbitx) referral program (spec products-programs sections 2, 7, 9):
 *
 * - A member joins with a USDT (ERC20) payout address (`createReferral`); their referral code is
 *   their partner code. A visitor who registers through the partner sign-up with that code is
 *   registered with it (`referredBy`) and recorded as the partner's with the account
 *   (`partnerCode`, referrals.ts).
 * - Rebate base (the spec names only the 0.4 %): the USDT a referred member subscribes to earn
 *   products after joining through the partner (not failed or cancelled): each subscription's
 *   invested amount, and later what was added to it, each once (source `earn:<id>:<invested>`:
 *   the rebate is on invested minus what earlier rebates of the subscription covered). 0.4 % =
 *   40 basis points, rounded down to the USDT atom. Each rebate is ONE ledger transaction `partner-rebate:<source>` from the
 *   platform's `partner_rebates` (expense: minus all accrued) to `partner_rebates_payable` (what
 *   is owed to partners), written with its `partner_rebates` row (unique source) in one database
 *   transaction.
 * - Payout: once a partner's unpaid rebates reach 500 USDT they all go out, in ONE database
 *   transaction with the partner's member row locked: a `partner_payouts` row (unique partner and
 *   sequence), a queued USDT ERC20 withdrawal to the recorded address due the next business day
 *   (processed by the `withdrawals` job like any other, done within 1-3 business days), the
 *   rebates marked with the payout, and the ledger moves `withdrawal:<id>:request` (payable ->
 *   the partner's pending withdrawal) and `withdrawal:<id>:fee` (the network fee, borne by the
 *   platform from `partner_rebates`), so the partner receives exactly what accrued. No 24-hour
 *   limit or second factor: the platform sends it, to the address the partner recorded. A
 *   failed withdrawal returns the amount to the partner's available balance (the wallet's rule).
 *
 * A run killed anywhere leaves each rebate either accrued with its ledger transaction or not at
 * all, and each payout either whole or absent, so the next run does nothing twice.
 */

export const PARTNER_REBATES_TASK = 'partner-rebates';

export interface PartnerDeps {
  db: Db;
  clock: Clock;
}

const USDT_DECIMALS = 6;
const usdt = (value: bigint) => formatAtomic(value, USDT_DECIMALS);
export const MINIMUM_PAYOUT = BigInt(PARTNER_RULES.minimumPayoutUsdt) * 10n ** 6n;
const PAGE = 500;

/** 0.4 % of `base`, rounded down to the atom. */
export function rebateOf(base: bigint): bigint {
  return (base * BigInt(PARTNER_RULES.rateBps)) / 10_000n;
}

async function rowsOf<T>(db: Db, statement: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}

/** Join the program, or change the payout address (USDT on ERC20, validated like a withdrawal). */
export async function createPartnerReferral(
  deps: PartnerDeps,
  memberId: number,
  body: PartnerCreateBody,
): Promise<PartnerReferralInfo> {
  const address = checkDestination('USDT', 'ERC20', body.address);
  const now = deps.clock.now();
  await deps.db
    .insert(partnerAccounts)
    .values({ memberId, payoutAddress: address, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: partnerAccounts.memberId,
      set: { payoutAddress: address, updatedAt: now },
    });
  return partnerReferralInfo(deps, memberId);
}

export interface AccrualReport {
  accrued: number;
  amount: string;
}

/** Step 1: a rebate for each qualifying subscription not yet rebated (see the module comment). */
export async function accruePartnerRebates(deps: PartnerDeps, now: Date): Promise<AccrualReport> {
  const report = { accrued: 0, total: 0n };
  for (;;) {
    const due = await rowsOf<{
      id: number;
      member_id: number;
      partner_id: number;
      invested: string;
      rebated: string;
    }>(
      deps.db,
      sql`
      select s.id, s.member_id, r.partner_id, s.invested, coalesce(b.rebated, 0) as rebated
      from earn_subscriptions s
      join earn_products p on p.id = s.product_id and p.currency = 'USDT'
      join partner_referrals r on r.member_id = s.member_id and s.created_at >= r.created_at
      left join lateral (
        select sum(x.base) as rebated from partner_rebates x where x.source like 'earn:' || s.id || ':%'
      ) b on true
      where s.state not in ('failed', 'cancel_pending', 'canceled')
        and s.created_at <= ${now}
        and s.invested > coalesce(b.rebated, 0)
      order by s.id
      limit ${PAGE}`,
    );
    let progressed = false;
    for (const row of due) {
      // what was added since the last rebate on this subscription (first: all of it)
      const base = BigInt(row.invested) - BigInt(row.rebated);
      const amount = rebateOf(base);
      if (amount === 0n) continue;
      const source = `earn:${Number(row.id)}:${row.invested}`;
      const created = await deps.db.transaction(async (t) => {
        const tx = t as unknown as Db;
        const posted = await postLedgerTransaction(tx, deps.clock, {
          idempotencyKey: `partner-rebate:${source}`,
          type: 'partner_rebate',
          memberId: Number(row.partner_id),
          reference: source,
          memo: { memberId: Number(row.member_id), base: base.toString() },
          postings: [
            { account: platformAccount('partner_rebates'), currency: 'USDT', amount: -amount },
            { account: platformAccount('partner_rebates_payable'), currency: 'USDT', amount },
          ],
        });
        if (!posted.created) return false;
        await tx.insert(partnerRebates).values({
          partnerId: Number(row.partner_id),
          memberId: Number(row.member_id),
          source,
          base: base.toString(),
          amount: amount.toString(),
          ledgerTransactionId: posted.transactionId,
          accruedAt: now,
        });
        return true;
      });
      if (created) {
        progressed = true;
        report.accrued += 1;
        report.total += amount;
      }
    }
    if (!progressed || due.length < PAGE) break;
  }
  return { accrued: report.accrued, amount: usdt(report.total) };
}

export interface PayoutReport {
  payouts: number;
  amount: string;
}

export interface PayoutHooks {
  /** tests: called after each payout committed (a crash right there) */
  afterPayout?(partnerId: number): void;
}

/** Step 2: pay out every partner whose unpaid rebates reached the minimum. */
export async function payOutPartnerRebates(
  deps: PartnerDeps,
  now: Date,
  hooks: PayoutHooks = {},
): Promise<PayoutReport> {
  const report = { payouts: 0, total: 0n };
  const rule = withdrawalRule(PARTNER_RULES.currency, PARTNER_RULES.network)!;
  const fee = parseAmount(rule.fee, USDT_DECIMALS)!;
  const candidates = await deps.db
    .select({ partnerId: partnerRebates.partnerId, total: sum(partnerRebates.amount) })
    .from(partnerRebates)
    .where(isNull(partnerRebates.payoutId))
    .groupBy(partnerRebates.partnerId)
    .having(sql`sum(${partnerRebates.amount}) >= ${MINIMUM_PAYOUT.toString()}`);
  for (const candidate of candidates) {
    const partnerId = candidate.partnerId;
    const paid = await deps.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      await tx.execute(
        sql`select id from ${members} where ${members.id} = ${partnerId} for update`,
      );
      const open = await tx
        .select({ id: partnerRebates.id, amount: partnerRebates.amount })
        .from(partnerRebates)
        .where(and(eq(partnerRebates.partnerId, partnerId), isNull(partnerRebates.payoutId)));
      const amount = open.reduce((total, row) => total + BigInt(row.amount), 0n);
      if (amount < MINIMUM_PAYOUT) return 0n;
      const [account] = await tx
        .select({ address: partnerAccounts.payoutAddress })
        .from(partnerAccounts)
        .where(eq(partnerAccounts.memberId, partnerId));
      if (!account) return 0n;
      const [done] = await tx
        .select({ n: count() })
        .from(partnerPayouts)
        .where(eq(partnerPayouts.partnerId, partnerId));
      const [withdrawal] = await tx
        .insert(withdrawals)
        .values({
          memberId: partnerId,
          currency: 'USDT',
          network: PARTNER_RULES.network,
          address: account.address,
          amount: amount.toString(),
          fee: fee.toString(),
          usdtValue: amount.toString(),
          status: 'queued',
          dueAt: nextBusinessDayAt(now, WITHDRAWAL_PROCESSING_HOUR),
          createdAt: now,
        })
        .returning({ id: withdrawals.id });
      const withdrawalId = withdrawal!.id;
      const [payout] = await tx
        .insert(partnerPayouts)
        .values({
          partnerId,
          seq: (done?.n ?? 0) + 1,
          amount: amount.toString(),
          withdrawalId,
          createdAt: now,
        })
        .returning({ id: partnerPayouts.id });
      await tx
        .update(partnerRebates)
        .set({ payoutId: payout!.id })
        .where(
          inArray(
            partnerRebates.id,
            open.map((row) => row.id),
          ),
        );
      const reference = `withdrawal:${withdrawalId}`;
      const pending = memberAccount(partnerId, 'pending_withdrawal');
      await postLedgerTransaction(tx, deps.clock, {
        idempotencyKey: `${reference}:request`,
        type: 'withdrawal',
        memberId: partnerId,
        reference,
        memo: { network: PARTNER_RULES.network, address: account.address, partnerPayout: true },
        postings: [
          {
            account: platformAccount('partner_rebates_payable'),
            currency: 'USDT',
            amount: -amount,
          },
          { account: pending, currency: 'USDT', amount },
        ],
      });
      if (fee > 0n) {
        await postLedgerTransaction(tx, deps.clock, {
          idempotencyKey: `${reference}:fee`,
          type: 'withdrawal_fee',
          memberId: partnerId,
          reference,
          memo: { borneBy: 'platform' },
          postings: [
            { account: platformAccount('partner_rebates'), currency: 'USDT', amount: -fee },
            { account: pending, currency: 'USDT', amount: fee },
          ],
        });
      }
      return amount;
    });
    if (paid > 0n) {
      report.payouts += 1;
      report.total += paid;
      hooks.afterPayout?.(partnerId);
    }
  }
  return { payouts: report.payouts, amount: usdt(report.total) };
}

/** The job's run: accrual, then the payouts. */
export async function runPartnerRebates(deps: PartnerDeps, now: Date, hooks?: PayoutHooks) {
  const accrual = await accruePartnerRebates(deps, now);
  const payout = await payOutPartnerRebates(deps, now, hooks);
  return { accrual, payout };
}

const payoutState = (status: string): PartnerPayoutState =>
  status === 'completed' ? 'completed' : status === 'failed' ? 'failed' : 'processing';

/** The partner page's record (GET htoken/coolBitX/referralInfo). */
export async function partnerReferralInfo(
  deps: PartnerDeps,
  memberId: number,
): Promise<PartnerReferralInfo> {
  const [member] = await deps.db
    .select({ code: members.referralCode, address: partnerAccounts.payoutAddress })
    .from(members)
    .leftJoin(partnerAccounts, eq(partnerAccounts.memberId, members.id))
    .where(eq(members.id, memberId));
  if (!member) throw new AppError(404, 'not_found');
  const [referred, rebates, payouts] = await Promise.all([
    deps.db
      .select({
        nickname: members.nickname,
        joinedAt: partnerReferrals.createdAt,
        rebate: sql<string>`coalesce((select sum(b.amount) from partner_rebates b
          where b.member_id = ${partnerReferrals.memberId} and b.partner_id = ${memberId}), 0)`,
      })
      .from(partnerReferrals)
      .innerJoin(members, eq(members.id, partnerReferrals.memberId))
      .where(eq(partnerReferrals.partnerId, memberId))
      .orderBy(desc(partnerReferrals.createdAt))
      .limit(200),
    deps.db
      .select({ total: sum(partnerRebates.amount) })
      .from(partnerRebates)
      .where(and(eq(partnerRebates.partnerId, memberId), isNull(partnerRebates.payoutId))),
    deps.db
      .select({
        id: partnerPayouts.id,
        amount: partnerPayouts.amount,
        createdAt: partnerPayouts.createdAt,
        status: withdrawals.status,
        completedAt: withdrawals.completedAt,
        txHash: withdrawals.txHash,
      })
      .from(partnerPayouts)
      .innerJoin(withdrawals, eq(withdrawals.id, partnerPayouts.withdrawalId))
      .where(eq(partnerPayouts.partnerId, memberId))
      .orderBy(desc(partnerPayouts.id))
      .limit(100),
  ]);
  const paid = payouts
    .filter((row) => row.status !== 'failed')
    .reduce((total, row) => total + BigInt(row.amount), 0n);
  return {
    joined: member.address !== null,
    code: member.code,
    ratePercent: PARTNER_RULES.ratePercent,
    minimumPayout: String(PARTNER_RULES.minimumPayoutUsdt),
    payoutAddress: member.address,
    accrued: usdt(BigInt(rebates[0]?.total ?? '0')),
    paid: usdt(paid),
    referred: referred.map((row) => ({
      nickname: row.nickname,
      joinedAt: row.joinedAt.toISOString(),
      rebate: usdt(BigInt(row.rebate)),
    })),
    payouts: payouts.map((row) => ({
      id: row.id,
      amount: usdt(BigInt(row.amount)),
      state: payoutState(row.status),
      createdAt: row.createdAt.toISOString(),
      completedAt: row.completedAt ? row.completedAt.toISOString() : null,
      txHash: row.txHash,
    })),
  };
}

const HISTORY_PAGE_SIZE = 20;

/** The rebates accrued to the partner, newest first (GET xsaving/coolBitX/history). */
export async function partnerHistory(
  deps: PartnerDeps,
  memberId: number,
  page = 1,
): Promise<PartnerHistory> {
  const [[total], rows] = await Promise.all([
    deps.db
      .select({ n: count() })
      .from(partnerRebates)
      .where(eq(partnerRebates.partnerId, memberId)),
    deps.db
      .select({
        id: partnerRebates.id,
        nickname: members.nickname,
        base: partnerRebates.base,
        amount: partnerRebates.amount,
        accruedAt: partnerRebates.accruedAt,
        payoutId: partnerRebates.payoutId,
      })
      .from(partnerRebates)
      .innerJoin(members, eq(members.id, partnerRebates.memberId))
      .where(eq(partnerRebates.partnerId, memberId))
      .orderBy(desc(partnerRebates.id))
      .limit(HISTORY_PAGE_SIZE)
      .offset((page - 1) * HISTORY_PAGE_SIZE),
  ]);
  return {
    page,
    pageSize: HISTORY_PAGE_SIZE,
    total: total?.n ?? 0,
    rows: rows.map((row) => ({
      id: row.id,
      nickname: row.nickname,
      base: usdt(BigInt(row.base)),
      amount: usdt(BigInt(row.amount)),
      accruedAt: row.accruedAt.toISOString(),
      paidOut: row.payoutId !== null,
    })),
  };
}

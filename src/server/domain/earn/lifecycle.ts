import {
  and,
  asc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  notInArray,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/database';
import { faultPoint } from '../../faults';
import { allianceRegistrations, members } from '../../db/schema';
import { earnEvents, earnProducts, earnSubscriptions } from '../../db/schema/earn';
import {
  ASSET_RETURN_WORKING_DAYS,
  FLAGSHIP,
  isNavKind,
  isProKind,
  isRateKind,
  LEVEL_DROP_DELAY_DAYS,
  RENEWAL_REMINDER_DAYS,
} from '../../../shared/constants/earn';
import {
  addDays,
  addMonths,
  addWorkingDays,
  dayStart,
  daysBetween,
  platformDay,
} from '../../../shared/time/platform-days';
import { loyaltyRates } from '../loyalty/rates';
import {
  type AccountRef,
  memberAccount,
  platformAccount,
  type Posting,
  postLedgerTransaction,
  transfer,
} from '../wallet/ledger';
import { type EarnProductRow, formatUnits, levelRatesOf, productEndAt, rateBpsAt } from './catalog';
import { type EarnDeps, memberLevels } from './context';
import {
  isNavValued,
  type NavAwaited,
  navReturnPostings,
  settleNavCheckpoints,
  startNavOf,
} from './nav-settlement';
import { convertDcaRewards } from './smart-dca';
import type { EarnSubscriptionRow } from './views';

/**
 * The life of earn subscriptions on the server clock, run by the `earn-lifecycle` job
 * (jobs/earn-lifecycle.ts) on every scheduler tick, in this order:
 *
 * 1. start: at a product's startAt its raising subscriptions run (term 1 = startAt to startAt +
 *    periodMonth), or all are refunded as failed when a soft cap is set and not met;
 * 2. cancellations: cancel_pending subscriptions are refunded and become canceled;
 * 3. settlement: each running rate subscription earns, for every whole UTC+8 day of its term,
 *    principal x yearly rate of its level / 365, rounded down to the currency's atomic unit.
 *    Daily products pay each day to the wallet (Pro compounds it into the principal); monthly
 *    products accrue each day and pay on each month's anniversary of the term's start and at
 *    expiry. A day's rewards of one product are one ledger transaction (in batches of 500
 *    subscriptions), written with the days' event rows and the subscriptions' cursors;
 * 3b. NAV checkpoints (nav-settlement.ts): Flagship's monthly excess share, Alliance's quarterly
 *    fees with the high-water mark, the valuation of mixed and Alliance terms at expiry; a
 *    checkpoint whose NAV the operator has not posted waits and is named in the report;
 * 3c. Smart DCA (smart-dca.ts): rewards just paid are converted into the member's chosen
 *    currency;
 * 4. expiry: a term whose days are all settled renews (auto-renew on, at least the minimum
 *    renewal units; Pro keeps whole units, returns the rest and the Asset Return units at
 *    once) or goes to asset_return, due 3 working days after expiry;
 * 5. returns: due asset returns are paid to the wallet (ended);
 * 6. reminders: an e-mail 2 days before an auto-renewal.
 *
 * Every write is keyed (`earn_events.event_key` unique, the ledger's idempotency keys) and
 * reads what is due from the database, so a crash at any point and a second run, in this or
 * another process, pays nothing twice.
 *
 * Levels: a higher level counts from the day it is seen; a lower one after 14 days (the spec's
 * delay for unstaking), except the day an Alliance NFT registration ends (the spec: "drops the
 * level on the cancel day"; a run catching up several days drops it from the day it ended). A level change cancels a pending Asset Return request, and the
 * member gets an e-mail saying so. Catching up several days in one run (a stopped server, a
 * clock moved forward) uses the level of the run for those days.
 */

export const EARN_LIFECYCLE_TASK = 'earn-lifecycle';
const BATCH = 500;
const DAYS_PER_YEAR = 365n;

export interface LifecycleReport {
  started: number;
  failed: number;
  canceled: number;
  rewardDays: number;
  renewed: number;
  returning: number;
  returned: number;
  reminders: number;
  returnRequestsCancelled: number;
  /** NAV checkpoints settled (excess shares, fees, valuations at expiry) */
  navCheckpoints: number;
  /** NAVs the operator has to post before a checkpoint or a return can be settled */
  awaitingNav: NavAwaited[];
  /** Smart DCA conversions of paid rewards */
  dcaConversions: number;
}

async function productRow(db: Db, id: number): Promise<EarnProductRow> {
  const [row] = await db.select().from(earnProducts).where(eq(earnProducts.id, id));
  if (!row) throw new Error(`earn product ${id} is gone`);
  return row;
}

/** Return a subscription's principal to the wallet (refund, return), once per key. */
async function payBack(
  deps: EarnDeps,
  tx: Db,
  product: EarnProductRow,
  sub: EarnSubscriptionRow,
  kind: 'refund' | 'return',
  amount: bigint,
): Promise<boolean> {
  const eventKey = `${kind}:${sub.id}:${sub.term}`;
  const [event] = await tx
    .insert(earnEvents)
    .values({
      eventKey,
      subscriptionId: sub.id,
      memberId: sub.memberId,
      kind,
      amount: amount.toString(),
      currency: product.currency,
      term: sub.term,
      createdAt: deps.clock.now(),
    })
    .onConflictDoNothing()
    .returning({ id: earnEvents.id });
  if (!event) return false;
  if (amount > 0n) {
    const posted = await postLedgerTransaction(tx, deps.clock, {
      idempotencyKey: `earn-${eventKey}`,
      type: kind === 'refund' ? 'earn_refund' : 'earn_return',
      memberId: sub.memberId,
      reference: product.serialNumber,
      memo: { subscriptionId: sub.id, term: sub.term },
      postings: transfer(
        memberAccount(sub.memberId, 'earn'),
        memberAccount(sub.memberId),
        product.currency,
        amount,
      ),
    });
    await tx
      .update(earnEvents)
      .set({ ledgerTransactionId: posted.transactionId })
      .where(eq(earnEvents.id, event.id));
  }
  return true;
}

async function subsInState(
  db: Db,
  state: EarnSubscriptionRow['state'],
  extra?: ReturnType<typeof and>,
): Promise<EarnSubscriptionRow[]> {
  return db
    .select()
    .from(earnSubscriptions)
    .where(and(eq(earnSubscriptions.state, state), extra))
    .orderBy(asc(earnSubscriptions.id))
    .limit(BATCH);
}

// ---- 1. start ---------------------------------------------------------------------------------
async function startProducts(deps: EarnDeps, now: Date, report: LifecycleReport) {
  const due = await deps.db
    .selectDistinct({ productId: earnSubscriptions.productId })
    .from(earnSubscriptions)
    .innerJoin(earnProducts, eq(earnProducts.id, earnSubscriptions.productId))
    .where(and(eq(earnSubscriptions.state, 'raising'), lte(earnProducts.startAt, now)));
  for (const { productId } of due) {
    const product = await productRow(deps.db, productId);
    const [sold] = await deps.db
      .select({ units: sql<string>`coalesce(sum(${earnSubscriptions.units}), 0)::text` })
      .from(earnSubscriptions)
      .where(
        and(
          eq(earnSubscriptions.productId, productId),
          inArray(earnSubscriptions.state, [
            'raising',
            'running',
            'asset_return',
            'ended',
            'failed',
          ]),
        ),
      );
    const failed = product.softCapUnits !== null && Number(sold?.units ?? 0) < product.softCapUnits;
    const termEnd = productEndAt(product);
    // NAV products: the last NAV on or before the first day (null: looked up again later)
    const startNav = failed ? null : await startNavOf(deps.db, product, product.startAt);
    for (;;) {
      const subs = await subsInState(
        deps.db,
        'raising',
        eq(earnSubscriptions.productId, productId),
      );
      if (subs.length === 0) break;
      for (const sub of subs) {
        await deps.db.transaction(async (tx) => {
          if (failed) {
            await payBack(deps, tx, product, sub, 'refund', BigInt(sub.principal));
            await tx
              .update(earnSubscriptions)
              .set({
                state: 'failed',
                returnAmount: sub.principal,
                returnedAt: now,
                updatedAt: now,
              })
              .where(and(eq(earnSubscriptions.id, sub.id), eq(earnSubscriptions.state, 'raising')));
          } else {
            await tx
              .update(earnSubscriptions)
              .set({
                state: 'running',
                termStart: product.startAt,
                termEnd,
                startNav,
                highWatermark: product.kind === 'alliance' ? startNav : null,
                updatedAt: now,
              })
              .where(and(eq(earnSubscriptions.id, sub.id), eq(earnSubscriptions.state, 'raising')));
          }
        });
        if (failed) report.failed += 1;
        else report.started += 1;
      }
    }
  }
}

// ---- 2. cancellations -------------------------------------------------------------------------
async function refundCancellations(deps: EarnDeps, now: Date, report: LifecycleReport) {
  for (;;) {
    const subs = await subsInState(deps.db, 'cancel_pending');
    if (subs.length === 0) return;
    for (const sub of subs) {
      const product = await productRow(deps.db, sub.productId);
      await deps.db.transaction(async (tx) => {
        await payBack(deps, tx, product, sub, 'refund', BigInt(sub.principal));
        await tx
          .update(earnSubscriptions)
          .set({ state: 'canceled', returnedAt: now, principal: '0', updatedAt: now })
          .where(
            and(eq(earnSubscriptions.id, sub.id), eq(earnSubscriptions.state, 'cancel_pending')),
          );
      });
      report.canceled += 1;
    }
  }
}

// ---- levels -----------------------------------------------------------------------------------
/**
 * When the members' Alliance registrations ended, from `since` on (their level drops the day a
 * registration ends, not 14 days later).
 */
async function allianceEndsSince(
  db: Db,
  memberIds: number[],
  since: Date,
): Promise<Map<number, Date[]>> {
  const ends = new Map<number, Date[]>();
  if (memberIds.length === 0) return ends;
  const rows = await db
    .select({
      memberId: allianceRegistrations.memberId,
      cancelledAt: allianceRegistrations.cancelledAt,
    })
    .from(allianceRegistrations)
    .where(
      and(
        inArray(allianceRegistrations.memberId, memberIds),
        isNotNull(allianceRegistrations.cancelledAt),
        gte(allianceRegistrations.cancelledAt, since),
      ),
    );
  for (const row of rows)
    if (row.cancelledAt)
      ends.set(row.memberId, [...(ends.get(row.memberId) ?? []), row.cancelledAt]);
  return ends;
}

/**
 * Whether a lower level on `day` is an Alliance registration that ended that day (or since the
 * first day this run settles for the subscription, and by the end of `day`): a run that
 * catches up several days drops the rate from the day the registration ended, not 14 days
 * later, and not before it ended.
 */
function allianceEndedBy(ends: Date[] | undefined, firstDay: string, day: string): boolean {
  if (!ends) return false;
  const from = dayStart(firstDay).getTime();
  const until = dayStart(addDays(day, 1)).getTime();
  return ends.some((at) => at.getTime() >= from && at.getTime() < until);
}

/** The level a subscription is paid at on `day`, and its new drop marker. */
export function effectiveLevel(
  sub: Pick<EarnSubscriptionRow, 'rateLevel' | 'lowerLevelSince'>,
  level: number,
  day: string,
  immediateDrop: boolean,
): { rateLevel: number; lowerLevelSince: string | null } {
  const current = sub.rateLevel;
  if (current === null || level >= current) return { rateLevel: level, lowerLevelSince: null };
  if (immediateDrop) return { rateLevel: level, lowerLevelSince: null };
  const since = sub.lowerLevelSince ?? day;
  if (daysBetween(since, day) >= LEVEL_DROP_DELAY_DAYS)
    return { rateLevel: level, lowerLevelSince: null };
  return { rateLevel: current, lowerLevelSince: since };
}

// ---- 3. settlement ----------------------------------------------------------------------------
/** The last day whose reward is due now: the day before today (UTC+8), within the term. */
function lastDueDay(sub: EarnSubscriptionRow, now: Date): string | null {
  if (!sub.termStart || !sub.termEnd) return null;
  const lastTermDay = addDays(platformDay(sub.termEnd), -1);
  const yesterday = addDays(platformDay(now), -1);
  const last = yesterday < lastTermDay ? yesterday : lastTermDay;
  const first = platformDay(sub.termStart);
  return last >= first ? last : null;
}

function nextDay(sub: EarnSubscriptionRow): string | null {
  if (!sub.termStart) return null;
  const first = platformDay(sub.termStart);
  if (!sub.settledThrough || sub.settledThrough < first) return first;
  return addDays(sub.settledThrough, 1);
}

/** Payout days of a monthly product: each month's anniversary of the term start, and expiry. */
function isPayoutDay(sub: EarnSubscriptionRow, day: string): boolean {
  if (!sub.termStart || !sub.termEnd) return false;
  const next = addDays(day, 1);
  if (next === platformDay(sub.termEnd)) return true;
  for (let month = 1; ; month += 1) {
    const anniversary = platformDay(addMonths(sub.termStart, month));
    if (anniversary === next) return true;
    if (anniversary > next) return false;
  }
}

interface DayReward {
  sub: EarnSubscriptionRow;
  amount: bigint;
  level: number;
  rateBps: number;
  rateLevel: number;
  lowerLevelSince: string | null;
}

async function settleProductDay(
  deps: EarnDeps,
  product: EarnProductRow,
  day: string,
  rewards: DayReward[],
) {
  const now = deps.clock.now();
  const compounding = isProKind(product.kind);
  const monthly = product.settlement === 'monthly';
  await deps.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(earnEvents)
      .values(
        rewards.map((r) => ({
          eventKey: `reward:${r.sub.id}:${day}`,
          subscriptionId: r.sub.id,
          memberId: r.sub.memberId,
          kind: compounding ? ('compound' as const) : ('reward' as const),
          amount: r.amount.toString(),
          currency: product.currency,
          day,
          level: r.level,
          rateBps: r.rateBps,
          term: r.sub.term,
          createdAt: now,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: earnEvents.id, subscriptionId: earnEvents.subscriptionId });
    const written = new Set(inserted.map((row) => row.subscriptionId));
    const paid = rewards.filter((r) => written.has(r.sub.id));
    if (paid.length === 0) return;
    // Monthly products accrue: the rows wait unpaid for the payout day.
    if (!monthly) {
      const postings: Posting[] = [];
      let total = 0n;
      for (const r of paid) {
        if (r.amount === 0n) continue;
        const to: AccountRef = compounding
          ? memberAccount(r.sub.memberId, 'earn')
          : memberAccount(r.sub.memberId);
        postings.push({ account: to, currency: product.currency, amount: r.amount });
        total += r.amount;
      }
      if (total > 0n) {
        postings.push({
          account: platformAccount('earn_rewards'),
          currency: product.currency,
          amount: -total,
        });
        const posted = await postLedgerTransaction(tx, deps.clock, {
          idempotencyKey: `earn-reward:${product.id}:${day}:${paid[0]?.sub.id}`,
          type: 'interest',
          memberId: paid.length === 1 ? (paid[0]?.sub.memberId ?? null) : null,
          reference: product.serialNumber,
          memo: { day, subscriptions: paid.length },
          postings,
        });
        await tx
          .update(earnEvents)
          .set({ ledgerTransactionId: posted.transactionId })
          .where(
            inArray(
              earnEvents.id,
              inserted.map((row) => row.id),
            ),
          );
      }
    }
    // every subscription's cursor, level and sums in one statement
    const rows = paid.map(
      (r) =>
        sql`(${r.sub.id}::int, ${r.rateLevel}::int, ${r.lowerLevelSince}::varchar, ${
          compounding ? r.amount.toString() : '0'
        }::numeric, ${monthly ? '0' : r.amount.toString()}::numeric)`,
    );
    await tx.execute(sql`
      update earn_subscriptions as s set
        settled_through = ${day},
        rate_level = v.rate_level,
        lower_level_since = v.lower_level_since,
        principal = s.principal + v.principal_add,
        accumulated_reward = s.accumulated_reward + v.reward_add,
        updated_at = ${now.toISOString()}::timestamptz
      from (values ${sql.join(rows, sql`, `)})
        as v(id, rate_level, lower_level_since, principal_add, reward_add)
      where s.id = v.id`);
    faultPoint('earn.settle-day');
  });
}

/** Pay a monthly subscription's accrued rewards (one ledger transaction per payout day). */
async function payAccrued(
  deps: EarnDeps,
  product: EarnProductRow,
  sub: EarnSubscriptionRow,
  day: string,
) {
  await deps.db.transaction(async (tx) => {
    const unpaid = await tx
      .select({ id: earnEvents.id, amount: earnEvents.amount })
      .from(earnEvents)
      .where(
        and(
          eq(earnEvents.subscriptionId, sub.id),
          eq(earnEvents.kind, 'reward'),
          isNull(earnEvents.ledgerTransactionId),
          lte(earnEvents.day, day),
        ),
      )
      .for('update');
    const total = unpaid.reduce((sum, row) => sum + BigInt(row.amount), 0n);
    if (unpaid.length === 0) return;
    let transactionId: number | null = null;
    if (total > 0n) {
      const posted = await postLedgerTransaction(tx, deps.clock, {
        idempotencyKey: `earn-payout:${sub.id}:${day}`,
        type: 'interest',
        memberId: sub.memberId,
        reference: product.serialNumber,
        memo: { subscriptionId: sub.id, through: day },
        postings: transfer(
          platformAccount('earn_rewards'),
          memberAccount(sub.memberId),
          product.currency,
          total,
        ),
      });
      transactionId = posted.transactionId;
    }
    // paid: the payout's transaction (0 when every accrued day was a zero reward)
    await tx
      .update(earnEvents)
      .set({ ledgerTransactionId: transactionId ?? 0 })
      .where(
        inArray(
          earnEvents.id,
          unpaid.map((row) => row.id),
        ),
      );
    await tx
      .update(earnSubscriptions)
      .set({
        accumulatedReward: sql`${earnSubscriptions.accumulatedReward} + ${total.toString()}`,
        updatedAt: deps.clock.now(),
      })
      .where(eq(earnSubscriptions.id, sub.id));
  });
}

async function settleRewards(deps: EarnDeps, now: Date, report: LifecycleReport) {
  const table = await loyaltyRates(deps.db);
  // each member's level is read once per run, whatever the number of their subscriptions
  const levels = new Map<number, number>();
  const today = platformDay(now);
  const products = await deps.db
    .selectDistinct({ productId: earnSubscriptions.productId })
    .from(earnSubscriptions)
    .where(eq(earnSubscriptions.state, 'running'));
  for (const { productId } of products) {
    const product = await productRow(deps.db, productId);
    // Flagship: the fixed 5 % a year at every level, settled like Stable Income
    const flagship = FLAGSHIP.fixedRatePct;
    const rates =
      product.kind === 'flagship'
        ? { lv1Rate: flagship, lv2Rate: flagship, lv3Rate: flagship, lv4Rate: flagship }
        : levelRatesOf(product, table);
    if (!rates) continue;
    let afterId = 0;
    for (;;) {
      const batch = await deps.db
        .select()
        .from(earnSubscriptions)
        .where(
          and(
            eq(earnSubscriptions.productId, productId),
            eq(earnSubscriptions.state, 'running'),
            gt(earnSubscriptions.id, afterId),
          ),
        )
        .orderBy(asc(earnSubscriptions.id))
        .limit(BATCH);
      if (batch.length === 0) break;
      afterId = batch.at(-1)?.id ?? afterId;
      const missing = batch.map((sub) => sub.memberId).filter((id) => !levels.has(id));
      for (const [id, level] of await memberLevels(deps, missing)) levels.set(id, level);
      // where each subscription's settlement starts in this run, and the registrations that
      // ended since the earliest of them
      const firstDays = new Map<number, string>();
      for (const sub of batch) {
        const next = nextDay(sub);
        if (next) firstDays.set(sub.id, next);
      }
      const earliest = [...firstDays.values()].sort()[0] ?? today;
      const ended = await allianceEndsSince(
        deps.db,
        batch.map((sub) => sub.memberId),
        dayStart(earliest),
      );
      // day by day, so Pro compounds and each day is one transaction
      const pending = new Map(batch.map((sub) => [sub.id, sub]));
      for (;;) {
        let day: string | null = null;
        for (const sub of pending.values()) {
          const next = nextDay(sub);
          const last = lastDueDay(sub, now);
          if (!next || !last || next > last) {
            pending.delete(sub.id);
            continue;
          }
          if (day === null || next < day) day = next;
        }
        if (day === null) break;
        const rewards: DayReward[] = [];
        for (const sub of pending.values()) {
          if (nextDay(sub) !== day) continue;
          const level = Math.max(1, levels.get(sub.memberId) ?? 1);
          const effective = effectiveLevel(
            sub,
            level,
            day,
            allianceEndedBy(ended.get(sub.memberId), firstDays.get(sub.id) ?? day, day),
          );
          const rateBps = rateBpsAt(rates, effective.rateLevel);
          const amount = (BigInt(sub.principal) * BigInt(rateBps)) / (DAYS_PER_YEAR * 10_000n);
          rewards.push({ sub, amount, level: effective.rateLevel, rateBps, ...effective });
        }
        await settleProductDay(deps, product, day, rewards);
        report.rewardDays += rewards.length;
        for (const r of rewards) {
          const updated: EarnSubscriptionRow = {
            ...r.sub,
            settledThrough: day,
            rateLevel: r.rateLevel,
            lowerLevelSince: r.lowerLevelSince,
            principal: isProKind(product.kind)
              ? (BigInt(r.sub.principal) + r.amount).toString()
              : r.sub.principal,
          };
          if (product.settlement === 'monthly' && isPayoutDay(updated, day))
            await payAccrued(deps, product, updated, day);
          pending.set(r.sub.id, updated);
        }
      }
    }
  }
}

// ---- asset return requests and level changes --------------------------------------------------
async function cancelReturnRequestsOnLevelChange(deps: EarnDeps, report: LifecycleReport) {
  const subs = await deps.db
    .select()
    .from(earnSubscriptions)
    .where(
      and(
        isNotNull(earnSubscriptions.assetReturnUnits),
        inArray(earnSubscriptions.state, ['raising', 'running']),
      ),
    );
  if (subs.length === 0) return;
  const levels = await memberLevels(
    deps,
    subs.map((sub) => sub.memberId),
  );
  for (const sub of subs) {
    const level = levels.get(sub.memberId) ?? 0;
    if (sub.assetReturnLevel === null || level === sub.assetReturnLevel) continue;
    const [cleared] = await deps.db
      .update(earnSubscriptions)
      .set({ assetReturnUnits: null, assetReturnLevel: null, updatedAt: deps.clock.now() })
      .where(and(eq(earnSubscriptions.id, sub.id), isNotNull(earnSubscriptions.assetReturnUnits)))
      .returning({ id: earnSubscriptions.id });
    if (!cleared) continue;
    report.returnRequestsCancelled += 1;
    const product = await productRow(deps.db, sub.productId);
    await notify(
      deps,
      sub.memberId,
      'Your Asset Return request was cancelled',
      [
        `Your member level changed (now level ${level}), so the Asset Return request of ${sub.assetReturnUnits} units`,
        `of ${product.name['en-US']} (${product.serialNumber}) was cancelled, as the product terms say.`,
        'You can make a new request before the expiry date.',
      ],
      product,
    );
  }
}

// ---- 4. expiry --------------------------------------------------------------------------------
/**
 * What a term's expiry does with a subscription as it stands: renew `renewUnits` units (auto-renew
 * on, a renewable product, at least the product's minimum renewal units and at least one unit;
 * Pro keeps its whole units less the Asset Return units), or return everything. NAV products
 * never renew. The renewal reminder (step 6) asks the same question, so a member is never told
 * that a subscription renews when it will be returned.
 */
export function renewalOf(
  product: Pick<EarnProductRow, 'kind' | 'perUnit' | 'renewable' | 'minRenewUnits'>,
  sub: Pick<EarnSubscriptionRow, 'principal' | 'units' | 'assetReturnUnits' | 'autoRenew'>,
): { renews: boolean; renewUnits: number } {
  const wholeUnits = Number(BigInt(sub.principal) / BigInt(product.perUnit));
  const returning = Math.min(sub.assetReturnUnits ?? 0, wholeUnits);
  const renewUnits = isProKind(product.kind) ? wholeUnits - returning : sub.units;
  const renews =
    !isNavKind(product.kind) &&
    sub.autoRenew &&
    product.renewable &&
    renewUnits >= Math.max(1, product.minRenewUnits) &&
    renewUnits <= wholeUnits;
  return { renews, renewUnits };
}

async function expireTerms(deps: EarnDeps, now: Date, report: LifecycleReport) {
  const seen: number[] = [];
  for (;;) {
    // (subscriptions waiting for a NAV or a settlement are skipped, not read again)
    const subs = await subsInState(
      deps.db,
      'running',
      and(
        lte(earnSubscriptions.termEnd, now),
        seen.length > 0 ? notInArray(earnSubscriptions.id, seen) : undefined,
      ),
    );
    if (subs.length === 0) return;
    const ready: EarnSubscriptionRow[] = [];
    for (const sub of subs) {
      const product = await productRow(deps.db, sub.productId);
      // a rate product (and the Flagship's fixed part) expires once every day of its term is
      // settled (and paid); a NAV product once its expiry checkpoint is settled
      if ((isRateKind(product.kind) || product.kind === 'flagship') && sub.termEnd) {
        const lastTermDay = addDays(platformDay(sub.termEnd), -1);
        if ((sub.settledThrough ?? '') < lastTermDay) continue;
      }
      if (isNavKind(product.kind) && sub.termEnd && sub.navThrough !== platformDay(sub.termEnd))
        continue;
      ready.push(sub);
    }
    seen.push(...subs.map((sub) => sub.id));
    for (const sub of ready) {
      const product = await productRow(deps.db, sub.productId);
      await deps.db.transaction(async (tx) => {
        const [locked] = await tx
          .select()
          .from(earnSubscriptions)
          .where(and(eq(earnSubscriptions.id, sub.id), eq(earnSubscriptions.state, 'running')))
          .for('update');
        if (!locked || !locked.termEnd || locked.termEnd > now) return;
        const perUnit = BigInt(product.perUnit);
        const principal = BigInt(locked.principal);
        const { renews, renewUnits } = renewalOf(product, locked);
        if (renews) {
          const kept = perUnit * BigInt(renewUnits);
          const back = principal - kept;
          if (back > 0n) await payBack(deps, tx, product, locked, 'return', back);
          await tx
            .insert(earnEvents)
            .values({
              eventKey: `renew:${locked.id}:${locked.term + 1}`,
              subscriptionId: locked.id,
              memberId: locked.memberId,
              kind: 'renew',
              amount: '0',
              currency: product.currency,
              term: locked.term + 1,
              createdAt: now,
            })
            .onConflictDoNothing();
          await tx
            .update(earnSubscriptions)
            .set({
              term: locked.term + 1,
              termStart: locked.termEnd,
              termEnd: addMonths(locked.termEnd, product.periodMonth),
              units: renewUnits,
              principal: kept.toString(),
              assetReturnUnits: null,
              assetReturnLevel: null,
              updatedAt: now,
            })
            .where(eq(earnSubscriptions.id, locked.id));
          report.renewed += 1;
        } else {
          await tx
            .update(earnSubscriptions)
            .set({
              state: 'asset_return',
              returnDueAt: addWorkingDays(locked.termEnd, ASSET_RETURN_WORKING_DAYS),
              // mixed and Alliance: the value at the NAV of the expiry checkpoint
              returnAmount:
                isNavValued(product.kind) && locked.returnAmount !== null
                  ? locked.returnAmount
                  : locked.principal,
              updatedAt: now,
            })
            .where(eq(earnSubscriptions.id, locked.id));
          report.returning += 1;
        }
      });
    }
  }
}

// ---- 5. returns -------------------------------------------------------------------------------
/** The return of a NAV-valued term: principal, gain or loss in one ledger transaction. */
async function payNavReturn(
  deps: EarnDeps,
  tx: Db,
  product: EarnProductRow,
  sub: EarnSubscriptionRow,
  principal: bigint,
  value: bigint,
) {
  const eventKey = `return:${sub.id}:${sub.term}`;
  const [event] = await tx
    .insert(earnEvents)
    .values({
      eventKey,
      subscriptionId: sub.id,
      memberId: sub.memberId,
      kind: 'return',
      detail: 'nav',
      amount: value.toString(),
      currency: product.currency,
      day: sub.navThrough,
      term: sub.term,
      createdAt: deps.clock.now(),
    })
    .onConflictDoNothing()
    .returning({ id: earnEvents.id });
  if (!event) return;
  const postings = navReturnPostings(sub.memberId, product.currency, principal, value);
  if (postings.length < 2) return;
  const posted = await postLedgerTransaction(tx, deps.clock, {
    idempotencyKey: `earn-${eventKey}`,
    type: 'earn_return',
    memberId: sub.memberId,
    reference: product.serialNumber,
    memo: {
      subscriptionId: sub.id,
      term: sub.term,
      principal: principal.toString(),
      value: value.toString(),
      startNav: sub.startNav,
      endNav: sub.endNav,
    },
    postings,
  });
  await tx
    .update(earnEvents)
    .set({ ledgerTransactionId: posted.transactionId })
    .where(eq(earnEvents.id, event.id));
}

async function payReturns(deps: EarnDeps, now: Date, report: LifecycleReport) {
  for (;;) {
    const subs = await subsInState(
      deps.db,
      'asset_return',
      lte(earnSubscriptions.returnDueAt, now),
    );
    if (subs.length === 0) return;
    for (const sub of subs) {
      const product = await productRow(deps.db, sub.productId);
      const amount = BigInt(sub.returnAmount ?? sub.principal);
      await deps.db.transaction(async (tx) => {
        if (isNavValued(product.kind))
          await payNavReturn(deps, tx, product, sub, BigInt(sub.principal), amount);
        else await payBack(deps, tx, product, sub, 'return', BigInt(sub.principal));
        await tx
          .update(earnSubscriptions)
          .set({ state: 'ended', returnedAt: now, principal: '0', updatedAt: now })
          .where(
            and(eq(earnSubscriptions.id, sub.id), eq(earnSubscriptions.state, 'asset_return')),
          );
      });
      report.returned += 1;
      await notify(
        deps,
        sub.memberId,
        'Your earn product assets are back in your wallet',
        [
          `${formatUnits(product, amount)} ${product.currency} of ${product.name['en-US']}`,
          `(${product.serialNumber}) were returned to your wallet.`,
        ],
        product,
      );
    }
  }
}

// ---- 6. reminders -----------------------------------------------------------------------------
async function sendReminders(deps: EarnDeps, now: Date, report: LifecycleReport) {
  const horizon = new Date(now.getTime() + RENEWAL_REMINDER_DAYS * 24 * 3600 * 1000);
  const subs = await deps.db
    .select()
    .from(earnSubscriptions)
    .where(
      and(
        eq(earnSubscriptions.state, 'running'),
        eq(earnSubscriptions.autoRenew, true),
        lte(earnSubscriptions.termEnd, horizon),
        gt(earnSubscriptions.termEnd, now),
        sql`coalesce(${earnSubscriptions.reminderTerm}, 0) < ${earnSubscriptions.term}`,
      ),
    );
  for (const sub of subs) {
    if (!sub.termEnd) continue;
    const product = await productRow(deps.db, sub.productId);
    // below the minimum renewal units (or under one unit) the term is returned, not renewed: no
    // "renews" e-mail (looked at again on the next run: a change before expiry may make it renew)
    const { renews, renewUnits } = renewalOf(product, sub);
    if (!renews) continue;
    const [claimed] = await deps.db
      .update(earnSubscriptions)
      .set({ reminderTerm: sub.term })
      .where(
        and(
          eq(earnSubscriptions.id, sub.id),
          sql`coalesce(${earnSubscriptions.reminderTerm}, 0) < ${sub.term}`,
        ),
      )
      .returning({ id: earnSubscriptions.id });
    if (!claimed) continue;
    const amount = formatUnits(product, BigInt(product.perUnit) * BigInt(renewUnits));
    await notify(
      deps,
      sub.memberId,
      'Your earn product renews in 2 days',
      [
        `${product.name['en-US']} (${product.serialNumber}) renews automatically on ${platformDay(sub.termEnd)} (UTC+8):`,
        `${renewUnits} units, ${amount} ${product.currency}, for another ${product.periodMonth} months.`,
        'To take your assets back instead, turn auto-renew off (or request Asset Return) before then.',
      ],
      product,
    );
    report.reminders += 1;
  }
}

async function notify(
  deps: EarnDeps,
  memberId: number,
  subject: string,
  lines: string[],
  product: EarnProductRow,
) {
  const [member] = await deps.db
    .select({ email: members.email })
    .from(members)
    .where(eq(members.id, memberId));
  if (!member) return;
  const link = `${deps.appOrigin}/portfolio/earn/${product.serialNumber}`;
  await deps.outbox.send({
    channel: 'email',
    to: member.email,
    subject,
    body: [...lines, '', `Details: ${link}`].join('\n'),
    link,
  });
}

/** One run of the job (see the module comment); answers what it did. */
export async function runEarnLifecycle(deps: EarnDeps, now: Date): Promise<LifecycleReport> {
  const report: LifecycleReport = {
    started: 0,
    failed: 0,
    canceled: 0,
    rewardDays: 0,
    renewed: 0,
    returning: 0,
    returned: 0,
    reminders: 0,
    returnRequestsCancelled: 0,
    navCheckpoints: 0,
    awaitingNav: [],
    dcaConversions: 0,
  };
  await startProducts(deps, now, report);
  await refundCancellations(deps, now, report);
  await cancelReturnRequestsOnLevelChange(deps, report);
  await settleRewards(deps, now, report);
  const nav = await settleNavCheckpoints(deps, now);
  report.navCheckpoints = nav.checkpoints;
  report.awaitingNav = nav.awaiting;
  report.dcaConversions = await convertDcaRewards(deps, now);
  await expireTerms(deps, now, report);
  await payReturns(deps, now, report);
  await sendReminders(deps, now, report);
  return report;
}

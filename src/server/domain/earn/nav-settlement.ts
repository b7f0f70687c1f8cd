import { and, asc, desc, eq, gt, gte, lte } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { earnEvents, earnNav, earnProducts, earnSubscriptions } from '../../db/schema/earn';
import { ALLIANCE, FLAGSHIP, isNavKind } from '../../../shared/constants/earn';
import { formatAtomic, parseAmount } from '../../../shared/money/decimal';
import { addDays, dayStart, daysBetween, platformDay } from '../../../shared/time/platform-days';
import {
  memberAccount,
  platformAccount,
  type Posting,
  postLedgerTransaction,
  transfer,
} from '../wallet/ledger';
import type { EarnProductRow } from './catalog';
import type { EarnDeps } from './context';
import type { EarnSubscriptionRow } from './views';

/**
 * Settlement of the NAV products (spec products-programs section 9 "Minimums and fees"), run by
 * the earn-lifecycle job after the daily rewards and before expiry.
 *
 * NAVs are the operator's (`ops product nav`, table earn_nav), decimals with 18 places, handled
 * here as bigint. A term's start NAV is the last NAV posted on or before its first day (UTC+8).
 * A checkpoint on day D is valued at the NAV posted for D - 1 (the day before) or D; a
 * checkpoint whose NAV is not posted waits (nothing later of that subscription runs, its expiry
 * included) and the run's report names the product and day (`awaitingNav`), so the operator
 * posts it; the next run settles it.
 *
 * Checkpoints of a running term (each once, in order, `navThrough` the last one settled):
 * - mixed (and premium funds): the expiry day. The term's value is principal x NAV(end) /
 *   NAV(start), rounded down to the currency's atomic unit; it is stored as the return amount
 *   and paid 3 working days later (lifecycle payReturns) in ONE ledger transaction: the principal
 *   leaves the member's earn account, the value reaches the wallet, the difference comes from
 *   (gain) or stays with (loss) the platform account `earn_fund`, the trading book.
 * - flagship: the 15th of each month after the first day, and the expiry day. The fixed 5 % a
 *   year is a daily reward like Stable Income (lifecycle settleRewards). At a checkpoint the
 *   excess share since the start is 50 % x (principal x (NAV/NAV(start) - 1) - principal x 5 %
 *   x days/365), rounded down, never below zero; what it exceeds the share already credited is
 *   paid from `earn_fund` to the wallet (a later dip takes nothing back). At expiry the
 *   principal comes back (the NAV result beyond that is the platform's).
 * - alliance: the first day of January, April, July and October (the fees of the quarter that
 *   ended) after the first day, and the expiry day (the last part-quarter). Management fee:
 *   initial amount x managementFeeBps x days/365 of the period, rounded down. Performance fee:
 *   when the NAV is above the high-water mark grown by 5 % x days/365, performanceFeeBps (30 %)
 *   of initial amount x (NAV - that hurdle) / NAV(start), rounded down; the mark then becomes the
 *   NAV (it only rises; a quarter at or under it pays no performance fee). Both fees leave the
 *   member's earn account for the platform's `fees` account, in one ledger transaction, never
 *   more than the principal left. At expiry the value is (principal left) + initial amount x
 *   (NAV(end)/NAV(start) - 1), rounded down, paid as for mixed.
 *
 * Each checkpoint of a subscription is one database transaction: the row is locked, the
 * checkpoint re-checked against `navThrough`, the ledger transaction (key
 * `earn-nav:<sub>:<term>:<day>`) and its earn_events rows (unique keys) written with the new
 * cursor; a crash anywhere and a second run pay nothing twice.
 */

export const NAV_DECIMALS = 18;
const BPS = 10_000n;
const DAYS_PER_YEAR = 365n;

export const parseNav = (text: string): bigint => {
  const value = parseAmount(text, NAV_DECIMALS);
  if (value === null || value <= 0n) throw new Error(`bad NAV ${text}`);
  return value;
};
export const formatNav = (value: bigint) => formatAtomic(value, NAV_DECIMALS);

export interface NavAwaited {
  serialNumber: string;
  /** the day whose NAV is missing (or the term's first day, for a missing start NAV) */
  day: string;
}

/** The last NAV posted on or before `day`. */
export async function navOnOrBefore(
  db: Db,
  productId: number,
  day: string,
): Promise<{ day: string; nav: string } | null> {
  const [row] = await db
    .select({ day: earnNav.day, nav: earnNav.nav })
    .from(earnNav)
    .where(and(eq(earnNav.productId, productId), lte(earnNav.day, day)))
    .orderBy(desc(earnNav.day))
    .limit(1);
  return row ?? null;
}

/** The NAV a checkpoint on `day` is valued at: the one posted for that day or the day before. */
async function checkpointNav(db: Db, productId: number, day: string): Promise<bigint | null> {
  const [row] = await db
    .select({ nav: earnNav.nav })
    .from(earnNav)
    .where(
      and(
        eq(earnNav.productId, productId),
        gte(earnNav.day, addDays(day, -1)),
        lte(earnNav.day, day),
      ),
    )
    .orderBy(desc(earnNav.day))
    .limit(1);
  return row ? parseNav(row.nav) : null;
}

/** A term's first and expiry days (UTC+8). */
function termDays(sub: EarnSubscriptionRow): { first: string; expiry: string } | null {
  if (!sub.termStart || !sub.termEnd) return null;
  return { first: platformDay(sub.termStart), expiry: platformDay(sub.termEnd) };
}

/** The first checkpoint of a term after `after` (exclusive), or null past the expiry day. */
export function nextCheckpoint(
  kind: EarnProductRow['kind'],
  sub: EarnSubscriptionRow,
): string | null {
  const days = termDays(sub);
  if (!days || !isNavKind(kind)) return null;
  const after = sub.navThrough && sub.navThrough >= days.first ? sub.navThrough : days.first;
  if (after >= days.expiry) return null;
  const [year, month] = after.split('-').map(Number) as [number, number];
  const candidates: string[] = [];
  // the next few months' checkpoint days after `after`
  for (let i = 0; i <= 13; i += 1) {
    const y = year + Math.floor((month - 1 + i) / 12);
    const m = ((month - 1 + i) % 12) + 1;
    const ym = `${y}-${String(m).padStart(2, '0')}`;
    if (kind === 'flagship')
      candidates.push(`${ym}-${String(FLAGSHIP.excessUpdateDay).padStart(2, '0')}`);
    if (kind === 'alliance' && (ALLIANCE.feeMonths as readonly number[]).includes(m))
      candidates.push(`${ym}-01`);
  }
  const next = candidates.find((day) => day > after && day < days.expiry);
  return next ?? days.expiry;
}

/** The value of a mixed or Alliance term at a NAV: principal left + initial x (NAV/start - 1). */
export function navValue(sub: EarnSubscriptionRow, startNav: bigint, nav: bigint): bigint {
  const base = BigInt(sub.invested);
  const value = BigInt(sub.principal) + (base * nav) / startNav - base;
  return value > 0n ? value : 0n;
}

/** Flagship: the excess share since the start at a NAV on `day` (rounded down, >= 0). */
export function flagshipExcess(
  sub: EarnSubscriptionRow,
  startNav: bigint,
  nav: bigint,
  day: string,
): bigint {
  const principal = BigInt(sub.principal);
  const first = sub.termStart ? platformDay(sub.termStart) : day;
  const days = BigInt(Math.max(0, daysBetween(first, day)));
  const gain = (principal * nav) / startNav - principal;
  const hurdle = (principal * BigInt(FLAGSHIP.fixedRatePct * 100) * days) / (DAYS_PER_YEAR * BPS);
  const excess = gain - hurdle;
  if (excess <= 0n) return 0n;
  return (excess * BigInt(FLAGSHIP.excessSharePct)) / 100n;
}

/** Alliance fees of the period (previous checkpoint or start, `day`] at a NAV. */
export function allianceFees(
  product: Pick<EarnProductRow, 'managementFeeBps' | 'performanceFeeBps'>,
  sub: EarnSubscriptionRow,
  startNav: bigint,
  nav: bigint,
  day: string,
): { management: bigint; performance: bigint; highWatermark: bigint } {
  const base = BigInt(sub.invested);
  const first = sub.termStart ? platformDay(sub.termStart) : day;
  const from = sub.navThrough && sub.navThrough > first ? sub.navThrough : first;
  const days = BigInt(Math.max(0, daysBetween(from, day)));
  let management = (base * BigInt(product.managementFeeBps ?? 0) * days) / (DAYS_PER_YEAR * BPS);
  const mark = sub.highWatermark ? parseNav(sub.highWatermark) : startNav;
  const hurdle = mark + (mark * BigInt(ALLIANCE.hurdlePct * 100) * days) / (DAYS_PER_YEAR * BPS);
  const feeBps = BigInt(product.performanceFeeBps ?? ALLIANCE.performanceFeePct * 100);
  let performance = nav > hurdle ? (base * (nav - hurdle) * feeBps) / (startNav * BPS) : 0n;
  const left = BigInt(sub.principal);
  if (management > left) management = left;
  if (performance > left - management) performance = left - management;
  return { management, performance, highWatermark: nav > mark ? nav : mark };
}

/** settled, stale (already done or no longer running), or the day whose NAV is missing */
type CheckpointOutcome = 'settled' | 'stale' | { missing: string };

/** One checkpoint of one subscription, in its own transaction (see the module comment). */
async function settleCheckpoint(
  deps: EarnDeps,
  product: EarnProductRow,
  subId: number,
  day: string,
): Promise<CheckpointOutcome> {
  return deps.db.transaction(async (tx) => {
    const [sub] = await tx
      .select()
      .from(earnSubscriptions)
      .where(and(eq(earnSubscriptions.id, subId), eq(earnSubscriptions.state, 'running')))
      .for('update');
    if (!sub || nextCheckpoint(product.kind, sub) !== day) return 'stale';
    const first = platformDay(sub.termStart!);
    const startText = sub.startNav ?? (await navOnOrBefore(tx, product.id, first))?.nav ?? null;
    if (startText === null) return { missing: first };
    const startNav = parseNav(startText);
    const nav = await checkpointNav(tx, product.id, day);
    if (nav === null) return { missing: day };
    const now = deps.clock.now();
    const expiry = day === platformDay(sub.termEnd!);
    const eventKey = (what: string) => `${what}:${sub.id}:${sub.term}:${day}`;
    const set: Partial<typeof earnSubscriptions.$inferInsert> = {
      navThrough: day,
      startNav: startText,
      updatedAt: now,
    };

    if (product.kind === 'flagship') {
      const share = flagshipExcess(sub, startNav, nav, day);
      const credit = share - BigInt(sub.excessReward);
      if (credit > 0n) {
        const posted = await postLedgerTransaction(tx, deps.clock, {
          idempotencyKey: `earn-nav:${eventKey('excess')}`,
          type: 'interest',
          memberId: sub.memberId,
          reference: product.serialNumber,
          memo: { subscriptionId: sub.id, day, nav: formatNav(nav), excessShare: share.toString() },
          postings: transfer(
            platformAccount('earn_fund'),
            memberAccount(sub.memberId),
            product.currency,
            credit,
          ),
        });
        await tx.insert(earnEvents).values({
          eventKey: eventKey('excess'),
          subscriptionId: sub.id,
          memberId: sub.memberId,
          kind: 'reward',
          detail: 'excess',
          amount: credit.toString(),
          currency: product.currency,
          day,
          term: sub.term,
          ledgerTransactionId: posted.transactionId,
          createdAt: now,
        });
        set.excessReward = share.toString();
        set.accumulatedReward = (BigInt(sub.accumulatedReward) + credit).toString();
      }
      if (expiry) set.endNav = formatNav(nav);
    } else if (product.kind === 'alliance') {
      const fees = allianceFees(product, sub, startNav, nav, day);
      const total = fees.management + fees.performance;
      let transactionId: number | null = null;
      if (total > 0n) {
        const posted = await postLedgerTransaction(tx, deps.clock, {
          idempotencyKey: `earn-nav:${eventKey('fees')}`,
          type: 'earn_fee',
          memberId: sub.memberId,
          reference: product.serialNumber,
          memo: {
            subscriptionId: sub.id,
            day,
            nav: formatNav(nav),
            management: fees.management.toString(),
            performance: fees.performance.toString(),
          },
          postings: transfer(
            memberAccount(sub.memberId, 'earn'),
            platformAccount('fees'),
            product.currency,
            total,
          ),
        });
        transactionId = posted.transactionId;
      }
      const rows = (
        [
          ['management', fees.management],
          ['performance', fees.performance],
        ] as const
      )
        .filter(([, amount]) => amount > 0n)
        .map(([what, amount]) => ({
          eventKey: eventKey(`fee-${what}`),
          subscriptionId: sub.id,
          memberId: sub.memberId,
          kind: 'fee' as const,
          detail: what,
          amount: (-amount).toString(),
          currency: product.currency,
          day,
          term: sub.term,
          ledgerTransactionId: transactionId,
          createdAt: now,
        }));
      if (rows.length > 0) await tx.insert(earnEvents).values(rows);
      const left = BigInt(sub.principal) - total;
      Object.assign(set, {
        principal: left.toString(),
        managementFee: (BigInt(sub.managementFee) + fees.management).toString(),
        performanceFee: (BigInt(sub.performanceFee) + fees.performance).toString(),
        highWatermark: formatNav(fees.highWatermark),
      });
      if (expiry) {
        set.endNav = formatNav(nav);
        set.returnAmount = navValue(
          { ...sub, principal: left.toString() },
          startNav,
          nav,
        ).toString();
      }
    } else if (expiry) {
      // mixed and premium funds: valued at the NAV, paid with the return
      set.endNav = formatNav(nav);
      set.returnAmount = navValue(sub, startNav, nav).toString();
    }
    await tx.update(earnSubscriptions).set(set).where(eq(earnSubscriptions.id, sub.id));
    return 'settled';
  });
}

/** Every due checkpoint of every running NAV subscription (the lifecycle's step 3b). */
export async function settleNavCheckpoints(
  deps: EarnDeps,
  now: Date,
): Promise<{ checkpoints: number; awaiting: NavAwaited[] }> {
  const awaiting = new Map<string, NavAwaited>();
  let checkpoints = 0;
  const products = await deps.db
    .selectDistinct({ product: earnProducts })
    .from(earnSubscriptions)
    .innerJoin(earnProducts, eq(earnProducts.id, earnSubscriptions.productId))
    .where(eq(earnSubscriptions.state, 'running'));
  for (const { product } of products) {
    if (!isNavKind(product.kind)) continue;
    let afterId = 0;
    for (;;) {
      const batch = await deps.db
        .select()
        .from(earnSubscriptions)
        .where(
          and(
            eq(earnSubscriptions.productId, product.id),
            eq(earnSubscriptions.state, 'running'),
            gt(earnSubscriptions.id, afterId),
          ),
        )
        .orderBy(asc(earnSubscriptions.id))
        .limit(500);
      if (batch.length === 0) break;
      afterId = batch.at(-1)?.id ?? afterId;
      for (let sub of batch) {
        for (;;) {
          const day = nextCheckpoint(product.kind, sub);
          if (!day || dayStart(day) > now) break;
          const outcome = await settleCheckpoint(deps, product, sub.id, day);
          if (typeof outcome === 'object') {
            awaiting.set(`${product.serialNumber}:${outcome.missing}`, {
              serialNumber: product.serialNumber,
              day: outcome.missing,
            });
            break;
          }
          if (outcome === 'settled') checkpoints += 1;
          const [fresh] = await deps.db
            .select()
            .from(earnSubscriptions)
            .where(eq(earnSubscriptions.id, sub.id));
          if (!fresh || fresh.state !== 'running') break;
          if (outcome === 'stale' && fresh.navThrough === sub.navThrough) break;
          sub = fresh;
        }
      }
    }
  }
  return { checkpoints, awaiting: [...awaiting.values()] };
}

/**
 * What the operator has to post now, without settling anything (`ops earn nav-due`): for each
 * running NAV subscription, its due checkpoint (or its start) whose NAV is missing, one row per
 * product and day with the number of subscriptions waiting.
 */
export async function navDue(
  db: Db,
  now: Date,
): Promise<(NavAwaited & { subscriptions: number; nav: 'start' | 'checkpoint' })[]> {
  const rows = await db
    .select({ sub: earnSubscriptions, product: earnProducts })
    .from(earnSubscriptions)
    .innerJoin(earnProducts, eq(earnProducts.id, earnSubscriptions.productId))
    .where(eq(earnSubscriptions.state, 'running'))
    .orderBy(asc(earnProducts.serialNumber), asc(earnSubscriptions.id));
  const due = new Map<
    string,
    NavAwaited & { subscriptions: number; nav: 'start' | 'checkpoint' }
  >();
  const add = (serialNumber: string, day: string, nav: 'start' | 'checkpoint') => {
    const key = `${serialNumber}:${day}:${nav}`;
    const row = due.get(key) ?? { serialNumber, day, nav, subscriptions: 0 };
    row.subscriptions += 1;
    due.set(key, row);
  };
  for (const { sub, product } of rows) {
    if (!isNavKind(product.kind) || !sub.termStart) continue;
    const first = platformDay(sub.termStart);
    if (!sub.startNav && !(await navOnOrBefore(db, product.id, first))) {
      add(product.serialNumber, first, 'start');
      continue;
    }
    const day = nextCheckpoint(product.kind, sub);
    if (!day || dayStart(day) > now) continue;
    if ((await checkpointNav(db, product.id, day)) === null)
      add(product.serialNumber, day, 'checkpoint');
  }
  return [...due.values()];
}

/** The start NAV of a term that starts now (null until one is posted; settled later). */
export async function startNavOf(
  db: Db,
  product: EarnProductRow,
  termStart: Date,
): Promise<string | null> {
  if (!isNavKind(product.kind)) return null;
  return (await navOnOrBefore(db, product.id, platformDay(termStart)))?.nav ?? null;
}

/**
 * The return of a NAV-valued term (mixed, Alliance) as postings: the principal leaves the
 * member's earn account, the value reaches the wallet, `earn_fund` pays the gain or keeps the
 * loss. Empty when both are zero.
 */
export function navReturnPostings(
  memberId: number,
  currency: EarnProductRow['currency'],
  principal: bigint,
  value: bigint,
): Posting[] {
  const postings: Posting[] = [];
  if (principal > 0n)
    postings.push({ account: memberAccount(memberId, 'earn'), currency, amount: -principal });
  if (value > 0n) postings.push({ account: memberAccount(memberId), currency, amount: value });
  const fund = principal - value;
  if (fund !== 0n) postings.push({ account: platformAccount('earn_fund'), currency, amount: fund });
  return postings;
}

/** Kinds whose return is valued at the NAV (the Flagship returns its principal). */
export const isNavValued = (kind: EarnProductRow['kind']) =>
  kind === 'mixed' || kind === 'alliance';

import { and, asc, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { formatUnits } from 'viem';
import {
  BINFI_HISTORY_PAGE_SIZE,
  type BinfiCheckJoin,
  type BinfiOrder,
  type BinfiPlusInfo,
  type BinfiRound,
  type BinfiRoundState,
  type BinfiSideDetail,
  type BinfiSideType,
  type BinfiUserFunds,
  type BinfiVariant,
} from '../../../shared/api/binfi';
import { ErrorCode, ErrorMessage } from '../../../shared/api/envelope';
import { binFiPoolAddress } from '../../../shared/contracts/generated';
import { deployedAddress } from '../../chain/contracts';
import type { Db } from '../../db/database';
import {
  type BinfiRoundStatus,
  binfiOrders,
  binfiPeriods,
  binfiPnlSnapshots,
  binfiRounds,
  linkedWallets,
} from '../../db/schema';
import { AppError } from '../../errors';
import { isPremierMember } from '../kyc/premier';
import { owedTo } from './projection';
import { DEFAULT_TERMS, type RoundTerms, termsOfRounds, termsView } from './terms';

/**
 * The BinFi read calls (shared/api/binfi.ts) from the binfi tables the indexer keeps. Amounts
 * are USDT atomic units (6 decimals) shown as whole-USDT decimal strings; per-unit rates are
 * WAD-scaled atomic units (1e18 x 1e6 per USDT), shown rounded down to the atomic unit.
 */

const USDT_DECIMALS = 6;
const BCNT_DECIMALS = 18;
const WAD = 10n ** 18n;
export const MAX_UNITS_PER_ORDER = 5;
/** A round of at most this term is the Galaxy (plus, three-month) variant. */
const GALAXY_MAX_TERM_SECONDS = 100 * 24 * 3600;
const MONTH_SECONDS = (365 * 24 * 3600) / 12;

type RoundRow = typeof binfiRounds.$inferSelect;
type OrderRow = typeof binfiOrders.$inferSelect;
type PeriodRow = typeof binfiPeriods.$inferSelect;

const usdt = (atomic: bigint | string) => formatUnits(BigInt(atomic), USDT_DECIMALS);
/** a WAD-scaled per-unit rate in whole USDT, rounded down to the atomic unit */
const perUnit = (rate: bigint | string) => usdt(BigInt(rate) / WAD);
const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function variantOf(termSeconds: number): BinfiVariant {
  return termSeconds <= GALAXY_MAX_TERM_SECONDS ? 'galaxy' : 'binfi';
}

const STATE_OF: Record<BinfiRoundStatus, BinfiRoundState> = {
  raising: 'fundraising',
  matched: 'raised',
  unmatched: 'unsuccessful_match',
  running: 'running',
  stopped_out: 'stop_loss',
  matured: 'ended',
  settled: 'settled',
};
const STATUSES_OF = Object.fromEntries(
  Object.entries(STATE_OF).map(([status, state]) => [state, status]),
) as Record<BinfiRoundState, BinfiRoundStatus>;

export function roundView(row: RoundRow, terms: RoundTerms = DEFAULT_TERMS): BinfiRound {
  return {
    fundId: row.fundId,
    variant: variantOf(row.termSeconds),
    state: STATE_OF[row.status],
    isPrivate: row.isPrivate,
    defaulted: row.defaulted,
    unitPrice: usdt(row.unitPrice),
    rockPerFlame: row.rockPerFlame,
    leverage: row.rockPerFlame + 1,
    flameCapacity: row.capacity,
    rockCapacity: row.capacity * row.rockPerFlame,
    maxUnitsPerOrder: MAX_UNITS_PER_ORDER,
    accountCap: row.accountCap,
    lockPerUnit: formatUnits(BigInt(row.lockPerUnit), BCNT_DECIMALS),
    termMonths: Math.round(row.termSeconds / MONTH_SECONDS),
    raiseStart: row.raiseStart.toISOString(),
    raiseEnd: row.raiseEnd.toISOString(),
    startAt: iso(row.startAt),
    maturity: iso(row.maturity),
    stopLossAt: iso(row.stoppedAt),
    stopLossDeadline: iso(row.stopDeadline),
    settledAt: iso(row.settledAt),
    rockUnits: row.rockUnits,
    flameUnits: row.flameUnits,
    matchedRock: row.matchedRock,
    matchedFlame: row.matchedFlame,
    redeemedRock: row.redeemedRock,
    deposited: usdt(row.deposited),
    matchedValue: usdt(row.matchedValue),
    refundTotal: usdt(row.refundTotal),
    rockPayoutPerUnit: row.rockFinalRate === null ? null : perUnit(row.rockFinalRate),
    flamePayoutPerUnit: row.flameFinalRate === null ? null : perUnit(row.flameFinalRate),
    terms: termsView(terms, {
      unitPrice: BigInt(row.unitPrice),
      rockPerFlame: row.rockPerFlame,
      termSeconds: row.termSeconds,
    }),
  };
}

/** The rounds' answers with their terms (one query for all). */
async function roundViews(db: Db, chainId: number, rows: RoundRow[]): Promise<BinfiRound[]> {
  const termsOf = await termsOfRounds(
    db,
    chainId,
    rows.map((row) => row.fundId),
  );
  return rows.map((row) => roundView(row, termsOf(row.fundId)));
}

function pool(chainId: number): string | undefined {
  return deployedAddress(binFiPoolAddress, chainId);
}

const notFound = () => new AppError(ErrorCode.notFound, ErrorMessage.notFound);

export async function roundRow(
  db: Db,
  chainId: number,
  fundId: number,
): Promise<RoundRow | undefined> {
  const [row] = await db
    .select()
    .from(binfiRounds)
    .where(and(eq(binfiRounds.chainId, chainId), eq(binfiRounds.fundId, fundId)));
  return row;
}

/** The lower-case addresses of the member's linked wallets. */
export async function memberWallets(db: Db, memberId: number): Promise<string[]> {
  const rows = await db
    .select({ address: linkedWallets.address })
    .from(linkedWallets)
    .where(eq(linkedWallets.memberId, memberId));
  return rows.map((row) => row.address.toLowerCase());
}

/** Public rounds of a variant, newest first (private rounds are never listed). */
export async function fundList(
  db: Db,
  chainId: number,
  query: { variant: BinfiVariant; status?: BinfiRoundState },
): Promise<{ list: BinfiRound[] }> {
  const rows = await db
    .select()
    .from(binfiRounds)
    .where(
      and(
        eq(binfiRounds.chainId, chainId),
        eq(binfiRounds.isPrivate, false),
        query.status ? eq(binfiRounds.status, STATUSES_OF[query.status]) : undefined,
      ),
    )
    .orderBy(desc(binfiRounds.fundId));
  return {
    list: await roundViews(
      db,
      chainId,
      rows.filter((row) => variantOf(row.termSeconds) === query.variant),
    ),
  };
}

/** A private round is shown to a member whose linked wallets hold an order in it. */
async function heldOrNotFound(db: Db, chainId: number, fundId: number, wallets: string[]) {
  if (wallets.length === 0) throw notFound();
  const [held] = await db
    .select({ n: count() })
    .from(binfiOrders)
    .where(
      and(
        eq(binfiOrders.chainId, chainId),
        eq(binfiOrders.fundId, fundId),
        inArray(binfiOrders.owner, wallets),
      ),
    );
  if (!held || held.n === 0) throw notFound();
}

/**
 * Detail of a round from one side. `expected` is the call's variant: the plain calls answer
 * public six-month rounds, the `2` calls public Galaxy rounds, the `3` calls private rounds of
 * which the viewer's wallets hold an order or to which the viewer is invited (anything else is
 * not found).
 */
export async function sideDetail(
  db: Db,
  chainId: number,
  fundId: number,
  side: BinfiSideType,
  expected:
    | { variant: BinfiVariant; isPrivate: false }
    | { isPrivate: true; wallets: string[]; invited?: boolean },
): Promise<BinfiSideDetail> {
  const row = await roundRow(db, chainId, fundId);
  if (!row || row.isPrivate !== expected.isPrivate) throw notFound();
  if (expected.isPrivate) {
    if (!expected.invited) await heldOrNotFound(db, chainId, fundId, expected.wallets);
  } else if (variantOf(row.termSeconds) !== expected.variant) throw notFound();

  const periods = await db
    .select()
    .from(binfiPeriods)
    .where(and(eq(binfiPeriods.chainId, chainId), eq(binfiPeriods.fundId, fundId)))
    .orderBy(asc(binfiPeriods.period));
  const rock = side === 'supply';
  const capacity = rock ? row.capacity * row.rockPerFlame : row.capacity;
  const units = rock ? row.rockUnits : row.flameUnits;
  let paid = 0n;
  for (const period of periods)
    if (period.kind !== 'refund') paid += BigInt(rock ? period.rockRate : period.flameRate);
  const [round] = await roundViews(db, chainId, [row]);
  const [latest] = await latestSnapshots(db, chainId, [fundId]);
  return {
    round: round!,
    side,
    units,
    matchedUnits: rock ? row.matchedRock : row.matchedFlame,
    available: row.status === 'raising' ? Math.max(0, capacity - units) : 0,
    periods: periods.map((period) => ({
      period: period.period,
      kind: period.kind,
      perUnit:
        period.kind === 'refund'
          ? usdt(row.unitPrice)
          : perUnit(rock ? period.rockRate : period.flameRate),
      total: usdt(period.total),
      fundedAt: period.fundedAt.toISOString(),
    })),
    paidPerUnit: perUnit(paid),
    flameResult: latest
      ? flameResultOf(latest, row.matchedFlame, row.matchedFlame, row.unitPrice)
      : null,
  };
}

/** Whether the member may order on `type`'s side of the round now, and how many units. */
export async function checkJoin(
  db: Db,
  chainId: number,
  now: Date,
  memberId: number,
  fundId: number,
  type: BinfiSideType,
  /** the member opened the operator's invite to this (private) round */
  invited = false,
): Promise<BinfiCheckJoin> {
  const row = await roundRow(db, chainId, fundId);
  if (!row) throw notFound();
  const wallets = await memberWallets(db, memberId);
  let unitsHeld = 0;
  if (wallets.length > 0) {
    const [held] = await db
      .select({ units: sql<string>`coalesce(sum(${binfiOrders.units}), 0)` })
      .from(binfiOrders)
      .where(
        and(
          eq(binfiOrders.chainId, chainId),
          eq(binfiOrders.fundId, fundId),
          inArray(binfiOrders.owner, wallets),
        ),
      );
    unitsHeld = Number(held?.units ?? 0);
  }
  const rock = type === 'supply';
  const capacity = rock ? row.capacity * row.rockPerFlame : row.capacity;
  const left = capacity - (rock ? row.rockUnits : row.flameUnits);
  const open = row.status === 'raising' && now >= row.raiseStart && now < row.raiseEnd;
  let reason: BinfiCheckJoin['reason'] = null;
  if (!(await isPremierMember(db, memberId))) reason = 'premier_required';
  else if (!open) reason = 'not_raising';
  else if (row.isPrivate && unitsHeld === 0 && !invited) reason = 'private';
  else if (left <= 0) reason = 'full';
  else if (unitsHeld >= row.accountCap) reason = 'account_cap';
  const maxUnits =
    reason === null ? Math.min(MAX_UNITS_PER_ORDER, left, row.accountCap - unitsHeld) : 0;
  return {
    fundId,
    type,
    canJoin: reason === null,
    reason,
    maxUnits,
    unitsHeld,
    unitPrice: usdt(row.unitPrice),
    lockPerUnit: formatUnits(BigInt(row.lockPerUnit), BCNT_DECIMALS),
    raiseEnd: row.raiseEnd.toISOString(),
  };
}

/** What an order may claim now: the contract's `claimableOf` over the indexed periods. */
export function claimableOf(order: OrderRow, periods: readonly PeriodRow[]): bigint {
  let amount = 0n;
  for (const period of periods) {
    if (period.period < order.cursor) continue;
    if (period.kind === 'refund') {
      amount += BigInt(order.refundAmount);
    } else if (order.exitPeriod === null || period.period < order.exitPeriod) {
      const rate = BigInt(order.side === 'rock' ? period.rockRate : period.flameRate);
      amount += (BigInt(order.matchedUnits) * rate) / WAD;
    }
  }
  return amount;
}

/** The orders of the member's linked wallets, newest first, with what each may claim now. */
/** The latest PnL snapshot of each round (the binfi-flame job writes one per 5-minute slot). */
async function latestSnapshots(db: Db, chainId: number, fundIds: number[]) {
  if (fundIds.length === 0) return [];
  return db
    .selectDistinctOn([binfiPnlSnapshots.fundId])
    .from(binfiPnlSnapshots)
    .where(and(eq(binfiPnlSnapshots.chainId, chainId), inArray(binfiPnlSnapshots.fundId, fundIds)))
    .orderBy(binfiPnlSnapshots.fundId, desc(binfiPnlSnapshots.at));
}

/**
 * Flame's result for `units` of the round's `matchedFlame` matched Flame units: the snapshot's
 * PnL and equity times units / matchedFlame, cut towards zero; the rate is the round's (% of
 * Flame's capital, two decimals, cut towards zero).
 */
function flameResultOf(
  snapshot: { at: Date; pnl: string; equity: string },
  units: number,
  matchedFlame: number,
  unitPrice: string,
) {
  const flameCapital = BigInt(matchedFlame) * BigInt(unitPrice);
  const share = (value: bigint) =>
    matchedFlame === 0 ? 0n : (value * BigInt(units)) / BigInt(matchedFlame);
  const pnl = BigInt(snapshot.pnl);
  return {
    time: snapshot.at.toISOString(),
    pnl: usdt(share(pnl)),
    pnlRate: flameCapital === 0n ? '0' : formatUnits((pnl * 10_000n) / flameCapital, 2),
    equity: usdt(share(BigInt(snapshot.equity))),
  };
}

export async function userFunds(
  db: Db,
  chainId: number,
  memberId: number,
): Promise<BinfiUserFunds> {
  const wallets = await memberWallets(db, memberId);
  const contract = pool(chainId);
  if (wallets.length === 0 || !contract) return { list: [], owed: '0' };
  const orders = await db
    .select()
    .from(binfiOrders)
    .where(and(eq(binfiOrders.chainId, chainId), inArray(binfiOrders.owner, wallets)))
    .orderBy(desc(binfiOrders.orderId));
  const fundIds = [...new Set(orders.map((order) => order.fundId))];
  const rounds =
    fundIds.length === 0
      ? []
      : await db
          .select()
          .from(binfiRounds)
          .where(and(eq(binfiRounds.chainId, chainId), inArray(binfiRounds.fundId, fundIds)));
  const periods =
    fundIds.length === 0
      ? []
      : await db
          .select()
          .from(binfiPeriods)
          .where(and(eq(binfiPeriods.chainId, chainId), inArray(binfiPeriods.fundId, fundIds)));
  const roundOf = new Map(rounds.map((row) => [row.fundId, row]));
  const snapshotOf = new Map(
    (await latestSnapshots(db, chainId, fundIds)).map((row) => [row.fundId, row]),
  );
  const list = orders.flatMap((order): BinfiOrder[] => {
    const round = roundOf.get(order.fundId);
    if (!round) return [];
    const own = periods.filter((period) => period.fundId === order.fundId);
    return [
      {
        orderId: order.orderId,
        fundId: order.fundId,
        variant: variantOf(round.termSeconds),
        wallet: order.owner,
        type: order.side === 'rock' ? 'supply' : 'take',
        pass: order.pass,
        state: order.redeemedAt ? 'redeemed' : STATE_OF[round.status],
        units: order.units,
        matchedUnits: order.matchedUnits,
        amount: usdt(order.amount),
        bcntLocked: formatUnits(BigInt(order.bcntLocked), BCNT_DECIMALS),
        bcntReleased: order.bcntReleasedAt !== null,
        refundAmount: usdt(order.refundAmount),
        refundPaidAt: iso(order.refundPaidAt),
        received: usdt(order.paid),
        owed: usdt(order.owed),
        claimable: usdt(claimableOf(order, own)),
        redeemedAt: iso(order.redeemedAt),
        redemptionAmount: order.redemptionAmount === null ? null : usdt(order.redemptionAmount),
        redemptionPaidAt: iso(order.redemptionPaidAt),
        placedAt: order.placedAt.toISOString(),
        txHash: order.txHash,
        flameResult: flameOf(order, round, snapshotOf.get(order.fundId)),
        ...noticesOf(order, own),
      },
    ];
  });
  const owed = await owedTo(db, chainId, contract, wallets);
  return { list, owed: usdt(owed.usdt) };
}

/**
 * What My funds tells the member about an order's money from the funded periods: Rock's latest
 * reward month (the order takes part in the months before its redemption) and the settlement
 * (each side's per unit, the order's matched units x its side's).
 */
export function noticesOf(
  order: Pick<OrderRow, 'side' | 'matchedUnits' | 'exitPeriod'>,
  periods: readonly PeriodRow[],
): Pick<BinfiOrder, 'lastReward' | 'settlement'> {
  const takesPart = (period: PeriodRow) =>
    order.matchedUnits > 0 && (order.exitPeriod === null || period.period < order.exitPeriod);
  const amountAt = (rate: string) => usdt((BigInt(order.matchedUnits) * BigInt(rate)) / WAD);
  const reward =
    order.side === 'rock'
      ? periods
          .filter((period) => period.kind === 'reward' && takesPart(period))
          .reduce<PeriodRow | undefined>(
            (latest, period) => (!latest || period.period > latest.period ? period : latest),
            undefined,
          )
      : undefined;
  const settlement = periods.find((period) => period.kind === 'settlement' && takesPart(period));
  return {
    lastReward: reward
      ? {
          period: reward.period,
          perUnit: perUnit(reward.rockRate),
          amount: amountAt(reward.rockRate),
          fundedAt: reward.fundedAt.toISOString(),
        }
      : null,
    settlement: settlement
      ? {
          rockPerUnit: perUnit(settlement.rockRate),
          flamePerUnit: perUnit(settlement.flameRate),
          amount: amountAt(order.side === 'rock' ? settlement.rockRate : settlement.flameRate),
          settledAt: settlement.fundedAt.toISOString(),
        }
      : null,
  };
}

function flameOf(
  order: { side: string; matchedUnits: number },
  round: { matchedFlame: number; unitPrice: string },
  snapshot: { at: Date; pnl: string; equity: string } | undefined,
): BinfiOrder['flameResult'] {
  if (order.side !== 'flame' || !snapshot || order.matchedUnits === 0) return null;
  return flameResultOf(snapshot, order.matchedUnits, round.matchedFlame, round.unitPrice);
}

const ENDED: BinfiRoundStatus[] = ['unmatched', 'settled'];

/** Ended public rounds of a variant (unsuccessful match or settled), newest first. */
export async function historyFundList(
  db: Db,
  chainId: number,
  query: { variant: BinfiVariant; page: number },
): Promise<{ list: BinfiRound[]; page: number; total: number }> {
  const rows = await db
    .select()
    .from(binfiRounds)
    .where(
      and(
        eq(binfiRounds.chainId, chainId),
        eq(binfiRounds.isPrivate, false),
        inArray(binfiRounds.status, ENDED),
      ),
    )
    .orderBy(desc(binfiRounds.fundId));
  const ofVariant = rows.filter((row) => variantOf(row.termSeconds) === query.variant);
  const start = (query.page - 1) * BINFI_HISTORY_PAGE_SIZE;
  return {
    list: await roundViews(db, chainId, ofVariant.slice(start, start + BINFI_HISTORY_PAGE_SIZE)),
    page: query.page,
    total: ofVariant.length,
  };
}

/** The Galaxy (plus) variant at a glance, public rounds only. */
export async function plusInfo(db: Db, chainId: number, now: Date): Promise<BinfiPlusInfo> {
  const rows = (
    await db
      .select()
      .from(binfiRounds)
      .where(and(eq(binfiRounds.chainId, chainId), eq(binfiRounds.isPrivate, false)))
      .orderBy(desc(binfiRounds.fundId))
  ).filter((row) => variantOf(row.termSeconds) === 'galaxy');
  const raising = rows.filter((row) => row.status === 'raising');
  const taking = raising.find((row) => now >= row.raiseStart && now < row.raiseEnd);
  let totalMatched = 0n;
  for (const row of rows) totalMatched += BigInt(row.matchedValue);
  const current = taking ?? rows[0];
  return {
    termMonths: 3,
    raising: raising.length,
    running: rows.filter((row) =>
      ['matched', 'running', 'stopped_out', 'matured'].includes(row.status),
    ).length,
    ended: rows.filter((row) => ENDED.includes(row.status)).length,
    totalMatched: usdt(totalMatched),
    current: current ? ((await roundViews(db, chainId, [current]))[0] ?? null) : null,
  };
}

/** Rounds whose raise window has closed but are still raising (the match job's work). */
export async function roundsToMatch(db: Db, chainId: number, now: Date): Promise<number[]> {
  const rows = await db
    .select({ fundId: binfiRounds.fundId })
    .from(binfiRounds)
    .where(
      and(
        eq(binfiRounds.chainId, chainId),
        eq(binfiRounds.status, 'raising'),
        lte(binfiRounds.raiseEnd, now),
      ),
    );
  return rows.map((row) => row.fundId);
}

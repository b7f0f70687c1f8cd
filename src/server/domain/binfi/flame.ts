import { and, asc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Address, PublicClient } from 'viem';
import { binFiPoolAbi, binFiPoolAddress } from '../../../shared/contracts/generated';
import { deployedAddress } from '../../chain/contracts';
import type { Db } from '../../db/database';
import {
  binfiFlameBooks,
  binfiOrders,
  binfiPnlSnapshots,
  binfiRoundTerms,
  binfiRounds,
  linkedWallets,
} from '../../db/schema';
import type { ExchangeAdapter } from '../../exchange/adapter';
import { ONE } from '../../exchange/decimal';
import { memberAccount, platformAccount, postLedgerTransaction, transfer } from '../wallet/ledger';
import {
  type BinfiOperatorDeps,
  fundOnChain,
  fundRewardMonthAtomic,
  payRedemptionQueueWith,
  payoutOrders,
  settleRoundAtomic,
  stopLossRound,
} from './operator';
import {
  MONTH_SECONDS,
  REFERRAL_REBATE_BPS,
  type RoundTerms,
  platformFeePerUnit,
  rewardMonthsOf,
  rockMonthlyPerUnit,
  roundTerms,
  saveRoundTerms,
  settlementOf,
} from './terms';

/**
 * Flame's result and the round's money on schedule (the `binfi-flame` job, every scheduler tick,
 * doing what is due against the clock):
 *
 * - When a round is running, its matched capital (Rock's and Flame's: Flame's at the leverage
 *   rockPerFlame + 1) is bought on the exchange's market of the round's pair at the ask (the
 *   paper exchange's ticker outside production): a virtual position of the round, like a Smart
 *   Autotrade subscription's book; value = position x bid.
 * - Every 5 minutes of the clock: a snapshot row (the 5-minute slot is the key, so a rerun or a
 *   restart writes nothing twice) with the price, PnL = value - capital, and Flame's equity =
 *   Flame's capital + PnL (USDT atomic, rounded down).
 * - When the loss reaches the round's stop-loss rate of Flame's capital, the position is closed
 *   at the bid and the stop-loss executed on chain; at the maturity it is closed the same way.
 * - Rock's reward months: month m (1 .. term months - 1) is funded once m months have passed
 *   since the start (the pool refuses a period out of order, so a retried job cannot fund a
 *   month twice) and paid to every Rock order in batches.
 * - Settlement of a stopped-out or matured round: each side's payout per unit from the closed
 *   position (terms.ts settlementOf: per unit rounded down), funded on chain; the binfi-rounds
 *   job pays it out.
 * - Rock redemptions (the pool's first-in-first-out queue, 100 per run): each order gets its
 *   matched units x (unit price + the interest accrued from the last funded month to the
 *   redemption, pro rata by the second, rounded down per unit); an entry the indexer has not
 *   seen redeemed yet waits for the next run, and the entries behind it with it.
 * - After the settlement, the referral rebates: 10 % of each referred order's platform fee to
 *   its owner and 10 % to the referrer (members by their linked wallets), each one ledger
 *   transaction from the platform's fees to the member's available USDT, keyed per order and
 *   party (a rerun posts nothing twice).
 */

export const BINFI_FLAME_TASK = 'binfi-flame';
export const SNAPSHOT_MS = 5 * 60 * 1000;
const USDT_TO_EXCHANGE = 100n; // USDT atomic (1e-6) -> exchange units (1e-8)

export interface BinfiFlameDeps extends BinfiOperatorDeps {
  exchange: ExchangeAdapter;
}

export interface BinfiFlameReport {
  opened: number[];
  snapshots: number[];
  stoppedOut: number[];
  rewardMonths: { fundId: number; period: number }[];
  settled: number[];
  rebates: number;
  /** Rock redemptions paid from the queue */
  redemptions: number;
}

type RoundRow = typeof binfiRounds.$inferSelect;
type BookRow = typeof binfiFlameBooks.$inferSelect;

/** Value of the position at `price` in USDT atomic units, rounded down. */
export function positionValue(position: bigint, price: bigint): bigint {
  return (position * price) / ONE / USDT_TO_EXCHANGE;
}

async function loadBook(db: Db, chainId: number, fundId: number): Promise<BookRow | undefined> {
  const [book] = await db
    .select()
    .from(binfiFlameBooks)
    .where(and(eq(binfiFlameBooks.chainId, chainId), eq(binfiFlameBooks.fundId, fundId)));
  return book;
}

async function openBook(deps: BinfiFlameDeps, round: RoundRow, terms: RoundTerms, now: Date) {
  const { ask } = await deps.exchange.ticker(terms.symbol);
  const capital = BigInt(round.matchedValue);
  await deps.db
    .insert(binfiFlameBooks)
    .values({
      chainId: round.chainId,
      fundId: round.fundId,
      symbol: terms.symbol,
      capital: capital.toString(),
      position: ((capital * USDT_TO_EXCHANGE * ONE) / ask).toString(),
      entryPrice: ask.toString(),
      openedAt: now,
    })
    .onConflictDoNothing();
  return loadBook(deps.db, round.chainId, round.fundId);
}

async function closeBook(
  deps: BinfiFlameDeps,
  book: BookRow,
  price: bigint,
  reason: 'stop_loss' | 'maturity',
  now: Date,
) {
  await deps.db
    .update(binfiFlameBooks)
    .set({ closePrice: price.toString(), closedAt: now, closeReason: reason })
    .where(
      and(
        eq(binfiFlameBooks.chainId, book.chainId),
        eq(binfiFlameBooks.fundId, book.fundId),
        isNull(binfiFlameBooks.closedAt),
      ),
    );
  return (await loadBook(deps.db, book.chainId, book.fundId))!;
}

async function snapshot(
  deps: BinfiFlameDeps,
  round: RoundRow,
  book: BookRow,
  price: bigint,
  at: Date,
) {
  const pnl = positionValue(BigInt(book.position), price) - BigInt(book.capital);
  const flameCapital = BigInt(round.matchedFlame) * BigInt(round.unitPrice);
  const inserted = await deps.db
    .insert(binfiPnlSnapshots)
    .values({
      chainId: round.chainId,
      fundId: round.fundId,
      at,
      price: price.toString(),
      pnl: pnl.toString(),
      equity: (flameCapital + pnl).toString(),
    })
    .onConflictDoNothing()
    .returning({ at: binfiPnlSnapshots.at });
  return { pnl, written: inserted.length > 0 };
}

/** Rock's reward months due by now and not funded on chain yet: fund and pay each. */
async function rewardMonths(
  deps: BinfiFlameDeps,
  round: RoundRow,
  terms: RoundTerms,
  now: Date,
  report: BinfiFlameReport,
) {
  if (!round.startAt) return;
  const elapsed = Math.floor((now.getTime() - round.startAt.getTime()) / 1000);
  const due = Math.min(rewardMonthsOf(round.termSeconds), Math.floor(elapsed / MONTH_SECONDS));
  const perUnit = rockMonthlyPerUnit(BigInt(round.unitPrice), terms);
  for (;;) {
    const funded = (await periodCount(deps, round.fundId)) - 1; // period 0 is the refund
    if (funded >= due) return;
    if ((await fundOnChain(deps, round.fundId)).status !== 'running') return;
    const { period } = await fundRewardMonthAtomic(deps, round.fundId, perUnit);
    const rock = await deps.db
      .select({ orderId: binfiOrders.orderId })
      .from(binfiOrders)
      .where(
        and(
          eq(binfiOrders.chainId, round.chainId),
          eq(binfiOrders.fundId, round.fundId),
          eq(binfiOrders.side, 'rock'),
          gt(binfiOrders.matchedUnits, 0),
          isNull(binfiOrders.redeemedAt),
        ),
      )
      .orderBy(asc(binfiOrders.orderId));
    if (rock.length > 0)
      await payoutOrders(
        deps,
        round.fundId,
        period,
        rock.map((row) => row.orderId),
      );
    report.rewardMonths.push({ fundId: round.fundId, period });
  }
}

async function periodCount(deps: BinfiOperatorDeps, fundId: number): Promise<number> {
  return Number(
    await deps.chain.readContract({
      address: pool(deps),
      abi: binFiPoolAbi,
      functionName: 'periodCount',
      args: [BigInt(fundId)],
    }),
  );
}

function pool(deps: BinfiOperatorDeps): Address {
  const address = deployedAddress(binFiPoolAddress, deps.config.chainId);
  if (!address) throw new Error('BinFiPool is not deployed');
  return address;
}

/** Rock's interest funded so far: the totals of the reward periods, read from the pool. */
async function interestFunded(
  chain: PublicClient,
  address: Address,
  fundId: number,
  count: number,
): Promise<bigint> {
  let total = 0n;
  for (let p = 1; p < count; p += 1) {
    const period = (await chain.readContract({
      address,
      abi: binFiPoolAbi,
      functionName: 'getPeriod',
      args: [BigInt(fundId), BigInt(p)],
    })) as { kind: number; total: bigint };
    if (period.kind === 1) total += period.total;
  }
  return total;
}

/** The settlement of a closed position (terms.ts settlementOf), with the seconds it ran. */
export async function settlementOfRound(
  deps: BinfiOperatorDeps,
  round: RoundRow,
  book: BookRow,
  terms: RoundTerms,
) {
  const fund = await fundOnChain(deps, round.fundId);
  const count = await periodCount(deps, round.fundId);
  const start = round.startAt ?? book.openedAt;
  const end =
    book.closeReason === 'maturity'
      ? new Date(start.getTime() + round.termSeconds * 1000)
      : book.closedAt!;
  const ranSeconds = Math.min(
    round.termSeconds,
    Math.max(0, Math.floor((end.getTime() - start.getTime()) / 1000)),
  );
  const settlement = settlementOf(
    {
      unitPrice: BigInt(round.unitPrice),
      rockPerFlame: round.rockPerFlame,
      matchedRock: Number(fund.matchedRock),
      matchedFlame: Number(fund.matchedFlame),
      redeemedRock: Number(fund.redeemedRock),
      ranSeconds,
      termSeconds: round.termSeconds,
      monthsFunded: count - 1,
      pnl: positionValue(BigInt(book.position), BigInt(book.closePrice!)) - BigInt(book.capital),
      interestFunded: await interestFunded(deps.chain, pool(deps), round.fundId, count),
    },
    terms,
  );
  return { ...settlement, ranSeconds };
}

/** The referral rebates of a settled round (see the module comment); answers how many posted. */
async function payRebates(
  deps: BinfiFlameDeps,
  round: RoundRow,
  terms: RoundTerms,
  book: BookRow | undefined,
) {
  const chainId = round.chainId;
  await saveRoundTerms(deps.db, chainId, round.fundId, terms, deps.clock.now());
  const start = round.startAt ?? book?.openedAt ?? null;
  const end = book?.closedAt ?? round.stoppedAt ?? round.maturity;
  const ranSeconds =
    start && end
      ? Math.min(
          round.termSeconds,
          Math.max(0, Math.floor((end.getTime() - start.getTime()) / 1000)),
        )
      : 0;
  const feePerUnit =
    book?.closeReason === 'maturity'
      ? platformFeePerUnit(BigInt(round.unitPrice), terms, round.termSeconds)
      : platformFeePerUnit(BigInt(round.unitPrice), terms, ranSeconds);
  const referred = await deps.db
    .select()
    .from(binfiOrders)
    .where(
      and(
        eq(binfiOrders.chainId, chainId),
        eq(binfiOrders.fundId, round.fundId),
        gt(binfiOrders.matchedUnits, 0),
        sql`${binfiOrders.referrer} is not null`,
      ),
    );
  const wallets = [...new Set(referred.flatMap((o) => [o.owner, o.referrer!]))];
  const owners =
    wallets.length === 0
      ? []
      : await deps.db
          .select({ address: linkedWallets.address, memberId: linkedWallets.memberId })
          .from(linkedWallets)
          .where(inArray(linkedWallets.address, wallets));
  const memberOf = new Map(owners.map((row) => [row.address.toLowerCase(), row.memberId]));
  let posted = 0;
  for (const order of referred) {
    const rebate = (BigInt(order.matchedUnits) * feePerUnit * REFERRAL_REBATE_BPS) / 10_000n;
    if (rebate <= 0n) continue;
    for (const [party, wallet] of [
      ['owner', order.owner],
      ['referrer', order.referrer!],
    ] as const) {
      const memberId = memberOf.get(wallet);
      if (memberId === undefined) continue;
      await deps.db.transaction(async (tx) => {
        const result = await postLedgerTransaction(tx, deps.clock, {
          idempotencyKey: `binfi:rebate:${chainId}:${order.orderId}:${party}`,
          type: 'binfi_referral_rebate',
          memberId,
          reference: `binfi:${round.fundId}:${order.orderId}`,
          memo: {
            fundId: round.fundId,
            orderId: order.orderId,
            party,
            feePerUnit: feePerUnit.toString(),
          },
          postings: transfer(platformAccount('fees'), memberAccount(memberId), 'USDT', rebate),
        });
        if (result.created) posted += 1;
      });
    }
  }
  await deps.db
    .update(binfiRoundTerms)
    .set({ rebatesPaidAt: deps.clock.now() })
    .where(and(eq(binfiRoundTerms.chainId, chainId), eq(binfiRoundTerms.fundId, round.fundId)));
  return posted;
}

/** The `binfi-flame` job (see the module comment). */
export async function runBinfiFlame(deps: BinfiFlameDeps, now: Date): Promise<BinfiFlameReport> {
  const report: BinfiFlameReport = {
    opened: [],
    snapshots: [],
    stoppedOut: [],
    rewardMonths: [],
    settled: [],
    rebates: 0,
    redemptions: 0,
  };
  const chainId = deps.config.chainId;
  if (!deployedAddress(binFiPoolAddress, chainId)) return report;
  const rounds = await deps.db
    .select()
    .from(binfiRounds)
    .where(
      and(
        eq(binfiRounds.chainId, chainId),
        inArray(binfiRounds.status, ['running', 'stopped_out', 'matured', 'settled']),
      ),
    )
    .orderBy(asc(binfiRounds.fundId));
  const slot = new Date(Math.floor(now.getTime() / SNAPSHOT_MS) * SNAPSHOT_MS);
  for (const round of rounds) {
    const id = round.fundId;
    const terms = await roundTerms(deps.db, chainId, id);
    let book = await loadBook(deps.db, chainId, id);
    if (round.status === 'settled') {
      if (round.defaulted) continue;
      const [row] = await deps.db
        .select({ paid: binfiRoundTerms.rebatesPaidAt })
        .from(binfiRoundTerms)
        .where(and(eq(binfiRoundTerms.chainId, chainId), eq(binfiRoundTerms.fundId, id)));
      if (!row?.paid) report.rebates += await payRebates(deps, round, terms, book);
      continue;
    }
    if (round.status === 'running') {
      if (!book) {
        book = await openBook(deps, round, terms, now);
        report.opened.push(id);
      }
      if (!book || book.closedAt) continue;
      const { bid } = await deps.exchange.ticker(book.symbol);
      const atMaturity = round.maturity !== null && round.maturity <= now;
      const { pnl, written } = await snapshot(
        deps,
        round,
        book,
        bid,
        atMaturity ? round.maturity! : slot,
      );
      if (written) report.snapshots.push(id);
      const flameCapital = BigInt(round.matchedFlame) * BigInt(round.unitPrice);
      const stopAt = (flameCapital * BigInt(terms.stopLossBps)) / 10_000n;
      await rewardMonths(deps, round, terms, now, report);
      if (atMaturity) {
        book = await closeBook(deps, book, bid, 'maturity', now);
        continue;
      }
      if (-pnl >= stopAt && stopAt > 0n) {
        book = await closeBook(deps, book, bid, 'stop_loss', now);
        if ((await fundOnChain(deps, id)).status === 'running') {
          await stopLossRound(deps, id);
          report.stoppedOut.push(id);
        }
      }
      continue;
    }
    // stopped out or matured: close what is open, then settle once
    if (!book) continue;
    if (!book.closedAt) {
      const { bid } = await deps.exchange.ticker(book.symbol);
      book = await closeBook(
        deps,
        book,
        bid,
        round.status === 'matured' ? 'maturity' : 'stop_loss',
        now,
      );
    }
    const status = (await fundOnChain(deps, id)).status;
    if (status !== 'stopped_out' && status !== 'matured') continue;
    const settlement = await settlementOfRound(deps, round, book, terms);
    await settleRoundAtomic(deps, id, settlement.rockPerUnit, settlement.flamePerUnit);
    report.settled.push(id);
  }
  // the queue, when the indexer has seen a redemption not paid yet (no chain call otherwise)
  const [queued] = await deps.db
    .select({ orderId: binfiOrders.orderId })
    .from(binfiOrders)
    .where(
      and(
        eq(binfiOrders.chainId, chainId),
        isNotNull(binfiOrders.redeemedAt),
        isNull(binfiOrders.redemptionPaidAt),
      ),
    )
    .limit(1);
  if (queued)
    report.redemptions = (
      await payRedemptionQueueWith(deps, (orderId) => redemptionOf(deps, orderId))
    ).paid;

  return report;
}

/** What a queued redemption pays (see the module comment), null until indexed as redeemed. */
export async function redemptionOf(
  deps: BinfiOperatorDeps,
  orderId: bigint,
): Promise<bigint | null> {
  const chainId = deps.config.chainId;
  const [row] = await deps.db
    .select({ order: binfiOrders, round: binfiRounds })
    .from(binfiOrders)
    .innerJoin(
      binfiRounds,
      and(eq(binfiRounds.chainId, binfiOrders.chainId), eq(binfiRounds.fundId, binfiOrders.fundId)),
    )
    .where(and(eq(binfiOrders.chainId, chainId), eq(binfiOrders.orderId, Number(orderId))));
  if (!row) return null;
  const { order, round } = row;
  const { redeemedAt, exitPeriod } = order;
  const { startAt } = round;
  if (!redeemedAt || exitPeriod === null || !startAt) return null;
  const terms = await roundTerms(deps.db, chainId, round.fundId);
  const monthly = rockMonthlyPerUnit(BigInt(round.unitPrice), terms);
  const monthsFunded = exitPeriod - 1; // period 0 is the refund
  const since = startAt.getTime() + monthsFunded * MONTH_SECONDS * 1000;
  const seconds = BigInt(Math.max(0, Math.floor((redeemedAt.getTime() - since) / 1000)));
  const monthsLeft = BigInt(
    Math.max(0, Math.round(round.termSeconds / MONTH_SECONDS) - monthsFunded),
  );
  const accrued = (monthly * seconds) / BigInt(MONTH_SECONDS);
  const interest = accrued < monthly * monthsLeft ? accrued : monthly * monthsLeft;
  return BigInt(order.matchedUnits) * (BigInt(round.unitPrice) + interest);
}

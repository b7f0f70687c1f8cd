import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  BINFI_PASSES,
  BINFI_PERIOD_KINDS,
  BINFI_SIDES,
  type BinfiRoundStatus,
  binfiOrders,
  binfiPayouts,
  binfiPeriods,
  binfiRounds,
  chainEvents,
} from '../../db/schema';
import type { StoredChainEvent } from '../../chain/decoders/types';
import { deployedAddress } from '../../chain/contracts';
import { testUsdtAddress } from '../../../shared/contracts/generated';

/**
 * The binfi tables as a projection of BinFiPool's `chain_events` rows. A round's rows are
 * deleted and rebuilt from all its stored events (oldest first) whenever a tick brings new ones
 * and after a reorg removed some: replaying the same events gives the same rows, so a log
 * delivered twice, a restart or a reorg never double counts. The replay follows the contract
 * (contracts/src/BinFiPool.sol): matched units from each side's cutoff, the refund from the
 * unmatched units, cursors from OrderPaid.
 */

type RoundRow = typeof binfiRounds.$inferInsert;
type OrderRow = typeof binfiOrders.$inferInsert;
type PeriodRow = typeof binfiPeriods.$inferInsert;
type PayoutRow = typeof binfiPayouts.$inferInsert;

const STATUS_BY_MATCH = { matched: 'matched', unmatched: 'unmatched' } as const;

const big = (value: string | undefined): bigint => BigInt(value ?? '0');
const num = (value: string | undefined): number => Number(value ?? '0');
const time = (seconds: string | undefined): Date => new Date(num(seconds) * 1000);
const add = (a: string | null | undefined, b: bigint): string => (big(a ?? '0') + b).toString();

export interface ReplayedRound {
  round: RoundRow;
  orders: OrderRow[];
  periods: PeriodRow[];
  payouts: PayoutRow[];
}

/** Replays one round's events (oldest first); undefined without its FundCreated. */
export function replayRound(
  chainId: number,
  events: readonly StoredChainEvent[],
): ReplayedRound | undefined {
  let round: RoundRow | undefined;
  const orders = new Map<number, OrderRow>();
  const periods: PeriodRow[] = [];
  const payouts: PayoutRow[] = [];
  for (const event of events) {
    const a = event.args;
    if (event.event === 'FundCreated') {
      round = {
        chainId,
        fundId: num(a.fundId),
        contract: event.contract,
        unitPrice: a.unitPrice!,
        capacity: num(a.capacity),
        rockPerFlame: num(a.rockPerFlame),
        accountCap: num(a.accountCap),
        lockPerUnit: a.lockPerUnit!,
        raiseStart: time(a.raiseStart),
        raiseEnd: time(a.raiseEnd),
        termSeconds: num(a.term),
        isPrivate: a.isPrivate === 'true',
        status: 'raising',
        createdAt: event.blockTime,
        lastBlock: event.blockNumber,
      };
      continue;
    }
    if (!round) continue; // a round's events all follow its creation
    round.lastBlock = Math.max(round.lastBlock, event.blockNumber);
    switch (event.event) {
      case 'OrderPlaced': {
        const side = BINFI_SIDES[num(a.side)]!;
        const units = num(a.units);
        orders.set(num(a.orderId), {
          chainId,
          orderId: num(a.orderId),
          fundId: round.fundId,
          owner: a.owner!,
          side,
          pass: BINFI_PASSES[num(a.pass)]!,
          referrer: big(a.referrer) === 0n ? null : a.referrer!,
          units,
          unitsBefore: num(a.unitsBefore),
          amount: a.amount!,
          bcntLocked: a.bcntLocked!,
          placedAt: event.blockTime,
          txHash: event.txHash,
        });
        if (side === 'rock') round.rockUnits = (round.rockUnits ?? 0) + units;
        else round.flameUnits = (round.flameUnits ?? 0) + units;
        round.deposited = add(round.deposited, big(a.amount));
        break;
      }
      case 'FundMatched': {
        round.matchedRock = num(a.matchedRock);
        round.matchedFlame = num(a.matchedFlame);
        round.matchedValue = a.matchedValue!;
        round.refundTotal = a.refundTotal!;
        round.matchedAt = event.blockTime;
        round.status = STATUS_BY_MATCH[round.matchedFlame > 0 ? 'matched' : 'unmatched'];
        for (const order of orders.values()) {
          const cutoff = order.side === 'rock' ? round.matchedRock : round.matchedFlame;
          const matched = Math.max(0, Math.min(order.units, cutoff - order.unitsBefore));
          order.matchedUnits = matched;
          order.refundAmount = (BigInt(order.units - matched) * big(round.unitPrice)).toString();
        }
        break;
      }
      case 'FundStarted':
        round.status = 'running';
        round.startAt = time(a.startAt);
        round.maturity = time(a.maturity);
        break;
      case 'PeriodFunded':
        periods.push({
          chainId,
          fundId: round.fundId,
          period: num(a.period),
          kind: BINFI_PERIOD_KINDS[num(a.kind)]!,
          rockRate: a.rockRate!,
          flameRate: a.flameRate!,
          total: a.total!,
          fundedAt: event.blockTime,
        });
        round.funded = add(round.funded, big(a.total));
        break;
      case 'OrderPaid': {
        const order = orders.get(num(a.orderId));
        if (!order) break;
        const paid = big(a.amount);
        const owed = big(a.owedAmount);
        order.cursor = num(a.toPeriod);
        order.paid = add(order.paid, paid);
        order.owed = add(order.owed, owed);
        if (num(a.fromPeriod) === 0) {
          order.refundPaid = order.refundAmount ?? '0';
          order.refundPaidAt = event.blockTime;
        }
        round.distributed = add(round.distributed, paid + owed);
        payouts.push({
          chainId,
          txHash: event.txHash,
          logIndex: event.logIndex,
          fundId: round.fundId,
          orderId: order.orderId,
          owner: order.owner,
          fromPeriod: num(a.fromPeriod),
          toPeriod: num(a.toPeriod),
          amount: paid.toString(),
          owedAmount: owed.toString(),
          paidAt: event.blockTime,
        });
        break;
      }
      case 'BcntReleased': {
        const order = orders.get(num(a.orderId));
        if (order) order.bcntReleasedAt = event.blockTime;
        break;
      }
      case 'RedemptionQueued': {
        const order = orders.get(num(a.orderId));
        if (!order) break;
        order.redeemedAt = event.blockTime;
        order.exitPeriod = periods.length;
        order.queueIndex = num(a.queueIndex);
        round.redeemedRock = (round.redeemedRock ?? 0) + num(a.units);
        break;
      }
      case 'RedemptionPaid': {
        const order = orders.get(num(a.orderId));
        const amount = big(a.amount) + big(a.owedAmount);
        if (order) {
          order.redemptionAmount = amount.toString();
          order.redemptionPaidAt = event.blockTime;
        }
        round.redemptionPaid = add(round.redemptionPaid, amount);
        break;
      }
      case 'FundStoppedOut':
        round.status = 'stopped_out';
        round.stoppedAt = time(a.stoppedAt);
        round.stopDeadline = time(a.deadline);
        break;
      case 'FundMatured':
        round.status = 'matured';
        round.maturedAt = time(a.maturedAt);
        break;
      case 'FundSettled':
        round.status = 'settled' satisfies BinfiRoundStatus;
        round.defaulted = a.defaulted === 'true';
        round.settledAt = event.blockTime;
        round.rockFinalRate = a.rockRate!;
        round.flameFinalRate = a.flameRate!;
        break;
      default:
        break;
    }
  }
  if (!round) return undefined;
  return { round, orders: [...orders.values()], periods, payouts };
}

/** The stored events of one round of `contract`, oldest first. */
async function roundEvents(
  tx: Db,
  chainId: number,
  contract: string,
  fundId: number,
): Promise<StoredChainEvent[]> {
  return tx
    .select()
    .from(chainEvents)
    .where(
      and(
        eq(chainEvents.chainId, chainId),
        eq(chainEvents.contract, contract),
        sql`${chainEvents.args}->>'fundId' = ${String(fundId)}`,
      ),
    )
    .orderBy(asc(chainEvents.blockNumber), asc(chainEvents.logIndex));
}

/** Deletes a round's rows and writes them again from its stored events. */
export async function rebuildRound(
  tx: Db,
  chainId: number,
  contract: string,
  fundId: number,
): Promise<void> {
  const roundKey = (table: typeof binfiOrders | typeof binfiPeriods | typeof binfiPayouts) =>
    and(eq(table.chainId, chainId), eq(table.fundId, fundId));
  await tx.delete(binfiPayouts).where(roundKey(binfiPayouts));
  await tx.delete(binfiPeriods).where(roundKey(binfiPeriods));
  await tx.delete(binfiOrders).where(roundKey(binfiOrders));
  await tx
    .delete(binfiRounds)
    .where(and(eq(binfiRounds.chainId, chainId), eq(binfiRounds.fundId, fundId)));
  const replayed = replayRound(chainId, await roundEvents(tx, chainId, contract, fundId));
  if (!replayed) return;
  await tx.insert(binfiRounds).values(replayed.round);
  if (replayed.orders.length > 0) await tx.insert(binfiOrders).values(replayed.orders);
  if (replayed.periods.length > 0) await tx.insert(binfiPeriods).values(replayed.periods);
  if (replayed.payouts.length > 0) await tx.insert(binfiPayouts).values(replayed.payouts);
}

/** The decoder's `apply`: rebuilds every round the new events touch. */
export async function applyBinfiEvents(
  tx: Db,
  chainId: number,
  events: readonly StoredChainEvent[],
): Promise<void> {
  const touched = new Map<string, { contract: string; fundId: number }>();
  for (const event of events) {
    const fundId = event.args.fundId;
    if (fundId === undefined) continue; // OwedWithdrawn: read from chain_events
    touched.set(`${event.contract}:${fundId}`, {
      contract: event.contract,
      fundId: Number(fundId),
    });
  }
  for (const { contract, fundId } of touched.values())
    await rebuildRound(tx, chainId, contract, fundId);
}

/** The decoder's `rollback`: rebuilds the rounds built from blocks above `toBlock`. */
export async function rollbackBinfiEvents(tx: Db, chainId: number, toBlock: number): Promise<void> {
  const stale = await tx
    .select({ contract: binfiRounds.contract, fundId: binfiRounds.fundId })
    .from(binfiRounds)
    .where(and(eq(binfiRounds.chainId, chainId), gt(binfiRounds.lastBlock, toBlock)));
  for (const { contract, fundId } of stale) await rebuildRound(tx, chainId, contract, fundId);
}

/** USDT still owed to `accounts` by the pool: failed payouts and redemptions less withdrawals. */
export async function owedTo(
  db: Db,
  chainId: number,
  contract: string,
  accounts: readonly string[],
): Promise<{ usdt: bigint }> {
  if (accounts.length === 0) return { usdt: 0n };
  // the pool's stablecoin is the deployment's TestUSDT (scripts/deploy.ts)
  const usdtToken = deployedAddress(testUsdtAddress, chainId);
  const [credited] = await db
    .select({ owed: sql<string>`coalesce(sum(${binfiOrders.owed}), 0)` })
    .from(binfiOrders)
    .where(and(eq(binfiOrders.chainId, chainId), inArray(binfiOrders.owner, [...accounts])));
  const redemptions = await db
    .select({ args: chainEvents.args, event: chainEvents.event })
    .from(chainEvents)
    .where(
      and(
        eq(chainEvents.chainId, chainId),
        eq(chainEvents.contract, contract),
        inArray(chainEvents.event, ['RedemptionPaid', 'OwedWithdrawn']),
        inArray(chainEvents.account, [...accounts]),
      ),
    );
  let usdt = BigInt(credited?.owed ?? '0');
  for (const row of redemptions) {
    if (row.event === 'RedemptionPaid') usdt += BigInt(row.args.owedAmount ?? '0');
    else if (row.args.token === usdtToken) usdt -= BigInt(row.args.amount ?? '0');
  }
  return { usdt: usdt < 0n ? 0n : usdt };
}

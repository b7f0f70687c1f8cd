import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import { platformDay } from '../../../shared/time/platform-days';
import {
  type AutotradeSnapshotKind,
  autotradeBooks,
  autotradeEquitySnapshots,
  autotradeStrategies,
  autotradeStrategyState,
  autotradeSubscriptions,
} from '../../db/schema';
import { mulUnits } from '../../exchange/decimal';
import type { AutotradeDeps } from './context';
import { strategyAccount } from './strategies';

/**
 * Daily equity (the `autotrade-snapshots` job): each running strategy's account (quote + base x
 * last) and each open subscription book (cash + position x last), one row per owner and UTC+8
 * day, rewritten at most every REFRESH_MS through the day, so a day's row ends with its last
 * value. The charts and the strategy figures (strategy-views.ts) are computed from these rows.
 */

export const AUTOTRADE_SNAPSHOTS_TASK = 'autotrade-snapshots';
export const SNAPSHOT_REFRESH_MS = 15 * 60_000;

/** Owners looked up per statement (each a lookup in the (kind, owner, day) unique index). */
const FRESH_BATCH = 1000;

/**
 * Which of `owners` (of `kind`) have their row for `day` written after `since`: a statement per
 * thousand owners, where one per owner was most of an idle job's work (it runs every tick).
 */
async function freshOwners(
  deps: Pick<AutotradeDeps, 'db'>,
  kind: AutotradeSnapshotKind,
  owners: number[],
  day: string,
  since: Date,
): Promise<Set<number>> {
  const fresh = new Set<number>();
  for (let i = 0; i < owners.length; i += FRESH_BATCH) {
    const rows = await deps.db
      .select({ ownerId: autotradeEquitySnapshots.ownerId })
      .from(autotradeEquitySnapshots)
      .where(
        and(
          eq(autotradeEquitySnapshots.kind, kind),
          inArray(autotradeEquitySnapshots.ownerId, owners.slice(i, i + FRESH_BATCH)),
          eq(autotradeEquitySnapshots.day, day),
          gt(autotradeEquitySnapshots.takenAt, since),
        ),
      );
    for (const row of rows) fresh.add(row.ownerId);
  }
  return fresh;
}

export async function writeSnapshot(
  deps: Pick<AutotradeDeps, 'db'>,
  kind: AutotradeSnapshotKind,
  ownerId: number,
  at: Date,
  values: { cash: bigint; position: bigint; price: bigint },
): Promise<void> {
  const equity = values.cash + mulUnits(values.position, values.price);
  const set = {
    equity: equity.toString(),
    cash: values.cash.toString(),
    position: values.position.toString(),
    price: values.price.toString(),
    takenAt: at,
  };
  await deps.db
    .insert(autotradeEquitySnapshots)
    .values({ kind, ownerId, day: platformDay(at), ...set })
    .onConflictDoUpdate({
      target: [
        autotradeEquitySnapshots.kind,
        autotradeEquitySnapshots.ownerId,
        autotradeEquitySnapshots.day,
      ],
      set,
    });
}

export async function takeSnapshots(deps: AutotradeDeps): Promise<number> {
  const now = deps.clock.now();
  const day = platformDay(now);
  const since = new Date(now.getTime() - SNAPSHOT_REFRESH_MS);
  const prices = new Map<string, bigint>();
  const priceOf = async (symbol: string) => {
    let price = prices.get(symbol);
    if (price === undefined) {
      price = (await deps.exchange.ticker(symbol)).last;
      prices.set(symbol, price);
    }
    return price;
  };
  let written = 0;

  const strategies = await deps.db
    .select()
    .from(autotradeStrategies)
    .where(eq(autotradeStrategies.status, 'running'));
  const freshStrategies = await freshOwners(
    deps,
    'strategy',
    strategies.map((strategy) => strategy.id),
    day,
    since,
  );
  for (const strategy of strategies) {
    if (freshStrategies.has(strategy.id)) continue;
    try {
      const account = await strategyAccount(deps, strategy);
      prices.set(strategy.symbol, account.price);
      await writeSnapshot(deps, 'strategy', strategy.id, now, account);
      // the price the listings value subscribers' positions at (AUM, portfolios)
      await deps.db
        .update(autotradeStrategyState)
        .set({ lastPrice: account.price.toString(), updatedAt: now })
        .where(eq(autotradeStrategyState.strategyId, strategy.id));
      written += 1;
    } catch (error) {
      deps.log?.warn(
        { strategy: strategy.id, err: (error as Error).message },
        'autotrade: no snapshot',
      );
    }
  }

  const books = await deps.db
    .select({ book: autotradeBooks })
    .from(autotradeBooks)
    .innerJoin(autotradeSubscriptions, eq(autotradeSubscriptions.id, autotradeBooks.subscriptionId))
    .where(
      and(
        isNull(autotradeBooks.closedAt),
        inArray(autotradeSubscriptions.state, ['active', 'paused']),
      ),
    );
  const freshBooks = await freshOwners(
    deps,
    'subscription',
    books.map(({ book }) => book.subscriptionId),
    day,
    since,
  );
  for (const { book } of books) {
    if (freshBooks.has(book.subscriptionId)) continue;
    try {
      const price = await priceOf(book.symbol);
      await writeSnapshot(deps, 'subscription', book.subscriptionId, now, {
        cash: BigInt(book.cash),
        position: BigInt(book.position),
        price,
      });
      written += 1;
    } catch (error) {
      deps.log?.warn(
        { subscription: book.subscriptionId, err: (error as Error).message },
        'autotrade: no snapshot',
      );
    }
  }
  return written;
}

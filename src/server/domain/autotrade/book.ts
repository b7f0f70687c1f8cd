import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  autotradeBooks,
  autotradeOrders,
  autotradeStrategies,
  autotradeSubscriptions,
} from '../../db/schema';
import type { ExchangeAdapter } from '../../exchange/adapter';
import { mulUnits } from '../../exchange/decimal';
import type { AutotradeDeps } from './context';
import { newClientOrderId } from './signals';

/**
 * A subscription's book: the part of the member's exchange account mirrored, as quote cash and
 * base position. It opens with the allocation in cash, every mirrored fill moves it (fees
 * included: a buy's fee is charged in the base it receives, a sell's in the quote), and it is
 * what the executor sizes orders on and what the subscription's equity is.
 *
 * For the subscribe flow (the other side of Smart Autotrade):
 * - `openSubscriptionBook(deps, subscriptionId)` when a subscription becomes active: opens the
 *   book with the allocation (once) and queues a rebalance to the strategy's current position
 *   share (the executor sizes and sends it on its next run);
 * - `stopMirroring(deps, subscriptionId)` at unsubscribe (or cancellation): no more signals are
 *   mirrored, anything still queued is marked missed, and the position is sold back to cash
 *   (an IOC sell queued as the `close` order), so the member is left in the quote currency they
 *   allocated and nothing bought by a strategy they left stays unmanaged on their account;
 * - `subscriptionEquity(db, adapter, subscriptionId)`: cash + position x last price (1e-8 quote
 *   units), what the performance fee and the reports measure.
 */

export type BookRow = typeof autotradeBooks.$inferSelect;

export async function loadBook(db: Db, subscriptionId: number): Promise<BookRow | undefined> {
  const [book] = await db
    .select()
    .from(autotradeBooks)
    .where(eq(autotradeBooks.subscriptionId, subscriptionId));
  return book;
}

/** Open the subscription's book (once) and queue the rebalance to the strategy's position share. */
export async function openSubscriptionBook(
  deps: Pick<AutotradeDeps, 'db' | 'clock'>,
  subscriptionId: number,
): Promise<BookRow> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ subscription: autotradeSubscriptions, strategy: autotradeStrategies })
      .from(autotradeSubscriptions)
      .innerJoin(autotradeStrategies, eq(autotradeStrategies.id, autotradeSubscriptions.strategyId))
      .where(eq(autotradeSubscriptions.id, subscriptionId));
    if (!row) throw new Error(`subscription ${subscriptionId} not found`);
    const { subscription, strategy } = row;
    await tx
      .insert(autotradeBooks)
      .values({
        subscriptionId,
        strategyId: strategy.id,
        symbol: strategy.symbol,
        invested: subscription.allocation,
        cash: subscription.allocation,
        position: '0',
        openedAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing();
    await tx
      .insert(autotradeOrders)
      .values({
        subscriptionId,
        memberId: subscription.memberId,
        strategyId: strategy.id,
        apiKeyId: subscription.apiKeyId,
        purpose: 'open',
        dedupeKey: 'open',
        clientOrderId: newClientOrderId(),
        status: 'pending',
        symbol: strategy.symbol,
        leverageX100: strategy.leverageX100,
        createdAt: now,
      })
      .onConflictDoNothing();
    const [book] = await tx
      .select()
      .from(autotradeBooks)
      .where(eq(autotradeBooks.subscriptionId, subscriptionId));
    return book!;
  });
}

/**
 * Stop mirroring (unsubscribe, cancellation): the book closes to signals, queued orders are
 * missed, and the position is sold back to cash by a `close` order the executor sends. Answers
 * the book; calling it again changes nothing.
 */
export async function stopMirroring(
  deps: Pick<AutotradeDeps, 'db' | 'clock'>,
  subscriptionId: number,
): Promise<BookRow | undefined> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [book] = await tx
      .select()
      .from(autotradeBooks)
      .where(eq(autotradeBooks.subscriptionId, subscriptionId))
      .for('update');
    if (!book) return undefined;
    if (book.closedAt) return book;
    await tx
      .update(autotradeOrders)
      .set({ status: 'missed', reason: 'unsubscribed', doneAt: now })
      .where(
        and(
          eq(autotradeOrders.subscriptionId, subscriptionId),
          eq(autotradeOrders.status, 'pending'),
        ),
      );
    const [subscription] = await tx
      .select()
      .from(autotradeSubscriptions)
      .where(eq(autotradeSubscriptions.id, subscriptionId));
    if (subscription && BigInt(book.position) > 0n) {
      await tx
        .insert(autotradeOrders)
        .values({
          subscriptionId,
          memberId: subscription.memberId,
          strategyId: book.strategyId,
          apiKeyId: subscription.apiKeyId,
          purpose: 'close',
          dedupeKey: 'close',
          clientOrderId: newClientOrderId(),
          status: 'pending',
          symbol: book.symbol,
          side: 'sell',
          leverageX100: 100,
          createdAt: now,
        })
        .onConflictDoNothing();
    }
    const [closed] = await tx
      .update(autotradeBooks)
      .set({ closedAt: now, updatedAt: now })
      .where(eq(autotradeBooks.subscriptionId, subscriptionId))
      .returning();
    return closed;
  });
}

/** cash + position x the market's last price, 1e-8 quote units (0 without a book). */
export async function subscriptionEquity(
  db: Db,
  adapter: ExchangeAdapter,
  subscriptionId: number,
): Promise<bigint> {
  const book = await loadBook(db, subscriptionId);
  if (!book) return 0n;
  const position = BigInt(book.position);
  if (position === 0n) return BigInt(book.cash);
  const { last } = await adapter.ticker(book.symbol);
  return BigInt(book.cash) + mulUnits(position, last);
}

/** The books of the given subscriptions still open (for the executor's fan-out). */
export async function openBooks(db: Db, subscriptionIds: number[]): Promise<BookRow[]> {
  if (subscriptionIds.length === 0) return [];
  return db
    .select()
    .from(autotradeBooks)
    .where(
      and(inArray(autotradeBooks.subscriptionId, subscriptionIds), isNull(autotradeBooks.closedAt)),
    );
}

/** Move a book by a mirrored order's result (inside the caller's transaction). */
export async function applyToBook(
  tx: Pick<Db, 'update'>,
  subscriptionId: number,
  change: { cash: bigint; position: bigint; fees: bigint },
  now: Date,
): Promise<void> {
  await tx
    .update(autotradeBooks)
    .set({
      cash: sql`${autotradeBooks.cash} + ${change.cash.toString()}::numeric`,
      position: sql`greatest(${autotradeBooks.position} + ${change.position.toString()}::numeric, 0)`,
      feesPaid: sql`${autotradeBooks.feesPaid} + ${change.fees.toString()}::numeric`,
      updatedAt: now,
    })
    .where(eq(autotradeBooks.subscriptionId, subscriptionId));
}

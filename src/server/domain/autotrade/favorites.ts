import { and, asc, eq, inArray } from 'drizzle-orm';
import type { StrategyList } from '../../../shared/api/autotrade-strategies';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { autotradeFavorites, autotradeStrategies } from '../../db/schema';
import { listedStrategy, summariesOf } from './strategy-views';

/**
 * A member's favorite strategies (`/user/FavoriteStrategy`): GET lists them (running and
 * closed, in the order they were added), POST adds one (again: no change), DELETE removes one;
 * both answer the list. Drafts cannot be added (not found).
 */

export async function favoriteStrategies(
  db: Db,
  clock: Clock,
  memberId: number,
): Promise<StrategyList> {
  const rows = await db
    .select({ strategyId: autotradeFavorites.strategyId })
    .from(autotradeFavorites)
    .where(eq(autotradeFavorites.memberId, memberId))
    .orderBy(asc(autotradeFavorites.createdAt), asc(autotradeFavorites.strategyId));
  const ids = rows.map((row) => row.strategyId);
  if (ids.length === 0) return { list: [] };
  const strategies = await db
    .select()
    .from(autotradeStrategies)
    .where(inArray(autotradeStrategies.id, ids));
  const listed = ids
    .map((id) => strategies.find((s) => s.id === id))
    .filter((s): s is NonNullable<typeof s> => Boolean(s) && s!.status !== 'draft');
  return { list: await summariesOf(db, clock, listed) };
}

export async function addFavorite(db: Db, clock: Clock, memberId: number, strategyId: number) {
  await listedStrategy(db, strategyId);
  await db
    .insert(autotradeFavorites)
    .values({ memberId, strategyId, createdAt: clock.now() })
    .onConflictDoNothing();
  return favoriteStrategies(db, clock, memberId);
}

export async function removeFavorite(db: Db, clock: Clock, memberId: number, strategyId: number) {
  await db
    .delete(autotradeFavorites)
    .where(
      and(eq(autotradeFavorites.memberId, memberId), eq(autotradeFavorites.strategyId, strategyId)),
    );
  return favoriteStrategies(db, clock, memberId);
}

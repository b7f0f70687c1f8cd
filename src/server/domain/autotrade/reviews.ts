import { and, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import {
  AutotradeStrategyError,
  type ReviewBody,
  type StrategyReview,
  type StrategyReviewList,
} from '../../../shared/api/autotrade-strategies';
import { ErrorCode } from '../../../shared/api/envelope';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { autotradeReviews, autotradeSubscriptions, members } from '../../db/schema';
import { AppError } from '../../errors';
import { listedStrategy } from './strategy-views';

/**
 * Ratings and comments ("Rate this product"): a member who subscribed to the strategy (a
 * subscription that became active, whether it still runs or ended) rates it 1-5 with a comment,
 * once per strategy; posting again edits the same review. The list shows the member's nickname,
 * newest change first, and the average rating.
 */

const DEFAULT_PAGE_SIZE = 20;

export async function reviewList(
  db: Db,
  query: { id: number; page?: number | undefined; pageSize?: number | undefined },
): Promise<StrategyReviewList> {
  await listedStrategy(db, query.id);
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  const where = eq(autotradeReviews.strategyId, query.id);
  const [totals] = await db
    .select({ total: count(), average: sql<string | null>`avg(${autotradeReviews.rating})` })
    .from(autotradeReviews)
    .where(where);
  const rows = await db
    .select({ review: autotradeReviews, nickname: members.nickname })
    .from(autotradeReviews)
    .innerJoin(members, eq(members.id, autotradeReviews.memberId))
    .where(where)
    .orderBy(desc(autotradeReviews.updatedAt), desc(autotradeReviews.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    list: rows.map(({ review, nickname }) => view(review, nickname)),
    total: Number(totals?.total ?? 0),
    page,
    pageSize,
    rating:
      totals?.average === null || totals?.average === undefined
        ? null
        : Math.round(Number(totals.average) * 10) / 10,
  };
}

function view(review: typeof autotradeReviews.$inferSelect, nickname: string): StrategyReview {
  return {
    id: review.id,
    nickname,
    rating: review.rating,
    comment: review.comment,
    createdAt: review.createdAt.toISOString(),
    updatedAt: review.updatedAt.toISOString(),
  };
}

/** POST /user/StrategyReview */
export async function postReview(
  db: Db,
  clock: Clock,
  memberId: number,
  body: ReviewBody,
): Promise<StrategyReview> {
  await listedStrategy(db, body.strategyId);
  const [subscribed] = await db
    .select({ id: autotradeSubscriptions.id })
    .from(autotradeSubscriptions)
    .where(
      and(
        eq(autotradeSubscriptions.memberId, memberId),
        eq(autotradeSubscriptions.strategyId, body.strategyId),
        isNotNull(autotradeSubscriptions.activatedAt),
      ),
    )
    .limit(1);
  if (!subscribed) {
    throw new AppError(ErrorCode.forbidden, AutotradeStrategyError.reviewNotAllowed, {
      field: 'strategyId',
    });
  }
  const now = clock.now();
  const [review] = await db
    .insert(autotradeReviews)
    .values({
      strategyId: body.strategyId,
      memberId,
      rating: body.rating,
      comment: body.comment,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [autotradeReviews.strategyId, autotradeReviews.memberId],
      set: { rating: body.rating, comment: body.comment, updatedAt: now },
    })
    .returning();
  const [member] = await db
    .select({ nickname: members.nickname })
    .from(members)
    .where(eq(members.id, memberId));
  return view(review!, member?.nickname ?? '');
}

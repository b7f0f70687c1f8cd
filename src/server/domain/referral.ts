import { count, desc, eq } from 'drizzle-orm';
import type { ReferralHistory, ReferralHistoryQuery } from '../../shared/api/referral';
import { memberLevel } from '../../shared/membership/levels';
import { members, referralFriends } from '../db/schema';
import { maskEmail } from './auth/crypto';
import { derivedRoleId, type LevelContext } from './loyalty/member-level';

/**
 * The referral record (GET /api/v1/user/referral/history): members who registered with this
 * member's referral code, newest first, with masked e-mails and their level now (derived like
 * everywhere else: KYC bit plus the loyalty levels from the chain), and the referral program's
 * view of them: the level-1 date and the qualified flag (domain/programs/referral-rewards.ts).
 */
export async function referralHistory(
  ctx: LevelContext,
  memberId: number,
  query: ReferralHistoryQuery,
): Promise<ReferralHistory> {
  const where = eq(members.referredBy, memberId);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({
        id: members.id,
        email: members.email,
        roleId: members.roleId,
        createdAt: members.createdAt,
        level1At: referralFriends.level1At,
        counted: referralFriends.counted,
      })
      .from(members)
      .leftJoin(referralFriends, eq(referralFriends.memberId, members.id))
      .where(where)
      .orderBy(desc(members.createdAt), desc(members.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    ctx.db.select({ n: count() }).from(members).where(where),
  ]);
  const list = [];
  for (const row of rows) {
    list.push({
      email: maskEmail(row.email),
      registeredAt: row.createdAt.toISOString(),
      level: memberLevel(await derivedRoleId(ctx, row)),
      level1At: row.level1At?.toISOString() ?? null,
      qualified: row.counted === true,
    });
  }
  return { list, total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
}

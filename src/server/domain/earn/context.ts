import { inArray } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { members } from '../../db/schema';
import type { Outbox } from '../auth/outbox';
import { loyaltyParts } from '../loyalty/member-level';
import type { PriceFeed } from '../wallet/price-feed';

/** What the earn domain needs: the database, the clock, prices (BCNT redemption), e-mail. */
export interface EarnDeps {
  db: Db;
  clock: Clock;
  prices: PriceFeed;
  outbox: Outbox;
  /** the chain whose indexed stakes make loyalty levels */
  chainId: number;
  /** links in e-mails */
  appOrigin: string;
}

/** advisory lock namespace of earn products (any constant int4) */
export const EARN_PRODUCT_LOCK = 60_071;

/** The members' loyalty levels now (0-4), as every other screen derives them. */
export async function memberLevels(
  deps: Pick<EarnDeps, 'db' | 'clock' | 'chainId'>,
  memberIds: readonly number[],
): Promise<Map<number, number>> {
  const ids = [...new Set(memberIds)];
  if (ids.length === 0) return new Map();
  const rows = await deps.db
    .select({ id: members.id, roleId: members.roleId })
    .from(members)
    .where(inArray(members.id, ids));
  const ctx = { db: deps.db, clock: deps.clock, chainId: deps.chainId };
  const levels = new Map<number, number>();
  for (const row of rows) levels.set(row.id, (await loyaltyParts(ctx, row)).level);
  return levels;
}

export async function memberLevel(
  deps: Pick<EarnDeps, 'db' | 'clock' | 'chainId'>,
  memberId: number,
): Promise<number> {
  return (await memberLevels(deps, [memberId])).get(memberId) ?? 0;
}

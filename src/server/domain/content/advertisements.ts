import { and, asc, eq, gt, isNull, or } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { advertisements } from '../../db/schema/content';
import type { Advertisement } from '../../../shared/api/content-ads';
import { ErrorCode, ErrorMessage } from '../../../shared/api/envelope';
import { AppError } from '../../errors';

/**
 * Advertisements (spec section 3: isWeb, sortOrder, openUrl, imageAppURL): the operator adds
 * and removes them (`ops content ad ...`); `GET /api/v1/premium2/Advertisement` answers those
 * running now (not removed, `endsAt` not passed), by sortOrder then id. The web's popup shows
 * the first web one (features/landing).
 */

type AdRow = typeof advertisements.$inferSelect;

function viewOf(row: AdRow): Advertisement {
  return {
    id: row.id,
    isWeb: row.isWeb,
    sortOrder: row.sortOrder,
    openUrl: row.openUrl,
    imageAppURL: row.imageAppUrl,
    endsAt: row.endsAt?.toISOString() ?? null,
  };
}

export async function runningAdvertisements(db: Db, clock: Clock): Promise<Advertisement[]> {
  const rows = await db
    .select()
    .from(advertisements)
    .where(
      and(
        isNull(advertisements.removedAt),
        or(isNull(advertisements.endsAt), gt(advertisements.endsAt, clock.now())),
      ),
    )
    .orderBy(asc(advertisements.sortOrder), asc(advertisements.id));
  return rows.map(viewOf);
}

export interface NewAdvertisement {
  isWeb: boolean;
  sortOrder: number;
  openUrl: string;
  imageAppUrl?: string | undefined;
  endsAt?: Date | undefined;
}

export interface AdvertisementRecord extends Advertisement {
  removedAt: string | null;
}

function recordOf(row: AdRow): AdvertisementRecord {
  return { ...viewOf(row), removedAt: row.removedAt?.toISOString() ?? null };
}

export async function createAdvertisement(
  db: Db,
  clock: Clock,
  input: NewAdvertisement,
): Promise<AdvertisementRecord> {
  const [row] = await db
    .insert(advertisements)
    .values({
      isWeb: input.isWeb,
      sortOrder: input.sortOrder,
      openUrl: input.openUrl,
      imageAppUrl: input.imageAppUrl ?? null,
      endsAt: input.endsAt ?? null,
      createdAt: clock.now(),
    })
    .returning();
  return recordOf(row!);
}

/** Takes an ad down (kept for the record); removing it twice answers the same. */
export async function removeAdvertisement(
  db: Db,
  clock: Clock,
  id: number,
): Promise<AdvertisementRecord> {
  const [current] = await db.select().from(advertisements).where(eq(advertisements.id, id));
  if (!current) throw new AppError(ErrorCode.notFound, ErrorMessage.notFound, { field: 'id' });
  if (current.removedAt) return recordOf(current);
  const [row] = await db
    .update(advertisements)
    .set({ removedAt: clock.now() })
    .where(eq(advertisements.id, id))
    .returning();
  return recordOf(row!);
}

export async function listAdvertisementRecords(db: Db): Promise<AdvertisementRecord[]> {
  const rows = await db
    .select()
    .from(advertisements)
    .orderBy(asc(advertisements.sortOrder), asc(advertisements.id));
  return rows.map(recordOf);
}

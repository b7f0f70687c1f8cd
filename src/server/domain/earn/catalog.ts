import { and, asc, eq, inArray, like, sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { earnNav, earnProducts, earnSubscriptions } from '../../db/schema/earn';
import { AppError } from '../../errors';
import { ErrorCode } from '../../../shared/api/envelope';
import {
  EarnError,
  type EarnNav,
  type EarnProduct,
  type EarnProductDetail,
  type EarnProductState,
  type LevelRates,
} from '../../../shared/api/earn';
import type { LoyaltySetting } from '../../../shared/api/loyalty';
import { CURRENCY_ID } from '../../../shared/constants/currencies';
import {
  consentsFor,
  EARN_PRODUCT_TYPE,
  fallbackAnnualReturn,
  isNavKind,
  isProKind,
  isRateKind,
  serialLetter,
} from '../../../shared/constants/earn';
import { formatAtomic } from '../../../shared/money/decimal';
import { addMonths, platformDay } from '../../../shared/time/platform-days';
import { loyaltyRates } from '../loyalty/rates';
import { currencyDecimals } from '../wallet/balances';

/**
 * The earn catalog: products as operators create them (`ops product ...`) and as members and
 * visitors read them (premium2 List, GuestDetail, Detail). A product's state comes from its
 * dates, its operator status and what was subscribed (never stored twice):
 *
 * - draft: not listed, not readable; closed: not listed, no new subscriptions (existing ones
 *   run to their end);
 * - upcoming before raiseStart; raising until startAt (Join is open until raiseEnd);
 * - at startAt: failed when a soft cap is set and the subscribed units stay below it, else
 *   running until the first term's end (startAt + periodMonth), then ended.
 */

export type EarnProductRow = typeof earnProducts.$inferSelect;

/** Subscriptions that count as sold units (everything but the cancelled ones). */
const SOLD_STATES = ['raising', 'running', 'asset_return', 'ended', 'failed'] as const;

export const bpsToPercent = (bps: number) => bps / 100;

export function productEndAt(row: Pick<EarnProductRow, 'startAt' | 'periodMonth'>): Date {
  return addMonths(row.startAt, row.periodMonth);
}

export function productState(row: EarnProductRow, soldUnits: number, now: Date): EarnProductState {
  if (row.status === 'closed' && now < row.startAt) return 'closed';
  if (now < row.raiseStart) return 'upcoming';
  if (now < row.startAt) return 'raising';
  if (row.softCapUnits !== null && soldUnits < row.softCapUnits) return 'failed';
  return now < productEndAt(row) ? 'running' : 'ended';
}

/** Join is open: listed, fundraising window open. */
export function isJoinOpen(row: EarnProductRow, now: Date): boolean {
  return row.status === 'open' && row.raiseStart <= now && now < row.raiseEnd;
}

/** Units subscribed to each product (cancelled subscriptions not counted). */
export async function soldUnits(db: Db, productIds: number[]): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({
      productId: earnSubscriptions.productId,
      units: sql<string>`coalesce(sum(${earnSubscriptions.units}), 0)::text`,
    })
    .from(earnSubscriptions)
    .where(
      and(
        inArray(earnSubscriptions.productId, productIds),
        inArray(earnSubscriptions.state, [...SOLD_STATES]),
      ),
    )
    .groupBy(earnSubscriptions.productId);
  return new Map(rows.map((row) => [row.productId, Number(row.units)]));
}

/** A rate product's yearly rate at each loyalty level, from the loyalty table or its own. */
export function levelRatesOf(row: EarnProductRow, table: LoyaltySetting): LevelRates | null {
  if (!isRateKind(row.kind)) return null;
  const list = isProKind(row.kind) ? table.pro : table.fixed;
  const entry = list.find((rate) => rate.currencyName === row.currency);
  if (entry) {
    const { lv1Rate, lv2Rate, lv3Rate, lv4Rate } = entry;
    return { lv1Rate, lv2Rate, lv3Rate, lv4Rate };
  }
  const own = bpsToPercent(
    row.annualReturnBps ?? fallbackAnnualReturn(row.kind, row.currency, row.strategy) * 100,
  );
  return { lv1Rate: own, lv2Rate: own, lv3Rate: own, lv4Rate: own };
}

/** The yearly rate in basis points at a level (levels below 1 earn the level-1 rate). */
export function rateBpsAt(rates: LevelRates, level: number): number {
  const percent =
    level >= 4
      ? rates.lv4Rate
      : level === 3
        ? rates.lv3Rate
        : level === 2
          ? rates.lv2Rate
          : rates.lv1Rate;
  return Math.round(percent * 100);
}

export function formatUnits(row: Pick<EarnProductRow, 'currency'>, units: bigint): string {
  return formatAtomic(units, currencyDecimals(row.currency));
}

function listItem(
  row: EarnProductRow,
  sold: number,
  table: LoyaltySetting,
  now: Date,
): EarnProduct {
  const fallback = row.annualReturnBps === null;
  const rates = levelRatesOf(row, table);
  const stableCoin = row.currency === 'USDT' || row.currency === 'USDC';
  return {
    id: row.id,
    serialNumber: row.serialNumber,
    name: row.name,
    kind: row.kind,
    productType: EARN_PRODUCT_TYPE[row.kind],
    strategy: row.strategy ?? null,
    currency: row.currency,
    settlementCurrencyId: CURRENCY_ID[row.currency],
    sortOrder: row.sortOrder,
    periodMonth: row.periodMonth,
    raiseStart: row.raiseStart.toISOString(),
    raiseEnd: row.raiseEnd.toISOString(),
    startAt: row.startAt.toISOString(),
    endAt: productEndAt(row).toISOString(),
    state: productState(row, sold, now),
    annualReturn: fallback
      ? fallbackAnnualReturn(row.kind, row.currency, row.strategy)
      : bpsToPercent(row.annualReturnBps ?? 0),
    annualReturnFallback: fallback,
    stakeInterestAPYLv3: rates && stableCoin ? rates.lv3Rate : null,
    maxDrawdown: row.maxDrawdownBps === null ? null : bpsToPercent(row.maxDrawdownBps),
    riskLevel: row.riskLevel,
    minUnit: row.minUnit,
    maxUnit: row.maxUnit,
    perUnit: formatUnits(row, BigInt(row.perUnit)),
    minInvestment: formatUnits(row, BigInt(row.perUnit) * BigInt(row.minUnit)),
    // the spec: the limited label is for products other than BTC and ETH
    limited: row.limited && row.currency !== 'BTC' && row.currency !== 'ETH',
    premiumOnly: row.premiumOnly,
    settlement: row.settlement,
    soldUnits: sold,
    capacityUnits: row.capacityUnits,
  };
}

/** premium2/List: listed products (premium funds for premier members only), sortOrder, id. */
export async function listProducts(
  db: Db,
  clock: Clock,
  viewer: { premier: boolean },
): Promise<EarnProduct[]> {
  const rows = await db
    .select()
    .from(earnProducts)
    .where(
      and(
        eq(earnProducts.status, 'open'),
        ...(viewer.premier ? [] : [eq(earnProducts.premiumOnly, false)]),
      ),
    )
    .orderBy(asc(earnProducts.sortOrder), asc(earnProducts.id));
  const [sold, table] = await Promise.all([
    soldUnits(
      db,
      rows.map((row) => row.id),
    ),
    loyaltyRates(db),
  ]);
  const now = clock.now();
  return rows.map((row) => listItem(row, sold.get(row.id) ?? 0, table, now));
}

/** A product readable by this viewer (listed or closed; premium funds for premier members). */
export async function readableProduct(
  db: Db,
  serialNumber: string,
  viewer: { premier: boolean },
): Promise<EarnProductRow> {
  const [row] = await db
    .select()
    .from(earnProducts)
    .where(eq(earnProducts.serialNumber, serialNumber))
    .limit(1);
  if (!row || row.status === 'draft' || (row.premiumOnly && !viewer.premier))
    throw new AppError(ErrorCode.notFound, EarnError.productNotFound);
  return row;
}

export async function productById(db: Db, id: number): Promise<EarnProductRow> {
  const [row] = await db.select().from(earnProducts).where(eq(earnProducts.id, id)).limit(1);
  if (!row || row.status === 'draft')
    throw new AppError(ErrorCode.notFound, EarnError.productNotFound);
  return row;
}

type NavPoint = { day: string; nav: string };

async function navPoints(db: Db, productId: number): Promise<NavPoint[]> {
  return db
    .select({ day: earnNav.day, nav: earnNav.nav })
    .from(earnNav)
    .where(eq(earnNav.productId, productId))
    .orderBy(asc(earnNav.day));
}

const ratio = (a: string, b: string) => Number(a) / Number(b);
const percent = (value: number) => Math.round(value * 10_000) / 100;

function navStats(points: NavPoint[], now: Date) {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return { ytd: null, itd: null, highWatermark: null };
  const year = platformDay(now).slice(0, 4);
  const beforeYear = [...points].reverse().find((point) => point.day < `${year}-01-01`) ?? first;
  const peak = points.reduce(
    (max, point) => (Number(point.nav) > Number(max) ? point.nav : max),
    first.nav,
  );
  return {
    itd: percent(ratio(last.nav, first.nav) - 1),
    ytd: percent(ratio(last.nav, beforeYear.nav) - 1),
    highWatermark: peak,
  };
}

/** The product's detail (GuestDetail, and the product part of Detail). */
export async function productDetail(
  db: Db,
  clock: Clock,
  row: EarnProductRow,
): Promise<EarnProductDetail> {
  const [sold, table, points] = await Promise.all([
    soldUnits(db, [row.id]),
    loyaltyRates(db),
    isNavKind(row.kind) ? navPoints(db, row.id) : Promise.resolve([]),
  ]);
  const now = clock.now();
  const stats = navStats(points, now);
  return {
    ...listItem(row, sold.get(row.id) ?? 0, table, now),
    description: row.description,
    renewable: row.renewable,
    minRenewUnits: row.minRenewUnits,
    softCapUnits: row.softCapUnits,
    leverage: row.leverageX100 === null ? null : row.leverageX100 / 100,
    sharpeRatio: row.sharpeX100 === null ? null : row.sharpeX100 / 100,
    ytdReturn: stats.ytd,
    itdReturn: stats.itd,
    managementFeePct: row.managementFeeBps === null ? null : bpsToPercent(row.managementFeeBps),
    performanceFeePct: row.performanceFeeBps === null ? null : bpsToPercent(row.performanceFeeBps),
    highWatermark: row.kind === 'alliance' ? stats.highWatermark : null,
    levelRates: levelRatesOf(row, table),
    consents: [...consentsFor(row.kind, row.premiumOnly)],
  };
}

/** premium2/Nav: the posted NAV with the drawdown from the running peak. */
export async function productNav(db: Db, row: EarnProductRow): Promise<EarnNav> {
  const points = await navPoints(db, row.id);
  let peak = 0;
  return {
    list: points.map((point) => {
      const value = Number(point.nav);
      peak = Math.max(peak, value);
      return { day: point.day, nav: point.nav, drawdown: percent(value / peak - 1) };
    }),
  };
}

/** The next serial number of a currency and kind: USDT-035R after USDT-034R. */
export async function nextSerialNumber(
  db: Db,
  row: Pick<EarnProductRow, 'currency' | 'kind' | 'strategy'>,
): Promise<string> {
  const existing = await db
    .select({ serialNumber: earnProducts.serialNumber })
    .from(earnProducts)
    .where(like(earnProducts.serialNumber, `${row.currency}-%`));
  const highest = existing.reduce((max, { serialNumber }) => {
    const digits = Number(/-(\d{3})[A-Z]$/.exec(serialNumber)?.[1] ?? 0);
    return Math.max(max, digits);
  }, 0);
  if (highest >= 999) throw new Error(`no serial numbers left for ${row.currency}`);
  const number = String(highest + 1).padStart(3, '0');
  return `${row.currency}-${number}${serialLetter(row.kind, row.strategy)}`;
}

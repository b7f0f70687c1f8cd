import { asc, eq } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { earnNav, earnProducts, type EarnProductStatus } from '../../db/schema/earn';
import type { LocalizedText } from '../../../shared/api/earn';
import {
  type EarnCurrency,
  type EarnKind,
  isNavKind,
  type MixedStrategy,
} from '../../../shared/constants/earn';
import { parseAmount } from '../../../shared/money/decimal';
import { dayStart, platformDay } from '../../../shared/time/platform-days';
import { currencyDecimals } from '../wallet/balances';
import { type EarnProductRow, formatUnits, nextSerialNumber, productEndAt } from './catalog';

/**
 * What operators do to the catalog (`ops product ...`): create a product (draft, with the next
 * serial number of its currency), change it, open it to the catalog, close it, post its NAV.
 * Validation of the words and numbers is the command's (ops/earn-commands.ts); the rules that
 * need the data are here.
 */

export interface ProductFields {
  kind: EarnKind;
  strategy?: MixedStrategy | undefined;
  currency: EarnCurrency;
  name: LocalizedText;
  description: LocalizedText;
  periodMonth: number;
  /** days YYYY-MM-DD (UTC+8): the fundraising opens at raiseStart 00:00, closes at raiseEnd
   * 00:00; the contract starts at startDay 00:00 */
  raiseStart: string;
  raiseEnd: string;
  startDay: string;
  /** percent (8.5) or null for the spec's fallback */
  annualReturn: number | null;
  maxDrawdown: number | null;
  riskLevel: number;
  minUnit: number;
  maxUnit: number;
  /** whole units of the currency per unit ("100") */
  perUnit: string;
  capacityUnits: number | null;
  softCapUnits: number | null;
  minRenewUnits: number;
  limited: boolean;
  premiumOnly: boolean;
  settlement: 'daily' | 'monthly';
  renewable: boolean;
  sortOrder: number;
  leverage: number | null;
  sharpeRatio: number | null;
  managementFee: number | null;
  performanceFee: number | null;
}

export class CatalogError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CatalogError';
  }
}

const bps = (percent: number | null) => (percent === null ? null : Math.round(percent * 100));
const x100 = (value: number | null) => (value === null ? null : Math.round(value * 100));

function columns(fields: ProductFields) {
  if (fields.kind !== 'mixed' && fields.strategy)
    throw new CatalogError('--strategy is for mixed products only');
  if (fields.kind === 'mixed' && !fields.strategy)
    throw new CatalogError('a mixed product needs --strategy fusion|sapphire|defi|arbitrage');
  if (!(fields.raiseStart < fields.raiseEnd && fields.raiseEnd <= fields.startDay))
    throw new CatalogError('the days must be in order: raise start < raise end <= start');
  if (fields.minUnit > fields.maxUnit) throw new CatalogError('--min-unit is above --max-unit');
  if (
    fields.capacityUnits !== null &&
    fields.softCapUnits !== null &&
    fields.softCapUnits > fields.capacityUnits
  )
    throw new CatalogError('--soft-cap is above --capacity');
  const perUnit = parseAmount(fields.perUnit, currencyDecimals(fields.currency));
  if (perUnit === null || perUnit <= 0n)
    throw new CatalogError(`--per-unit must be a positive ${fields.currency} amount`);
  return {
    kind: fields.kind,
    strategy: fields.kind === 'mixed' ? (fields.strategy ?? null) : null,
    currency: fields.currency,
    name: fields.name,
    description: fields.description,
    periodMonth: fields.periodMonth,
    raiseStart: dayStart(fields.raiseStart),
    raiseEnd: dayStart(fields.raiseEnd),
    startAt: dayStart(fields.startDay),
    annualReturnBps: bps(fields.annualReturn),
    maxDrawdownBps: bps(fields.maxDrawdown),
    riskLevel: fields.riskLevel,
    minUnit: fields.minUnit,
    maxUnit: fields.maxUnit,
    perUnit: perUnit.toString(),
    capacityUnits: fields.capacityUnits,
    softCapUnits: fields.softCapUnits,
    minRenewUnits: fields.minRenewUnits,
    limited: fields.limited,
    premiumOnly: fields.premiumOnly,
    settlement: fields.settlement,
    renewable: fields.renewable,
    sortOrder: fields.sortOrder,
    leverageX100: x100(fields.leverage),
    sharpeX100: x100(fields.sharpeRatio),
    managementFeeBps: bps(fields.managementFee),
    performanceFeeBps: bps(fields.performanceFee),
  };
}

/** An operator's view of a product (the list and every command's answer). */
export function adminView(row: EarnProductRow) {
  return {
    id: row.id,
    serialNumber: row.serialNumber,
    status: row.status,
    kind: row.kind,
    strategy: row.strategy,
    currency: row.currency,
    name: row.name['en-US'],
    periodMonth: row.periodMonth,
    raiseStart: platformDay(row.raiseStart),
    raiseEnd: platformDay(row.raiseEnd),
    start: platformDay(row.startAt),
    end: platformDay(productEndAt(row)),
    annualReturn: row.annualReturnBps === null ? null : row.annualReturnBps / 100,
    units: `${row.minUnit}-${row.maxUnit} x ${formatUnits(row, BigInt(row.perUnit))} ${row.currency}`,
    capacityUnits: row.capacityUnits,
    softCapUnits: row.softCapUnits,
    settlement: row.settlement,
    premiumOnly: row.premiumOnly,
    limited: row.limited,
    sortOrder: row.sortOrder,
  };
}

export async function createProduct(db: Db, clock: Clock, fields: ProductFields) {
  const values = columns(fields);
  const now = clock.now();
  // the serial number is unique: a concurrent create of the same currency retries once
  for (let attempt = 0; ; attempt += 1) {
    const serialNumber = await nextSerialNumber(db, values);
    try {
      const [row] = await db
        .insert(earnProducts)
        .values({ ...values, serialNumber, status: 'draft', createdAt: now, updatedAt: now })
        .returning();
      if (!row) throw new Error('product not written');
      return adminView(row);
    } catch (error) {
      if (attempt > 0 || !/earn_products_serial_idx|unique/i.test(String(error))) throw error;
    }
  }
}

async function bySerial(db: Db, serialNumber: string): Promise<EarnProductRow> {
  const [row] = await db
    .select()
    .from(earnProducts)
    .where(eq(earnProducts.serialNumber, serialNumber.toUpperCase()));
  if (!row) throw new CatalogError(`no product ${serialNumber}`);
  return row;
}

/** Change a product's fields (those given); its kind and currency stay (the serial has them). */
export async function updateProduct(
  db: Db,
  clock: Clock,
  serialNumber: string,
  patch: Partial<Omit<ProductFields, 'kind' | 'currency'>>,
) {
  const row = await bySerial(db, serialNumber);
  const current: ProductFields = {
    kind: row.kind,
    strategy: row.strategy ?? undefined,
    currency: row.currency,
    name: row.name,
    description: row.description,
    periodMonth: row.periodMonth,
    raiseStart: platformDay(row.raiseStart),
    raiseEnd: platformDay(row.raiseEnd),
    startDay: platformDay(row.startAt),
    annualReturn: row.annualReturnBps === null ? null : row.annualReturnBps / 100,
    maxDrawdown: row.maxDrawdownBps === null ? null : row.maxDrawdownBps / 100,
    riskLevel: row.riskLevel,
    minUnit: row.minUnit,
    maxUnit: row.maxUnit,
    perUnit: formatUnits(row, BigInt(row.perUnit)),
    capacityUnits: row.capacityUnits,
    softCapUnits: row.softCapUnits,
    minRenewUnits: row.minRenewUnits,
    limited: row.limited,
    premiumOnly: row.premiumOnly,
    settlement: row.settlement,
    renewable: row.renewable,
    sortOrder: row.sortOrder,
    leverage: row.leverageX100 === null ? null : row.leverageX100 / 100,
    sharpeRatio: row.sharpeX100 === null ? null : row.sharpeX100 / 100,
    managementFee: row.managementFeeBps === null ? null : row.managementFeeBps / 100,
    performanceFee: row.performanceFeeBps === null ? null : row.performanceFeeBps / 100,
  };
  const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  const next = { ...current, ...defined };
  const now = clock.now();
  if (row.status !== 'draft' && now >= row.raiseStart) {
    const money = ['perUnit', 'periodMonth', 'startDay', 'settlement'] as const;
    // the price compared as an amount: "100.00" is the price "100" it already has
    const decimals = currencyDecimals(row.currency);
    const changed = money.filter((field) =>
      field === 'perUnit'
        ? parseAmount(next.perUnit, decimals) !== parseAmount(current.perUnit, decimals)
        : next[field] !== current[field],
    );
    if (changed.length > 0)
      throw new CatalogError(
        `${changed.join(', ')} cannot change once the fundraising has begun (members subscribed to them)`,
      );
  }
  const [updated] = await db
    .update(earnProducts)
    .set({ ...columns(next), updatedAt: now })
    .where(eq(earnProducts.id, row.id))
    .returning();
  if (!updated) throw new Error('product not updated');
  return adminView(updated);
}

export async function setProductStatus(
  db: Db,
  clock: Clock,
  serialNumber: string,
  status: Exclude<EarnProductStatus, 'draft'>,
) {
  const row = await bySerial(db, serialNumber);
  const [updated] = await db
    .update(earnProducts)
    .set({ status, updatedAt: clock.now() })
    .where(eq(earnProducts.id, row.id))
    .returning();
  if (!updated) throw new Error('product not updated');
  return adminView(updated);
}

export async function listAdminProducts(db: Db) {
  const rows = await db
    .select()
    .from(earnProducts)
    .orderBy(asc(earnProducts.sortOrder), asc(earnProducts.id));
  return rows.map(adminView);
}

/** Post a product's NAV for a day (a later post of the same day replaces it). */
export async function postNav(
  db: Db,
  clock: Clock,
  serialNumber: string,
  day: string,
  nav: string,
) {
  const row = await bySerial(db, serialNumber);
  if (!isNavKind(row.kind)) throw new CatalogError(`${row.serialNumber} is not valued by NAV`);
  const value = parseAmount(nav, 18);
  if (value === null || value <= 0n) throw new CatalogError('--nav must be a positive decimal');
  await db
    .insert(earnNav)
    .values({ productId: row.id, day, nav, createdAt: clock.now() })
    .onConflictDoUpdate({
      target: [earnNav.productId, earnNav.day],
      set: { nav, createdAt: clock.now() },
    });
  return { serialNumber: row.serialNumber, day, nav };
}

import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, gte, inArray, notExists } from 'drizzle-orm';
import { bcntAddress, testUsdtAddress } from '../../../shared/contracts/generated';
import { ErrorCode } from '../../../shared/api/envelope';
import {
  type CreateStoreOrderBody,
  StoreError,
  type StoreOrder,
  type StoreOrderList,
  type StoreOrderListQuery,
  type TokenInfo,
} from '../../../shared/api/store';
import {
  BCNT_TOTAL_SUPPLY_TOKENS,
  STORE_BCNT_DECIMALS,
  STORE_CONVERSION_HOURS,
  STORE_DELIVERY_HOUR_UTC8,
  STORE_MAX_UNPAID_ORDERS,
  STORE_MAX_USDT,
  STORE_MIN_USDT,
  STORE_UNPAID_WINDOW_MS,
  STORE_USDT_DECIMALS,
} from '../../../shared/constants/store';
import { formatAtomic, parseAmount } from '../../../shared/money/decimal';
import { PLATFORM_UTC_OFFSET_MS } from '../../../shared/time/business-days';
import type { Db } from '../../db/database';
import { storeOrders, storePaymentCredits } from '../../db/schema/store';
import { depositAddresses, deposits } from '../../db/schema/wallet';
import { AppError } from '../../errors';
import type { WalletDeps } from '../../plugins/wallet';
import { evmAccountAt, storeOrderPath } from '../wallet/hd';
import { withIdempotency } from '../wallet/idempotency';
import type { PriceQuote } from '../wallet/price-feed';
import { bcntForUsdt, deriveOrderState, type StorePayment } from './order-state';
import { quoteExpiry } from './payments';

/**
 * BCNT store orders (token service): createOrderAndGetDepositWalletAddress, getOrderList and
 * getTokenInfo. Rules: shared/constants/store.ts; states: order-state.ts; delivery: delivery.ts.
 */

export type StoreDeps = Pick<WalletDeps, 'db' | 'clock' | 'config' | 'prices'>;
type StoreOrderRow = typeof storeOrders.$inferSelect;

const usdt = (units: bigint) => formatAtomic(units, STORE_USDT_DECIMALS);
const bcnt = (units: bigint) => formatAtomic(units, STORE_BCNT_DECIMALS);

/** The USDT contract members pay with on `chainId` (null where none is deployed). */
export function usdtTokenAddressFor(chainId: number): `0x${string}` | null {
  return (testUsdtAddress as Record<number, `0x${string}`>)[chainId] ?? null;
}

/** "BC" + the UTC+8 calendar date + the order id padded to 6 digits: BC20250301000012. */
export function storeOrderNumber(id: number, createdAt: Date): string {
  const local = new Date(createdAt.getTime() + PLATFORM_UTC_OFFSET_MS);
  const date = local.toISOString().slice(0, 10).replaceAll('-', '');
  return `BC${date}${String(id).padStart(6, '0')}`;
}

/** Deposits of the orders' addresses, by order id. */
async function paymentsOf(db: Db, orderIds: number[]): Promise<Map<number, StorePayment[]>> {
  const byOrder = new Map<number, StorePayment[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({
      orderId: depositAddresses.orderId,
      id: deposits.id,
      currency: deposits.currency,
      amount: deposits.amount,
      status: deposits.status,
      txHash: deposits.txHash,
      seenAt: deposits.seenAt,
      creditedAt: deposits.creditedAt,
      creditId: storePaymentCredits.id,
    })
    .from(deposits)
    .innerJoin(depositAddresses, eq(deposits.depositAddressId, depositAddresses.id))
    .leftJoin(storePaymentCredits, eq(storePaymentCredits.depositId, deposits.id))
    .where(and(eq(depositAddresses.purpose, 'store'), inArray(depositAddresses.orderId, orderIds)));
  for (const row of rows) {
    if (row.orderId === null) continue;
    const list = byOrder.get(row.orderId) ?? [];
    const { creditId, ...payment } = row;
    list.push({ ...payment, amount: BigInt(row.amount), walletCredited: creditId !== null });
    byOrder.set(row.orderId, list);
  }
  return byOrder;
}

/** The order addresses, by order id. */
async function addressesOf(db: Db, orderIds: number[]): Promise<Map<number, string>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: depositAddresses.orderId, address: depositAddresses.address })
    .from(depositAddresses)
    .where(and(eq(depositAddresses.purpose, 'store'), inArray(depositAddresses.orderId, orderIds)));
  return new Map(rows.flatMap((r) => (r.orderId === null ? [] : [[r.orderId, r.address]])));
}

export interface StoreOrderView extends StoreOrder {
  id: number;
  memberId: number;
  /** credited USDT that arrived after the delivery (for support) */
  lateUsdt: string;
}

/** The orders as the API answers them, states derived from their deposits. */
export async function storeOrderViews(
  db: Db,
  chainId: number,
  rows: StoreOrderRow[],
  now: Date,
): Promise<StoreOrderView[]> {
  const ids = rows.map((row) => row.id);
  const [payments, addresses] = await Promise.all([paymentsOf(db, ids), addressesOf(db, ids)]);
  const tokenAddress = usdtTokenAddressFor(chainId);
  return rows.map((row) => {
    const state = deriveOrderState(
      {
        usdtAmount: BigInt(row.usdtAmount),
        bcntAmount: BigInt(row.bcntAmount),
        priceUsdt: row.priceUsdt,
        deliveredAt: row.deliveredAt,
        deliveredBcnt: row.deliveredBcnt === null ? null : BigInt(row.deliveredBcnt),
      },
      payments.get(row.id) ?? [],
    );
    const late = row.deliveredUsdt === null ? 0n : state.depositedUsdt - BigInt(row.deliveredUsdt);
    return {
      id: row.id,
      memberId: row.memberId,
      orderNumber: row.orderNumber,
      status: state.status,
      depositAddress: addresses.get(row.id) ?? '',
      chainId,
      usdtTokenAddress: tokenAddress,
      usdtAmount: usdt(BigInt(row.usdtAmount)),
      depositedUsdt: usdt(state.depositedUsdt),
      confirmingUsdt: usdt(state.confirmingUsdt),
      bcntAmount: bcnt(state.bcntAmount),
      priceUsdt: row.priceUsdt,
      belowMinimum: state.belowMinimum,
      txHash: state.txHash,
      createdAt: row.createdAt.toISOString(),
      quoteExpiresAt: quoteExpiry(row).toISOString(),
      quoteSecondsLeft: Math.max(
        0,
        Math.floor((quoteExpiry(row).getTime() - now.getTime()) / 1000),
      ),
      walletCreditedUsdt: usdt(state.walletCreditedUsdt),
      depositedAt: state.depositedAt?.toISOString() ?? null,
      deliverAt: state.deliverAt?.toISOString() ?? null,
      deliveredAt: row.deliveredAt?.toISOString() ?? null,
      lateUsdt: usdt(late > 0n ? late : 0n),
    };
  });
}

/** The member-facing shape (no ids, no support fields). */
export function publicOrder(view: StoreOrderView): StoreOrder {
  const { id: _id, memberId: _member, lateUsdt: _late, ...order } = view;
  return order;
}

/**
 * createOrderAndGetDepositWalletAddress (POST /token/order), idempotent per `key` (scope
 * `store-order`): the order, its deposit address and the stored answer commit together, so the
 * same key answers the same order and the same key with another body is refused
 * (`idempotency_key_reused`). A refusal rolls everything back (nothing is stored for the key).
 */
export async function createStoreOrder(
  deps: StoreDeps,
  memberId: number,
  key: string,
  body: CreateStoreOrderBody,
): Promise<StoreOrder> {
  // Quoted before the transaction: the feed reads through its own connection (on PGlite's
  // single connection it would wait for the transaction forever).
  const quote = await deps.prices.quote('BCNT');
  return withIdempotency(
    deps.db,
    deps.clock,
    { memberId, scope: 'store-order', key, request: body },
    (tx) => insertStoreOrder(deps, tx, memberId, body, quote),
  );
}

/** The order and its deposit address, in the idempotent call's transaction `tx`. */
async function insertStoreOrder(
  deps: Pick<StoreDeps, 'clock' | 'config'>,
  tx: Db,
  memberId: number,
  body: CreateStoreOrderBody,
  quote: PriceQuote,
): Promise<StoreOrder> {
  const chainId = deps.config.chainId;
  if (!usdtTokenAddressFor(chainId))
    throw new AppError(ErrorCode.badRequest, StoreError.unavailable);
  const amount = parseAmount(body.usdtAmount, STORE_USDT_DECIMALS);
  // the body schema already refuses these; the domain does not rely on it
  if (amount === null || amount < STORE_MIN_USDT)
    throw new AppError(ErrorCode.badRequest, StoreError.belowMinimum);
  if (amount > STORE_MAX_USDT) throw new AppError(ErrorCode.badRequest, StoreError.aboveMaximum);

  const now = deps.clock.now();
  const [unpaid] = await tx
    .select({ n: count() })
    .from(storeOrders)
    .innerJoin(
      depositAddresses,
      and(eq(depositAddresses.orderId, storeOrders.id), eq(depositAddresses.purpose, 'store')),
    )
    .where(
      and(
        eq(storeOrders.memberId, memberId),
        gte(storeOrders.createdAt, new Date(now.getTime() - STORE_UNPAID_WINDOW_MS)),
        notExists(
          tx
            .select({ id: deposits.id })
            .from(deposits)
            .where(eq(deposits.depositAddressId, depositAddresses.id)),
        ),
      ),
    );
  if ((unpaid?.n ?? 0) >= STORE_MAX_UNPAID_ORDERS)
    throw new AppError(ErrorCode.conflict, StoreError.tooManyUnpaidOrders);

  const [inserted] = await tx
    .insert(storeOrders)
    .values({
      // replaced below: the number contains the id
      orderNumber: `tmp-${randomBytes(12).toString('hex')}`,
      memberId,
      usdtAmount: amount.toString(),
      priceUsdt: quote.priceUsdt,
      priceVersion: quote.version,
      bcntAmount: bcntForUsdt(amount, quote.priceUsdt).toString(),
      createdAt: now,
      quoteExpiresAt: new Date(now.getTime() + deps.config.storeQuoteMinutes * 60_000),
    })
    .returning({ id: storeOrders.id });
  if (!inserted) throw new Error('store: order insert returned nothing');
  const [row] = await tx
    .update(storeOrders)
    .set({ orderNumber: storeOrderNumber(inserted.id, now) })
    .where(eq(storeOrders.id, inserted.id))
    .returning();
  const path = storeOrderPath(inserted.id);
  await tx.insert(depositAddresses).values({
    memberId,
    chain: 'evm',
    purpose: 'store',
    orderId: inserted.id,
    derivationPath: path,
    address: evmAccountAt(deps.config.walletSeed, path).address.toLowerCase(),
    createdAt: now,
  });
  const [view] = await storeOrderViews(tx, chainId, [row!], now);
  return publicOrder(view!);
}

/** getOrderList: the member's orders, newest first. */
export async function listStoreOrders(
  deps: Pick<StoreDeps, 'db' | 'config' | 'clock'>,
  memberId: number,
  query: StoreOrderListQuery,
): Promise<StoreOrderList> {
  const where = eq(storeOrders.memberId, memberId);
  const [rows, [total]] = await Promise.all([
    deps.db
      .select()
      .from(storeOrders)
      .where(where)
      .orderBy(desc(storeOrders.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    deps.db.select({ n: count() }).from(storeOrders).where(where),
  ]);
  const views = await storeOrderViews(deps.db, deps.config.chainId, rows, deps.clock.now());
  return {
    items: views.map(publicOrder),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** getTokenInfo: BCNT and the store rules, with the current quotation. */
export async function tokenInfo(deps: Pick<StoreDeps, 'config' | 'prices'>): Promise<TokenInfo> {
  const chainId = deps.config.chainId;
  const quote = await deps.prices.quote('BCNT');
  return {
    symbol: 'BCNT',
    name: 'Bincentive Token',
    decimals: STORE_BCNT_DECIMALS,
    totalSupply: BCNT_TOTAL_SUPPLY_TOKENS,
    chainId,
    contractAddress: (bcntAddress as Record<number, `0x${string}`>)[chainId] ?? null,
    priceUsdt: quote.priceUsdt,
    storeMinimumUsdt: usdt(STORE_MIN_USDT),
    storeMaximumUsdt: usdt(STORE_MAX_USDT),
    storeQuoteMinutes: deps.config.storeQuoteMinutes,
    deliveryHourUtc8: STORE_DELIVERY_HOUR_UTC8,
    conversionHoursMin: STORE_CONVERSION_HOURS.min,
    conversionHoursMax: STORE_CONVERSION_HOURS.max,
  };
}

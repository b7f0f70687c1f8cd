import { and, asc, eq, exists, isNull } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { faultPoint } from '../../faults';
import { storeOrders } from '../../db/schema/store';
import { depositAddresses, deposits } from '../../db/schema/wallet';
import { memberAccount, platformAccount, postLedgerTransaction, transfer } from '../wallet/ledger';
import { formatAtomic, parseAmount } from '../../../shared/money/decimal';
import { STORE_BCNT_DECIMALS, STORE_USDT_DECIMALS } from '../../../shared/constants/store';
import { storeOrderViews } from './orders';
import { bcntForUsdt } from './order-state';

/**
 * BCNT delivery of the store (scheduler task `store-delivery`, `ops store deliver`): every
 * Deposited order whose deliverAt (next business day 12:00 UTC+8 after the deposit) has come
 * gets ONE ledger transaction `store_delivery`, BCNT from the platform's store account to the
 * member's available balance (idempotency key `store:<orderId>:delivery`), and is marked
 * Delivered in the same database transaction. Running it again, or in two processes at once,
 * delivers nothing twice: the order row is locked and re-read, and the ledger key is unique.
 */

export const STORE_DELIVERY_TASK = 'store-delivery';

export interface DeliveryOptions {
  /** only this order */
  orderId?: number;
  /** deliver Deposited orders even before their deliverAt (operator) */
  force?: boolean;
}

export interface DeliveredOrder {
  orderId: number;
  orderNumber: string;
  memberId: number;
  usdt: string;
  bcnt: string;
  transactionId: number;
}

export interface DeliveryResult {
  delivered: DeliveredOrder[];
  /** orders looked at that were not delivered, with why */
  skipped: { orderId: number; orderNumber: string; reason: 'not_deposited' | 'not_due' }[];
}

export const storeDeliveryKey = (orderId: number) => `store:${orderId}:delivery`;

/** Deliver the due store orders (see the module comment). */
export async function deliverStoreOrders(
  deps: { db: Db; clock: Clock; chainId: number },
  options: DeliveryOptions = {},
): Promise<DeliveryResult> {
  // Candidates: undelivered orders with credited USDT on their address.
  const candidates = await deps.db
    .select({ id: storeOrders.id })
    .from(storeOrders)
    .where(
      and(
        isNull(storeOrders.deliveredAt),
        options.orderId === undefined ? undefined : eq(storeOrders.id, options.orderId),
        exists(
          deps.db
            .select({ id: deposits.id })
            .from(deposits)
            .innerJoin(depositAddresses, eq(deposits.depositAddressId, depositAddresses.id))
            .where(
              and(
                eq(depositAddresses.purpose, 'store'),
                eq(depositAddresses.orderId, storeOrders.id),
                eq(deposits.currency, 'USDT'),
                eq(deposits.status, 'credited'),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(storeOrders.id));

  const result: DeliveryResult = { delivered: [], skipped: [] };
  for (const { id } of candidates) {
    await deps.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      const [row] = await db.select().from(storeOrders).where(eq(storeOrders.id, id)).for('update');
      if (!row || row.deliveredAt) return;
      const [view] = await storeOrderViews(db, deps.chainId, [row], deps.clock.now());
      if (!view) return;
      if (view.status !== 'Deposited') {
        result.skipped.push({ orderId: id, orderNumber: row.orderNumber, reason: 'not_deposited' });
        return;
      }
      const now = deps.clock.now();
      if (!options.force && view.deliverAt && new Date(view.deliverAt) > now) {
        result.skipped.push({ orderId: id, orderNumber: row.orderNumber, reason: 'not_due' });
        return;
      }
      const usdtUnits = parseAmount(view.depositedUsdt, STORE_USDT_DECIMALS) ?? 0n;
      const bcntUnits = bcntForUsdt(usdtUnits, row.priceUsdt);
      if (bcntUnits <= 0n) return;
      const posted = await postLedgerTransaction(db, deps.clock, {
        idempotencyKey: storeDeliveryKey(id),
        type: 'store_delivery',
        memberId: row.memberId,
        reference: `order:${id}`,
        memo: {
          orderNumber: row.orderNumber,
          usdt: formatAtomic(usdtUnits, STORE_USDT_DECIMALS),
          priceUsdt: row.priceUsdt,
        },
        postings: transfer(
          platformAccount('store'),
          memberAccount(row.memberId),
          'BCNT',
          bcntUnits,
        ),
      });
      faultPoint('store.delivery');
      await db
        .update(storeOrders)
        .set({
          deliveredAt: now,
          deliveredUsdt: usdtUnits.toString(),
          deliveredBcnt: bcntUnits.toString(),
          deliveryTransactionId: posted.transactionId,
        })
        .where(and(eq(storeOrders.id, id), isNull(storeOrders.deliveredAt)));
      result.delivered.push({
        orderId: id,
        orderNumber: row.orderNumber,
        memberId: row.memberId,
        usdt: formatAtomic(usdtUnits, STORE_USDT_DECIMALS),
        bcnt: formatAtomic(bcntUnits, STORE_BCNT_DECIMALS),
        transactionId: posted.transactionId,
      });
    });
  }
  return result;
}

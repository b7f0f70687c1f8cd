import { and, eq, isNull } from 'drizzle-orm';
import { STORE_MAX_USDT, STORE_QUOTE_MINUTES } from '../../../shared/constants/store';
import { formatAtomic } from '../../../shared/money/decimal';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { storeOrders, storePaymentCredits } from '../../db/schema/store';
import { depositAddresses, deposits } from '../../db/schema/wallet';
import {
  memberAccount,
  platformAccount,
  type PostedTransaction,
  postLedgerTransaction,
  transfer,
} from '../wallet/ledger';

/**
 * What a confirmed USDT payment to a store order's address does (called by creditDeposit in
 * its database transaction, the order row locked):
 *
 * - `order`: it pays the order at the order's price (ledger `store_payment`, hot wallet ->
 *   platform store), as long as it was seen on chain before the quote expired and the order's
 *   credited USDT stays within STORE_MAX_USDT;
 * - `quote_expired` / `above_maximum`: it buys no BCNT. ONE ledger transaction
 *   `store_payment_credited` (hot wallet -> the member's available USDT, the deposit's
 *   idempotency key) and a store_payment_credits row record it; the order lists it as
 *   `walletCreditedUsdt` and the wallet history shows it as its own kind.
 *
 * The time that counts is when the payment was seen on chain (`seenAt`), not when it reached
 * its confirmations: the member cannot speed up the chain.
 */

export type StorePaymentUse = 'order' | 'quote_expired' | 'above_maximum';

const USDT_DECIMALS = 6;

/** When the order's price stops holding (orders from before quotes expired: +30 minutes). */
export function quoteExpiry(order: { createdAt: Date; quoteExpiresAt: Date | null }): Date {
  return order.quoteExpiresAt ?? new Date(order.createdAt.getTime() + STORE_QUOTE_MINUTES * 60_000);
}

/** USDT credited to the order so far (payments credited to the balance left out). */
async function orderCreditedUsdt(tx: Db, orderId: number): Promise<bigint> {
  const rows = await tx
    .select({ amount: deposits.amount })
    .from(deposits)
    .innerJoin(depositAddresses, eq(deposits.depositAddressId, depositAddresses.id))
    .leftJoin(storePaymentCredits, eq(storePaymentCredits.depositId, deposits.id))
    .where(
      and(
        eq(depositAddresses.purpose, 'store'),
        eq(depositAddresses.orderId, orderId),
        eq(deposits.currency, 'USDT'),
        eq(deposits.status, 'credited'),
        isNull(storePaymentCredits.id),
      ),
    );
  return rows.reduce((sum, row) => sum + BigInt(row.amount), 0n);
}

export interface StorePaymentInput {
  id: number;
  memberId: number;
  amount: bigint;
  seenAt: Date;
  /** the deposit's ledger idempotency key */
  key: string;
  memo: Record<string, unknown>;
}

/**
 * Post the payment's ledger transaction (see the module comment) in `tx`, the transaction that
 * marks the deposit credited; null when the address has no order.
 */
export async function postStorePayment(
  tx: Db,
  clock: Clock,
  orderId: number,
  payment: StorePaymentInput,
): Promise<(PostedTransaction & { use: StorePaymentUse }) | null> {
  const [order] = await tx
    .select({
      id: storeOrders.id,
      orderNumber: storeOrders.orderNumber,
      createdAt: storeOrders.createdAt,
      quoteExpiresAt: storeOrders.quoteExpiresAt,
    })
    .from(storeOrders)
    .where(eq(storeOrders.id, orderId))
    .for('update');
  // an address without its order (never made by the API): the caller holds it for support
  if (!order) return null;

  let use: StorePaymentUse = 'order';
  if (payment.seenAt.getTime() >= quoteExpiry(order).getTime()) use = 'quote_expired';
  else if ((await orderCreditedUsdt(tx, orderId)) + payment.amount > STORE_MAX_USDT) {
    use = 'above_maximum';
  }

  if (use === 'order') {
    const posted = await postLedgerTransaction(tx, clock, {
      idempotencyKey: payment.key,
      type: 'store_payment',
      memberId: payment.memberId,
      reference: `order:${orderId}`,
      memo: { ...payment.memo, orderId },
      postings: transfer(
        platformAccount('hot_wallet'),
        platformAccount('store'),
        'USDT',
        payment.amount,
      ),
    });
    return { ...posted, use };
  }

  const posted = await postLedgerTransaction(tx, clock, {
    idempotencyKey: payment.key,
    type: 'store_payment_credited',
    memberId: payment.memberId,
    reference: `order:${orderId}`,
    memo: {
      ...payment.memo,
      orderId,
      orderNumber: order.orderNumber,
      reason: use,
      usdt: formatAtomic(payment.amount, USDT_DECIMALS),
    },
    postings: transfer(
      platformAccount('hot_wallet'),
      memberAccount(payment.memberId),
      'USDT',
      payment.amount,
    ),
  });
  await tx
    .insert(storePaymentCredits)
    .values({
      orderId,
      depositId: payment.id,
      reason: use,
      usdtAmount: payment.amount.toString(),
      ledgerTransactionId: posted.transactionId,
      createdAt: clock.now(),
    })
    .onConflictDoNothing();
  return { ...posted, use };
}

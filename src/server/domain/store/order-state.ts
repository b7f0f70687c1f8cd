import type { StoreOrderState } from '../../../shared/api/store';
import {
  STORE_BCNT_DECIMALS,
  STORE_DELIVERY_HOUR_UTC8,
  STORE_MIN_USDT,
  STORE_USDT_DECIMALS,
} from '../../../shared/constants/store';
import { mulDivFloor, parseAmount } from '../../../shared/money/decimal';
import { nextBusinessDayAt } from '../../../shared/time/business-days';
import type { DepositStatus, LedgerCurrency } from '../../db/schema/wallet';
import { PRICE_DECIMALS } from '../wallet/price-feed';

/**
 * The state of a store order, derived from the deposits of its own address (the deposit
 * watcher writes them; nothing here stores a payment state):
 *
 * - Delivered: the order's delivery was posted (store_orders.delivered_at).
 * - Deposited: the credited USDT reached the store minimum (100 USDT); `depositedAt` is the
 *   credit time of the payment that reached it, and the BCNT is due at the next business day
 *   12:00 UTC+8 after it.
 * - Confirming: a USDT payment is waiting for its confirmations, or credited USDT is still
 *   below the minimum (`belowMinimum`: the member may send the rest to the same address).
 * - Created: nothing arrived yet.
 *
 * Only USDT counts: other tokens sent to the address are `held` by the watcher for support;
 * orphaned deposits (a reorg) count for nothing; USDT credited to the member's balance instead
 * (after the quote expired or above the maximum, payments.ts) is reported apart.
 */

export interface StorePayment {
  id: number;
  currency: LedgerCurrency;
  /** atomic units */
  amount: bigint;
  status: DepositStatus;
  txHash: string;
  seenAt: Date;
  creditedAt: Date | null;
  /** credited to the member's USDT balance instead of the order (store_payment_credits) */
  walletCredited: boolean;
}

export interface StoreOrderFacts {
  usdtAmount: bigint;
  bcntAmount: bigint;
  priceUsdt: string;
  deliveredAt: Date | null;
  deliveredBcnt: bigint | null;
}

export interface DerivedOrderState {
  status: StoreOrderState;
  /** credited USDT (atomic units) */
  depositedUsdt: bigint;
  /** USDT still confirming */
  confirmingUsdt: bigint;
  /** USDT paid to the address but credited to the member's balance (no BCNT) */
  walletCreditedUsdt: bigint;
  /** credited but below the minimum */
  belowMinimum: boolean;
  depositedAt: Date | null;
  deliverAt: Date | null;
  /** the BCNT of the order: delivered, or what the credited (else the asked) USDT buys */
  bcntAmount: bigint;
  txHash: string | null;
}

/** BCNT (18 decimals) that `usdt` (6 decimals) buys at `priceUsdt`, rounded down. */
export function bcntForUsdt(usdt: bigint, priceUsdt: string): bigint {
  const price = parseAmount(priceUsdt, PRICE_DECIMALS);
  if (price === null || price <= 0n) throw new RangeError(`bad BCNT price ${priceUsdt}`);
  // usdt [10^-6] / price [10^-18] -> BCNT [10^-18]
  return mulDivFloor(
    usdt,
    10n ** BigInt(STORE_BCNT_DECIMALS + PRICE_DECIMALS - STORE_USDT_DECIMALS),
    price,
  );
}

/** When BCNT paid at `depositedAt` is delivered: the next business day, 12:00 UTC+8. */
export function storeDeliverAt(depositedAt: Date): Date {
  return nextBusinessDayAt(depositedAt, STORE_DELIVERY_HOUR_UTC8);
}

export function deriveOrderState(
  order: StoreOrderFacts,
  payments: readonly StorePayment[],
  minimum: bigint = STORE_MIN_USDT,
): DerivedOrderState {
  const usdt = payments.filter((p) => p.currency === 'USDT' && !p.walletCredited);
  const walletCreditedUsdt = payments
    .filter((p) => p.currency === 'USDT' && p.walletCredited)
    .reduce((sum, p) => sum + p.amount, 0n);
  const credited = usdt
    .filter((p) => p.status === 'credited' && p.creditedAt !== null)
    .sort((a, b) => a.creditedAt!.getTime() - b.creditedAt!.getTime() || a.id - b.id);
  const confirming = usdt.filter((p) => p.status === 'confirming');

  let depositedUsdt = 0n;
  let depositedAt: Date | null = null;
  for (const payment of credited) {
    depositedUsdt += payment.amount;
    if (depositedAt === null && depositedUsdt >= minimum) depositedAt = payment.creditedAt;
  }
  const confirmingUsdt = confirming.reduce((sum, p) => sum + p.amount, 0n);
  const latest = usdt
    .filter((p) => p.status !== 'orphaned')
    .sort((a, b) => b.seenAt.getTime() - a.seenAt.getTime() || b.id - a.id)[0];

  let status: StoreOrderState;
  if (order.deliveredAt) status = 'Delivered';
  else if (depositedAt) status = 'Deposited';
  else if (confirming.length > 0 || credited.length > 0) status = 'Confirming';
  else status = 'Created';

  const bcntAmount =
    order.deliveredAt && order.deliveredBcnt !== null
      ? order.deliveredBcnt
      : depositedUsdt > 0n
        ? bcntForUsdt(depositedUsdt, order.priceUsdt)
        : order.bcntAmount;

  return {
    status,
    depositedUsdt,
    confirmingUsdt,
    walletCreditedUsdt,
    belowMinimum: depositedUsdt > 0n && depositedAt === null,
    depositedAt,
    deliverAt: depositedAt ? storeDeliverAt(depositedAt) : null,
    bcntAmount,
    txHash: latest?.txHash ?? null,
  };
}

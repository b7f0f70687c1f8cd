import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db/database';
import { depositAddresses, deposits, type LedgerCurrency } from '../../src/server/db/schema/wallet';
import {
  platformAccount,
  postLedgerTransaction,
  transfer,
} from '../../src/server/domain/wallet/ledger';
import type { TestApp } from './test-app';

/**
 * Store payments written the way the deposit watcher writes them (the shared design): a
 * `deposits` row on the order's address (`confirming`, then `credited` with a ledger
 * `store_payment` USDT hot_wallet -> store, reference `order:<id>`); other tokens `held`.
 */

export interface StorePaymentHandle {
  depositId: number;
  txHash: string;
}

async function orderAddress(db: Db, address: string) {
  const [row] = await db
    .select()
    .from(depositAddresses)
    .where(
      and(
        eq(depositAddresses.purpose, 'store'),
        eq(depositAddresses.address, address.toLowerCase()),
      ),
    );
  if (!row || row.orderId === null) throw new Error(`no store order address ${address}`);
  return row;
}

/** A transfer to the order address seen on chain, waiting for its confirmations. */
export async function seeStorePayment(
  t: TestApp,
  address: string,
  amountUnits: bigint,
  currency: LedgerCurrency = 'USDT',
): Promise<StorePaymentHandle> {
  const db = t.database.db;
  const target = await orderAddress(db, address);
  const txHash = `0x${randomBytes(32).toString('hex')}`;
  const [row] = await db
    .insert(deposits)
    .values({
      memberId: target.memberId,
      depositAddressId: target.id,
      currency,
      network: 'ERC20',
      amount: amountUnits.toString(),
      txHash,
      logIndex: 0,
      blockNumber: 100,
      blockHash: `0x${randomBytes(32).toString('hex')}`,
      fromAddress: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
      confirmations: 1,
      requiredConfirmations: 20,
      status: currency === 'USDT' ? 'confirming' : 'held',
      seenAt: t.clock.now(),
    })
    .returning({ id: deposits.id });
  return { depositId: row!.id, txHash };
}

/** The payment reached its confirmations: credited to the store (ledger store_payment). */
export async function creditStorePayment(t: TestApp, payment: StorePaymentHandle): Promise<void> {
  const db = t.database.db;
  await db.transaction(async (tx) => {
    const handle = tx as unknown as Db;
    const [row] = await handle.select().from(deposits).where(eq(deposits.id, payment.depositId));
    if (!row) throw new Error('no deposit');
    const [address] = await handle
      .select()
      .from(depositAddresses)
      .where(eq(depositAddresses.id, row.depositAddressId));
    const posted = await postLedgerTransaction(handle, t.clock, {
      idempotencyKey: `deposit:ERC20:${row.txHash}:${row.logIndex}`,
      type: 'store_payment',
      memberId: row.memberId,
      reference: `order:${address!.orderId}`,
      postings: transfer(
        platformAccount('hot_wallet'),
        platformAccount('store'),
        'USDT',
        BigInt(row.amount),
      ),
    });
    await handle
      .update(deposits)
      .set({
        status: 'credited',
        confirmations: row.requiredConfirmations,
        creditedAt: t.clock.now(),
        ledgerTransactionId: posted.transactionId,
      })
      .where(eq(deposits.id, row.id));
  });
}

/** seeStorePayment then creditStorePayment. */
export async function payStoreOrder(
  t: TestApp,
  address: string,
  amountUnits: bigint,
): Promise<StorePaymentHandle> {
  const payment = await seeStorePayment(t, address, amountUnits);
  await creditStorePayment(t, payment);
  return payment;
}

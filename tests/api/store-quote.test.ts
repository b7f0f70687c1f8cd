import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/database';
import { storeOrders, storePaymentCredits } from '../../src/server/db/schema/store';
import { deposits, ledgerPostings, ledgerTransactions } from '../../src/server/db/schema/wallet';
import { postStorePayment } from '../../src/server/domain/store/payments';
import { creditDeposit, depositLimit } from '../../src/server/domain/wallet/deposits';
import { accountBalance, memberAccount } from '../../src/server/domain/wallet/ledger';
import type { StoreOrder } from '../../src/shared/api/store';
import { call, createMember, freshIp, loginSession, type TestMember } from '../helpers/auth';
import { verifyIdentity } from '../helpers/loyalty';
import { payStoreOrder, seeStorePayment } from '../helpers/store';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * The BCNT store's quote: an order's price holds for STORE_QUOTE_MINUTES (30 by default) for
 * payments seen on chain; a later payment, or one above the order maximum, is credited to the
 * member's USDT balance (one balanced, idempotent ledger transaction); store payments count
 * toward the level-1 deposit limit.
 */
const MINUTE = 60_000;
const USDT = (whole: number) => BigInt(whole) * 1_000_000n;

let t: TestApp;
let keyCounter = 0;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2025-03-04T02:00:00.000Z');
  await t.app.wallet.prices.setBcntPrice('0.5');
});
afterAll(async () => t?.close());

async function verifiedMember(): Promise<TestMember> {
  const member = await createMember(t.app);
  await verifyIdentity(t, member);
  return member;
}

async function order(member: TestMember, usdtAmount: string): Promise<StoreOrder> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/token/order',
    remoteAddress: freshIp(),
    headers: {
      authorization: `Bearer ${member.token}`,
      'idempotency-key': `store-quote-key-${(keyCounter += 1)}`,
    },
    payload: { usdtAmount },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as StoreOrder;
}

/** The member's order as listed (logged in afresh: the clock may have passed the session). */
async function listed(member: TestMember, orderNumber: string): Promise<StoreOrder> {
  Object.assign(member, await loginSession(t.app, member));
  const res = await call(t.app, 'GET', '/token/order?pageSize=100', undefined, {
    token: member.token,
  });
  const found = (res.json().data.items as StoreOrder[]).find((o) => o.orderNumber === orderNumber);
  if (!found) throw new Error(`order ${orderNumber} not listed`);
  return found;
}

const usdtAvailable = (member: TestMember) =>
  accountBalance(t.database.db, memberAccount(member.memberId), 'USDT');

async function ledgerOf(depositId: number) {
  const [deposit] = await t.database.db.select().from(deposits).where(eq(deposits.id, depositId));
  const [transaction] = await t.database.db
    .select()
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.id, deposit!.ledgerTransactionId!));
  const postings = await t.database.db
    .select()
    .from(ledgerPostings)
    .where(eq(ledgerPostings.transactionId, transaction!.id));
  return { deposit: deposit!, transaction: transaction!, postings };
}

describe('the quote of a store order', () => {
  it('holds 30 minutes by default: the order and the token info say so', async () => {
    const member = await verifiedMember();
    const created = await order(member, '100');
    expect(Date.parse(created.quoteExpiresAt) - Date.parse(created.createdAt)).toBe(30 * MINUTE);
    expect(created.quoteSecondsLeft).toBe(30 * 60);
    expect(created.walletCreditedUsdt).toBe('0');
    const info = await call(t.app, 'GET', '/token/info');
    expect(info.json().data.storeQuoteMinutes).toBe(30);
  });

  it('a payment seen before the expiry buys BCNT, even when it confirms after it', async () => {
    const member = await verifiedMember();
    const created = await order(member, '100');
    t.clock.advance(29 * MINUTE);
    // the seconds left are counted by the server's clock
    expect((await listed(member, created.orderNumber)).quoteSecondsLeft).toBe(60);
    const payment = await seeStorePayment(t, created.depositAddress, USDT(100));
    t.clock.advance(10 * MINUTE);
    expect(await creditDeposit(t.app.wallet, payment.depositId)).toBe('credited');
    const after = await listed(member, created.orderNumber);
    expect(after).toMatchObject({ status: 'Deposited', depositedUsdt: '100' });
    expect(after.walletCreditedUsdt).toBe('0');
    expect((await ledgerOf(payment.depositId)).transaction.type).toBe('store_payment');
  });

  it('a payment seen after the expiry is credited to the USDT balance, once, with its own history entry', async () => {
    const member = await verifiedMember();
    const created = await order(member, '100');
    t.clock.advance(30 * MINUTE);
    const before = await usdtAvailable(member);
    const payment = await seeStorePayment(t, created.depositAddress, USDT(100));
    expect(await creditDeposit(t.app.wallet, payment.depositId)).toBe('credited');

    expect(await usdtAvailable(member)).toBe(before + USDT(100));
    const after = await listed(member, created.orderNumber);
    expect(after).toMatchObject({
      status: 'Created',
      depositedUsdt: '0',
      walletCreditedUsdt: '100',
      bcntAmount: created.bcntAmount,
      quoteSecondsLeft: 0,
    });
    const { transaction, postings } = await ledgerOf(payment.depositId);
    expect(transaction).toMatchObject({
      type: 'store_payment_credited',
      memberId: member.memberId,
      reference: `order:${await orderId(created.orderNumber)}`,
    });
    expect(transaction.memo).toMatchObject({
      orderNumber: created.orderNumber,
      reason: 'quote_expired',
      usdt: '100',
    });
    // balanced: the postings of the transaction sum to zero
    expect(postings.reduce((sum, p) => sum + BigInt(p.amount), 0n)).toBe(0n);
    expect(postings).toHaveLength(2);

    // crediting again moves nothing
    expect(await creditDeposit(t.app.wallet, payment.depositId)).toBe('unchanged');
    expect(await usdtAvailable(member)).toBe(before + USDT(100));

    // it appears in the wallet history as its own kind
    const history = await call(
      t.app,
      'GET',
      '/api/v1/user/WalletHistory?currency=USDT',
      undefined,
      { token: member.token },
    );
    expect(history.statusCode, history.body).toBe(200);
    expect(JSON.stringify(history.json().data)).toContain('store_payment_credited');
  });

  it('a shorter quote can be configured', async () => {
    const other = await createTestApp({ config: { storeQuoteMinutes: 5 } });
    try {
      await other.app.wallet.prices.setBcntPrice('0.5');
      const member = await createMember(other.app);
      await verifyIdentity(other, member);
      const res = await other.app.inject({
        method: 'POST',
        url: '/token/order',
        remoteAddress: freshIp(),
        headers: { authorization: `Bearer ${member.token}`, 'idempotency-key': 'short-quote' },
        payload: { usdtAmount: '100' },
      });
      const created = res.json().data as StoreOrder;
      expect(Date.parse(created.quoteExpiresAt) - Date.parse(created.createdAt)).toBe(5 * MINUTE);
    } finally {
      await other.close();
    }
  });
});

async function orderId(orderNumber: string): Promise<number> {
  const [row] = await t.database.db
    .select({ id: storeOrders.id })
    .from(storeOrders)
    .where(eq(storeOrders.orderNumber, orderNumber));
  return row!.id;
}

describe('the order maximum', () => {
  it('a payment taking the order above 100,000 USDT is credited to the balance instead', async () => {
    const member = await verifiedMember();
    const created = await order(member, '100000');
    const id = await orderId(created.orderNumber);
    // 99,950 already paid (written the way the watcher writes a credited store payment)
    await payStoreOrder(t, created.depositAddress, USDT(99_950));
    const extra = await seeStorePayment(t, created.depositAddress, USDT(100));
    const [row] = await t.database.db
      .select()
      .from(deposits)
      .where(eq(deposits.id, extra.depositId));
    const before = await usdtAvailable(member);
    const credit = (tx: Db) =>
      postStorePayment(tx, t.clock, id, {
        id: row!.id,
        memberId: member.memberId,
        amount: USDT(100),
        seenAt: row!.seenAt,
        key: `deposit:ERC20:${row!.txHash}:0`,
        memo: {},
      });
    const posted = (await t.database.db.transaction((tx) => credit(tx as unknown as Db)))!;
    expect(posted.use).toBe('above_maximum');
    await t.database.db
      .update(deposits)
      .set({
        status: 'credited',
        creditedAt: t.clock.now(),
        ledgerTransactionId: posted.transactionId,
      })
      .where(eq(deposits.id, row!.id));
    expect(await usdtAvailable(member)).toBe(before + USDT(100));
    // the same deposit again: the ledger key moves nothing, no second record
    const again = await t.database.db.transaction((tx) => credit(tx as unknown as Db));
    expect(again?.created).toBe(false);
    expect(await usdtAvailable(member)).toBe(before + USDT(100));
    const credits = await t.database.db
      .select()
      .from(storePaymentCredits)
      .where(eq(storePaymentCredits.orderId, id));
    expect(credits).toHaveLength(1);
    expect(credits[0]).toMatchObject({ reason: 'above_maximum', usdtAmount: '100000000' });
    expect(await listed(member, created.orderNumber)).toMatchObject({
      depositedUsdt: '99950',
      walletCreditedUsdt: '100',
    });
  });
});

describe('store payments and the level-1 deposit limit', () => {
  it('count toward it like any deposit: over 10,000 USDT in 24 hours a store payment is held', async () => {
    const member = await verifiedMember();
    const first = await order(member, '6000');
    const paid = await seeStorePayment(t, first.depositAddress, USDT(6_000));
    expect(await creditDeposit(t.app.wallet, paid.depositId)).toBe('credited');
    const limit = await depositLimit(t.app.wallet, member.memberId);
    expect(limit).toMatchObject({ usedUsdt: '6000', remainingUsdt: '4000' });

    const second = await order(member, '5000');
    const over = await seeStorePayment(t, second.depositAddress, USDT(5_000));
    expect(await creditDeposit(t.app.wallet, over.depositId)).toBe('held');
    expect(await listed(member, second.orderNumber)).toMatchObject({
      status: 'Created',
      depositedUsdt: '0',
    });
  });
});

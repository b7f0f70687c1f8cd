import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeOrders } from '../../src/server/db/schema/store';
import { depositAddresses, ledgerTransactions } from '../../src/server/db/schema/wallet';
import { createStoreOrder } from '../../src/server/domain/store/orders';
import { evmAccountAt, storeOrderPath } from '../../src/server/domain/wallet/hd';
import { accountBalance, memberAccount } from '../../src/server/domain/wallet/ledger';
import { testUsdtAddress } from '../../src/shared/contracts/generated';
import type { StoreOrder, StoreOrderList } from '../../src/shared/api/store';
import { call, createMember, freshIp, loginSession, type TestMember } from '../helpers/auth';
import { ops } from '../helpers/kyc';
import { verifyIdentity } from '../helpers/loyalty';
import { creditStorePayment, payStoreOrder, seeStorePayment } from '../helpers/store';
import { createTestApp, type TestApp } from '../helpers/test-app';

const USDT = (whole: number | string) => BigInt(Math.round(Number(whole) * 1e6));
const BCNT = (whole: bigint) => whole * 10n ** 18n;

// Friday 2025-03-07 18:00 UTC+8 (10:00 UTC).
const FRIDAY_EVENING = '2025-03-07T10:00:00.000Z';
// Monday 2025-03-10 12:00 UTC+8.
const MONDAY_NOON = '2025-03-10T04:00:00.000Z';

let t: TestApp;
let buyer: TestMember;
let keyCounter = 0;
const newKey = () => `store-key-${Date.now().toString(36)}-${(keyCounter += 1)}`;

function createOrder(member: TestMember | null, body: unknown, key: string | null = newKey()) {
  return t.app.inject({
    method: 'POST',
    url: '/token/order',
    remoteAddress: freshIp(),
    headers: {
      ...(member ? { authorization: `Bearer ${member.token}` } : {}),
      ...(key ? { 'idempotency-key': key } : {}),
    },
    payload: body as object,
  });
}

async function order(member: TestMember, usdtAmount: string, key = newKey()): Promise<StoreOrder> {
  const res = await createOrder(member, { usdtAmount }, key);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as StoreOrder;
}

async function list(member: TestMember, query = ''): Promise<StoreOrderList> {
  const res = await call(t.app, 'GET', `/token/order${query}`, undefined, { token: member.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as StoreOrderList;
}

async function find(member: TestMember, orderNumber: string): Promise<StoreOrder> {
  const found = (await list(member, '?pageSize=100')).items.find(
    (o) => o.orderNumber === orderNumber,
  );
  if (!found) throw new Error(`order ${orderNumber} not listed`);
  return found;
}

/** The clock moved past the session's expiry: log in again. */
async function relogin(member: TestMember): Promise<TestMember> {
  return { ...member, ...(await loginSession(t.app, member)) };
}

const bcntAvailable = (member: TestMember) =>
  accountBalance(t.database.db, memberAccount(member.memberId), 'BCNT');

async function deliveries(orderNumber: string) {
  const [row] = await t.database.db
    .select({ id: storeOrders.id })
    .from(storeOrders)
    .where(eq(storeOrders.orderNumber, orderNumber));
  const [n] = await t.database.db
    .select({ n: count() })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.idempotencyKey, `store:${row!.id}:delivery`));
  return n!.n;
}

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(FRIDAY_EVENING);
  buyer = await createMember(t.app);
  await verifyIdentity(t, buyer);
  await t.app.wallet.prices.setBcntPrice('0.5');
});
afterAll(async () => t?.close());

describe('BCNT store: who may order', () => {
  it('refuses visitors (401) and members without identity verification (403)', async () => {
    expect((await createOrder(null, { usdtAmount: '100' })).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/token/order')).statusCode).toBe(401);
    const unverified = await createMember(t.app);
    const res = await createOrder(unverified, { usdtAmount: '100' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('kyc_required');
    // listing own orders needs only a session
    expect((await list(unverified)).total).toBe(0);
  });

  it('answers the public token info with the store rules and the current price', async () => {
    const res = await call(t.app, 'GET', '/token/info');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      symbol: 'BCNT',
      totalSupply: '1000000000',
      priceUsdt: '0.5',
      storeMinimumUsdt: '100',
      deliveryHourUtc8: 12,
      conversionHoursMin: 1,
      conversionHoursMax: 3,
    });
  });
});

describe('BCNT store: amounts', () => {
  it.each([
    ['99.999999', 'store_below_minimum'],
    ['0', 'amount_not_positive'],
    ['-100', 'amount_not_positive'],
    ['abc', 'amount_format'],
    ['1e3', 'amount_format'],
    ['100.0000001', 'amount_too_many_decimals'],
    ['100000000.5', 'store_above_maximum'],
  ])('refuses %s with %s', async (usdtAmount, message) => {
    const res = await createOrder(buyer, { usdtAmount });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().data.field).toBe('usdtAmount');
    expect(res.json().data.issues[0].message).toBe(message);
  });

  it('needs an idempotency key', async () => {
    const res = await createOrder(buyer, { usdtAmount: '100' }, null);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('idempotency_key_required');
  });

  it('creates an order at the quoted price with its own deposit address', async () => {
    const created = await order(buyer, '150.5');
    expect(created).toMatchObject({
      status: 'Created',
      usdtAmount: '150.5',
      depositedUsdt: '0',
      bcntAmount: '301',
      priceUsdt: '0.5',
      chainId: 31337,
      usdtTokenAddress: testUsdtAddress[31337],
      txHash: null,
      deliverAt: null,
      createdAt: FRIDAY_EVENING,
    });
    expect(created.orderNumber).toMatch(/^BC20250307\d{6}$/);
    const [address] = await t.database.db
      .select()
      .from(depositAddresses)
      .where(eq(depositAddresses.address, created.depositAddress));
    expect(address).toMatchObject({ purpose: 'store', chain: 'evm', memberId: buyer.memberId });
    expect(created.depositAddress).toBe(
      evmAccountAt(
        t.app.config.walletSeed,
        storeOrderPath(address!.orderId!),
      ).address.toLowerCase(),
    );
  });
});

describe('BCNT store: idempotent order creation', () => {
  it('answers the same order for the same key, also concurrently', async () => {
    const key = newKey();
    const before = (await list(buyer)).total;
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => createOrder(buyer, { usdtAmount: '200' }, key)),
    );
    const numbers = new Set(answers.map((res) => res.json().data.orderNumber as string));
    expect(answers.every((res) => res.statusCode === 200)).toBe(true);
    expect(numbers.size).toBe(1);
    const again = await order(buyer, '200', key);
    expect(numbers.has(again.orderNumber)).toBe(true);
    expect((await list(buyer)).total).toBe(before + 1);
  });

  it('refuses the same key with another amount (409)', async () => {
    const key = newKey();
    await order(buyer, '100', key);
    const res = await createOrder(buyer, { usdtAmount: '101' }, key);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('idempotency_key_reused');
  });

  it('is idempotent in the domain itself, whoever calls it', async () => {
    const key = newKey();
    const first = await createStoreOrder(t.app.wallet, buyer.memberId, key, { usdtAmount: '120' });
    const again = await createStoreOrder(t.app.wallet, buyer.memberId, key, { usdtAmount: '120' });
    expect(again).toEqual(first);
    await expect(
      createStoreOrder(t.app.wallet, buyer.memberId, key, { usdtAmount: '121' }),
    ).rejects.toMatchObject({ status: 409, message: 'idempotency_key_reused' });
  });
});

describe('BCNT store: states and delivery', () => {
  it('goes Created -> Confirming -> Deposited -> Delivered at noon of the next business day', async () => {
    t.clock.set(FRIDAY_EVENING);
    const member = await createMember(t.app);
    await verifyIdentity(t, member);
    const created = await order(member, '100');
    expect(created.status).toBe('Created');

    const payment = await seeStorePayment(t, created.depositAddress, USDT(100));
    expect(await find(member, created.orderNumber)).toMatchObject({
      status: 'Confirming',
      confirmingUsdt: '100',
      depositedUsdt: '0',
      txHash: payment.txHash,
    });

    t.clock.advance(5 * 60_000); // credited Friday 18:05 UTC+8
    await creditStorePayment(t, payment);
    const deposited = await find(member, created.orderNumber);
    expect(deposited).toMatchObject({
      status: 'Deposited',
      depositedUsdt: '100',
      bcntAmount: '200',
      depositedAt: '2025-03-07T10:05:00.000Z',
      deliverAt: MONDAY_NOON,
    });

    // Saturday, Sunday and Monday 11:59 UTC+8: not yet
    let session = member;
    for (const time of ['2025-03-08T06:00:00Z', '2025-03-09T15:00:00Z', '2025-03-10T03:59:59Z']) {
      t.clock.set(time);
      await t.app.scheduler.runTask('store-delivery');
      session = await relogin(member);
      expect((await find(session, created.orderNumber)).status).toBe('Deposited');
    }
    expect(await bcntAvailable(member)).toBe(0n);

    t.clock.set(MONDAY_NOON);
    for (let i = 0; i < 3; i += 1) await t.app.scheduler.runTask('store-delivery');
    await Promise.all([
      t.app.scheduler.runTask('store-delivery'),
      ops(t, 'store/deliver', {}),
      ops(t, 'store/deliver', { id: created.orderNumber, now: true }),
    ]);
    const delivered = await find(session, created.orderNumber);
    expect(delivered).toMatchObject({
      status: 'Delivered',
      bcntAmount: '200',
      deliveredAt: MONDAY_NOON,
    });
    expect(await bcntAvailable(member)).toBe(BCNT(200n));
    expect(await deliveries(created.orderNumber)).toBe(1);
  });

  it('delivers what arrived: more than ordered buys proportionally more, at the order price', async () => {
    t.clock.set('2025-03-11T02:00:00Z'); // Tuesday 10:00 UTC+8
    const member = await createMember(t.app);
    await verifyIdentity(t, member);
    const created = await order(member, '100');
    await t.app.wallet.prices.setBcntPrice('2'); // a later price does not change the order
    await payStoreOrder(t, created.depositAddress, USDT('150.000001'));
    expect(await find(member, created.orderNumber)).toMatchObject({
      status: 'Deposited',
      depositedUsdt: '150.000001',
      bcntAmount: '300.000002',
      priceUsdt: '0.5',
      deliverAt: '2025-03-12T04:00:00.000Z',
    });
    t.clock.set('2025-03-12T04:00:00Z');
    await t.app.scheduler.runTask('store-delivery');
    expect(await bcntAvailable(member)).toBe(300_000_002n * 10n ** 12n);
    await t.app.wallet.prices.setBcntPrice('0.5');
  });

  it('keeps payments below the minimum Confirming until the rest arrives', async () => {
    t.clock.set('2025-03-11T02:00:00Z');
    const member = await createMember(t.app);
    await verifyIdentity(t, member);
    const created = await order(member, '100');
    await payStoreOrder(t, created.depositAddress, USDT(60));
    const short = await find(member, created.orderNumber);
    expect(short).toMatchObject({ status: 'Confirming', belowMinimum: true, depositedUsdt: '60' });
    const below = (await ops(t, 'store/list', { state: 'below-minimum' })) as {
      orders: { orderNumber: string }[];
    };
    expect(below.orders.map((o) => o.orderNumber)).toContain(created.orderNumber);
    // even forced, an order below the minimum is not delivered
    await ops(t, 'store/deliver', { id: created.orderNumber, now: true });
    expect((await find(member, created.orderNumber)).status).toBe('Confirming');

    t.clock.advance(60_000);
    await payStoreOrder(t, created.depositAddress, USDT(40));
    expect(await find(member, created.orderNumber)).toMatchObject({
      status: 'Deposited',
      belowMinimum: false,
      depositedUsdt: '100',
      depositedAt: '2025-03-11T02:01:00.000Z',
    });
  });

  it('lets the operator deliver one order before its time', async () => {
    t.clock.set('2025-03-11T02:00:00Z');
    const member = await createMember(t.app);
    await verifyIdentity(t, member);
    const created = await order(member, '100');
    await payStoreOrder(t, created.depositAddress, USDT(100));
    const due = (await ops(t, 'store/list', { state: 'due' })) as {
      orders: { orderNumber: string }[];
    };
    expect(due.orders.map((o) => o.orderNumber)).not.toContain(created.orderNumber);
    await ops(t, 'store/deliver', {});
    expect((await find(member, created.orderNumber)).status).toBe('Deposited');
    await ops(t, 'store/deliver', { id: created.orderNumber, now: true });
    expect((await find(member, created.orderNumber)).status).toBe('Delivered');
    expect(await bcntAvailable(member)).toBe(BCNT(200n));
  });

  it('ignores tokens other than USDT sent to the order address', async () => {
    const member = await createMember(t.app);
    await verifyIdentity(t, member);
    const created = await order(member, '100');
    await seeStorePayment(t, created.depositAddress, USDT(500), 'USDC');
    expect((await find(member, created.orderNumber)).status).toBe('Created');
  });
});

describe('BCNT store: order list', () => {
  it('pages the member’s orders newest first and hides them from other members', async () => {
    const member = await createMember(t.app);
    await verifyIdentity(t, member);
    const numbers: string[] = [];
    for (let i = 0; i < 5; i += 1) numbers.push((await order(member, String(100 + i))).orderNumber);
    const first = await list(member, '?page=1&pageSize=2');
    expect(first).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(first.items.map((o) => o.orderNumber)).toEqual([numbers[4], numbers[3]]);
    const last = await list(member, '?page=3&pageSize=2');
    expect(last.items.map((o) => o.orderNumber)).toEqual([numbers[0]]);
    expect(last.items[0]).toMatchObject({ usdtAmount: '100', status: 'Created' });

    const other = await createMember(t.app);
    const seen = await list(other, '?pageSize=100');
    expect(seen.items.map((o) => o.orderNumber)).not.toEqual(expect.arrayContaining([numbers[0]]));
    expect(seen.total).toBe(0);
    const bad = await call(t.app, 'GET', '/token/order?pageSize=1000', undefined, {
      token: member.token,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('limits orders without a payment to 10 a day', async () => {
    t.clock.set('2025-03-13T02:00:00Z');
    const member = await createMember(t.app);
    await verifyIdentity(t, member);
    for (let i = 0; i < 10; i += 1) await order(member, '100');
    const res = await createOrder(member, { usdtAmount: '100' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('store_too_many_unpaid_orders');
    t.clock.advance(24 * 60 * 60 * 1000 + 1);
    await order(await relogin(member), '100');
  });
});

// The API killed (SIGKILL, a process of its own) in the middle of the two jobs that pay members
// from the platform's accounts, then started again on the same database: an earn product's
// settlement run (killed in its second day, the first committed) and a store delivery run
// (killed in its second order, the first delivered). What was committed is not paid again, what
// was not is paid once.
import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { TestClock } from '../../src/server/clock';
import { earnEvents, earnSubscriptions } from '../../src/server/db/schema/earn';
import { storeOrders } from '../../src/server/db/schema/store';
import { ledgerTransactions } from '../../src/server/db/schema/wallet';
import { createStoreOrder } from '../../src/server/domain/store/orders';
import { storeDeliveryKey } from '../../src/server/domain/store/delivery';
import { accountBalance, memberAccount } from '../../src/server/domain/wallet/ledger';
import { prepareCrash } from '../helpers/api-process';
import { payStoreOrder } from '../helpers/store';
import type { TestApp } from '../helpers/test-app';
import { expectBooksBalanced } from '../helpers/wallet';
import { verifiedMember } from '../wallet/convert-helpers';
import { addDay, DAY, earnHarness, startOf } from '../earn/earn-helpers';

let scenario: { dispose(): Promise<void> } | undefined;
afterEach(async () => {
  await scenario?.dispose();
  scenario = undefined;
});

const HOUR = 3600_000;

describe('the API killed in the middle of a ledger money job', () => {
  it('an earn settlement run killed in its second day: every day settled once', async () => {
    const today = '2025-03-03';
    const clock = new TestClock(new Date(startOf(today).getTime() + 10 * HOUR));
    let app: TestApp | undefined;
    const earn = earnHarness(() => app!);
    const crash = await prepareCrash(
      { faultAt: 'earn.settle-day@2', task: 'earn-lifecycle', app: { clock } },
      async (t) => {
        app = t;
        const product = await earn.product({ kind: 'fixed' }, 2);
        const members = [await earn.funded('5000'), await earn.funded('5000')];
        for (const member of members) await earn.join(member, product.id, 10);
        const start = addDay(today, 2);
        await earn.at(startOf(start).getTime() + 10 * HOUR); // the product starts
        return { start, members: members.map((m) => m.memberId) };
      },
    );
    scenario = crash;
    const { start, members } = crash.data;

    // three days are due (the start day and the two after it); the process dies in the second
    const report = (await crash.run(new Date(startOf(addDay(start, 3)).getTime() + 10 * HOUR))) as {
      rewardDays: number;
    };
    expect(report.rewardDays).toBe(2 * 2);

    await crash.shared.use(async (database) => {
      const days = [start, addDay(start, 1), addDay(start, 2)];
      for (const memberId of members) {
        const rewards = await database.db
          .select()
          .from(earnEvents)
          .where(and(eq(earnEvents.memberId, memberId), eq(earnEvents.kind, 'reward')));
        expect(rewards.map((r) => r.day).sort()).toEqual(days);
        expect(rewards.every((r) => r.ledgerTransactionId !== null && BigInt(r.amount) > 0n)).toBe(
          true,
        );
        const paid = rewards.reduce((sum, r) => sum + BigInt(r.amount), 0n);
        // 5,000 funded, 1,000 subscribed, the three days' rewards paid to the wallet
        expect(await accountBalance(database.db, memberAccount(memberId), 'USDT')).toBe(
          4_000_000_000n + paid,
        );
        const [sub] = await database.db
          .select()
          .from(earnSubscriptions)
          .where(eq(earnSubscriptions.memberId, memberId));
        expect(sub?.settledThrough).toBe(days[2]);
      }
      // one ledger transaction per product day, both members in it
      const interest = await database.db
        .select()
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.type, 'interest'));
      expect(interest).toHaveLength(3);
      await expectBooksBalanced(database.db);
    });
  }, 90_000);

  it('a store delivery run killed in its second order: each order delivered once', async () => {
    // Tuesday 10:00 UTC+8: paid now, delivered from Wednesday 12:00 UTC+8
    const clock = new TestClock('2025-03-11T02:00:00Z');
    const crash = await prepareCrash(
      { faultAt: 'store.delivery@2', task: 'store-delivery', app: { clock } },
      async (t) => {
        const placed = [];
        for (const usdt of ['100', '120']) {
          const member = await verifiedMember(t);
          const order = await createStoreOrder(t.app.wallet, member.memberId, randomUUID(), {
            usdtAmount: usdt,
          });
          await payStoreOrder(t, order.depositAddress, BigInt(usdt) * 1_000_000n);
          placed.push({ memberId: member.memberId, orderNumber: order.orderNumber });
        }
        return placed;
      },
    );
    scenario = crash;
    const orders = crash.data;

    const result = (await crash.run(new Date(clock.now().getTime() + DAY + 2 * HOUR))) as {
      delivered: { orderNumber: string }[];
    };
    // the first order's delivery had committed before the kill: only the second is left
    expect(result.delivered.map((d) => d.orderNumber)).toEqual([orders[1]!.orderNumber]);

    await crash.shared.use(async (database) => {
      const rows = await database.db
        .select()
        .from(storeOrders)
        .where(isNotNull(storeOrders.deliveredAt));
      expect(rows.map((row) => row.orderNumber).sort()).toEqual(
        orders.map((o) => o.orderNumber).sort(),
      );
      for (const row of rows) {
        const deliveries = await database.db
          .select()
          .from(ledgerTransactions)
          .where(eq(ledgerTransactions.type, 'store_delivery'))
          .then((all) => all.filter((tx) => tx.reference === `order:${row.id}`));
        expect(deliveries.map((tx) => tx.idempotencyKey)).toEqual([storeDeliveryKey(row.id)]);
        expect(deliveries[0]!.id).toBe(row.deliveryTransactionId);
        expect(await accountBalance(database.db, memberAccount(row.memberId), 'BCNT')).toBe(
          BigInt(row.deliveredBcnt!),
        );
      }
      await expectBooksBalanced(database.db);
    });
  }, 90_000);
});

// Two API processes on one PostgreSQL database, as replicas behind a load balancer run (PostgreSQL
// only: PGlite is one process; CI's PostgreSQL lane runs this file). What one replica does the
// other sees: a SIWE nonce is spent for both, rate limits count both, the scheduled jobs run once
// across both, and a replica killed while it holds a job's lease hands the job to the other
// once the lease expires, with nothing done twice.
//
// Already proven elsewhere with two apps in one process on one database (PGlite and, in the
// PostgreSQL lane, PostgreSQL), not repeated here: a task's lease excludes the other process and
// a dead holder's lease expires (tests/wallet/scheduler-leases.test.ts); generous rate limits
// sync through the table once a second (tests/api/rate-limits.test.ts); a logout in one process
// ends the session in the other (tests/api/auth-session.test.ts).
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq } from 'drizzle-orm';
import { type Address, erc20Abi } from 'viem';
import { createSiweMessage } from 'viem/siwe';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnvilHandle, getFreePort, startAnvil } from '../../scripts/anvil';
import { deployOrLoadState } from '../../scripts/deploy';
import { TestClock } from '../../src/server/clock';
import { DEV_WALLET_SEED } from '../../src/server/config';
import { storeOrders } from '../../src/server/db/schema/store';
import { ledgerTransactions } from '../../src/server/db/schema/wallet';
import { withdrawals } from '../../src/server/db/schema/withdrawal';
import { hotWalletAccount } from '../../src/server/domain/wallet/hd';
import { LEASE_TTL_MS } from '../../src/server/domain/wallet/leases';
import { createStoreOrder } from '../../src/server/domain/store/orders';
import { testUsdtAddress } from '../../src/shared/contracts/generated';
import {
  type ApiProcess,
  createSharedDatabase,
  type SharedDatabase,
  startApiProcess,
} from '../helpers/api-process';
import { createMember } from '../helpers/auth';
import { testChain, type TestChain } from '../helpers/chain';
import { payStoreOrder } from '../helpers/store';
import { createTestApp, type TestApp, usingPostgres } from '../helpers/test-app';
import { expectBooksBalanced } from '../helpers/wallet';
import { fund, nextCode, withdraw, withdrawMember } from '../helpers/withdrawals';
import { verifiedMember } from '../wallet/convert-helpers';

const USDT = testUsdtAddress[31337];
const HOT_WALLET = hotWalletAccount(DEV_WALLET_SEED).address;
const MINUTE = 60_000;

describe.skipIf(!usingPostgres)('two API processes on one PostgreSQL database', () => {
  let anvil: AnvilHandle;
  let chain: TestChain;
  let shared: SharedDatabase;
  let t: TestApp;
  /** when both replicas' clocks start */
  let now: Date;
  let a: ApiProcess;
  let b: ApiProcess;

  beforeAll(async () => {
    anvil = await startAnvil({ port: await getFreePort(), quiet: true });
    await deployOrLoadState(anvil.rpcUrl);
    chain = testChain(anvil.rpcUrl);
    await chain.send(1, {
      address: USDT,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [HOT_WALLET, 10_000_000_000n],
    });
    shared = await createSharedDatabase();
    // this process sets data up through an app of its own on the same database
    t = await createTestApp({
      database: shared.connected!,
      clock: new TestClock('2025-03-10T02:00:00Z'),
      config: { rpcUrl: anvil.rpcUrl, chainId: 31337, depositConfirmations: 1 },
    });
    now = t.clock.now();
    [a, b] = await Promise.all([
      startApiProcess({ database: shared, clock: now }),
      startApiProcess({ database: shared, clock: now }),
    ]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await t?.close();
    await shared?.dispose();
    await anvil?.stop();
  });

  it('a SIWE nonce issued by one and spent on the other is refused on both afterwards', async () => {
    const member = await createMember(t.app);
    const wallet = privateKeyToAccount(generatePrivateKey());
    const issued = await a.request('POST', '/member/siwe/nonce', { purpose: 'link' });
    expect(issued.status).toBe(200);
    const data = (issued.body as { data: Record<string, string> }).data;
    const message = createSiweMessage({
      address: wallet.address,
      domain: data.domain!,
      uri: data.uri!,
      chainId: Number(data.chainId),
      nonce: data.nonce!,
      statement: data.statement,
      version: '1',
      issuedAt: new Date(data.issuedAt!),
      expirationTime: new Date(data.expirationTime!),
    });
    const body = {
      message,
      signature: await wallet.signMessage({ message }),
      password: member.password,
    };
    const spent = await b.request('POST', '/member/siwe/link', body, member.token);
    expect(spent).toMatchObject({ status: 200, body: { status: 0 } });
    for (const replica of [a, b]) {
      expect(await replica.request('POST', '/member/siwe/link', body, member.token)).toEqual({
        status: 400,
        body: { status: 400, message: 'siwe_invalid', data: null },
      });
    }
  });

  it('a rate limit counts the calls of both: the budget spent on one is spent on the other', async () => {
    // the guessable preset: 10 calls in 10 minutes per address (both replicas see 127.0.0.1)
    const guess = (replica: ApiProcess) =>
      replica.request('PUT', '/member/activation', {
        actionType: 'email',
        userName: `nobody-${randomUUID()}@example.com`,
        code: '000000',
      });
    const statuses = [];
    for (let i = 0; i < 10; i += 1) statuses.push((await guess(i % 2 === 0 ? a : b)).status);
    expect(statuses.filter((status) => status === 429)).toEqual([]);
    expect((await guess(a)).status).toBe(429);
    expect((await guess(b)).status).toBe(429);
  });

  it('due jobs run once across both schedulers; a replica killed holding the withdrawal lease hands the payout to the other when the lease expires', async () => {
    // two store orders paid now (due tomorrow 12:00 UTC+8), then a withdrawal (due the next
    // working day 10:00 UTC+8)
    const orders = [];
    for (const usdt of [100n, 150n]) {
      const buyer = await verifiedMember(t);
      const order = await createStoreOrder(t.app.wallet, buyer.memberId, randomUUID(), {
        usdtAmount: String(usdt),
      });
      await payStoreOrder(t, order.depositAddress, usdt * 1_000_000n);
      orders.push(order.orderNumber);
    }
    const member = await withdrawMember(t);
    await fund(t, member.memberId, 'USDT', 500_000_000n);
    const recipient = '0x00000000000000000000000000000000000fa018' as Address;
    const res = await withdraw(t, member, {
      currency: 'USDT',
      network: 'ERC20',
      address: recipient,
      amount: '90',
      code: nextCode(t, member),
    });
    expect(res.json().status, res.body).toBe(0);
    const db = shared.connected!.db;
    const [queued] = await db
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.memberId, member.memberId));
    const dueAt = queued!.dueAt.getTime();
    const sentBefore = await chain.client.getTransactionCount({ address: HOT_WALLET });

    // both schedulers running; the one whose clock has reached the withdrawal dies sending it
    const replicaEnv = {
      SCHEDULER: 'true',
      SCHEDULER_POLL_MS: '200',
      RPC_URL: anvil.rpcUrl,
      CHAIN_ID: '31337',
      DEPOSIT_CONFIRMATIONS: '1',
    };
    const survivor = await startApiProcess({
      database: shared,
      clock: new Date(dueAt - MINUTE),
      env: replicaEnv,
    });
    try {
      const doomed = await startApiProcess({
        database: shared,
        clock: new Date(dueAt + 1000),
        env: replicaEnv,
        faultAt: 'withdrawal.sent',
      });
      expect(await doomed.exited, doomed.output()).toEqual({ code: null, signal: 'SIGKILL' });
      const [sending] = await db.select().from(withdrawals).where(eq(withdrawals.id, queued!.id));
      expect(sending).toMatchObject({ status: 'processing' });

      // the store orders: delivered once each, whichever scheduler did it
      await expect
        .poll(async () => (await db.select().from(storeOrders)).filter((o) => o.deliveredAt).length)
        .toBe(2);

      // the survivor's clock a minute short of the dead replica's lease: still its lease
      await survivor.advanceClock(LEASE_TTL_MS);
      await sleep(1000);
      const [waiting] = await db.select().from(withdrawals).where(eq(withdrawals.id, queued!.id));
      expect(waiting).toMatchObject({ status: 'processing' });
      // past it: the survivor resends the same signed transaction and completes the payout
      await survivor.advanceClock(2 * MINUTE);
      await expect
        .poll(
          async () =>
            (await db.select().from(withdrawals).where(eq(withdrawals.id, queued!.id)))[0]?.status,
          { timeout: 15_000 },
        )
        .toBe('completed');
    } finally {
      expect(await survivor.stop(), survivor.output()).toEqual({ code: 0, signal: null });
    }

    expect(
      await chain.client.readContract({
        address: USDT,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [recipient],
      }),
    ).toBe(90_000_000n);
    expect(await chain.client.getTransactionCount({ address: HOT_WALLET })).toBe(sentBefore + 1);
    const sent = await db
      .select()
      .from(ledgerTransactions)
      .where(
        and(
          eq(ledgerTransactions.type, 'withdrawal_sent'),
          eq(ledgerTransactions.reference, `withdrawal:${queued!.id}`),
        ),
      );
    expect(sent).toHaveLength(1);
    const deliveries = await db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.type, 'store_delivery'));
    expect(deliveries).toHaveLength(orders.length);
    await expectBooksBalanced(db);
  }, 120_000);
});

// The hot wallet's nonce across senders (chain/hot-wallet-nonce.ts): two withdrawal senders on
// their own database connections (two pools on PostgreSQL, as two API processes have) sign at
// the same moment, each between its nonce read and its store held up on purpose, and never pick
// the same nonce; the allocation follows the chain when it is ahead of the stored transactions
// and frees the nonce of a transaction that is no longer live. Runs on PGlite too (one
// connection: the senders interleave at every await but their transactions cannot overlap); the
// PostgreSQL lane is where the two pools really wait for each other's lock.
import { setTimeout as sleep } from 'node:timers/promises';
import { eq, inArray } from 'drizzle-orm';
import { type Address, erc20Abi, type PublicClient } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnvilHandle, getFreePort, startAnvil } from '../../scripts/anvil';
import { deployOrLoadState } from '../../scripts/deploy';
import { withHotWalletNonce } from '../../src/server/chain/hot-wallet-nonce';
import { TestClock } from '../../src/server/clock';
import { DEV_WALLET_SEED } from '../../src/server/config';
import { type Database, openDatabase } from '../../src/server/db/database';
import { autotradeOperatorTxs } from '../../src/server/db/schema/autotrade-margin';
import { withdrawals } from '../../src/server/db/schema/withdrawal';
import { hotWalletAccount } from '../../src/server/domain/wallet/hd';
import { sendDueWithdrawals } from '../../src/server/domain/wallet/withdrawal-processing';
import type { WalletDeps } from '../../src/server/plugins/wallet';
import { testUsdtAddress } from '../../src/shared/contracts/generated';
import { testChain, type TestChain } from '../helpers/chain';
import {
  createTestApp,
  createTestDatabase,
  type TestApp,
  type TestDatabase,
  usingPostgres,
} from '../helpers/test-app';
import { fund, nextCode, withdraw, withdrawMember } from '../helpers/withdrawals';

const USDT = testUsdtAddress[31337];
const HOT_WALLET = hotWalletAccount(DEV_WALLET_SEED).address;
const RECIPIENTS = [1, 2, 3, 4, 5, 6].map(
  (n) => `0x00000000000000000000000000000000000${n}b0b0` as Address,
);

/** The chain client with a pause after each pending-count read: the window two senders race in. */
function slowNonceReads(client: PublicClient, pauseMs: number): PublicClient {
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'getTransactionCount') {
        return async (args: Parameters<PublicClient['getTransactionCount']>[0]) => {
          const count = await target.getTransactionCount(args);
          await sleep(pauseMs);
          return count;
        };
      }
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}

describe('the hot wallet nonce', () => {
  let anvil: AnvilHandle;
  let chain: TestChain;
  let testDb: TestDatabase;
  /** the second sender's own connection (a second pool on PostgreSQL) */
  let second: Database | undefined;
  let t: TestApp;

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
    testDb = await createTestDatabase();
    if (usingPostgres) second = await openDatabase({ databaseUrl: testDb.url!, migrate: false });
    t = await createTestApp({
      database: testDb.database,
      clock: new TestClock('2025-03-10T02:00:00Z'),
      config: { rpcUrl: anvil.rpcUrl, chainId: 31337, depositConfirmations: 1 },
    });
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await second?.close();
    await testDb?.dispose();
    await anvil?.stop();
  });

  const nonceOnChain = () =>
    chain.client.getTransactionCount({ address: HOT_WALLET, blockTag: 'pending' });

  it('two senders signing at the same moment never take the same nonce; every payout is mined', async () => {
    const member = await withdrawMember(t);
    await fund(t, member.memberId, 'USDT', 1_000_000_000n);
    for (const address of RECIPIENTS) {
      const res = await withdraw(t, member, {
        currency: 'USDT',
        network: 'ERC20',
        address,
        amount: '20',
        code: nextCode(t, member),
      });
      expect(res.json().status, res.body).toBe(0);
    }
    const before = await nonceOnChain();

    const wallet = t.app.wallet as WalletDeps;
    const sender = (db: Database) =>
      sendDueWithdrawals(
        {
          wallet: { ...wallet, db: db.db, chain: slowNonceReads(wallet.chain, 300) },
          payouts: wallet.payouts,
        },
        { force: true },
      );
    const [a, b] = await Promise.all([sender(testDb.database), sender(second ?? testDb.database)]);
    // both sent some: they really ran side by side
    expect(a.broadcast).toBeGreaterThan(0);
    expect(b.broadcast).toBeGreaterThan(0);
    expect(a.failed + b.failed).toBe(0);
    expect(a.broadcast + b.broadcast).toBe(RECIPIENTS.length);

    const rows = await t.database.db
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.memberId, member.memberId));
    expect(rows.map((row) => row.status)).toEqual(RECIPIENTS.map(() => 'broadcast'));
    const nonces = rows.map((row) => row.nonce!).sort((x, y) => x - y);
    expect(nonces).toEqual(RECIPIENTS.map((_, i) => before + i));

    // every transfer is on chain, each recipient paid once
    for (const row of rows) {
      const receipt = await chain.client.waitForTransactionReceipt({
        hash: row.txHash as `0x${string}`,
        pollingInterval: 50,
      });
      expect(receipt.status).toBe('success');
    }
    for (const address of RECIPIENTS) {
      const balance = await chain.client.readContract({
        address: USDT,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [address],
      });
      expect(balance).toBe(20_000_000n);
    }
    expect(await nonceOnChain()).toBe(before + RECIPIENTS.length);
  });

  it('follows the chain when it is ahead, skips a live stored nonce and frees a dead one', async () => {
    const deps = { db: t.database.db, chain: chain.client, config: { chainId: 31337 } };
    const allocate = () => withHotWalletNonce(deps, HOT_WALLET, async (_tx, nonce) => nonce);

    // a transaction sent from the hot wallet by another tool: the chain is ahead
    const start = await nonceOnChain();
    await chain.send(0, {
      address: USDT,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [RECIPIENTS[0]!, 1n],
    });
    expect(await allocate()).toBe(start + 1);

    // an operator transaction signed with that nonce and not sent yet holds it
    const now = t.clock.now();
    const [held] = await t.database.db
      .insert(autotradeOperatorTxs)
      .values({
        purpose: 'nonce-test',
        kind: 'release',
        chainId: 31337,
        vault: RECIPIENTS[5]!,
        member: RECIPIENTS[4]!.toLowerCase(),
        token: USDT.toLowerCase(),
        amount: '1',
        performanceFee: '0',
        state: 'signed',
        nonce: start + 1,
        signedTx: '0x00',
        txHash: `0x${'ab'.repeat(32)}`,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    expect(await allocate()).toBe(start + 2);

    // refused and failed: its nonce is free again (the chain's count is behind the stored rows)
    await t.database.db
      .update(autotradeOperatorTxs)
      .set({ state: 'failed' })
      .where(inArray(autotradeOperatorTxs.id, [held!.id]));
    expect(await allocate()).toBe(start + 1);
  });
});

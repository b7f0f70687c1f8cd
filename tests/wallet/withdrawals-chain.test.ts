// EVM withdrawals on a throw-away anvil: an ERC20 USDT and an ETH withdrawal are signed by the
// hot wallet, land at the recipient with the right amount, and complete after the
// confirmations with the tx hash; a broadcast that cannot reach the node refunds the member.
import { eq } from 'drizzle-orm';
import { erc20Abi, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getFreePort, startAnvil, TEST_ACCOUNTS, type AnvilHandle } from '../../scripts/anvil';
import { deployOrLoadState } from '../../scripts/deploy';
import { TestClock } from '../../src/server/clock';
import { withdrawals } from '../../src/server/db/schema/withdrawal';
import { runOpsCommand } from '../../src/server/ops/commands';
import { testUsdcAddress, testUsdtAddress } from '../../src/shared/contracts/generated';
import { testChain, type TestChain } from '../helpers/chain';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { fund, nextCode, walletBalance, withdraw, withdrawMember } from '../helpers/withdrawals';

const USDT_TOKEN = testUsdtAddress[31337];
const CONFIRMATIONS = 3;

let anvil: AnvilHandle;
let chain: TestChain;
let t: TestApp;

beforeAll(async () => {
  anvil = await startAnvil({ port: await getFreePort(), quiet: true });
  await deployOrLoadState(anvil.rpcUrl);
  chain = testChain(anvil.rpcUrl);
  await chain.mine();
  t = await createTestApp({
    config: { rpcUrl: anvil.rpcUrl, chainId: 31337, depositConfirmations: CONFIRMATIONS },
    clock: new TestClock(await chain.latestTime()),
  });
  // The hot wallet (anvil account 0) holds ETH; give it USDT the way deposit sweeps would.
  await chain.send(1, {
    address: USDT_TOKEN,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [TEST_ACCOUNTS[0]!.address, 10_000_000_000n],
  });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await anvil?.stop();
});

const run = (app: TestApp) =>
  runOpsCommand(
    { db: app.database.db, clock: app.clock, wallet: app.app.wallet },
    'withdrawals/run',
    {},
  );

const row = async (app: TestApp, id: number) =>
  (await app.database.db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0]!;

describe('EVM withdrawals on anvil', () => {
  it('ERC20 USDT and ETH land at the recipient; completed after the confirmations with the tx hash', async () => {
    const member = await withdrawMember(t);
    await fund(t, member.memberId, 'USDT', 1_000_000_000n); // 1000 USDT
    await fund(t, member.memberId, 'ETH', 2n * 10n ** 18n);
    const recipient = TEST_ACCOUNTS[7]!.address as Address;
    const fresh = '0x00000000000000000000000000000000000beef1' as Address;

    const usdt = (
      await withdraw(t, member, {
        currency: 'USDT',
        network: 'ERC20',
        address: recipient.toLowerCase(),
        amount: '123.456789',
        code: nextCode(t, member),
      })
    ).json().data;
    expect(usdt.status).toBe('queued');
    const eth = (
      await withdraw(t, member, {
        currency: 'ETH',
        network: 'ETH',
        address: fresh,
        amount: '0.25',
        code: nextCode(t, member),
      })
    ).json().data;
    expect(eth.status).toBe('queued');

    const balanceOf = (who: Address) =>
      chain.client.readContract({
        address: USDT_TOKEN,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [who],
      });
    const usdtBefore = await balanceOf(recipient);
    const ethBefore = await chain.client.getBalance({ address: fresh });

    const first = await run(t);
    expect(first).toMatchObject({ claimed: 2, broadcast: 2, failed: 0 });
    const sentUsdt = await row(t, usdt.id);
    expect(sentUsdt.status).toBe('broadcast');
    expect(sentUsdt.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(sentUsdt.signedTx).toMatch(/^0x/);
    expect(await balanceOf(recipient)).toBe(usdtBefore + 123_456_789n);
    expect(await chain.client.getBalance({ address: fresh })).toBe(ethBefore + 25n * 10n ** 16n);

    // not enough confirmations yet: still broadcast, money still pending
    expect((await walletBalance(t, member, 'USDT')).pendingWithdrawal).toBe('128.456789');
    await chain.mine(CONFIRMATIONS);
    const second = await run(t);
    expect(second).toMatchObject({ completed: 2, failed: 0 });
    for (const id of [usdt.id, eth.id]) {
      const done = await row(t, id);
      expect(done.status).toBe('completed');
      expect(done.confirmations).toBeGreaterThanOrEqual(CONFIRMATIONS);
      const receipt = await chain.client.getTransactionReceipt({
        hash: done.txHash as `0x${string}`,
      });
      expect(receipt.status).toBe('success');
    }
    expect(await walletBalance(t, member, 'USDT')).toMatchObject({
      available: '871.543211',
      pendingWithdrawal: '0',
    });
    expect(await walletBalance(t, member, 'ETH')).toMatchObject({
      available: '1.748',
      pendingWithdrawal: '0',
    });
    // a second run sends nothing again
    expect(await run(t)).toMatchObject({ claimed: 0, broadcast: 0 });
    expect(await balanceOf(recipient)).toBe(usdtBefore + 123_456_789n);
  }, 60_000);

  it('a hot wallet short of the token: the transfer reverts at estimation, nothing is sent, the member is refunded', async () => {
    const usdc = testUsdcAddress[31337];
    const hot = TEST_ACCOUNTS[0]!.address as Address;
    const hotUsdc = () =>
      chain.client.readContract({
        address: usdc,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [hot],
      });
    // the hot wallet keeps 50 USDC of its float (the rest goes to another account)
    const float = await hotUsdc();
    if (float > 50_000_000n) {
      await chain.send(0, {
        address: usdc,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [TEST_ACCOUNTS[5]!.address, float - 50_000_000n],
      });
    }
    const member = await withdrawMember(t);
    const amount = (await hotUsdc()) + 100_000_000n; // 100 USDC more than the hot wallet has
    await fund(t, member.memberId, 'USDC', amount + 5_000_000n);
    const whole = (amount / 1_000_000n).toString();
    const queued = (
      await withdraw(t, member, {
        currency: 'USDC',
        network: 'ERC20',
        address: TEST_ACCOUNTS[6]!.address,
        amount: whole,
        code: nextCode(t, member),
      })
    ).json().data;
    expect(queued.status, JSON.stringify(queued)).toBe('queued');
    expect(await run(t)).toMatchObject({ failed: 1, broadcast: 0 });
    const failed = await row(t, queued.id);
    expect(failed).toMatchObject({ status: 'failed', txHash: null });
    expect(await walletBalance(t, member, 'USDC')).toMatchObject({ pendingWithdrawal: '0' });
    expect((await walletBalance(t, member, 'USDC')).available).toBe(
      ((amount + 5_000_000n) / 1_000_000n).toString(),
    );
  }, 60_000);

  it('a broadcast that cannot reach the node fails and refunds amount + fee to available', async () => {
    // the same database, an API whose RPC_URL is a closed port
    const offline = await createTestApp({
      database: t.database,
      clock: t.clock,
      config: { chainId: 31337 },
    });
    try {
      const member = await withdrawMember(offline);
      await fund(offline, member.memberId, 'USDT', 100_000_000n);
      const queued = (
        await withdraw(offline, member, {
          currency: 'USDT',
          network: 'ERC20',
          address: TEST_ACCOUNTS[8]!.address,
          amount: '50',
          code: nextCode(offline, member),
        })
      ).json().data;
      expect(await walletBalance(offline, member, 'USDT')).toMatchObject({ available: '45' });
      const result = await run(offline);
      expect(result).toMatchObject({ failed: 1, broadcast: 0 });
      const failed = await row(offline, queued.id);
      expect(failed.status).toBe('failed');
      expect(failed.failureReason).toBeTruthy();
      expect(failed.signedTx).toBeNull();
      expect(await walletBalance(offline, member, 'USDT')).toMatchObject({
        available: '100',
        pendingWithdrawal: '0',
      });
    } finally {
      await offline.app.close();
    }
  }, 60_000);
});

// Smart Autotrade with an on-chain BCNT margin on a throw-away anvil: Subscribe leaves the
// subscription pending, the member's wallet approves and deposits into MarginVault with the
// subscription id, the indexer activates it after the confirmations; Unsubscribe settles the
// fee to the treasury and releases the rest to the member's wallet through the operator.
import { eq } from 'drizzle-orm';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anvilAccount, getFreePort, startAnvil, type AnvilHandle } from '../../scripts/anvil';
import { deployOrLoadState } from '../../scripts/deploy';
import { TestClock } from '../../src/server/clock';
import { monthOf, monthStart, previousMonth } from '../../src/server/domain/autotrade/fees';
import {
  autotradeOperatorTxs,
  autotradeSubscriptions,
  autotradeUnmatchedDeposits,
} from '../../src/server/db/schema';
import { bcntAbi, marginVaultAbi, marginVaultAddress } from '../../src/shared/contracts/generated';
import type { AutotradeSubscription } from '../../src/shared/api/autotrade-subscriptions';
import { BCNT, bcnt, testChain, type TestChain } from '../helpers/chain';
import { indexAll, linkWallet } from '../helpers/loyalty';
import { cli } from '../helpers/ops-cli';
import { createTestApp, type TestApp } from '../helpers/test-app';
import {
  act,
  type AutotradeMember,
  insertStrategy,
  memberWithKey,
  moveClockTo,
  setBookCash,
  subscribeOk,
} from './subscription-helpers';

const VAULT = marginVaultAddress[31337];
const WALLET = 6;

let anvil: AnvilHandle;
let chain: TestChain;
let t: TestApp;
let strategyId: number;
let alice: AutotradeMember;
let wallet: Address;

const tokenBalance = (address: Address) =>
  chain.client.readContract({
    address: BCNT,
    abi: bcntAbi,
    functionName: 'balanceOf',
    args: [address],
  }) as Promise<bigint>;

async function deposit(amount: bigint, id: bigint) {
  await chain.send(WALLET, {
    address: BCNT,
    abi: bcntAbi,
    functionName: 'approve',
    args: [VAULT, amount],
  });
  await chain.send(WALLET, {
    address: VAULT,
    abi: marginVaultAbi,
    functionName: 'deposit',
    args: [BCNT, amount, id],
  });
}

beforeAll(async () => {
  anvil = await startAnvil({ port: await getFreePort(), quiet: true });
  await deployOrLoadState(anvil.rpcUrl);
  chain = testChain(anvil.rpcUrl);
  await chain.mine();
  t = await createTestApp({
    config: { rpcUrl: anvil.rpcUrl, chainId: 31337, chainConfirmations: 2 },
    clock: new TestClock(await chain.latestTime()),
  });
  await indexAll(t.app);
  strategyId = (await insertStrategy(t.database.db, t.clock.now())).id;
  alice = await memberWithKey(t);
  wallet = anvilAccount(WALLET).address;
  await linkWallet(t.app, alice.member, anvilAccount(WALLET));
  await chain.send(0, {
    address: BCNT,
    abi: bcntAbi,
    functionName: 'transfer',
    args: [wallet, bcnt(1_000)],
  });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await anvil?.stop();
});

describe('Smart Autotrade: a BCNT margin in MarginVault', () => {
  let sub: AutotradeSubscription;

  it('refuses a wallet that is not one of the member’s linked wallets', async () => {
    const res = await act(t.app, alice.member, 'POST', '/api/v1/strategy/Subscribe', {
      strategyId,
      apiKeyId: alice.keyId,
      allocation: '5000',
      marginCurrency: 'BCNT',
      marginSource: 'chain',
      margin: '200',
      wallet: anvilAccount(7).address,
      consent: true,
      riskAcknowledged: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('autotrade_wallet_not_linked');
  });

  it('subscribes pending: what to deposit, with the subscription id as the vault’s strategyId', async () => {
    sub = await subscribeOk(t.app, alice.member, {
      strategyId,
      apiKeyId: alice.keyId,
      allocation: '5000',
      marginCurrency: 'BCNT',
      marginSource: 'chain',
      margin: '200',
      wallet,
      consent: true,
      riskAcknowledged: true,
    });
    expect(sub).toMatchObject({
      state: 'pending_margin',
      margin: '0',
      requiredMargin: '200',
      marginWallet: wallet.toLowerCase(),
      deposit: {
        chainId: 31337,
        vault: VAULT.toLowerCase(),
        token: BCNT.toLowerCase(),
        amount: bcnt(200).toString(),
        strategyId: String(sub.id),
        wallet: wallet.toLowerCase(),
      },
    });
  });

  it('a deposit naming another id is kept apart, not credited', async () => {
    await deposit(bcnt(1), 999_999n);
    await chain.mine();
    await indexAll(t.app);
    const unmatched = await t.database.db.select().from(autotradeUnmatchedDeposits);
    expect(unmatched).toEqual([
      expect.objectContaining({
        member: wallet.toLowerCase(),
        strategyId: '999999',
        amount: bcnt(1).toString(),
        reason: 'unknown_subscription',
      }),
    ]);
  });

  it('approve + deposit, the indexer activates it after the confirmations', async () => {
    const before = await tokenBalance(wallet);
    await deposit(bcnt(200), BigInt(sub.id));
    expect(await tokenBalance(wallet)).toBe(before - bcnt(200));
    const state = async () =>
      (
        await act(
          t.app,
          alice.member,
          'GET',
          `/api/v1/strategy/CheckSubscription?strategyId=${strategyId}`,
        )
      ).json().data.subscription.state;
    // one confirmation of two: still pending
    await indexAll(t.app);
    expect(await state()).toBe('pending_margin');
    await chain.mine();
    await indexAll(t.app);
    const check = await act(
      t.app,
      alice.member,
      'GET',
      `/api/v1/strategy/CheckSubscription?strategyId=${strategyId}`,
    );
    expect(check.json().data.subscription).toMatchObject({
      id: sub.id,
      state: 'active',
      margin: '200',
      deposit: expect.objectContaining({ amount: '0', strategyId: String(sub.id) }),
    });
    // the margin watch opens the executor's book for it
    await t.app.scheduler.runTask('autotrade-margin');
    const follow = await act(
      t.app,
      alice.member,
      'GET',
      `/api/v1/user/StrategyFollowHistory?id=${sub.id}`,
    );
    expect(follow.json().data.movements).toEqual([
      expect.objectContaining({ kind: 'deposit', amount: '200' }),
    ]);
  });

  it('more margin from the wallet counts; the monthly fee is settled on chain by the operator', async () => {
    const operatorTxs = () =>
      t.database.db
        .select()
        .from(autotradeOperatorTxs)
        .where(eq(autotradeOperatorTxs.subscriptionId, sub.id));
    await deposit(bcnt(50), BigInt(sub.id));
    await chain.mine();
    await indexAll(t.app);
    const treasury = anvilAccount(0).address;
    const treasuryBefore = await tokenBalance(treasury);
    await setBookCash(t.database.db, sub.id, 5_250); // +250: 50 USDT fee, 40 after the discount
    // the 1st of the next month (UTC+8), one hour in
    const next = monthOf(new Date(monthStart(monthOf(t.clock.now())).getTime() + 32 * 86_400_000));
    await moveClockTo(t, new Date(monthStart(next).getTime() + 3_600_000).toISOString(), [
      alice.member,
    ]);
    await t.app.scheduler.runTask('autotrade-fees');
    expect(await operatorTxs()).toEqual([
      expect.objectContaining({
        purpose: `fee:${sub.id}:${previousMonth(next)}`,
        kind: 'settle',
        amount: bcnt(80).toString(),
        performanceFee: bcnt(80).toString(),
        state: 'broadcast',
      }),
    ]);
    await chain.mine();
    await t.app.scheduler.runTask('autotrade-margin');
    expect((await operatorTxs())[0]).toMatchObject({ state: 'confirmed' });
    expect(await tokenBalance(treasury)).toBe(treasuryBefore + bcnt(80));
    const follow = await act(
      t.app,
      alice.member,
      'GET',
      `/api/v1/user/StrategyFollowHistory?id=${sub.id}`,
    );
    expect(
      follow.json().data.movements.map((m: { kind: string; amount: string }) => [m.kind, m.amount]),
    ).toEqual([
      ['deposit', '200'],
      ['add', '50'],
      ['fee', '-80'],
    ]);
  });

  it('unsubscribes: settle sends the fee to the treasury and the rest back to the member’s wallet', async () => {
    await setBookCash(t.database.db, sub.id, 5_500); // 250 above the high-water mark: 80 BCNT
    const info = await act(t.app, alice.member, 'GET', `/api/v1/user/UnsubscribeInfo?id=${sub.id}`);
    expect(info.json().data).toMatchObject({
      margin: '170',
      feeDue: '80',
      marginReturned: '90',
      discountBps: 2000,
    });

    const walletBefore = await tokenBalance(wallet);
    const treasury = anvilAccount(0).address;
    const treasuryBefore = await tokenBalance(treasury);
    const res = await act(t.app, alice.member, 'POST', '/api/v1/strategy/Unsubscribe', {
      id: sub.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      state: 'ended',
      operatorTx: { kind: 'settle', state: 'prepared', amount: '170', performanceFee: '80' },
    });

    // the job signs, stores and sends the operator's transaction, and confirms it once deep enough
    const operatorTx = async () =>
      (
        await t.database.db
          .select()
          .from(autotradeOperatorTxs)
          .where(eq(autotradeOperatorTxs.purpose, `end:${sub.id}`))
      )[0]!;
    await t.app.scheduler.runTask('autotrade-margin');
    expect(await operatorTx()).toMatchObject({ state: 'broadcast', attempts: 1 });
    await chain.mine();
    await t.app.scheduler.runTask('autotrade-margin');
    expect(await operatorTx()).toMatchObject({ state: 'confirmed', attempts: 1 });
    expect(await tokenBalance(wallet)).toBe(walletBefore + bcnt(90));
    expect(await tokenBalance(treasury)).toBe(treasuryBefore + bcnt(80));
    // running again sends nothing more; the indexer sees Settled for the same hash
    await t.app.scheduler.runTask('autotrade-margin');
    await chain.mine();
    await indexAll(t.app);
    expect(await tokenBalance(wallet)).toBe(walletBefore + bcnt(90));
    const vaultLeft = await chain.client.readContract({
      address: VAULT,
      abi: marginVaultAbi,
      functionName: 'balanceOf',
      args: [wallet, BCNT],
    });
    expect(vaultLeft).toBe(bcnt(1)); // only the unmatched deposit stays for an operator
    const [row] = await t.database.db
      .select()
      .from(autotradeSubscriptions)
      .where(eq(autotradeSubscriptions.id, sub.id));
    expect(row).toMatchObject({ state: 'ended', marginAmount: '0' });
  });

  it('an operator gives the unmatched deposit back to its wallet (ops), once; a failed send can be retried', async () => {
    const listed = await cli(['strategy', 'unmatched', '--json'], {}, t.database);
    expect(listed.code, listed.stderr).toBe(0);
    const [unmatched] = JSON.parse(listed.stdout) as { id: number; release: unknown }[];
    expect(unmatched).toMatchObject({ amount: bcnt(1).toString(), release: null });

    const walletBefore = await tokenBalance(wallet);
    const released = await cli(
      ['strategy', 'release-unmatched', String(unmatched!.id), '--json'],
      {},
      t.database,
    );
    expect(released.code, released.stderr).toBe(0);
    const tx = JSON.parse(released.stdout) as { id: number; state: string; kind: string };
    expect(tx).toMatchObject({ kind: 'release', state: 'prepared', subscriptionId: null });
    // asked twice: the same transaction, not a second one
    const again = await cli(
      ['strategy', 'release-unmatched', String(unmatched!.id), '--json'],
      {},
      t.database,
    );
    expect(JSON.parse(again.stdout)).toMatchObject({ id: tx.id });
    // a transaction on its way is not retried by hand
    const early = await cli(['strategy', 'retry-tx', String(tx.id)], {}, t.database);
    expect(early.code).toBe(1);
    expect(early.stderr).toMatch(/not a failed one/);

    await t.app.scheduler.runTask('autotrade-margin');
    await chain.mine();
    await t.app.scheduler.runTask('autotrade-margin');
    expect(await tokenBalance(wallet)).toBe(walletBefore + bcnt(1));
    const vaultLeft = await chain.client.readContract({
      address: VAULT,
      abi: marginVaultAbi,
      functionName: 'balanceOf',
      args: [wallet, BCNT],
    });
    expect(vaultLeft).toBe(0n);
    const after = JSON.parse(
      (await cli(['strategy', 'unmatched', '--json'], {}, t.database)).stdout,
    );
    expect(after[0]).toMatchObject({ release: { id: tx.id, state: 'confirmed' } });

    // a transaction that failed every attempt is sent again on request
    await t.database.db
      .update(autotradeOperatorTxs)
      .set({ state: 'failed', attempts: 5, lastError: 'reverted on chain' })
      .where(eq(autotradeOperatorTxs.id, tx.id));
    const failed = await cli(
      ['strategy', 'operator-txs', '--state', 'failed', '--json'],
      {},
      t.database,
    );
    expect(JSON.parse(failed.stdout)).toEqual([
      expect.objectContaining({ id: tx.id, attempts: 5 }),
    ]);
    const retried = await cli(['strategy', 'retry-tx', String(tx.id), '--json'], {}, t.database);
    expect(retried.code, retried.stderr).toBe(0);
    expect(JSON.parse(retried.stdout)).toMatchObject({
      state: 'prepared',
      attempts: 0,
      txHash: null,
    });
    // put back as it was: the vault holds nothing more for this wallet
    await t.database.db
      .update(autotradeOperatorTxs)
      .set({ state: 'confirmed' })
      .where(eq(autotradeOperatorTxs.id, tx.id));
  });

  it('a pending subscription never funded is cancelled after the timeout', async () => {
    const bob = await memberWithKey(t);
    await linkWallet(t.app, bob.member, anvilAccount(8));
    const pending = await subscribeOk(t.app, bob.member, {
      strategyId,
      apiKeyId: bob.keyId,
      allocation: '5000',
      marginCurrency: 'BCNT',
      marginSource: 'chain',
      margin: '200',
      wallet: anvilAccount(8).address,
      consent: true,
      riskAcknowledged: true,
    });
    t.clock.advance(25 * 3600 * 1000);
    await t.app.scheduler.runTask('autotrade-margin');
    const [row] = await t.database.db
      .select()
      .from(autotradeSubscriptions)
      .where(eq(autotradeSubscriptions.id, pending.id));
    expect(row).toMatchObject({ state: 'cancelled' });
  });

  it('a reorg that orphans the activating deposit makes the subscription pending again', async () => {
    const dave = await memberWithKey(t);
    const daveWallet = anvilAccount(9);
    await linkWallet(t.app, dave.member, daveWallet);
    await chain.send(0, {
      address: BCNT,
      abi: bcntAbi,
      functionName: 'transfer',
      args: [daveWallet.address, bcnt(500)],
    });
    const pending = await subscribeOk(t.app, dave.member, {
      strategyId,
      apiKeyId: dave.keyId,
      allocation: '5000',
      marginCurrency: 'BCNT',
      marginSource: 'chain',
      margin: '200',
      wallet: daveWallet.address,
      consent: true,
      riskAcknowledged: true,
    });
    await chain.mine();
    await indexAll(t.app);
    const fork = await chain.snapshot();
    await chain.send(9, {
      address: BCNT,
      abi: bcntAbi,
      functionName: 'approve',
      args: [VAULT, bcnt(200)],
    });
    await chain.send(9, {
      address: VAULT,
      abi: marginVaultAbi,
      functionName: 'deposit',
      args: [BCNT, bcnt(200), BigInt(pending.id)],
    });
    await chain.mine();
    await indexAll(t.app);
    const row = async () =>
      (
        await t.database.db
          .select()
          .from(autotradeSubscriptions)
          .where(eq(autotradeSubscriptions.id, pending.id))
      )[0]!;
    expect(await row()).toMatchObject({ state: 'active', marginAmount: bcnt(200).toString() });

    await chain.revert(fork);
    await chain.mine();
    await indexAll(t.app);
    expect(await row()).toMatchObject({
      state: 'pending_margin',
      marginAmount: '0',
      activatedAt: null,
    });
    const follow = await act(
      t.app,
      dave.member,
      'GET',
      `/api/v1/user/StrategyFollowHistory?id=${pending.id}`,
    );
    expect(follow.json().data.movements).toEqual([]);
  });
});

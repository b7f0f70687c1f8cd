// The chain going away under a running API: anvil stopped for a while and started again on the
// same port with its state (`--state`: dumped on exit, loaded at start), reverted to an earlier
// snapshot after events were indexed and a deposit credited, then replaced by a fresh chain. The
// indexer runs its own poll loop (CHAIN_POLL_MS 100 here: its behaviour does not depend on the
// length of the outage, only on failed ticks followed by answering ones), the deposit watcher
// runs as the `deposits` task, and `/health` is asked throughout.
//
// Already covered elsewhere, not repeated here: tick() against a closed port
// (tests/chain/indexer.test.ts "an unreachable RPC"), evm_revert and anvil_reset with the indexer
// alone (same file), a deposit orphaned before its confirmations and a credited one re-mined
// (tests/wallet/deposits-chain.test.ts). This file puts them together in one app and adds the
// node process going away and coming back, and a replaced chain that has grown past the old
// cursors before the API sees it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { count, eq } from 'drizzle-orm';
import { type Address, erc20Abi, type Hash } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnvilHandle, getFreePort, startAnvil, TEST_ACCOUNTS } from '../../scripts/anvil';
import { deployOrLoadState } from '../../scripts/deploy';
import { loyaltyContracts } from '../../src/server/chain/contracts';
import { depositCursorKey } from '../../src/server/chain/deposit-watcher';
import { chainCursors, chainEvents, settings } from '../../src/server/db/schema';
import { deposits, ledgerTransactions } from '../../src/server/db/schema/wallet';
import { walletStakes } from '../../src/server/domain/loyalty/chain-state';
import { accountBalance, memberAccount } from '../../src/server/domain/wallet/ledger';
import { testUsdtAddress } from '../../src/shared/contracts/generated';
import { call, createMember, type TestMember } from '../helpers/auth';
import { bcnt, LOCAL, testChain, type TestChain } from '../helpers/chain';
import { verifyIdentity } from '../helpers/loyalty';
import { createTestApp, type TestApp } from '../helpers/test-app';

const CONFIRMATIONS = 2;
const USDT = testUsdtAddress[LOCAL] as Address;
const usdt = (units: number) => BigInt(units) * 1_000_000n;
const contracts = loyaltyContracts(LOCAL)!;
const staker = (index: number) => TEST_ACCOUNTS[index]!.address.toLowerCase();

describe('the chain stopped, restarted, reverted and replaced under a running API', () => {
  let port: number;
  let dir: string;
  let anvil: AnvilHandle | undefined;
  let chain: TestChain;
  let t: TestApp;
  let member: TestMember;
  let depositAddress: Address;

  const start = async (stateFile?: string) => {
    anvil = await startAnvil({ port, quiet: true, ...(stateFile ? { stateFile } : {}) });
    chain = testChain(anvil.rpcUrl);
  };

  beforeAll(async () => {
    port = await getFreePort();
    dir = mkdtempSync(path.join(tmpdir(), 'bcnt-chain-outage-'));
    await start(path.join(dir, 'state.json'));
    await deployOrLoadState(anvil!.rpcUrl);
    t = await createTestApp({
      config: {
        rpcUrl: anvil!.rpcUrl,
        chainId: LOCAL,
        depositConfirmations: CONFIRMATIONS,
        chainConfirmations: 1,
        chainPollMs: 100,
      },
    });
    member = await createMember(t.app);
    await verifyIdentity(t, member);
    const res = await call(
      t.app,
      'GET',
      '/api/v1/user/WalletDepositInfo?currency=USDT',
      undefined,
      {
        token: member.token,
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    depositAddress = res.json().data.networks[0].address as Address;
    t.app.indexer.start();
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await anvil?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const db = () => t.database.db;
  const health = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    return { status: res.statusCode, data: res.json().data as { ok: boolean; chain: boolean } };
  };
  const runDeposits = async () =>
    ((await t.app.scheduler.runTask('deposits')) as { evm: { status: string; credited: number } })
      .evm;
  const available = () => accountBalance(db(), memberAccount(member.memberId), 'USDT');
  const staked = async (index: number) =>
    (await walletStakes(db(), contracts, [staker(index)], t.clock.now()))[0]!.staked;
  const indexedBlock = async () => {
    const [row] = await db()
      .select({ block: chainCursors.blockNumber, hash: chainCursors.blockHash })
      .from(chainCursors)
      .where(eq(chainCursors.chainId, LOCAL));
    return row ?? { block: -1, hash: null };
  };
  const eventCount = async () =>
    (await db().select({ n: count() }).from(chainEvents).where(eq(chainEvents.chainId, LOCAL)))[0]!
      .n;
  const ledgerRows = async (hash: Hash) =>
    (
      await db()
        .select({ n: count() })
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.reference, hash))
    )[0]!.n;
  const depositRow = async (hash: Hash) =>
    (await db().select().from(deposits).where(eq(deposits.txHash, hash)))[0];
  const watcherCursor = async () => {
    const [row] = await db()
      .select({ value: settings.value })
      .from(settings)
      .where(eq(settings.key, depositCursorKey(LOCAL)));
    return (row?.value as { block: number }).block;
  };

  /** the indexer's own loop has reached the head (it is never ticked by hand here) */
  async function indexed(predicate: () => Promise<boolean> = async () => true) {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const head = await chain.head();
      const cursor = await indexedBlock();
      const onChain = await chain.client
        .getBlock({ blockNumber: BigInt(cursor.block) })
        .catch(() => undefined);
      if (cursor.block === head && onChain?.hash === cursor.hash && (await predicate())) return;
      if (Date.now() > deadline) throw new Error(`indexer stuck at ${cursor.block}, head ${head}`);
      await sleep(50);
    }
  }

  const deposit = async (units: number) =>
    (
      await chain.send(2, {
        address: USDT,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [depositAddress, usdt(units)],
      })
    ).hash;

  it('stopped for a while and started again with its state: /health says so, both recover, nothing twice', async () => {
    await chain.stake(3, bcnt(1_000));
    const first = await deposit(50);
    await chain.mine(CONFIRMATIONS);
    await indexed();
    await runDeposits();
    expect(await available()).toBe(usdt(50));
    expect(await staked(3)).toBe(bcnt(1_000));
    const events = await eventCount();
    expect(await health()).toEqual({ status: 200, data: { ok: true, db: true, chain: true } });

    await anvil!.stop();
    expect(await health()).toEqual({ status: 200, data: { ok: false, db: true, chain: false } });
    expect((await t.app.indexer.tick()).status).toBe('unavailable');
    expect(await runDeposits()).toMatchObject({ status: 'unavailable' });
    await sleep(1_000); // ten poll intervals of failing ticks
    expect(t.app.indexer.running).toBe(true);
    expect(await runDeposits()).toMatchObject({ status: 'unavailable' });

    await start(path.join(dir, 'state.json'));
    expect(await health()).toEqual({ status: 200, data: { ok: true, db: true, chain: true } });
    await chain.stake(3, bcnt(500));
    const second = await deposit(25);
    await chain.mine(CONFIRMATIONS);
    await indexed(async () => (await staked(3)) === bcnt(1_500));
    // nothing indexed twice: one new Staked event (the BCNT approve is not indexed)
    expect(await eventCount()).toBe(events + 1);
    await runDeposits();
    await runDeposits();
    expect(await available()).toBe(usdt(75));
    expect(await ledgerRows(first)).toBe(1);
    expect(await ledgerRows(second)).toBe(1);
  });

  it('reverted to an earlier snapshot: the stake rolled back, the credit kept, a confirming deposit orphaned, nothing credited twice', async () => {
    const fork = await chain.snapshot();
    await chain.stake(4, bcnt(2_000));
    const credited = await deposit(30);
    await chain.mine(CONFIRMATIONS);
    await indexed(async () => (await staked(4)) === bcnt(2_000));
    await runDeposits();
    expect(await available()).toBe(usdt(105));
    const confirming = await deposit(7);
    await runDeposits();
    expect(await depositRow(confirming)).toMatchObject({ status: 'confirming' });
    const cursorBefore = (await indexedBlock()).block;

    await chain.revert(fork);
    const head = await chain.head();
    expect(head).toBeLessThan(cursorBefore);
    await indexed(async () => (await staked(4)) === 0n);
    expect((await indexedBlock()).block).toBe(head);
    await runDeposits();
    expect(await watcherCursor()).toBeLessThanOrEqual(head);
    // a transfer gone before its confirmations: orphaned, never credited
    expect(await depositRow(confirming)).toMatchObject({ status: 'orphaned' });
    // a credit at DEPOSIT_CONFIRMATIONS stays (README: final for the platform)
    expect(await depositRow(credited)).toMatchObject({ status: 'credited' });
    expect(await available()).toBe(usdt(105));

    // the chain moves on; the same amounts sent again are new transactions, credited once each
    const again = await deposit(31);
    await chain.mine(CONFIRMATIONS);
    await runDeposits();
    await runDeposits();
    expect(await available()).toBe(usdt(136));
    expect(await ledgerRows(credited)).toBe(1);
    expect(await ledgerRows(again)).toBe(1);
    expect(await ledgerRows(confirming)).toBe(0);
  });

  it('replaced by a fresh chain that has grown past the old cursors: re-indexed from its start, its deposit found and credited', async () => {
    const oldWatcher = await watcherCursor();
    const oldIndexed = (await indexedBlock()).block;
    await anvil!.stop();
    expect(await health()).toMatchObject({ data: { ok: false, chain: false } });
    await start(); // no state: a new chain
    await deployOrLoadState(anvil!.rpcUrl);
    await chain.stake(5, bcnt(300));
    const fresh = await deposit(11);
    // the new chain goes well past both old cursors before the API looks at it
    while ((await chain.head()) < Math.max(oldWatcher, oldIndexed) + 40) await chain.mine(10);
    expect(await health()).toMatchObject({ data: { ok: true, chain: true } });

    await indexed(async () => (await staked(5)) === bcnt(300));
    expect(await staked(3)).toBe(0n);
    expect(await staked(4)).toBe(0n);
    for (let i = 0; i < 5 && (await available()) !== usdt(147); i += 1) await runDeposits();
    expect(await depositRow(fresh)).toMatchObject({ status: 'credited' });
    // the credits of the old chain stay, the new deposit once
    expect(await available()).toBe(usdt(147));
    expect(await ledgerRows(fresh)).toBe(1);
  });
});

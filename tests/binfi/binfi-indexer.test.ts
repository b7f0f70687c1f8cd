// BinFi on a throw-away anvil: the operator creates rounds, two members' wallets supply (Rock)
// and take (Flame), a reorg during the raise, the match with one side larger, the next-day
// refund batch, the start and a reward month, a restart that re-reads every log, the settlement
// and its payouts, and a Galaxy round that stops out with a Rock redemption. Every answer comes
// from the BinFi read calls (the indexed tables), checked against wallet balances on chain.
import { and, eq } from 'drizzle-orm';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anvilAccount, getFreePort, startAnvil, type AnvilHandle } from '../../scripts/anvil';
import { deployOrLoadState, jsonRpc } from '../../scripts/deploy';
import { TestClock } from '../../src/server/clock';
import {
  binfiOrders,
  binfiPayouts,
  binfiRounds,
  chainCursors,
  premierApplications,
} from '../../src/server/db/schema';
import {
  bcntAbi,
  binFiPoolAbi,
  binFiPoolAddress,
  testUsdtAbi,
  testUsdtAddress,
} from '../../src/shared/contracts/generated';
import { createMember, loginSession, type TestMember } from '../helpers/auth';
import { runOpsCommand } from '../../src/server/ops/commands';
import { BCNT, bcnt, testChain, type TestChain } from '../helpers/chain';
import { indexAll, linkWallet } from '../helpers/loyalty';
import { createTestApp, type TestApp } from '../helpers/test-app';

const POOL = binFiPoolAddress[31337];
const USDT = testUsdtAddress[31337];
const OPERATOR = 0;
const ALICE_WALLET = 6; // Rock
const BOB_WALLET = 7; // Flame
const WAD = 10n ** 18n;
const usdt = (whole: number) => BigInt(Math.round(whole * 1e6));
const DAY = 24 * 3600;

let anvil: AnvilHandle;
let chain: TestChain;
let t: TestApp;
let alice: TestMember;
let bob: TestMember;
let aliceAddress: Address;
let bobAddress: Address;
let fundId: bigint;
let galaxyId: bigint;
let privateId: bigint;

const pool = (index: number, functionName: string, args: unknown[]) =>
  chain.send(index, { address: POOL, abi: binFiPoolAbi, functionName, args });

const usdtBalance = (address: Address) =>
  chain.client.readContract({
    address: USDT,
    abi: testUsdtAbi,
    functionName: 'balanceOf',
    args: [address],
  }) as Promise<bigint>;

async function chainNow(): Promise<number> {
  return Math.floor((await chain.latestTime()).getTime() / 1000);
}

/** moves the chain (and the server's clock with it) `seconds` ahead */
async function warp(seconds: number) {
  await jsonRpc(anvil.rpcUrl, 'evm_increaseTime', [seconds]);
  await chain.mine();
  t.clock.set(await chain.latestTime());
  // sessions do not outlive the days skipped: log in again
  for (const member of [alice, bob]) member.token = (await loginSession(t.app, member)).token;
}

async function createRound(term: number, isPrivate = false): Promise<bigint> {
  const start = await chainNow();
  await pool(OPERATOR, 'createFund', [
    {
      unitPrice: usdt(100),
      capacity: 10n,
      rockPerFlame: 1n,
      accountCap: 10n,
      lockPerUnit: bcnt(1_000),
      raiseStart: BigInt(start),
      raiseEnd: BigInt(start + DAY),
      term: BigInt(term),
      isPrivate,
    },
  ]);
  return (await chain.client.readContract({
    address: POOL,
    abi: binFiPoolAbi,
    functionName: 'fundCount',
  })) as bigint;
}

async function order(
  wallet: number,
  id: bigint,
  side: 'supply' | 'take',
  units: number,
  pass = 0,
  unitPrice = usdt(100),
): Promise<void> {
  const price = unitPrice * BigInt(units);
  await chain.send(wallet, {
    address: USDT,
    abi: testUsdtAbi,
    functionName: 'approve',
    args: [POOL, price],
  });
  if (pass === 2)
    await chain.send(wallet, {
      address: BCNT,
      abi: bcntAbi,
      functionName: 'approve',
      args: [POOL, bcnt(1_000) * BigInt(units)],
    });
  await pool(wallet, side, [
    id,
    BigInt(units),
    pass,
    '0x0000000000000000000000000000000000000000',
    0n,
    '0x',
  ]);
}

async function get(member: TestMember | null, url: string) {
  const res = await t.app.inject({
    method: 'GET',
    url,
    headers: member ? { authorization: `Bearer ${member.token}` } : {},
  });
  return res;
}

async function data(member: TestMember | null, url: string) {
  const res = await get(member, url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function orderIdsOf(id: bigint): Promise<bigint[]> {
  const rows = await t.database.db
    .select({ orderId: binfiOrders.orderId })
    .from(binfiOrders)
    .where(eq(binfiOrders.fundId, Number(id)));
  return rows.map((row) => BigInt(row.orderId)).sort((a, b) => Number(a - b));
}

beforeAll(async () => {
  anvil = await startAnvil({ port: await getFreePort(), quiet: true });
  await deployOrLoadState(anvil.rpcUrl);
  chain = testChain(anvil.rpcUrl);
  await chain.mine();
  t = await createTestApp({
    config: { rpcUrl: anvil.rpcUrl, chainId: 31337, chainConfirmations: 1 },
    clock: new TestClock(await chain.latestTime()),
  });
  alice = await createMember(t.app);
  bob = await createMember(t.app);
  aliceAddress = anvilAccount(ALICE_WALLET).address;
  bobAddress = anvilAccount(BOB_WALLET).address;
  await linkWallet(t.app, alice, anvilAccount(ALICE_WALLET));
  await linkWallet(t.app, bob, anvilAccount(BOB_WALLET));
  // alice is a premier member (bob is not)
  const now = t.clock.now();
  await t.database.db
    .insert(premierApplications)
    .values({ memberId: alice.memberId, state: 'approved', appliedAt: now, updatedAt: now });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await anvil?.stop();
});

describe('BinFi indexed from BinFiPool', () => {
  it('lists created rounds by variant; a private round is never listed', async () => {
    fundId = await createRound(180 * DAY);
    galaxyId = await createRound(90 * DAY);
    privateId = await createRound(180 * DAY, true);
    await indexAll(t.app);

    const six = await data(null, '/api/v1/binfi/FundList?variant=binfi');
    expect(six.list.map((round: { fundId: number }) => round.fundId)).toEqual([Number(fundId)]);
    expect(six.list[0]).toMatchObject({
      state: 'fundraising',
      variant: 'binfi',
      unitPrice: '100',
      leverage: 2,
      termMonths: 6,
      maxUnitsPerOrder: 5,
      lockPerUnit: '1000',
    });
    const galaxy = await data(null, '/api/v1/binfi/FundList?variant=galaxy');
    expect(galaxy.list).toEqual([
      expect.objectContaining({ fundId: Number(galaxyId), termMonths: 3 }),
    ]);
    expect((await get(null, `/api/v1/binfi/SupplierDetail?fundId=${privateId}`)).statusCode).toBe(
      404,
    );
    expect((await get(null, `/api/v1/binfi/SupplierDetail?fundId=${galaxyId}`)).statusCode).toBe(
      404,
    );
    expect((await get(null, `/api/v1/binfi/SupplierDetail2?fundId=${galaxyId}`)).statusCode).toBe(
      200,
    );
    expect((await get(alice, `/api/v1/binfi/TakerDetail3?fundId=${privateId}`)).statusCode).toBe(
      404,
    );
  });

  it("a private round: the operator's invite link shows it to a member, who may join it", async () => {
    await warp(60); // the server's clock inside the raise window
    const ctx = {
      db: t.database.db,
      clock: t.clock,
      wallet: t.app.wallet,
      appOrigin: 'https://app.test',
    };
    const { link } = (await runOpsCommand(ctx, 'binfi/invite', { fundId: Number(privateId) })) as {
      link: string;
    };
    const url = new URL(link);
    expect(`${url.origin}${url.pathname}`).toBe(
      `https://app.test/bin-fi/detail/${privateId}/supply`,
    );
    const invite = url.searchParams.get('invite')!;
    // a public round needs no invite; an unknown one has none
    await expect(runOpsCommand(ctx, 'binfi/invite', { fundId: Number(fundId) })).rejects.toThrow(
      /public/,
    );
    await expect(runOpsCommand(ctx, 'binfi/invite', { fundId: 999 })).rejects.toThrow(
      /not indexed/,
    );

    // still never listed; shown to a logged-in member with the invite only
    const six = await data(null, '/api/v1/binfi/FundList?variant=binfi');
    expect(six.list.map((round: { fundId: number }) => round.fundId)).not.toContain(
      Number(privateId),
    );
    const detail = await data(
      alice,
      `/api/v1/binfi/SupplierDetail3?fundId=${privateId}&invite=${invite}`,
    );
    expect(detail).toMatchObject({
      side: 'supply',
      round: { fundId: Number(privateId), isPrivate: true },
    });
    expect(
      (await get(null, `/api/v1/binfi/SupplierDetail3?fundId=${privateId}&invite=${invite}`))
        .statusCode,
    ).toBe(401);
    // the invite is of that round: another round's or a made-up one shows nothing
    const other = (await runOpsCommand(ctx, 'binfi/invite', { fundId: Number(privateId) })) as {
      link: string;
    };
    expect(other.link).toBe(link);
    const forged = `0x${'ab'.repeat(65)}`;
    expect(
      (await get(alice, `/api/v1/binfi/TakerDetail3?fundId=${privateId}&invite=${forged}`))
        .statusCode,
    ).toBe(404);
    expect(
      (await get(alice, `/api/v1/binfi/TakerDetail3?fundId=${privateId}&invite=oops`)).statusCode,
    ).toBe(400);

    // joining: refused without the invite, open with it (a premier member), the pool's pass signed
    const refused = await data(alice, `/api/v1/binfi/CheckJoin?fundId=${privateId}&type=supply`);
    expect(refused).toMatchObject({ canJoin: false, reason: 'private' });
    const check = await data(
      alice,
      `/api/v1/binfi/CheckJoin?fundId=${privateId}&type=supply&invite=${invite}`,
    );
    expect(check).toMatchObject({ canJoin: true, reason: null, maxUnits: 5 });
    const body = {
      fundId: Number(privateId),
      units: 1,
      orderType: 'general',
      wallet: aliceAddress,
    };
    const supply = (invited: boolean) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/binfi/Supply',
        headers: { authorization: `Bearer ${alice.token}` },
        payload: invited ? { ...body, invite } : body,
      });
    const without = await supply(false);
    expect(without.statusCode).toBe(409);
    expect(without.json().data).toMatchObject({ reason: 'private' });
    const joined = await supply(true);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().data.args[5]).toMatch(/^0x[0-9a-f]{130}$/i);
  });

  it('CheckJoin: premier members only, up to 5 units within the account cap', async () => {
    const check = await data(alice, `/api/v1/binfi/CheckJoin?fundId=${fundId}&type=supply`);
    expect(check).toMatchObject({ canJoin: true, reason: null, maxUnits: 5, unitsHeld: 0 });
    const refused = await data(bob, `/api/v1/binfi/CheckJoin?fundId=${fundId}&type=take`);
    expect(refused).toMatchObject({ canJoin: false, reason: 'premier_required', maxUnits: 0 });
    expect((await get(null, `/api/v1/binfi/CheckJoin?fundId=${fundId}&type=take`)).statusCode).toBe(
      401,
    );
  });

  it('orders are indexed; a reorg during the raise removes the orphaned order', async () => {
    await order(ALICE_WALLET, fundId, 'supply', 3);
    await order(ALICE_WALLET, fundId, 'supply', 2, 2); // locking pass
    await order(BOB_WALLET, fundId, 'take', 4);
    await indexAll(t.app);
    const fork = await chain.snapshot();

    await order(BOB_WALLET, fundId, 'take', 5);
    await indexAll(t.app);
    let detail = await data(null, `/api/v1/binfi/TakerDetail?fundId=${fundId}`);
    expect(detail).toMatchObject({ units: 9, available: 1 });

    await chain.revert(fork);
    await chain.mine(2);
    await indexAll(t.app);
    detail = await data(null, `/api/v1/binfi/TakerDetail?fundId=${fundId}`);
    expect(detail).toMatchObject({ side: 'take', units: 4, available: 6 });
    expect((await orderIdsOf(fundId)).length).toBe(3);
    const check = await data(alice, `/api/v1/binfi/CheckJoin?fundId=${fundId}&type=supply`);
    expect(check).toMatchObject({ unitsHeld: 5, maxUnits: 5 });

    const funds = await data(alice, '/api/v1/binfi/user/funds');
    expect(funds.list).toHaveLength(2);
    expect(funds.list[0]).toMatchObject({
      type: 'supply',
      pass: 'locking',
      units: 2,
      amount: '200',
      bcntLocked: '2000',
      state: 'fundraising',
    });
  });

  it('the match with one side larger: the unmatched part is refunded by the next-day batch', async () => {
    await warp(DAY);
    await pool(OPERATOR, 'matchFund', [fundId]);
    await indexAll(t.app);
    let funds = await data(alice, '/api/v1/binfi/user/funds');
    // Rock 5 vs Flame 4: alice's second order (2 units) is matched for 1
    expect(funds.list[0]).toMatchObject({
      matchedUnits: 1,
      refundAmount: '100',
      claimable: '100',
      refundPaidAt: null,
      state: 'raised',
    });
    expect(funds.list[1]).toMatchObject({ matchedUnits: 3, refundAmount: '0', claimable: '0' });

    const before = await usdtBalance(aliceAddress);
    await warp(DAY);
    await pool(OPERATOR, 'payout', [fundId, 0n, await orderIdsOf(fundId)]);
    // a retried job pays nothing twice
    await pool(OPERATOR, 'payout', [fundId, 0n, await orderIdsOf(fundId)]);
    expect(await usdtBalance(aliceAddress)).toBe(before + usdt(100));
    await indexAll(t.app);
    funds = await data(alice, '/api/v1/binfi/user/funds');
    expect(funds.list[0]).toMatchObject({ received: '100', claimable: '0' });
    expect(funds.list[0].refundPaidAt).not.toBeNull();
  });

  it('running: a reward month is claimable, and a restart re-reading every log changes nothing', async () => {
    await pool(OPERATOR, 'startFund', [fundId]);
    await chain.send(OPERATOR, {
      address: USDT,
      abi: testUsdtAbi,
      functionName: 'approve',
      args: [POOL, usdt(1_000_000)],
    });
    // 1.5 USDT per Rock unit; the rate has 1e18 precision
    await pool(OPERATOR, 'fundReward', [fundId, 1n, usdt(1.5) * WAD]);
    await indexAll(t.app);
    const detail = await data(null, `/api/v1/binfi/SupplierDetail?fundId=${fundId}`);
    expect(detail.round).toMatchObject({ state: 'running', matchedRock: 4, matchedFlame: 4 });
    expect(
      detail.periods.map((p: { kind: string; perUnit: string }) => [p.kind, p.perUnit]),
    ).toEqual([
      ['refund', '100'],
      ['reward', '1.5'],
    ]);
    const funds = await data(alice, '/api/v1/binfi/user/funds');
    expect(funds.list.map((o: { claimable: string }) => o.claimable)).toEqual(['1.5', '4.5']);
    // My funds' notice of the month: its number, the rate per unit, each order's amount
    expect(funds.list.map((o: { lastReward: unknown }) => o.lastReward)).toEqual([
      { period: 1, perUnit: '1.5', amount: '1.5', fundedAt: expect.any(String) },
      { period: 1, perUnit: '1.5', amount: '4.5', fundedAt: expect.any(String) },
    ]);
    expect(funds.list[0].settlement).toBeNull();
    const bobRunning = await data(bob, '/api/v1/binfi/user/funds');
    expect(bobRunning.list[0]).toMatchObject({ lastReward: null, settlement: null });

    const snapshotOf = async () => ({
      rounds: await t.database.db.select().from(binfiRounds),
      orders: await t.database.db.select().from(binfiOrders),
      payouts: await t.database.db.select().from(binfiPayouts),
    });
    const before = await snapshotOf();
    // a new app on the same database (a restart), its cursor back at the start
    await t.database.db.update(chainCursors).set({ blockNumber: -1, blockHash: null });
    const restarted = await createTestApp({
      database: t.database,
      config: { rpcUrl: anvil.rpcUrl, chainId: 31337, chainConfirmations: 1 },
      clock: t.clock,
    });
    try {
      await indexAll(restarted.app);
    } finally {
      await restarted.app.close();
    }
    expect(await snapshotOf()).toEqual(before);
  });

  it('settlement: each side paid units x rate, the locking pass BCNT back, the round in history', async () => {
    await warp(180 * DAY);
    await pool(OPERATOR, 'mature', [fundId]);
    // Rock: capital + 1 USDT; Flame: 97.333333 USDT per unit (rounded down per order)
    await pool(OPERATOR, 'settle', [
      fundId,
      usdt(101) * WAD,
      (usdt(97) * WAD * 3n + usdt(1) * WAD) / 3n,
    ]);
    const aliceBefore = await usdtBalance(aliceAddress);
    const bobBefore = await usdtBalance(bobAddress);
    const ids = await orderIdsOf(fundId);
    await pool(OPERATOR, 'payout', [fundId, 2n, ids]);
    // alice: 4 matched Rock units x (1.5 + 101); bob: floor(4 x 97.333...)
    expect((await usdtBalance(aliceAddress)) - aliceBefore).toBe(usdt(410));
    expect((await usdtBalance(bobAddress)) - bobBefore).toBe(usdt(389.333333));
    await indexAll(t.app);

    const funds = await data(alice, '/api/v1/binfi/user/funds');
    expect(
      funds.list.map((o: { received: string; state: string }) => [o.state, o.received]),
    ).toEqual([
      ['settled', '202.5'], // refund 100 + 1 matched unit x (1.5 + 101)
      ['settled', '307.5'], // 3 matched units x (1.5 + 101)
    ]);
    expect(funds.list[0].bcntReleased).toBe(true);
    // the settlement's notice: each side's payout per unit, the order's matched units x its side's
    expect(funds.list.map((o: { settlement: unknown }) => o.settlement)).toEqual([
      {
        rockPerUnit: '101',
        flamePerUnit: '97.333333',
        amount: '101',
        settledAt: expect.any(String),
      },
      {
        rockPerUnit: '101',
        flamePerUnit: '97.333333',
        amount: '303',
        settledAt: expect.any(String),
      },
    ]);
    const bobFunds = await data(bob, '/api/v1/binfi/user/funds');
    expect(bobFunds.list[0]).toMatchObject({ received: '389.333333', claimable: '0' });
    expect(bobFunds.list[0].settlement).toMatchObject({ amount: '389.333333' });
    const history = await data(null, '/api/v1/binfi/HistoryFundList?variant=binfi');
    expect(history).toMatchObject({
      total: 1,
      list: [expect.objectContaining({ state: 'settled', rockPayoutPerUnit: '101' })],
    });
    const [round] = await t.database.db
      .select()
      .from(binfiRounds)
      .where(eq(binfiRounds.fundId, Number(fundId)));
    expect(BigInt(round!.distributed)).toBeLessThanOrEqual(BigInt(round!.funded));
  });

  it('Galaxy: a Rock redemption queued and paid, then the stop-loss with its 3-day deadline', async () => {
    // a new Galaxy round (the first one's window has passed)
    galaxyId = await createRound(90 * DAY);
    await order(ALICE_WALLET, galaxyId, 'supply', 2);
    await order(BOB_WALLET, galaxyId, 'take', 2);
    await warp(DAY);
    await pool(OPERATOR, 'matchFund', [galaxyId]);
    await pool(OPERATOR, 'startFund', [galaxyId]);
    await indexAll(t.app);
    const [rockOrder] = await orderIdsOfSide(galaxyId, 'rock');
    await pool(ALICE_WALLET, 'redeem', [rockOrder]);
    const before = await usdtBalance(aliceAddress);
    await pool(OPERATOR, 'payRedemptions', [[rockOrder], [usdt(201)]]);
    expect((await usdtBalance(aliceAddress)) - before).toBe(usdt(201));
    await pool(OPERATOR, 'stopLoss', [galaxyId]);
    await indexAll(t.app);

    const funds = await data(alice, '/api/v1/binfi/user/funds');
    expect(funds.list[0]).toMatchObject({
      fundId: Number(galaxyId),
      variant: 'galaxy',
      state: 'redeemed',
      redemptionAmount: '201',
    });
    const detail = await data(null, `/api/v1/binfi/TakerDetail2?fundId=${galaxyId}`);
    expect(detail.round).toMatchObject({ state: 'stop_loss', redeemedRock: 2 });
    const stoppedAt = Date.parse(detail.round.stopLossAt);
    expect(Date.parse(detail.round.stopLossDeadline) - stoppedAt).toBe(3 * DAY * 1000);
    const plus = await data(null, '/api/v1/binfi/PlusInfo');
    expect(plus).toMatchObject({ termMonths: 3, running: 1, totalMatched: '400' });
  });

  it('the binfi-rounds job: match after the window, the next day the refund and the start; a rerun does nothing twice', async () => {
    const id = await createRound(180 * DAY);
    await order(ALICE_WALLET, id, 'supply', 1);
    await order(BOB_WALLET, id, 'take', 3);
    await warp(DAY);
    await indexAll(t.app);
    await t.app.scheduler.runTask('binfi-rounds');
    await indexAll(t.app);
    let detail = await data(null, `/api/v1/binfi/TakerDetail?fundId=${id}`);
    expect(detail.round).toMatchObject({ state: 'raised', matchedFlame: 1, refundTotal: '200' });

    // the same day: nothing more
    await t.app.scheduler.runTask('binfi-rounds');
    await indexAll(t.app);
    expect((await data(null, `/api/v1/binfi/TakerDetail?fundId=${id}`)).round.state).toBe('raised');

    const before = await usdtBalance(bobAddress);
    await warp(DAY);
    await t.app.scheduler.runTask('binfi-rounds');
    await t.app.scheduler.runTask('binfi-rounds');
    expect((await usdtBalance(bobAddress)) - before).toBe(usdt(200));
    await indexAll(t.app);
    detail = await data(null, `/api/v1/binfi/TakerDetail?fundId=${id}`);
    expect(detail.round.state).toBe('running');
    const funds = await data(bob, '/api/v1/binfi/user/funds');
    expect(funds.list[0]).toMatchObject({
      fundId: Number(id),
      refundAmount: '200',
      received: '200',
    });
  });

  it('the ops commands: create, match, reward, redeem-pay, stop-loss and settle with the amounts they report', async () => {
    const ctx = {
      db: t.database.db,
      clock: t.clock,
      wallet: t.app.wallet,
      scheduler: t.app.scheduler,
    };
    const created = (await runOpsCommand(ctx, 'binfi/create', {
      price: '50',
      capacity: '4',
      months: '3',
      'raise-days': '1',
    })) as { fundId: number };
    const id = BigInt(created.fundId);
    await order(ALICE_WALLET, id, 'supply', 2, 0, usdt(50));
    await order(BOB_WALLET, id, 'take', 2, 0, usdt(50));
    await warp(DAY);
    expect(await runOpsCommand(ctx, 'binfi/match', { fundId: created.fundId })).toMatchObject({
      txHash: expect.stringMatching(/^0x/),
    });
    await indexAll(t.app);
    await warp(DAY);
    await runOpsCommand(ctx, 'binfi/run', {});
    expect(
      await runOpsCommand(ctx, 'binfi/reward', { fundId: created.fundId, 'per-unit': '0.5' }),
    ).toMatchObject({ period: 1, total: '1' });
    const [rockOrder] = await orderIdsOfSideOnChain(id);
    await pool(ALICE_WALLET, 'redeem', [rockOrder]);
    const before = await usdtBalance(aliceAddress);
    expect(await runOpsCommand(ctx, 'binfi/redeem-pay', { 'per-unit': '50.25' })).toEqual({
      paid: 1,
      total: '100.5',
    });
    expect((await usdtBalance(aliceAddress)) - before).toBe(usdt(100.5));
    await runOpsCommand(ctx, 'binfi/stoploss', { fundId: created.fundId });
    // Rock redeemed its 2 units: only Flame's 2 units are funded
    expect(
      await runOpsCommand(ctx, 'binfi/settle', {
        fundId: created.fundId,
        rock: '50',
        flame: '12.5',
      }),
    ).toMatchObject({ total: '25' });
    await indexAll(t.app);
    const bobBefore = await usdtBalance(bobAddress);
    await runOpsCommand(ctx, 'binfi/run', {});
    expect((await usdtBalance(bobAddress)) - bobBefore).toBe(usdt(25));
  });
});

/** the pool's Rock orders of a round, read on chain (the indexer may not have them yet) */
async function orderIdsOfSideOnChain(id: bigint): Promise<bigint[]> {
  const total = (await chain.client.readContract({
    address: POOL,
    abi: binFiPoolAbi,
    functionName: 'orderCount',
  })) as bigint;
  const ids: bigint[] = [];
  for (let orderId = 0n; orderId < total; orderId += 1n) {
    const o = (await chain.client.readContract({
      address: POOL,
      abi: binFiPoolAbi,
      functionName: 'getOrder',
      args: [orderId],
    })) as { fundId: bigint; side: number };
    if (o.fundId === id && o.side === 0) ids.push(orderId);
  }
  return ids;
}

async function orderIdsOfSide(id: bigint, side: 'rock' | 'flame'): Promise<bigint[]> {
  const rows = await t.database.db
    .select({ orderId: binfiOrders.orderId })
    .from(binfiOrders)
    .where(and(eq(binfiOrders.fundId, Number(id)), eq(binfiOrders.side, side)));
  return rows.map((row) => BigInt(row.orderId));
}

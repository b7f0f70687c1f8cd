// Flame's result on a throw-away anvil with an exchange whose price the test sets: the
// binfi-flame job opens the round's position at the start, writes a PnL snapshot per 5-minute
// slot, executes the stop-loss when the loss reaches the round's rate and settles each side per
// unit from the closed position (checked against the arithmetic done here and the wallets'
// USDT after the payouts); a second round runs to maturity with a gain, its reward month funded
// and paid by the job, then the referral rebates reach both members' custodial USDT.
import { and, eq } from 'drizzle-orm';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anvilAccount, getFreePort, startAnvil, type AnvilHandle } from '../../scripts/anvil';
import { deployOrLoadState, jsonRpc } from '../../scripts/deploy';
import { TestClock } from '../../src/server/clock';
import {
  binfiFlameBooks,
  binfiOrders,
  binfiRounds,
  ledgerAccounts,
  premierApplications,
} from '../../src/server/db/schema';
import { runBinfiFlame } from '../../src/server/domain/binfi/flame';
import { runBinfiRounds } from '../../src/server/domain/binfi/operator';
import type { ExchangeAdapter } from '../../src/server/exchange/adapter';
import { runOpsCommand } from '../../src/server/ops/commands';
import {
  binFiPoolAbi,
  binFiPoolAddress,
  testUsdtAbi,
  testUsdtAddress,
} from '../../src/shared/contracts/generated';
import { createMember, loginSession, type TestMember } from '../helpers/auth';
import { testChain, type TestChain } from '../helpers/chain';
import { indexAll, linkWallet } from '../helpers/loyalty';
import { createTestApp, type TestApp } from '../helpers/test-app';

const POOL = binFiPoolAddress[31337];
const USDT = testUsdtAddress[31337];
const ROCK = 6;
const FLAME = 7;
const DAY = 24 * 3600;
const MONTH = 2_628_000;
const YEAR = 31_536_000;
const E8 = 10n ** 8n;
const u = (whole: number) => BigInt(Math.round(whole * 1e6));

let anvil: AnvilHandle;
let chain: TestChain;
let t: TestApp;
let rock: TestMember;
let flame: TestMember;
/** the exchange's price (1e-8 USDT per BTC): bid = ask = last */
let price = 50_000n * E8;
const exchange = {
  ticker: async (symbol: string) => ({ symbol, last: price, bid: price, ask: price }),
} as unknown as ExchangeAdapter;

const deps = () => ({ ...t.app.wallet, exchange });

const balance = (index: number) =>
  chain.client.readContract({
    address: USDT,
    abi: testUsdtAbi,
    functionName: 'balanceOf',
    args: [anvilAccount(index).address],
  }) as Promise<bigint>;

async function warp(seconds: number) {
  await jsonRpc(anvil.rpcUrl, 'evm_increaseTime', [seconds]);
  await chain.mine();
  t.clock.set(await chain.latestTime());
}

async function order(
  index: number,
  fundId: number,
  side: 'supply' | 'take',
  units: number,
  referrer?: Address,
) {
  await chain.send(index, {
    address: USDT,
    abi: testUsdtAbi,
    functionName: 'approve',
    args: [POOL, u(100) * BigInt(units)],
  });
  await chain.send(index, {
    address: POOL,
    abi: binFiPoolAbi,
    functionName: side,
    args: [
      BigInt(fundId),
      BigInt(units),
      0,
      referrer ?? '0x0000000000000000000000000000000000000000',
      0n,
      '0x',
    ],
  });
}

const ops = (name: Parameters<typeof runOpsCommand>[1], input: Record<string, unknown>) =>
  runOpsCommand(
    { db: t.database.db, clock: t.clock, wallet: t.app.wallet, scheduler: t.app.scheduler },
    name,
    input,
  );

/** a round of 4 Rock and 4 Flame units of 100 USDT, running after the match and the next day */
async function runningRound(input: Record<string, unknown>, referrer?: Address): Promise<number> {
  const { fundId } = (await ops('binfi/create', {
    price: '100',
    capacity: '4',
    'raise-days': '1',
    ...input,
  })) as { fundId: number };
  await order(ROCK, fundId, 'supply', 4);
  await order(FLAME, fundId, 'take', 4, referrer);
  await warp(DAY);
  await indexAll(t.app);
  await runBinfiRounds(t.app.wallet, t.clock.now()); // match
  await warp(DAY);
  await indexAll(t.app);
  await runBinfiRounds(t.app.wallet, t.clock.now()); // start
  await indexAll(t.app);
  return fundId;
}

async function roundRow(fundId: number) {
  const [row] = await t.database.db
    .select()
    .from(binfiRounds)
    .where(eq(binfiRounds.fundId, fundId));
  return row!;
}

async function data(url: string) {
  const res = await t.app.inject({ url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** A member's call after the clock moved days on: a new session (the access token expired). */
async function memberData(member: TestMember, url: string) {
  const { token } = await loginSession(t.app, member);
  const res = await t.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

beforeAll(async () => {
  anvil = await startAnvil({ port: await getFreePort(), quiet: true });
  await deployOrLoadState(anvil.rpcUrl);
  chain = testChain(anvil.rpcUrl);
  await chain.mine();
  t = await createTestApp({
    config: { rpcUrl: anvil.rpcUrl, chainId: 31337, chainConfirmations: 1 },
    clock: new TestClock(await chain.latestTime()),
    build: { adapters: { exchange } },
  });
  rock = await createMember(t.app);
  flame = await createMember(t.app);
  await linkWallet(t.app, rock, anvilAccount(ROCK));
  await linkWallet(t.app, flame, anvilAccount(FLAME));
  const now = t.clock.now();
  for (const member of [rock, flame])
    await t.database.db
      .insert(premierApplications)
      .values({ memberId: member.memberId, state: 'approved', appliedAt: now, updatedAt: now });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await anvil?.stop();
});

describe('Flame on the exchange', () => {
  it('a fall to the stop-loss rate: snapshots every 5 minutes, the stop-loss, the settlement per unit from the PnL', async () => {
    const fundId = await runningRound({ apr: '12', fee: '2', 'stop-loss': '50' });
    price = 50_000n * E8;
    const first = await runBinfiFlame(deps(), t.clock.now());
    expect(first.opened).toEqual([fundId]);
    expect(first.snapshots).toEqual([fundId]);
    // the same slot again: nothing new
    expect((await runBinfiFlame(deps(), t.clock.now())).snapshots).toEqual([]);

    // 800 USDT traded (Flame's 400 at 2x); -25 % is -200 = 50 % of Flame's capital
    await warp(300);
    price = 37_500n * E8;
    const stop = await runBinfiFlame(deps(), t.clock.now());
    expect(stop.stoppedOut).toEqual([fundId]);
    await indexAll(t.app);
    const stopped = await roundRow(fundId);
    expect(stopped.status).toBe('stopped_out');

    const pnl = await data(`/api/v1/binfi/ProfitLossChart?fundId=${fundId}`);
    expect(pnl.flameCapital).toBe('400');
    expect(pnl.points.map((p: { pnl: string; pnlRate: string }) => [p.pnl, p.pnlRate])).toEqual([
      ['0', '0'],
      ['-200', '-50'],
    ]);
    const detail = await data(`/api/v1/binfi/TakerDetail?fundId=${fundId}`);
    expect(detail.flameResult).toMatchObject({ pnl: '-200', pnlRate: '-50', equity: '200' });
    // each member's own share in their funds: Flame's 4 units hold all of it, Rock has none
    const flameFunds = await memberData(flame, '/api/v1/binfi/user/funds');
    const flameOrder = flameFunds.list.find((o: { fundId: number }) => o.fundId === fundId);
    expect(flameOrder.flameResult).toMatchObject({ pnl: '-200', pnlRate: '-50', equity: '200' });
    const rockFunds = await memberData(rock, '/api/v1/binfi/user/funds');
    const rockOrder = rockFunds.list.find((o: { fundId: number }) => o.fundId === fundId);
    expect(rockOrder.flameResult).toBeNull();
    const equity = await data(`/api/v1/binfi/EquityAndDrawdownChart?fundId=${fundId}`);
    expect(equity.points.map((p: { equity: string }) => p.equity)).toEqual(['400', '200']);
    expect(equity.maxDrawdown).toBe('50');

    // settlement: Rock 100 + 1 USDT a month pro rata; Flame 400 - 200 - Rock's interest - the
    // fee of 8 units (2 % a year) for the seconds run, per unit rounded down
    const rockBefore = await balance(ROCK);
    const flameBefore = await balance(FLAME);
    const settled = await runBinfiFlame(deps(), t.clock.now());
    expect(settled.settled).toEqual([fundId]);
    const [book] = await t.database.db
      .select()
      .from(binfiFlameBooks)
      .where(eq(binfiFlameBooks.fundId, fundId));
    const ran = BigInt(Math.floor((book!.closedAt!.getTime() - stopped.startAt!.getTime()) / 1000));
    const interest = (u(1) * ran) / BigInt(MONTH);
    const fee = (u(100) * 200n * ran) / (10_000n * BigInt(YEAR));
    const flamePerUnit = (u(400) - u(200) - 4n * interest - 8n * fee) / 4n;
    await indexAll(t.app);
    await runBinfiRounds(t.app.wallet, t.clock.now()); // pays the settlement
    await indexAll(t.app);
    const row = await roundRow(fundId);
    expect(row.status).toBe('settled');
    expect(BigInt(row.rockFinalRate!)).toBe((u(100) + interest) * 10n ** 18n);
    expect(BigInt(row.flameFinalRate!)).toBe(flamePerUnit * 10n ** 18n);
    expect((await balance(ROCK)) - rockBefore).toBe(4n * (u(100) + interest));
    expect((await balance(FLAME)) - flameBefore).toBe(4n * flamePerUnit);
  });

  it('to maturity with a gain: the reward month, Flame per unit from the PnL, the referral rebates', async () => {
    // flame was referred by rock: the order carries rock's wallet
    const fundId = await runningRound(
      { months: '3', apr: '12', fee: '2', 'stop-loss': '80' },
      anvilAccount(ROCK).address,
    );
    price = 50_000n * E8;
    await runBinfiFlame(deps(), t.clock.now());
    await warp(MONTH);
    const month = await runBinfiFlame(deps(), t.clock.now());
    expect(month.rewardMonths).toEqual([{ fundId, period: 1 }]);
    await indexAll(t.app);
    const chart = await data(`/api/v1/binfi/SupplierReturnChart?fundId=${fundId}`);
    expect(chart.points).toEqual([
      { month: 1, expected: '1', paid: '1' },
      { month: 2, expected: '2', paid: null },
      { month: 3, expected: '3', paid: null },
    ]);

    // +10 % at the maturity: 800 traded -> +80
    price = 55_000n * E8;
    await warp(2 * MONTH);
    await runBinfiRounds(t.app.wallet, t.clock.now()); // mature
    await runBinfiFlame(deps(), t.clock.now()); // closes at maturity
    await indexAll(t.app);
    const flameBefore = await balance(FLAME);
    expect((await runBinfiFlame(deps(), t.clock.now())).settled).toEqual([fundId]);
    await indexAll(t.app);
    await runBinfiRounds(t.app.wallet, t.clock.now());
    await indexAll(t.app);
    // Rock: 100 + the 2 months not funded; Flame: 400 + 80 - 4 x 3 interest - 8 x fee of the term
    const fee = (u(100) * 200n * BigInt(3 * MONTH)) / (10_000n * BigInt(YEAR));
    const flamePerUnit = (u(480) - 4n * u(3) - 8n * fee) / 4n;
    const row = await roundRow(fundId);
    expect(BigInt(row.rockFinalRate!)).toBe(u(102) * 10n ** 18n);
    expect(BigInt(row.flameFinalRate!)).toBe(flamePerUnit * 10n ** 18n);
    expect((await balance(FLAME)) - flameBefore).toBe(4n * flamePerUnit);

    // the rebates: 10 % of the referred order's fee (4 units) to both members, once
    const rebates = await runBinfiFlame(deps(), t.clock.now());
    expect(rebates.rebates).toBe(2);
    expect((await runBinfiFlame(deps(), t.clock.now())).rebates).toBe(0);
    const rebate = (4n * fee) / 10n;
    for (const member of [rock, flame]) {
      const [account] = await t.database.db
        .select({ balance: ledgerAccounts.balance })
        .from(ledgerAccounts)
        .where(
          and(
            eq(ledgerAccounts.memberId, member.memberId),
            eq(ledgerAccounts.currency, 'USDT'),
            eq(ledgerAccounts.kind, 'available'),
          ),
        );
      expect(BigInt(account!.balance)).toBe(rebate);
    }
    const estimate = await data(
      `/api/v1/binfi/EstimatedReturn?fundId=${fundId}&type=take&units=2&change=10`,
    );
    expect(estimate).toMatchObject({
      invested: '200',
      payout: (Number(2n * flamePerUnit) / 1e6).toString(),
      stoppedOut: false,
    });
  });

  it('a Rock redemption is paid by the job: capital + the interest accrued to the redemption, once', async () => {
    const fundId = await runningRound({ apr: '12', fee: '2', 'stop-loss': '80' });
    await runBinfiFlame(deps(), t.clock.now());
    await warp(15 * DAY);
    const [rockOrder] = await t.database.db
      .select()
      .from(binfiOrders)
      .where(and(eq(binfiOrders.fundId, fundId), eq(binfiOrders.side, 'rock')));
    await chain.send(ROCK, {
      address: POOL,
      abi: binFiPoolAbi,
      functionName: 'redeem',
      args: [BigInt(rockOrder!.orderId)],
    });
    // not indexed yet: nothing paid
    expect((await runBinfiFlame(deps(), t.clock.now())).redemptions).toBe(0);
    await indexAll(t.app);
    const before = await balance(ROCK);
    expect((await runBinfiFlame(deps(), t.clock.now())).redemptions).toBe(1);
    expect((await runBinfiFlame(deps(), t.clock.now())).redemptions).toBe(0);
    await indexAll(t.app);
    const [row] = await t.database.db
      .select()
      .from(binfiOrders)
      .where(eq(binfiOrders.orderId, rockOrder!.orderId));
    const round = await roundRow(fundId);
    const seconds = BigInt(
      Math.floor((row!.redeemedAt!.getTime() - round.startAt!.getTime()) / 1000),
    );
    const expected = 4n * (u(100) + (u(1) * seconds) / BigInt(MONTH));
    expect(BigInt(row!.redemptionAmount!)).toBe(expected);
    expect((await balance(ROCK)) - before).toBe(expected);
  });
});

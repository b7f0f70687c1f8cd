// BinFi joining on a throw-away anvil: Supply / Take answer the pool call the wallet signs; the
// HODL pass is signed only for a wallet that held enough BCNT at the round's creation block
// (read once and stored: BCNT moved in afterwards does not count), used once per wallet and
// round; 5 units per order and the account cap per round; the referral code maps to the
// referrer's linked wallet and the order carries it on chain; the round's off-chain terms.
import { eq } from 'drizzle-orm';
import type { Address, Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anvilAccount, getFreePort, startAnvil, type AnvilHandle } from '../../scripts/anvil';
import { deployOrLoadState } from '../../scripts/deploy';
import { TestClock } from '../../src/server/clock';
import { binfiOrders, binfiPasses, members, premierApplications } from '../../src/server/db/schema';
import { runOpsCommand } from '../../src/server/ops/commands';
import {
  bcntAbi,
  binFiPoolAbi,
  binFiPoolAddress,
  testUsdtAbi,
  testUsdtAddress,
} from '../../src/shared/contracts/generated';
import { createMember, type TestMember } from '../helpers/auth';
import { BCNT, bcnt, testChain, type TestChain } from '../helpers/chain';
import { indexAll, linkWallet } from '../helpers/loyalty';
import { createTestApp, type TestApp } from '../helpers/test-app';

const POOL = binFiPoolAddress[31337];
const USDT = testUsdtAddress[31337];
const ALICE_WALLET = 5; // holds 1,000,000 BCNT
const BOB_WALLET = 4; // holds 5,000 BCNT at the round's creation, more afterwards
// carol links no wallet: refused as a referrer
const SINK = 9;

let anvil: AnvilHandle;
let chain: TestChain;
let t: TestApp;
let alice: TestMember;
let bob: TestMember;
let carol: TestMember;
let fundId: number;

async function premier(member: TestMember) {
  const now = t.clock.now();
  await t.database.db
    .insert(premierApplications)
    .values({ memberId: member.memberId, state: 'approved', appliedAt: now, updatedAt: now });
}

async function codeOf(member: TestMember): Promise<string> {
  const [row] = await t.database.db
    .select({ code: members.referralCode })
    .from(members)
    .where(eq(members.id, member.memberId));
  return row!.code;
}

async function call(member: TestMember, method: 'GET' | 'POST', url: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${member.token}` },
    ...(payload ? { payload } : {}),
  });
}

const wallet = (index: number) => anvilAccount(index).address.toLowerCase();

function join(member: TestMember, type: 'Supply' | 'Take', body: Record<string, unknown>) {
  return call(member, 'POST', `/api/v1/binfi/${type}`, { fundId, ...body });
}

/** sends the answered call from the wallet: approvals for the exact amounts, then the order */
async function sendJoin(
  index: number,
  answer: {
    contract: Address;
    functionName: 'supply' | 'take';
    args: [string, string, number, Address, string, Hex];
    amountAtomic: string;
    bcntLockAtomic: string;
  },
) {
  await chain.send(index, {
    address: USDT,
    abi: testUsdtAbi,
    functionName: 'approve',
    args: [answer.contract, BigInt(answer.amountAtomic)],
  });
  if (answer.bcntLockAtomic !== '0')
    await chain.send(index, {
      address: BCNT,
      abi: bcntAbi,
      functionName: 'approve',
      args: [answer.contract, BigInt(answer.bcntLockAtomic)],
    });
  const [id, units, pass, referrer, expiry, signature] = answer.args;
  await chain.send(index, {
    address: POOL,
    abi: binFiPoolAbi,
    functionName: answer.functionName,
    args: [BigInt(id), BigInt(units), pass, referrer, BigInt(expiry), signature],
  });
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
  [alice, bob, carol] = [
    await createMember(t.app),
    await createMember(t.app),
    await createMember(t.app),
  ];
  await linkWallet(t.app, alice, anvilAccount(ALICE_WALLET));
  await linkWallet(t.app, bob, anvilAccount(BOB_WALLET));
  for (const member of [alice, bob, carol]) await premier(member);
  // bob keeps 5,000 BCNT when the round is created
  const bobBalance = (await chain.client.readContract({
    address: BCNT,
    abi: bcntAbi,
    functionName: 'balanceOf',
    args: [anvilAccount(BOB_WALLET).address],
  })) as bigint;
  await chain.send(BOB_WALLET, {
    address: BCNT,
    abi: bcntAbi,
    functionName: 'transfer',
    args: [anvilAccount(SINK).address, bobBalance - bcnt(5_000)],
  });
  const created = (await runOpsCommand(
    { db: t.database.db, clock: t.clock, wallet: t.app.wallet, scheduler: t.app.scheduler },
    'binfi/create',
    { price: '100', capacity: '20', cap: '7', apr: '9', fee: '1.5', 'stop-loss': '70' },
  )) as { fundId: number };
  fundId = created.fundId;
  // after the snapshot bob receives plenty: it must not count
  await chain.send(SINK, {
    address: BCNT,
    abi: bcntAbi,
    functionName: 'transfer',
    args: [anvilAccount(BOB_WALLET).address, bcnt(500_000)],
  });
  await indexAll(t.app);
}, 120_000);

afterAll(async () => {
  await t?.close();
  await anvil?.stop();
});

describe('BinFi joining', () => {
  it('the round shows its off-chain terms from binfi create', async () => {
    const res = await t.app.inject({ url: `/api/v1/binfi/SupplierDetail?fundId=${fundId}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.round.terms).toEqual({
      rockApr: '9',
      platformFeeRate: '1.5',
      stopLossRate: '70',
      symbol: 'BTC/USDT',
      // 100 x 9 % / 12
      rockRewardPerUnit: '0.75',
      // 100 x 1.5 % x 182.5 days / 365 days
      platformFeePerUnit: '0.75',
      // (1 Rock unit x 0.75 x 6 months + 2 units x 0.75) / 200 traded = 3 %
      breakEven: '3',
      referralRebate: '10',
      rockSettlement: 'monthly',
      flameSettlement: 'maturity',
    });
  });

  it('HODL pass: refused when the wallet held too little BCNT at the snapshot, however much it holds now', async () => {
    const res = await join(bob, 'Take', {
      units: 1,
      orderType: 'hodl',
      wallet: wallet(BOB_WALLET),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'binfi_hodl_balance_short',
      data: { required: '10000', balance: '5000' },
    });
    const [stored] = await t.database.db
      .select()
      .from(binfiPasses)
      .where(eq(binfiPasses.wallet, wallet(BOB_WALLET)));
    expect(stored).toMatchObject({ bcntBalance: bcnt(5_000).toString(), signature: null });
  });

  it('HODL pass: signed for a holder, accepted by the pool, used once per round', async () => {
    const first = await join(alice, 'Supply', {
      units: 2,
      orderType: 'hodl',
      wallet: wallet(ALICE_WALLET),
    });
    expect(first.statusCode, first.body).toBe(200);
    const answer = first.json().data;
    expect(answer).toMatchObject({
      functionName: 'supply',
      units: 2,
      amount: '200',
      amountAtomic: '200000000',
      bcntLock: '0',
      referrer: null,
    });
    expect(answer.args[2]).toBe(1);
    expect(answer.args[5]).toMatch(/^0x[0-9a-f]{130}$/);
    // asked again before the order: the same pass
    const again = await join(alice, 'Supply', {
      units: 2,
      orderType: 'hodl',
      wallet: wallet(ALICE_WALLET),
    });
    expect(again.json().data.args).toEqual(answer.args);

    await sendJoin(ALICE_WALLET, answer);
    await indexAll(t.app);
    const used = await join(alice, 'Supply', {
      units: 1,
      orderType: 'hodl',
      wallet: wallet(ALICE_WALLET),
    });
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toBe('binfi_pass_used');
    // the pool agrees: the same signature is refused on chain
    await expect(sendJoin(ALICE_WALLET, { ...answer, args: [...answer.args] })).rejects.toThrow();
  });

  it('5 units per order and the per-account cap of the round (both sides together)', async () => {
    const six = await join(alice, 'Take', {
      units: 6,
      orderType: 'general',
      wallet: wallet(ALICE_WALLET),
    });
    expect(six.statusCode).toBe(400);
    expect(six.json().message).toBe('5 units max per subscription');

    const five = await join(alice, 'Take', {
      units: 5,
      orderType: 'general',
      wallet: wallet(ALICE_WALLET),
    });
    // cap 7, 2 held
    expect(five.statusCode).toBe(200);
    await sendJoin(ALICE_WALLET, five.json().data);
    await indexAll(t.app);
    const over = await join(alice, 'Supply', {
      units: 1,
      orderType: 'locking',
      wallet: wallet(ALICE_WALLET),
    });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      message: 'binfi_cannot_join',
      data: { reason: 'account_cap' },
    });
    const notMine = await join(alice, 'Supply', {
      units: 1,
      orderType: 'general',
      wallet: wallet(BOB_WALLET),
    });
    expect(notMine.json().message).toBe('binfi_wallet_not_linked');
  });

  it('referral code: invalid when unknown, own or without a wallet; else the referrer wallet travels with the order', async () => {
    for (const code of ['NOSUCHCODE', await codeOf(bob), await codeOf(carol)]) {
      const res = await join(bob, 'Take', {
        units: 1,
        orderType: 'general',
        referralCode: code,
        wallet: wallet(BOB_WALLET),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: 'The referral code is invalid.',
        data: { field: 'referralCode' },
      });
    }
    const check = await call(
      bob,
      'GET',
      `/api/v1/binfi/CheckReferral?fundId=${fundId}&referralCode=${(await codeOf(alice)).toLowerCase()}`,
    );
    expect(check.json().data).toMatchObject({ referrer: wallet(ALICE_WALLET), rebate: '10' });

    const res = await join(bob, 'Take', {
      units: 3,
      orderType: 'locking',
      referralCode: await codeOf(alice),
      wallet: wallet(BOB_WALLET),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      referrer: wallet(ALICE_WALLET),
      bcntLock: '3000',
      amount: '300',
      passExpiry: null,
    });
    await sendJoin(BOB_WALLET, res.json().data);
    await indexAll(t.app);
    const [row] = await t.database.db
      .select()
      .from(binfiOrders)
      .where(eq(binfiOrders.owner, wallet(BOB_WALLET)));
    expect(row).toMatchObject({
      referrer: wallet(ALICE_WALLET),
      pass: 'locking',
      units: 3,
      bcntLocked: bcnt(3_000).toString(),
    });
  });
});

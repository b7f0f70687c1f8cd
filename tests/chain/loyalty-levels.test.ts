// Member levels derived on the server from KYC, the indexed stake of the member's linked wallets
// and the 14-day cooldown, through the real API on a throw-away anvil (the app's indexer is
// ticked by hand; the dev clock route moves the server clock and anvil together).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anvilAccount, getFreePort, startAnvil, type AnvilHandle } from '../../scripts/anvil';
import { deployOrLoadState } from '../../scripts/deploy';
import { ROLE } from '../../src/shared/membership/levels';
import { loyaltyStakingAbi } from '../../src/shared/contracts/generated';
import { runOpsCommand } from '../../src/server/ops/commands';
import { TestClock } from '../../src/server/clock';
import { createMember, loginSession, loginStep1, post, type TestMember } from '../helpers/auth';
import { bcnt, STAKING, testChain, type TestChain } from '../helpers/chain';
import {
  indexAll,
  linkWallet,
  loyaltyStatus,
  memberInfoRoleId,
  verifyIdentity,
} from '../helpers/loyalty';
import { createTestApp, type TestApp } from '../helpers/test-app';

const LOYALTY_BITS = ROLE.level2Member | ROLE.level3Member | ROLE.level4Member;
const DAY = 24 * 3600;

let anvil: AnvilHandle;
let chain: TestChain;
let t: TestApp;

beforeAll(async () => {
  anvil = await startAnvil({ port: await getFreePort(), quiet: true });
  await deployOrLoadState(anvil.rpcUrl);
  chain = testChain(anvil.rpcUrl);
  await chain.mine(); // a block at the current time (the loaded state's blocks are older)
  t = await createTestApp({
    config: { rpcUrl: anvil.rpcUrl, chainId: 31337 },
    clock: new TestClock(await chain.latestTime()),
  });
  await indexAll(t.app);
}, 120_000);

afterAll(async () => {
  await t?.close();
  await anvil?.stop();
});

async function member(options: { verified: boolean; wallets: number[] }): Promise<TestMember> {
  const m = await createMember(t.app);
  if (options.verified) await verifyIdentity(t, m);
  for (const index of options.wallets) await linkWallet(t.app, m, anvilAccount(index));
  return m;
}

/** Move the server clock and anvil forward; the member logs in again (sessions expire). */
async function advanceClock(seconds: number, m: TestMember) {
  const res = await post(t.app, '/dev/clock/advance', { seconds });
  expect(res.statusCode, res.body).toBe(200);
  m.token = (await loginSession(t.app, m)).token;
  return res.json().data as { now: string; chainTime: string | null };
}

describe('member level from KYC and stake', () => {
  it('without KYC the level is 0 even with a stake; the loyalty bits are never granted', async () => {
    const m = await member({ verified: false, wallets: [2] });
    await chain.stake(2, bcnt(60_000));
    await indexAll(t.app);
    const status = await loyaltyStatus(t.app, m);
    expect(status).toMatchObject({
      level: 0,
      kycVerified: false,
      stakeLevel: 3,
      countedStake: '60000',
    });
    expect(status.roleId & (LOYALTY_BITS | ROLE.kyc2)).toBe(0);
    expect(await memberInfoRoleId(t.app, m)).toBe(status.roleId);

    // An operator setting a loyalty bit grants nothing.
    await runOpsCommand({ db: t.database.db, clock: t.clock }, 'member/roles', {
      email: m.email,
      set: ROLE.investor | ROLE.level4Member,
    });
    expect(await memberInfoRoleId(t.app, m)).toBe(ROLE.investor);
  });

  it('KYC gives level 1 (roleId 64)', async () => {
    const m = await member({ verified: true, wallets: [] });
    const status = await loyaltyStatus(t.app, m);
    expect(status).toMatchObject({ level: 1, kycVerified: true, stakeLevel: 0, wallets: [] });
    expect(status.roleId & ROLE.kyc2).toBe(ROLE.kyc2);
    expect(status.roleId & LOYALTY_BITS).toBe(0);
    expect(await memberInfoRoleId(t.app, m)).toBe(status.roleId);
  });

  it('10k / 50k / 200k over two linked wallets summed give levels 2 / 3 / 4', async () => {
    const m = await member({ verified: true, wallets: [3, 4] });
    await chain.stake(3, bcnt(6_000));
    await indexAll(t.app);
    let status = await loyaltyStatus(t.app, m);
    expect(status).toMatchObject({
      level: 1,
      countedStake: '6000',
      nextLevel: { level: 2, needed: '4000' },
    });

    await chain.stake(4, bcnt(4_000));
    await indexAll(t.app);
    status = await loyaltyStatus(t.app, m);
    expect(status).toMatchObject({
      level: 2,
      stakeLevel: 2,
      countedStake: '10000',
      thresholds: { level2: '10000', level3: '50000', level4: '200000' },
      nextLevel: { level: 3, needed: '40000' },
    });
    expect(status.wallets.map((w) => [w.address, w.staked])).toEqual([
      [anvilAccount(3).address, '6000'],
      [anvilAccount(4).address, '4000'],
    ]);
    expect(status.roleId & LOYALTY_BITS).toBe(ROLE.level2Member);
    expect(status.roleId & ROLE.kyc2).toBe(ROLE.kyc2);
    expect(await memberInfoRoleId(t.app, m)).toBe(status.roleId);

    await chain.stake(3, bcnt(40_000));
    await indexAll(t.app);
    status = await loyaltyStatus(t.app, m);
    expect(status).toMatchObject({ level: 3, countedStake: '50000' });
    expect(await memberInfoRoleId(t.app, m)).toBe(
      (status.roleId & ~LOYALTY_BITS) | ROLE.level3Member,
    );

    await chain.stake(4, bcnt(150_000));
    await indexAll(t.app);
    status = await loyaltyStatus(t.app, m);
    expect(status).toMatchObject({ level: 4, countedStake: '200000', nextLevel: null });
    expect(status.roleId & LOYALTY_BITS).toBe(ROLE.level4Member);

    // Every place that shows the member its roleId shows the derived one.
    const session = await loginSession(t.app, m);
    expect(session).toBeDefined();
    const login = await post(t.app, '/member/ico/getMemberInfo', undefined, {
      token: session.token,
    });
    expect(login.json().data.roleId).toBe(status.roleId);
    const addUserType = await post(
      t.app,
      '/member/addUserType',
      { userType: 2 },
      { token: m.token },
    );
    expect(addUserType.json().data.roleId).toBe(status.roleId);
    const shown = (await runOpsCommand({ db: t.database.db, clock: t.clock }, 'member/show', {
      email: m.email,
    })) as { roleId: number; level: number; storedRoleId: number };
    expect(shown).toMatchObject({ roleId: status.roleId, level: 4 });
    expect(shown.storedRoleId & LOYALTY_BITS).toBe(0);
  });

  it('a login answers the derived roleId', async () => {
    const m = await member({ verified: true, wallets: [6] });
    await chain.stake(6, bcnt(10_000));
    await indexAll(t.app);
    const res = await loginStep1(t.app, m);
    expect(res.json().data.result).toBe('success');
    expect(res.json().data.member.roleId & LOYALTY_BITS).toBe(ROLE.level2Member);
  });
});

describe('the 14-day unstake cooldown', () => {
  it('requestUnstake keeps the level; 14 days later it drops, withdrawn or not', async () => {
    const m = await member({ verified: true, wallets: [5] });
    await chain.stake(5, bcnt(10_000));
    await indexAll(t.app);
    expect((await loyaltyStatus(t.app, m)).level).toBe(2);

    const requestId = await chain.requestUnstake(5, bcnt(10_000));
    await indexAll(t.app);
    // The server clock at the chain's time (they moved together from here on).
    t.clock.set(await chain.latestTime());
    m.token = (await loginSession(t.app, m)).token;
    let status = await loyaltyStatus(t.app, m);
    expect(status).toMatchObject({ level: 2, countedStake: '10000' });
    expect(status.wallets[0]).toMatchObject({ staked: '0', cooling: '10000' });
    expect(status.requests).toEqual([
      expect.objectContaining({ requestId: String(requestId), amount: '10000', withdrawn: false }),
    ]);
    const unlockAt = new Date(status.requests[0]!.unlockAt).getTime();
    expect(unlockAt - t.clock.now().getTime()).toBe(14 * DAY * 1000);

    const moved = await advanceClock(13 * DAY, m);
    expect(new Date(moved.chainTime!).getTime()).toBeGreaterThanOrEqual(
      new Date(moved.now).getTime(),
    );
    await indexAll(t.app);
    expect((await loyaltyStatus(t.app, m)).level).toBe(2);

    // Day 14: the cooldown is over; not withdrawn yet, the level has dropped.
    await advanceClock(DAY, m);
    await indexAll(t.app);
    status = await loyaltyStatus(t.app, m);
    expect(status).toMatchObject({ level: 1, stakeLevel: 0, countedStake: '0' });
    expect(status.requests[0]).toMatchObject({ withdrawn: false });
    expect(await memberInfoRoleId(t.app, m)).toBe(status.roleId);
    expect(status.roleId & LOYALTY_BITS).toBe(0);

    // Withdrawn: still level 1, the request is listed as withdrawn for 30 days.
    await chain.withdraw(5, requestId);
    await indexAll(t.app);
    status = await loyaltyStatus(t.app, m);
    expect(status.level).toBe(1);
    expect(status.requests[0]).toMatchObject({ withdrawn: true });
    await advanceClock(31 * DAY, m);
    expect((await loyaltyStatus(t.app, m)).requests).toEqual([]);
  });
});

describe('thresholds', () => {
  it('follow the indexed ThresholdsUpdated event', async () => {
    const m = await member({ verified: true, wallets: [7] });
    await chain.stake(7, bcnt(12_000));
    await indexAll(t.app);
    expect((await loyaltyStatus(t.app, m)).level).toBe(2);

    await chain.send(0, {
      address: STAKING,
      abi: loyaltyStakingAbi,
      functionName: 'setThresholds',
      args: [bcnt(1_000), bcnt(12_000), bcnt(100_000)],
    });
    await indexAll(t.app);
    const status = await loyaltyStatus(t.app, m);
    expect(status).toMatchObject({
      level: 3,
      thresholds: { level2: '1000', level3: '12000', level4: '100000' },
      nextLevel: { level: 4, needed: '88000' },
    });
  });
});

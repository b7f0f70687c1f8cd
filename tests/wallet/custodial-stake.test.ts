// The custodial BCNT stake: stake and unstake requests with their refusals, idempotent
// retries, the 14-day cooldown released by the `custodial-unstake` task, and the loyalty level
// that counts the custodial stake with the on-chain one.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConvertError, type StakeRecord } from '../../src/shared/api/wallet-convert';
import { createMember, loginSession, type TestMember } from '../helpers/auth';
import { loyaltyStatus } from '../helpers/loyalty';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { fund, getAs, ledgerCount, postAs, verifiedMember, walletBalance } from './convert-helpers';

const STAKE = '/api/v1/user/wallet/stake';
const DAY_MS = 24 * 3600 * 1000;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const stake = (member: TestMember, amount: string, key?: string) =>
  postAs(t, STAKE, member, { action: 'stake', amount }, key ?? randomUUID());
const unstake = (member: TestMember, amount: string, key?: string) =>
  postAs(t, STAKE, member, { action: 'unstake', amount }, key ?? randomUUID());

async function record(member: TestMember, query = ''): Promise<StakeRecord> {
  const res = await getAs(t, `/api/v1/user/wallet/stake/record${query}`, member);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as StakeRecord;
}

describe('custodial stake', () => {
  it('needs a session, identity verification and an idempotency key', async () => {
    expect((await getAs(t, '/api/v1/user/wallet/stake/record')).statusCode).toBe(401);
    const unverified = await createMember(t.app);
    const refused = await stake(unverified, '10');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('kyc_required');
    const member = await verifiedMember(t);
    const noKey = await postAs(t, STAKE, member, { action: 'stake', amount: '10' }, null);
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().message).toBe('idempotency_key_required');
  });

  it('refuses below the minimum, more than available, and unstaking more than is staked', async () => {
    const member = await verifiedMember(t);
    await fund(t, member.memberId, 'BCNT', '100');
    const small = await stake(member, '0.5');
    expect(small.statusCode).toBe(400);
    expect(small.json()).toMatchObject({
      message: ConvertError.stakeBelowMinimum,
      data: { minimum: '1' },
    });
    const broke = await stake(member, '100.000000000000000001');
    expect(broke.statusCode).toBe(400);
    expect(broke.json().message).toBe('Not enough available balance');
    const badType = await postAs(t, STAKE, member, { action: 'lock', amount: '10' });
    expect(badType.statusCode).toBe(400);

    expect((await stake(member, '60')).statusCode).toBe(200);
    const tooMuch = await unstake(member, '60.1');
    expect(tooMuch.json()).toMatchObject({
      message: ConvertError.unstakeExceedsStaked,
      data: { unstakable: '60' },
    });
    expect((await unstake(member, '50')).statusCode).toBe(200);
    // 10 are left to request: the 50 in cooldown cannot be requested twice
    const twice = await unstake(member, '11');
    expect(twice.json()).toMatchObject({
      message: ConvertError.unstakeExceedsStaked,
      data: { unstakable: '10' },
    });
    expect((await record(member)).summary).toMatchObject({
      available: '40',
      staking: '60',
      cooling: '50',
      unstakable: '10',
      minimum: '1',
      unstakeDays: 14,
    });
  });

  it('moves money once per key, also for 50 concurrent retries; concurrent unstakes never exceed the stake', async () => {
    const member = await verifiedMember(t);
    await fund(t, member.memberId, 'BCNT', '1000');
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 50 }, () => stake(member, '100', key)));
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    for (const res of answers) expect(res.json().data).toEqual(answers[0]!.json().data);
    expect(await ledgerCount(t, member.memberId, 'stake')).toBe(1);
    expect(await walletBalance(t, member, 'BCNT')).toMatchObject({
      available: '900',
      staking: '100',
    });

    // ten different unstake requests of 30 each against 100 staked: three fit
    const requests = await Promise.all(Array.from({ length: 10 }, () => unstake(member, '30')));
    expect(requests.filter((res) => res.statusCode === 200)).toHaveLength(3);
    expect((await record(member)).summary).toMatchObject({ cooling: '90', unstakable: '10' });
  });

  it('counts for the level: level 2 at the threshold, kept for 14 days of unstake, dropped after release', async () => {
    let member = await verifiedMember(t);
    await fund(t, member.memberId, 'BCNT', '10000');
    expect(await loyaltyStatus(t.app, member)).toMatchObject({ level: 1, stakeLevel: 0 });

    expect((await stake(member, '9999')).statusCode).toBe(200);
    expect(await loyaltyStatus(t.app, member)).toMatchObject({
      level: 1,
      custodialStaked: '9999',
      countedStake: '9999',
      nextLevel: { level: 2, needed: '1' },
    });
    expect((await stake(member, '1')).statusCode).toBe(200);
    expect(await loyaltyStatus(t.app, member)).toMatchObject({
      level: 2,
      stakeLevel: 2,
      custodialStaked: '10000',
      countedStake: '10000',
    });

    const requested = await unstake(member, '5000');
    expect(requested.statusCode, requested.body).toBe(200);
    const unlockAt = new Date(t.clock.now().getTime() + 14 * DAY_MS).toISOString();
    expect(requested.json().data.record).toMatchObject({
      kind: 'unstake',
      amount: '5000',
      state: 'cooling',
      unlockAt,
      releasedAt: null,
    });

    // 13 days on: still cooling, still level 2, the task releases nothing
    t.clock.advance(13 * DAY_MS);
    member = { ...member, ...(await loginSession(t.app, member)) };
    expect(await t.app.scheduler.runTask('custodial-unstake')).toBe(0);
    expect(await loyaltyStatus(t.app, member)).toMatchObject({ level: 2 });

    // past 14 days the task moves the 5,000 back to available and the level drops to 1
    t.clock.advance(DAY_MS + 1000);
    member = { ...member, ...(await loginSession(t.app, member)) };
    expect(await t.app.scheduler.runTask('custodial-unstake')).toBeGreaterThanOrEqual(1);
    expect(await t.app.scheduler.runTask('custodial-unstake')).toBe(0);
    expect(await loyaltyStatus(t.app, member)).toMatchObject({
      level: 1,
      custodialStaked: '5000',
    });
    expect(await walletBalance(t, member, 'BCNT')).toMatchObject({
      available: '5000',
      staking: '5000',
    });
    expect(await ledgerCount(t, member.memberId, 'unstake')).toBe(1);

    const history = await record(member, '?page=1&pageSize=2');
    expect(history.total).toBe(3);
    expect(history.items).toHaveLength(2);
    expect(history.items[0]).toMatchObject({
      kind: 'unstake',
      state: 'released',
      unlockAt,
      releasedAt: expect.any(String),
    });
    expect(history.items[1]).toMatchObject({ kind: 'stake', amount: '1', state: 'staked' });
  });
});

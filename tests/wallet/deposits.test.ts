// Wallet deposits through the API on PGlite: WalletDepositInfo (auth, KYC gate, addresses),
// the Bitcoin/TRON simulators driven by operator commands (credited only after 5/12
// confirmations, once), and the level-1 limit (held, then released by the operator).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositAddresses } from '../../src/server/db/schema/wallet';
import { depositLimit } from '../../src/server/domain/wallet/deposits';
import { accountBalance, memberAccount } from '../../src/server/domain/wallet/ledger';
import { type OpsCommandName, runOpsCommand } from '../../src/server/ops/commands';
import type { DepositInfo } from '../../src/shared/api/wallet-deposit';
import { checkWithdrawalAddress } from '../../src/shared/validation/address';
import { call, createMember, type TestMember } from '../helpers/auth';
import { verifyIdentity } from '../helpers/loyalty';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const info = (member: TestMember, currency: string) =>
  call(t.app, 'GET', `/api/v1/user/WalletDepositInfo?currency=${currency}`, undefined, {
    token: member.token,
  });

async function depositInfo(member: TestMember, currency: string): Promise<DepositInfo> {
  const res = await info(member, currency);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as DepositInfo;
}

const ops = (command: OpsCommandName, input: Record<string, unknown>) =>
  runOpsCommand({ db: t.database.db, clock: t.clock, wallet: t.app.wallet }, command, input);

async function verifiedMember() {
  const member = await createMember(t.app);
  await verifyIdentity(t, member);
  return member;
}

const available = (member: TestMember, currency: 'BTC' | 'USDT' | 'ETH') =>
  accountBalance(t.database.db, memberAccount(member.memberId), currency);

describe('WalletDepositInfo', () => {
  it('needs a login (401) and identity verification (403)', async () => {
    const anonymous = await call(t.app, 'GET', '/api/v1/user/WalletDepositInfo?currency=USDT');
    expect(anonymous.statusCode).toBe(401);
    const member = await createMember(t.app);
    const unverified = await info(member, 'USDT');
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json().message).toBe('kyc_required');
    await verifyIdentity(t, member);
    expect((await info(member, 'USDT')).statusCode).toBe(200);
    expect((await info(member, 'DOGE')).statusCode).toBe(400);
  });

  it('lists the networks of each currency with stable addresses, distinct between members', async () => {
    const alice = await verifiedMember();
    const bob = await verifiedMember();
    const usdt = await depositInfo(alice, 'USDT');
    expect(usdt.networks.map((n) => n.network)).toEqual(['ERC20', 'TRC20']);
    const [erc20, trc20] = usdt.networks;
    // the expected time follows the configuration: 20 blocks of the local chain's 2 s, at worst
    // twice that plus the scheduler's 1 s poll (not the spec's mainnet minutes)
    expect(erc20).toMatchObject({
      requiredConfirmations: 20,
      confirmationSeconds: { min: 40, max: 81 },
      evmChainId: 31337,
    });
    expect(erc20!.tokenAddress).toMatch(/^0x[0-9a-f]{40}$/);
    expect(trc20).toMatchObject({
      requiredConfirmations: 12,
      confirmationSeconds: { min: 300, max: 600 },
      tokenAddress: null,
    });
    expect(checkWithdrawalAddress('ERC20', erc20!.address)).toBeNull();
    expect(checkWithdrawalAddress('TRC20', trc20!.address)).toBeNull();

    const btc = await depositInfo(alice, 'BTC');
    expect(btc.networks).toHaveLength(1);
    expect(btc.networks[0]).toMatchObject({
      network: 'BTC_NATIVE_SEGWIT',
      requiredConfirmations: 5,
      confirmationSeconds: { min: 3600, max: 5400 },
    });
    expect(btc.networks[0]!.address).toMatch(/^bc1q/);
    const eth = await depositInfo(alice, 'ETH');
    expect(eth.networks[0]).toMatchObject({
      network: 'ETH',
      address: erc20!.address,
      tokenAddress: null,
    });
    expect(usdt.limit).toMatchObject({
      memberLevel: 1,
      limitUsdt: '10000',
      remainingUsdt: '10000',
    });

    // Stable: asked again (also concurrently) the same addresses, one row per chain.
    const again = await Promise.all([1, 2, 3, 4].map(() => depositInfo(alice, 'USDT')));
    for (const answer of again) expect(answer.networks).toEqual(usdt.networks);
    const rows = await t.database.db
      .select()
      .from(depositAddresses)
      .where(eq(depositAddresses.memberId, alice.memberId));
    expect(rows.map((r) => r.chain).sort()).toEqual(['bitcoin', 'evm', 'tron']);

    const bobUsdt = await depositInfo(bob, 'USDT');
    expect(bobUsdt.networks[0]!.address).not.toBe(erc20!.address);
    expect(bobUsdt.networks[1]!.address).not.toBe(trc20!.address);
    expect((await depositInfo(bob, 'BTC')).networks[0]!.address).not.toBe(btc.networks[0]!.address);
    expect(usdt.deposits).toEqual([]);
  });
});

describe('Bitcoin and TRON simulators', () => {
  it('credits a BTC deposit only at 5 confirmations, once', async () => {
    const member = await verifiedMember();
    const address = (await depositInfo(member, 'BTC')).networks[0]!.address;
    const simulated = (await ops('deposits/simulate', {
      network: 'BTC_NATIVE_SEGWIT',
      address,
      amount: '0.015',
    })) as { txHash: string };
    let view = await depositInfo(member, 'BTC');
    expect(view.deposits[0]).toMatchObject({
      status: 'confirming',
      confirmations: 0,
      requiredConfirmations: 5,
      amount: '0.015',
      network: 'BTC_NATIVE_SEGWIT',
      txHash: simulated.txHash,
    });

    await ops('deposits/confirm', {
      network: 'BTC_NATIVE_SEGWIT',
      txid: simulated.txHash,
      blocks: 4,
    });
    view = await depositInfo(member, 'BTC');
    expect(view.deposits[0]).toMatchObject({ status: 'confirming', confirmations: 4 });
    expect(await available(member, 'BTC')).toBe(0n);

    await ops('deposits/confirm', { network: 'BTC_NATIVE_SEGWIT', blocks: 1 });
    view = await depositInfo(member, 'BTC');
    expect(view.deposits[0]).toMatchObject({ status: 'credited', confirmations: 5 });
    expect(await available(member, 'BTC')).toBe(1_500_000n);

    // More confirmations, scheduler runs, the same txid again: nothing more.
    await ops('deposits/confirm', { network: 'BTC_NATIVE_SEGWIT', blocks: 3 });
    await t.app.scheduler.runTask('deposits');
    await expect(
      ops('deposits/simulate', {
        network: 'BTC_NATIVE_SEGWIT',
        address,
        amount: '0.015',
        txid: simulated.txHash,
      }),
    ).rejects.toThrow(/already recorded/);
    expect(await available(member, 'BTC')).toBe(1_500_000n);
  });

  it('credits a TRC20 USDT deposit at 12 confirmations', async () => {
    const member = await verifiedMember();
    const address = (await depositInfo(member, 'USDT')).networks[1]!.address;
    await ops('deposits/simulate', { network: 'TRC20', address, amount: '250.5' });
    await ops('deposits/confirm', { network: 'TRC20', blocks: 11 });
    expect(await available(member, 'USDT')).toBe(0n);
    const limit = (await depositInfo(member, 'USDT')).limit;
    expect(limit).toMatchObject({ usedUsdt: '250.5', remainingUsdt: '9749.5' });
    await ops('deposits/confirm', { network: 'TRC20', blocks: 1 });
    expect(await available(member, 'USDT')).toBe(250_500_000n);
    const listed = (await ops('deposits/list', { email: member.email })) as { status: string }[];
    expect(listed).toEqual([expect.objectContaining({ status: 'credited', network: 'TRC20' })]);
  });

  it('refuses addresses that are not ours and bad amounts', async () => {
    await expect(
      ops('deposits/simulate', {
        network: 'BTC_NATIVE_SEGWIT',
        address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
        amount: '1',
      }),
    ).rejects.toThrow(/not a deposit address/);
    const member = await verifiedMember();
    const address = (await depositInfo(member, 'BTC')).networks[0]!.address;
    await expect(
      ops('deposits/simulate', { network: 'BTC_NATIVE_SEGWIT', address, amount: '0.000000001' }),
    ).rejects.toThrow(/positive BTC/);
    await expect(
      ops('deposits/simulate', { network: 'TRC20', address, amount: '1' }),
    ).rejects.toThrow();
  });
});

describe('level-1 deposit limit', () => {
  it('holds a deposit that would pass 10,000 USDT in 24 hours; the operator releases it', async () => {
    const member = await verifiedMember();
    const tron = (await depositInfo(member, 'USDT')).networks[1]!.address;
    const btc = (await depositInfo(member, 'BTC')).networks[0]!.address;

    await ops('deposits/simulate', { network: 'TRC20', address: tron, amount: '9000' });
    await ops('deposits/confirm', { network: 'TRC20', blocks: 12 });
    expect(await available(member, 'USDT')).toBe(9_000_000_000n);

    // 0.02 BTC = 1,200 USDT at the local reference price: 10,200 > 10,000 -> held.
    const over = (await ops('deposits/simulate', {
      network: 'BTC_NATIVE_SEGWIT',
      address: btc,
      amount: '0.02',
    })) as { id: number };
    await ops('deposits/confirm', { network: 'BTC_NATIVE_SEGWIT', blocks: 5 });
    expect(await available(member, 'BTC')).toBe(0n);
    const held = await depositInfo(member, 'BTC');
    expect(held.deposits[0]).toMatchObject({ status: 'held', confirmations: 5 });
    expect(held.limit).toMatchObject({ usedUsdt: '9000', remainingUsdt: '1000' });

    // 1,000 more fits exactly.
    await ops('deposits/simulate', { network: 'TRC20', address: tron, amount: '1000' });
    await ops('deposits/confirm', { network: 'TRC20', blocks: 12 });
    expect(await available(member, 'USDT')).toBe(10_000_000_000n);

    // Support releases the held one: credited once.
    const released = (await ops('deposits/release', { id: over.id })) as { outcome: string };
    expect(released.outcome).toBe('credited');
    expect(await available(member, 'BTC')).toBe(2_000_000n);
    await expect(ops('deposits/release', { id: over.id })).rejects.toThrow(/not held/);
    expect(await available(member, 'BTC')).toBe(2_000_000n);

    // 24 hours later the window is empty again.
    t.clock.advance(24 * 3600 * 1000 + 1000);
    expect(await depositLimit(t.app.wallet, member.memberId)).toMatchObject({
      usedUsdt: '0',
      remainingUsdt: '10000',
    });
  });
});

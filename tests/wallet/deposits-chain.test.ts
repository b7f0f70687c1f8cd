// EVM deposits on a throw-away anvil with the deployed tokens: the `deposits` scheduler task
// (deposit watcher) credits a USDT transfer to a member's deposit address only after
// DEPOSIT_CONFIRMATIONS blocks and exactly once, survives evm_revert + re-sending the same
// signed transaction without a second credit, credits native ETH, and pays store orders.
import { and, count, eq } from 'drizzle-orm';
import {
  type Address,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  type Hex,
  http,
  parseEther,
  parseUnits,
} from 'viem';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { anvilAccount, getFreePort, startAnvil, type AnvilHandle } from '../../scripts/anvil';
import { deployOrLoadState } from '../../scripts/deploy';
import { depositAddresses, deposits, ledgerTransactions } from '../../src/server/db/schema/wallet';
import { createStoreOrder } from '../../src/server/domain/store/orders';
import {
  accountBalance,
  memberAccount,
  platformAccount,
} from '../../src/server/domain/wallet/ledger';
import type { DepositInfo } from '../../src/shared/api/wallet-deposit';
import {
  bcntAbi,
  bcntAddress,
  testUsdtAbi,
  testUsdtAddress,
} from '../../src/shared/contracts/generated';
import { call, createMember, type TestMember } from '../helpers/auth';
import { LOCAL, testChain, type TestChain } from '../helpers/chain';
import { verifyIdentity } from '../helpers/loyalty';
import { createTestApp, type TestApp } from '../helpers/test-app';

const CONFIRMATIONS = 3;
const USDT = testUsdtAddress[LOCAL] as Address;
const BCNT = bcntAddress[LOCAL] as Address;
const usdt = (amount: string) => parseUnits(amount, 6);

let anvil: AnvilHandle;
let chain: TestChain;
let t: TestApp;
let snapshot: string;

beforeAll(async () => {
  anvil = await startAnvil({ port: await getFreePort(), quiet: true });
  await deployOrLoadState(anvil.rpcUrl);
  chain = testChain(anvil.rpcUrl);
  t = await createTestApp({
    config: {
      rpcUrl: anvil.rpcUrl,
      chainId: LOCAL,
      depositConfirmations: CONFIRMATIONS,
      indexer: false,
    },
  });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await anvil?.stop();
});

beforeEach(async () => {
  snapshot = await chain.snapshot();
});
afterEach(async () => {
  await chain.revert(snapshot);
});

const anvilChain = () =>
  defineChain({
    id: LOCAL,
    name: 'anvil',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [anvil.rpcUrl] } },
  });

function wallet(index: number) {
  return createWalletClient({
    account: anvilAccount(index),
    chain: anvilChain(),
    transport: http(anvil.rpcUrl),
  });
}

/** A signed ERC20 transfer (not sent), so the very same transaction can be sent twice. */
async function signedTransfer(
  index: number,
  token: Address,
  to: Address,
  amount: bigint,
  fees: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint } | undefined = undefined,
) {
  const w = wallet(index);
  const request = await w.prepareTransactionRequest({
    to: token,
    data: encodeFunctionData({ abi: testUsdtAbi, functionName: 'transfer', args: [to, amount] }),
    chain: anvilChain(),
    ...fees,
  });
  return w.signTransaction(request);
}

async function anvilRpc(method: string, params: unknown[]) {
  const request = chain.client.request as (args: {
    method: string;
    params: unknown[];
  }) => Promise<unknown>;
  await request({ method, params });
}

async function sendRaw(serialized: Hex) {
  const hash = await chain.client.sendRawTransaction({ serializedTransaction: serialized });
  const receipt = await chain.client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  expect(receipt.status).toBe('success');
  return { hash, blockNumber: Number(receipt.blockNumber) };
}

async function verifiedMember(): Promise<TestMember> {
  const member = await createMember(t.app);
  await verifyIdentity(t, member);
  return member;
}

async function depositInfo(member: TestMember, currency: string): Promise<DepositInfo> {
  const res = await call(
    t.app,
    'GET',
    `/api/v1/user/WalletDepositInfo?currency=${currency}`,
    undefined,
    { token: member.token },
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as DepositInfo;
}

const runDeposits = () => t.app.scheduler.runTask('deposits');
const available = (member: TestMember, currency: 'USDT' | 'ETH' | 'BCNT') =>
  accountBalance(t.database.db, memberAccount(member.memberId), currency);

async function depositLedgerRows(txHash: string) {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.reference, txHash));
  return row!.n;
}

describe('EVM deposit watcher', () => {
  it('credits a USDT transfer after the confirmations, exactly once', async () => {
    const member = await verifiedMember();
    const info = await depositInfo(member, 'USDT');
    const erc20 = info.networks.find((n) => n.network === 'ERC20')!;
    expect(erc20.requiredConfirmations).toBe(CONFIRMATIONS);
    expect(erc20.tokenAddress).toBe(USDT.toLowerCase());
    await runDeposits(); // cursor before the deposit

    const { hash } = await chain.send(1, {
      address: USDT,
      abi: testUsdtAbi,
      functionName: 'transfer',
      args: [erc20.address, usdt('125.5')],
    });
    await runDeposits();
    let view = await depositInfo(member, 'USDT');
    expect(view.deposits).toEqual([
      expect.objectContaining({
        status: 'confirming',
        confirmations: 1,
        requiredConfirmations: CONFIRMATIONS,
        amount: '125.5',
        network: 'ERC20',
        txHash: hash,
      }),
    ]);
    expect(view.limit.usedUsdt).toBe('125.5');

    await chain.mine(1);
    await runDeposits();
    expect(await available(member, 'USDT')).toBe(0n);
    expect((await depositInfo(member, 'USDT')).deposits[0]).toMatchObject({ confirmations: 2 });

    await chain.mine(1);
    await runDeposits();
    expect(await available(member, 'USDT')).toBe(usdt('125.5'));
    view = await depositInfo(member, 'USDT');
    expect(view.deposits[0]).toMatchObject({ status: 'credited', confirmations: 3 });

    for (let i = 0; i < 3; i += 1) {
      await chain.mine(1);
      await runDeposits();
    }
    expect(await available(member, 'USDT')).toBe(usdt('125.5'));
    expect(await depositLedgerRows(hash)).toBe(1);
  });

  it('evm_revert after the credit and the same signed transaction again: credited once', async () => {
    const member = await verifiedMember();
    const address = (await depositInfo(member, 'USDT')).networks[0]!.address as Address;
    await runDeposits();
    const fork = await chain.snapshot();
    const signed = await signedTransfer(2, USDT, address, usdt('300'));
    const first = await sendRaw(signed);
    await chain.mine(CONFIRMATIONS);
    await runDeposits();
    expect(await available(member, 'USDT')).toBe(usdt('300'));

    await chain.revert(fork);
    await runDeposits();
    const again = await sendRaw(signed);
    expect(again.hash).toBe(first.hash);
    await chain.mine(CONFIRMATIONS);
    await runDeposits();
    await runDeposits();
    expect(await available(member, 'USDT')).toBe(usdt('300'));
    expect(await depositLedgerRows(first.hash)).toBe(1);
  });

  it('a credited transfer re-mined at another position of another block is not credited again', async () => {
    const member = await verifiedMember();
    const address = (await depositInfo(member, 'USDT')).networks[0]!.address as Address;
    await runDeposits();
    const fork = await chain.snapshot();
    const signed = await signedTransfer(4, USDT, address, usdt('77'));
    const first = await sendRaw(signed);
    await chain.mine(CONFIRMATIONS);
    await runDeposits();
    expect(await available(member, 'USDT')).toBe(usdt('77'));

    // after the revert another token transfer comes first in the block: the deposit's log
    // index in the block changes from 0 to 1
    await chain.revert(fork);
    // a higher tip puts it first in the block
    const other = await signedTransfer(5, USDT, anvilAccount(6).address, usdt('1'), {
      maxFeePerGas: 200_000_000_000n,
      maxPriorityFeePerGas: 100_000_000_000n,
    });
    await anvilRpc('evm_setAutomine', [false]);
    try {
      await chain.client.sendRawTransaction({ serializedTransaction: other });
      await chain.client.sendRawTransaction({ serializedTransaction: signed });
      await chain.mine(1);
    } finally {
      await anvilRpc('evm_setAutomine', [true]);
    }
    const receipt = await chain.client.getTransactionReceipt({ hash: first.hash });
    expect(receipt.logs[0]!.logIndex).toBe(1);
    await chain.mine(CONFIRMATIONS);
    await runDeposits();
    await runDeposits();
    expect(await available(member, 'USDT')).toBe(usdt('77'));
    expect(await depositLedgerRows(first.hash)).toBe(1);
  });

  it('a deposit reverted before its confirmations is orphaned, then credited once when re-mined', async () => {
    const member = await verifiedMember();
    const address = (await depositInfo(member, 'USDT')).networks[0]!.address as Address;
    await runDeposits();
    const fork = await chain.snapshot();
    const signed = await signedTransfer(3, USDT, address, usdt('42'));
    const { hash } = await sendRaw(signed);
    await runDeposits();
    expect((await depositInfo(member, 'USDT')).deposits[0]).toMatchObject({
      status: 'confirming',
      txHash: hash,
    });

    await chain.revert(fork);
    await chain.mine(2); // the chain moves on without the transfer
    await runDeposits();
    expect((await depositInfo(member, 'USDT')).deposits[0]).toMatchObject({ status: 'orphaned' });
    expect(await available(member, 'USDT')).toBe(0n);

    const remined = await sendRaw(signed); // the same transaction in a new block
    await runDeposits();
    const [row] = await t.database.db.select().from(deposits).where(eq(deposits.txHash, hash));
    expect(row).toMatchObject({ status: 'confirming', blockNumber: remined.blockNumber });
    await chain.mine(CONFIRMATIONS);
    await runDeposits();
    await runDeposits();
    expect(await available(member, 'USDT')).toBe(usdt('42'));
    expect(await depositLedgerRows(hash)).toBe(1);
  });

  it('a chain gone back and grown again to the same height is scanned again (not taken as idle)', async () => {
    const member = await verifiedMember();
    const address = (await depositInfo(member, 'USDT')).networks[0]!.address as Address;
    const fork = await chain.snapshot();
    await chain.mine(1); // an empty block at the height the deposit will take
    await runDeposits();
    await runDeposits(); // the head and the addresses as the last run saw them: nothing to scan
    const idleHead = Number(await chain.client.getBlockNumber());

    await chain.revert(fork);
    const { hash, blockNumber } = await sendRaw(await signedTransfer(2, USDT, address, usdt('18')));
    expect(blockNumber).toBe(idleHead); // same height, another block
    await runDeposits();
    expect((await depositInfo(member, 'USDT')).deposits[0]).toMatchObject({
      status: 'confirming',
      txHash: hash,
    });
    await chain.mine(CONFIRMATIONS);
    await runDeposits();
    expect(await available(member, 'USDT')).toBe(usdt('18'));
  });

  it('credits a native ETH deposit', async () => {
    const member = await verifiedMember();
    const info = await depositInfo(member, 'ETH');
    expect(info.networks[0]).toMatchObject({ network: 'ETH', tokenAddress: null });
    await runDeposits();
    const hash = await wallet(4).sendTransaction({
      to: info.networks[0]!.address as Address,
      value: parseEther('1.25'),
      chain: anvilChain(),
    });
    await chain.client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    await runDeposits();
    expect((await depositInfo(member, 'ETH')).deposits[0]).toMatchObject({
      status: 'confirming',
      network: 'ETH',
      amount: '1.25',
    });
    await chain.mine(CONFIRMATIONS);
    await runDeposits();
    expect(await available(member, 'ETH')).toBe(parseEther('1.25'));
    const [row] = await t.database.db.select().from(deposits).where(eq(deposits.txHash, hash));
    expect(row).toMatchObject({ logIndex: -1, status: 'credited' });
  });

  it('pays a store order with USDT; another token sent to the order address is held', async () => {
    const member = await verifiedMember();
    // a real order (its price holds 30 minutes; the payment below comes well within)
    const created = await createStoreOrder(t.app.wallet, member.memberId, 'chain-store-order', {
      usdtAmount: '100',
    });
    const address = created.depositAddress as `0x${string}`;
    const [stored] = await t.database.db
      .select({ orderId: depositAddresses.orderId })
      .from(depositAddresses)
      .where(eq(depositAddresses.address, address));
    const orderId = stored!.orderId!;
    await runDeposits();
    const storeBefore = await accountBalance(t.database.db, platformAccount('store'), 'USDT');
    const paid = await chain.send(5, {
      address: USDT,
      abi: testUsdtAbi,
      functionName: 'transfer',
      args: [address, usdt('100')],
    });
    const wrong = await chain.send(5, {
      address: BCNT,
      abi: bcntAbi,
      functionName: 'transfer',
      args: [address, parseUnits('10', 18)],
    });
    await chain.mine(CONFIRMATIONS);
    await runDeposits();
    const rows = await t.database.db
      .select()
      .from(deposits)
      .where(and(eq(deposits.memberId, member.memberId)));
    expect(rows.find((r) => r.txHash === paid.hash)).toMatchObject({
      status: 'credited',
      currency: 'USDT',
    });
    expect(rows.find((r) => r.txHash === wrong.hash)).toMatchObject({
      status: 'held',
      currency: 'BCNT',
    });
    expect(await accountBalance(t.database.db, platformAccount('store'), 'USDT')).toBe(
      storeBefore + usdt('100'),
    );
    const [payment] = await t.database.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.reference, `order:${orderId}`));
    expect(payment).toMatchObject({ type: 'store_payment', memberId: member.memberId });
    // store payments are not wallet deposits
    expect(await available(member, 'USDT')).toBe(0n);
    expect((await depositInfo(member, 'USDT')).deposits).toEqual([]);
  });

  it('an unreachable RPC does not fail the task', async () => {
    const offline = await createTestApp({ config: { depositConfirmations: CONFIRMATIONS } });
    try {
      const result = (await offline.app.scheduler.runTask('deposits')) as {
        evm: { status: string };
      };
      expect(result.evm.status).toBe('unavailable');
    } finally {
      await offline.close();
    }
  });
});

import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { Hash, TransactionReceipt } from 'viem';
import { WagmiProvider, useReadContract } from 'wagmi';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../lib/date-format';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { queryKeys } from '../../services/query-keys';
import { loyaltyStakingAbi } from '../../shared/contracts/generated';
import { PENDING_TX_MAX_AGE_MS, readPendingTx, usePendingTxStore } from './pending-tx-store';
import { createFakeSetup, TEST_ACCOUNT, type FakeSetup } from './testing/fake-chain';
import { deployLoyalty, STAKING, UNIT, type FakeLoyalty } from './testing/fake-loyalty';
import { useTxFlow, type TxRequest, type UseTxFlowOptions } from './use-tx-flow';

const stake = (amount: bigint): TxRequest => ({
  address: STAKING,
  abi: loyaltyStakingAbi,
  functionName: 'stake',
  args: [amount],
});
const withdraw = (requestId: bigint): TxRequest => ({
  address: STAKING,
  abi: loyaltyStakingAbi,
  functionName: 'withdraw',
  args: [requestId],
});

interface Harness extends FakeSetup {
  loyalty: FakeLoyalty;
  queryClient: QueryClient;
  loyaltyStatusFetches: { count: number };
}

async function setup(options: Parameters<typeof createFakeSetup>[0] = {}): Promise<Harness> {
  const fake = createFakeSetup(options);
  const loyalty = deployLoyalty(fake.node);
  loyalty.fund(TEST_ACCOUNT, 1_000_000n * UNIT);
  await fake.connectWallet();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return { ...fake, loyalty, queryClient, loyaltyStatusFetches: { count: 0 } };
}

/**
 * The hook as a screen uses it, next to the reads a screen shows: the staked amount (a wagmi
 * read) and the member's loyalty status (an API query under one of the app's keys).
 */
function renderFlow(h: Harness, options: Partial<UseTxFlowOptions> = {}) {
  const onDone = vi.fn<(receipt: TransactionReceipt) => void>();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={h.queryClient}>
      <WagmiProvider config={h.config} reconnectOnMount={false}>
        {children}
      </WagmiProvider>
    </QueryClientProvider>
  );
  const view = renderHook(
    () => {
      const flow = useTxFlow({
        key: 'loyalty.stake',
        invalidate: [queryKeys.member.loyaltyStatus()],
        onDone,
        ...options,
      });
      const staked = useReadContract({
        abi: loyaltyStakingAbi,
        address: STAKING,
        functionName: 'stakedOf',
        args: [TEST_ACCOUNT],
        chainId: 31337,
      });
      const status = useQuery({
        queryKey: queryKeys.member.loyaltyStatus(),
        queryFn: async () => ++h.loyaltyStatusFetches.count,
      });
      return { flow, staked: staked.data, statusFetches: status.data };
    },
    { wrapper },
  );
  return { ...view, onDone };
}

/** Awaits `promise` inside act, so the state it set is rendered before the assertions. */
async function settle<T>(promise: Promise<T>): Promise<T> {
  let value!: T;
  await act(async () => {
    value = await promise;
  });
  return value;
}

const storedEntries = () =>
  JSON.parse(localStorage.getItem(STORAGE_KEYS.pendingTransactions) ?? '{}') as Record<
    string,
    { hash: string }
  >;

beforeEach(() => {
  usePendingTxStore.getState().refresh();
});

describe('useTxFlow', () => {
  it('waiting -> pending (stored) -> done: invalidates wagmi reads and the given keys, then onDone', async () => {
    const h = await setup({ automine: false });
    h.loyalty.approve(TEST_ACCOUNT, 500n * UNIT);
    const { result, onDone } = renderFlow(h);
    await waitFor(() => expect(result.current.staked).toBe(0n));
    await waitFor(() => expect(result.current.statusFetches).toBe(1));
    expect(result.current.flow.state.status).toBe('idle');
    expect(result.current.flow.busy).toBe(false);

    let sent!: Promise<TransactionReceipt | undefined>;
    act(() => {
      sent = result.current.flow.send(stake(500n * UNIT));
    });
    expect(result.current.flow.state.status).toBe('waiting');
    expect(result.current.flow.busy).toBe(true);

    await waitFor(() => expect(result.current.flow.state.status).toBe('pending'));
    const hash = result.current.flow.state.hash!;
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(h.node.pendingHashes()).toEqual([hash]);
    // kept for a reload as soon as the hash is known
    expect(storedEntries()['loyalty.stake']).toMatchObject({
      key: 'loyalty.stake',
      hash,
      chainId: 31337,
      from: TEST_ACCOUNT,
    });
    expect(onDone).not.toHaveBeenCalled();

    act(() => void h.node.mine());
    const receipt = await settle(sent);
    expect(receipt?.status).toBe('success');
    expect(receipt?.transactionHash).toBe(hash);
    expect(result.current.flow.state).toMatchObject({ status: 'done', hash, receipt });
    expect(result.current.flow.busy).toBe(false);
    expect(onDone).toHaveBeenCalledExactlyOnceWith(receipt);
    expect(localStorage.getItem(STORAGE_KEYS.pendingTransactions)).toBeNull();
    // the screen's reads update without a reload
    await waitFor(() => expect(result.current.staked).toBe(500n * UNIT));
    await waitFor(() => expect(result.current.statusFetches).toBe(2));
  });

  it('a refusal in the wallet (4001) is Cancelled: nothing sent, nothing stored', async () => {
    const h = await setup();
    h.loyalty.approve(TEST_ACCOUNT, 500n * UNIT);
    h.wallet.state.rejectNext = 1;
    const { result, onDone } = renderFlow(h);

    let receipt: TransactionReceipt | undefined;
    await act(async () => {
      receipt = await result.current.flow.send(stake(500n * UNIT));
    });
    expect(receipt).toBeUndefined();
    expect(result.current.flow.state).toEqual({
      status: 'cancelled',
      hash: undefined,
      receipt: undefined,
    });
    expect(h.wallet.prompts).toEqual(['eth_sendTransaction']);
    expect(h.node.pendingHashes()).toEqual([]);
    expect(h.loyalty.staked(TEST_ACCOUNT)).toBe(0n);
    expect(localStorage.getItem(STORAGE_KEYS.pendingTransactions)).toBeNull();
    expect(onDone).not.toHaveBeenCalled();

    // retry sends the same request again
    await act(async () => {
      receipt = await result.current.flow.retry!();
    });
    expect(result.current.flow.state.status).toBe('done');
    expect(h.loyalty.staked(TEST_ACCOUNT)).toBe(500n * UNIT);
  });

  it('a revert at simulation is Failed with the custom error translated; the wallet is never asked', async () => {
    const h = await setup();
    h.loyalty.state.now = 1_700_000_000n;
    const requestId = h.loyalty.openRequest(TEST_ACCOUNT, 100n * UNIT);
    const { result } = renderFlow(h, { key: `loyalty.withdraw.${requestId}` });

    await act(async () => {
      await result.current.flow.send(withdraw(requestId));
    });
    const unlockAt = h.loyalty.state.requests[0]!.unlockAt;
    expect(result.current.flow.state).toEqual({
      status: 'failed',
      hash: undefined,
      receipt: undefined,
      errorKey: 'error.StakingRequestLocked',
      errorValues: { requestId: '0', unlockAt: formatDateTime(Number(unlockAt) * 1000) },
    });
    expect(result.current.flow.state.errorValues?.unlockAt).toBe('2023/11/29 06:13');
    expect(h.wallet.prompts).toEqual([]);
    expect(h.node.calls('eth_call').length).toBeGreaterThan(0);
  });

  it('decodes a token error that bubbles up through the staking contract, with BCNT amounts', async () => {
    const h = await setup();
    h.loyalty.approve(TEST_ACCOUNT, 100n * UNIT);
    const { result } = renderFlow(h);

    await act(async () => {
      await result.current.flow.send(stake(10_000n * UNIT));
    });
    expect(result.current.flow.state).toMatchObject({
      status: 'failed',
      errorKey: 'error.ERC20InsufficientAllowance',
      errorValues: { allowance: '100', needed: '10,000', symbol: 'BCNT' },
    });
    expect(h.wallet.prompts).toEqual([]);
  });

  it('a reverted receipt is Failed: the reason comes from re-running the call at its block', async () => {
    const h = await setup({ automine: false });
    h.loyalty.state.now = 1_800_000_000n;
    const requestId = h.loyalty.openRequest(TEST_ACCOUNT, 100n * UNIT, 0n);
    const { result } = renderFlow(h, { key: `loyalty.withdraw.${requestId}` });

    let sent!: Promise<TransactionReceipt | undefined>;
    act(() => {
      sent = result.current.flow.send(withdraw(requestId));
    });
    await waitFor(() => expect(result.current.flow.state.status).toBe('pending'));
    const hash = result.current.flow.state.hash!;
    // Withdrawn meanwhile (e.g. from another tab): simulation passed, the mined tx reverts.
    h.loyalty.state.requests[0]!.withdrawn = true;
    act(() => void h.node.mine());

    expect(await settle(sent)).toBeUndefined();
    expect(result.current.flow.state).toMatchObject({
      status: 'failed',
      hash,
      errorKey: 'error.StakingAlreadyWithdrawn',
      errorValues: { requestId: '0' },
    });
    expect(result.current.flow.state.receipt?.status).toBe('reverted');
    expect(localStorage.getItem(STORAGE_KEYS.pendingTransactions)).toBeNull();
  });

  it('a reverted receipt whose re-run passes falls back to error.reverted', async () => {
    const h = await setup({ automine: false });
    h.loyalty.approve(TEST_ACCOUNT, 500n * UNIT);
    const { result } = renderFlow(h);
    let sent!: Promise<TransactionReceipt | undefined>;
    act(() => {
      sent = result.current.flow.send(stake(500n * UNIT));
    });
    await waitFor(() => expect(result.current.flow.state.status).toBe('pending'));
    // reverts when mined (e.g. out of gas), passes when called again afterwards
    const realMine = h.node.mine;
    h.loyalty.state.balances.clear();
    act(() => void realMine());
    h.loyalty.fund(TEST_ACCOUNT, 1_000n * UNIT);
    await settle(sent);
    expect(result.current.flow.state).toMatchObject({
      status: 'failed',
      errorKey: 'error.reverted',
    });
  });

  it('follows a sped-up transaction to its replacement', async () => {
    const h = await setup({ automine: false });
    h.loyalty.approve(TEST_ACCOUNT, 500n * UNIT);
    const { result, onDone } = renderFlow(h);
    let sent!: Promise<TransactionReceipt | undefined>;
    act(() => {
      sent = result.current.flow.send(stake(500n * UNIT));
    });
    await waitFor(() => expect(result.current.flow.state.status).toBe('pending'));
    const original = result.current.flow.state.hash!;
    // the wait has read the transaction (it needs its nonce to recognise a replacement)
    await waitFor(() =>
      expect(
        h.node.calls('eth_getTransactionByHash').some((c) => (c.params as Hash[])[0] === original),
      ).toBe(true),
    );

    const replacement = h.node.replace(original, 'speed-up');
    act(() => void h.node.mine());
    const receipt = await settle(sent);

    expect(replacement).not.toBe(original);
    expect(receipt?.transactionHash).toBe(replacement);
    expect(result.current.flow.state).toMatchObject({ status: 'done', hash: replacement });
    expect(onDone).toHaveBeenCalledOnce();
    expect(h.loyalty.staked(TEST_ACCOUNT)).toBe(500n * UNIT);
    expect(localStorage.getItem(STORAGE_KEYS.pendingTransactions)).toBeNull();
  });

  it('a cancel in the wallet (replacement sending nothing) ends Cancelled with the new hash', async () => {
    const h = await setup({ automine: false });
    h.loyalty.approve(TEST_ACCOUNT, 500n * UNIT);
    const { result, onDone } = renderFlow(h);
    let sent!: Promise<TransactionReceipt | undefined>;
    act(() => {
      sent = result.current.flow.send(stake(500n * UNIT));
    });
    await waitFor(() => expect(result.current.flow.state.status).toBe('pending'));
    const original = result.current.flow.state.hash!;
    await waitFor(() => expect(h.node.calls('eth_getTransactionByHash').length).toBeGreaterThan(0));

    const cancel = h.node.replace(original, 'cancel');
    act(() => void h.node.mine());
    expect(await settle(sent)).toBeUndefined();
    expect(result.current.flow.state).toMatchObject({ status: 'cancelled', hash: cancel });
    expect(onDone).not.toHaveBeenCalled();
    expect(h.loyalty.staked(TEST_ACCOUNT)).toBe(0n);
    expect(localStorage.getItem(STORAGE_KEYS.pendingTransactions)).toBeNull();
  });

  it('resumes a pending transaction after a reload (unmount, mount again) and finishes it', async () => {
    const h = await setup({ automine: false });
    h.loyalty.approve(TEST_ACCOUNT, 500n * UNIT);
    const first = renderFlow(h);
    act(() => {
      void first.result.current.flow.send(stake(500n * UNIT));
    });
    await waitFor(() => expect(first.result.current.flow.state.status).toBe('pending'));
    const hash = first.result.current.flow.state.hash!;
    // the nonce is recorded too (to tell a replacement made while the page was closed)
    await waitFor(() => expect(readPendingTx('loyalty.stake')?.nonce).toBe(0));
    first.unmount();
    expect(readPendingTx('loyalty.stake')?.hash).toBe(hash);

    // "reload": a fresh page with the same action
    h.queryClient.clear();
    const second = renderFlow(h);
    await waitFor(() =>
      expect(second.result.current.flow.state).toMatchObject({ status: 'pending', hash }),
    );
    expect(second.result.current.flow.busy).toBe(true);
    act(() => void h.node.mine());
    await waitFor(() => expect(second.result.current.flow.state.status).toBe('done'));
    expect(second.result.current.flow.state.receipt?.transactionHash).toBe(hash);
    expect(second.onDone).toHaveBeenCalledOnce();
    expect(first.onDone).not.toHaveBeenCalled();
    expect(readPendingTx('loyalty.stake')).toBeUndefined();
    await waitFor(() => expect(second.result.current.staked).toBe(500n * UNIT));
  });

  it('a resumed transaction the chain no longer knows (its nonce used by another) is forgotten', async () => {
    const h = await setup();
    h.node.submit({ from: TEST_ACCOUNT, to: TEST_ACCOUNT }); // nonce 0, mined
    usePendingTxStore.getState().put({
      key: 'loyalty.stake',
      hash: `0x${'ab'.repeat(32)}`,
      chainId: 31337,
      from: TEST_ACCOUNT,
      createdAt: Date.now(),
      nonce: 0,
    });
    const { result, onDone } = renderFlow(h);
    await waitFor(() => expect(readPendingTx('loyalty.stake')).toBeUndefined());
    await waitFor(() => expect(result.current.flow.state.status).toBe('idle'));
    expect(onDone).not.toHaveBeenCalled();
  });

  it('does not resume entries of another account, of another chain, or older than a day', async () => {
    const h = await setup();
    const hash = `0x${'cd'.repeat(32)}` as Hash;
    const put = usePendingTxStore.getState().put;
    put({
      key: 'a',
      hash,
      chainId: 31337,
      from: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
      createdAt: Date.now(),
    });
    put({ key: 'b', hash, chainId: 5, from: TEST_ACCOUNT, createdAt: Date.now() });
    put({
      key: 'c',
      hash,
      chainId: 31337,
      from: TEST_ACCOUNT,
      createdAt: Date.now() - PENDING_TX_MAX_AGE_MS - 1,
    });
    const a = renderFlow(h, { key: 'a' });
    const b = renderFlow(h, { key: 'b' });
    const c = renderFlow(h, { key: 'c' });
    await waitFor(() => expect(a.result.current.staked).toBe(0n));
    for (const view of [a, b, c]) expect(view.result.current.flow.state.status).toBe('idle');
    expect(h.node.calls('eth_getTransactionByHash')).toEqual([]);
    // another account's entry stays for that account; the other chain's is pruned
    expect(Object.keys(storedEntries())).toEqual(['a']);
  });

  it('on another chain: wrong-chain (the wallet is not asked to send), switchChain switches and sends', async () => {
    const h = await setup({ walletChainId: 1 });
    h.loyalty.approve(TEST_ACCOUNT, 500n * UNIT);
    const { result, onDone } = renderFlow(h);
    await waitFor(() => expect(result.current.flow.wrongChain).toBe(true));
    expect(result.current.flow.chainName).toBe('Localhost');

    await act(async () => {
      expect(await result.current.flow.send(stake(500n * UNIT))).toBeUndefined();
    });
    expect(result.current.flow.state).toEqual({ status: 'wrong-chain' });
    expect(h.wallet.prompts).toEqual([]);

    await act(async () => {
      await result.current.flow.switchChain();
    });
    await waitFor(() => expect(result.current.flow.state.status).toBe('done'));
    expect(h.wallet.prompts).toEqual(['wallet_switchEthereumChain', 'eth_sendTransaction']);
    expect(result.current.flow.wrongChain).toBe(false);
    expect(onDone).toHaveBeenCalledOnce();
    expect(h.loyalty.staked(TEST_ACCOUNT)).toBe(500n * UNIT);
  });

  it('a refused switch stays on wrong-chain without an error; a failed one says so', async () => {
    const h = await setup({ walletChainId: 1 });
    const { result } = renderFlow(h);
    await act(async () => {
      await result.current.flow.send(stake(UNIT));
    });
    h.wallet.state.rejectSwitch = true;
    await act(async () => {
      await result.current.flow.switchChain();
    });
    expect(result.current.flow.state).toEqual({ status: 'wrong-chain' });
    expect(h.wallet.prompts).toEqual(['wallet_switchEthereumChain']);
  });

  it('ignores a second send while one is running, and reset does not forget a pending tx', async () => {
    const h = await setup({ automine: false });
    h.loyalty.approve(TEST_ACCOUNT, 500n * UNIT);
    const { result } = renderFlow(h);
    let first!: Promise<TransactionReceipt | undefined>;
    act(() => {
      first = result.current.flow.send(stake(100n * UNIT));
    });
    await act(async () => {
      expect(await result.current.flow.send(stake(100n * UNIT))).toBeUndefined();
    });
    await waitFor(() => expect(result.current.flow.state.status).toBe('pending'));
    act(() => result.current.flow.reset());
    expect(result.current.flow.state.status).toBe('pending');
    act(() => void h.node.mine());
    await settle(first);
    expect(h.wallet.prompts).toEqual(['eth_sendTransaction']);
    act(() => result.current.flow.reset());
    expect(result.current.flow.state).toEqual({ status: 'idle' });
  });
});

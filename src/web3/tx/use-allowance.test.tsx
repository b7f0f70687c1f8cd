import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { decodeFunctionData, type Hex, type TransactionReceipt } from 'viem';
import { WagmiProvider } from 'wagmi';
import { describe, expect, it } from 'vitest';
import { bcntAbi } from '../../shared/contracts/generated';
import { readPendingTx } from './pending-tx-store';
import { createFakeSetup, TEST_ACCOUNT } from './testing/fake-chain';
import { BCNT, deployLoyalty, STAKING, UNIT } from './testing/fake-loyalty';
import { useAllowance } from './use-allowance';

async function setup(amount: bigint, { allowance = 0n, automine = true } = {}) {
  const fake = createFakeSetup({ automine });
  const loyalty = deployLoyalty(fake.node);
  loyalty.fund(TEST_ACCOUNT, 1_000_000n * UNIT);
  loyalty.approve(TEST_ACCOUNT, allowance);
  await fake.connectWallet();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <WagmiProvider config={fake.config} reconnectOnMount={false}>
        {children}
      </WagmiProvider>
    </QueryClientProvider>
  );
  const view = renderHook(
    ({ value }: { value: bigint }) =>
      useAllowance({ token: BCNT, spender: STAKING, amount: value, key: 'loyalty.stake' }),
    { wrapper, initialProps: { value: amount } },
  );
  return { ...fake, loyalty, ...view };
}

describe('useAllowance', () => {
  it('needs an approval when the amount is above the allowance; approve sends exactly the amount', async () => {
    const { result, node, wallet } = await setup(2_500n * UNIT, {
      allowance: 1_000n * UNIT,
      automine: false,
    });
    await waitFor(() => expect(result.current.allowance).toBe(1_000n * UNIT));
    expect(result.current.isLoading).toBe(false);
    expect(result.current.needsApprove).toBe(true);

    let approving!: Promise<TransactionReceipt | undefined>;
    act(() => {
      approving = result.current.approve();
    });
    await waitFor(() => expect(result.current.flow.state.status).toBe('pending'));
    // its own flow: stored under `<key>.approve`, not under the action's key
    expect(readPendingTx('loyalty.stake.approve')?.hash).toBe(result.current.flow.state.hash);
    expect(readPendingTx('loyalty.stake')).toBeUndefined();
    act(() => void node.mine());
    await act(async () => {
      expect((await approving)?.status).toBe('success');
    });
    expect(result.current.flow.state.status).toBe('done');
    expect(wallet.prompts).toEqual(['eth_sendTransaction']);
    const block = (await node.request({
      method: 'eth_getBlockByNumber',
      params: ['latest', true],
    })) as { transactions: { to: string; input: Hex }[] };
    const tx = block.transactions[0]!;
    expect(tx.to.toLowerCase()).toBe(BCNT.toLowerCase());
    expect(decodeFunctionData({ abi: bcntAbi, data: tx.input })).toMatchObject({
      functionName: 'approve',
      args: [STAKING, 2_500n * UNIT],
    });
    // refetched after Done: no approval needed any more
    await waitFor(() => expect(result.current.allowance).toBe(2_500n * UNIT));
    expect(result.current.needsApprove).toBe(false);
  });

  it('needs no approval when the allowance covers the amount, nor for 0, nor while unknown', async () => {
    const { result, rerender } = await setup(500n * UNIT, { allowance: 500n * UNIT });
    expect(result.current.allowance).toBeUndefined();
    expect(result.current.isLoading).toBe(true);
    expect(result.current.needsApprove).toBe(false);
    await waitFor(() => expect(result.current.allowance).toBe(500n * UNIT));
    expect(result.current.needsApprove).toBe(false);
    rerender({ value: 0n });
    expect(result.current.needsApprove).toBe(false);
    rerender({ value: 500n * UNIT + 1n });
    expect(result.current.needsApprove).toBe(true);
  });

  it('runs its approval as its own flow (key `<key>.approve`): a refusal is Cancelled', async () => {
    const { result, wallet, loyalty } = await setup(10n * UNIT);
    await waitFor(() => expect(result.current.allowance).toBe(0n));
    wallet.state.rejectNext = 1;
    await act(async () => {
      expect(await result.current.approve()).toBeUndefined();
    });
    expect(result.current.flow.state.status).toBe('cancelled');
    expect(loyalty.allowance(TEST_ACCOUNT, STAKING)).toBe(0n);
    expect(result.current.needsApprove).toBe(true);
  });
});

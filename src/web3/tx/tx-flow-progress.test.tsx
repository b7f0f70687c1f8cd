import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { WagmiProvider } from 'wagmi';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '../../components/button';
import { renderWithProviders } from '../../components/testing/render';
import { loyaltyStakingAbi } from '../../shared/contracts/generated';
import { createFakeSetup, TEST_ACCOUNT } from './testing/fake-chain';
import { deployLoyalty, STAKING, UNIT } from './testing/fake-loyalty';
import { TxFlowProgress } from './tx-flow-progress';
import { useTxFlow, type TxFlow, type TxFlowState } from './use-tx-flow';

const HASH = '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060';

function fakeFlow(state: TxFlowState, extra: Partial<TxFlow> = {}): TxFlow {
  return {
    state,
    busy: state.status === 'waiting' || state.status === 'pending',
    send: vi.fn(async () => undefined),
    reset: vi.fn(),
    switchChain: vi.fn(async () => undefined),
    retry: vi.fn(async () => undefined),
    chainName: 'Localhost',
    ...extra,
  };
}

const progress = () => screen.getByTestId('tx-progress');
const message = () => screen.getByTestId('tx-progress-message').textContent;

describe('TxFlowProgress', () => {
  it('renders nothing while idle', () => {
    renderWithProviders(<TxFlowProgress flow={fakeFlow({ status: 'idle' })} />);
    expect(screen.queryByTestId('tx-progress')).toBeNull();
  });

  it('shows the translated status of each state', () => {
    const { rerender } = renderWithProviders(
      <TxFlowProgress flow={fakeFlow({ status: 'waiting' })} label="Stake 10,000 BCNT" />,
    );
    expect(message()).toBe('Confirm in your wallet…');
    expect(progress().textContent).toContain('Stake 10,000 BCNT');
    rerender(<TxFlowProgress flow={fakeFlow({ status: 'pending', hash: HASH })} />);
    expect(message()).toBe('Waiting for confirmation…');
    expect(screen.getByTestId('tx-progress-hash').textContent).toBe('0x5c50…2060');
    rerender(<TxFlowProgress flow={fakeFlow({ status: 'done', hash: HASH })} />);
    expect(message()).toBe('Done: the transaction is confirmed.');
    rerender(<TxFlowProgress flow={fakeFlow({ status: 'cancelled' })} />);
    expect(message()).toBe('You cancelled the request in your wallet.');
    rerender(<TxFlowProgress flow={fakeFlow({ status: 'cancelled', hash: HASH })} />);
    expect(message()).toBe('You cancelled the transaction in your wallet.');
  });

  it('translates the error key with its values, in every language', () => {
    const state: TxFlowState = {
      status: 'failed',
      errorKey: 'error.StakingRequestLocked',
      errorValues: { requestId: '3', unlockAt: '2024/05/15 08:00' },
    };
    const { unmount } = renderWithProviders(<TxFlowProgress flow={fakeFlow(state)} />);
    expect(message()).toBe('The transaction failed.');
    expect(screen.getByTestId('tx-progress-error').textContent).toBe(
      'Unstake request #3 can be withdrawn from 2024/05/15 08:00.',
    );
    unmount();
    renderWithProviders(<TxFlowProgress flow={fakeFlow(state)} />, { lng: 'zh-TW' });
    expect(screen.getByTestId('tx-progress-error').textContent).toBe(
      '解除質押申請 #3 自 2024/05/15 08:00 起才可提領。',
    );
  });

  it('falls back to the generic text for a key it does not know', () => {
    renderWithProviders(
      <TxFlowProgress flow={fakeFlow({ status: 'failed', errorKey: 'error.SomethingNew' })} />,
    );
    expect(screen.getByTestId('tx-progress-error').textContent).toBe(
      'Something went wrong. Please try again.',
    );
  });

  it('Retry sends the last request again (flow.retry) unless onRetry is given', async () => {
    const user = userEvent.setup();
    const flow = fakeFlow({ status: 'failed', errorKey: 'error.generic' });
    const { rerender } = renderWithProviders(<TxFlowProgress flow={flow} />);
    await user.click(screen.getByTestId('tx-progress-retry'));
    expect(flow.retry).toHaveBeenCalledOnce();
    const onRetry = vi.fn();
    rerender(<TxFlowProgress flow={flow} onRetry={onRetry} />);
    await user.click(screen.getByTestId('tx-progress-retry'));
    expect(onRetry).toHaveBeenCalledOnce();
    expect(flow.retry).toHaveBeenCalledOnce();
  });

  it('wrong-chain offers "Switch to Localhost"', async () => {
    const user = userEvent.setup();
    const flow = fakeFlow({ status: 'wrong-chain' });
    renderWithProviders(<TxFlowProgress flow={flow} testId="stake-tx" />);
    expect(screen.getByTestId('stake-tx-message').textContent).toBe(
      'Your wallet is on another network.',
    );
    const button = screen.getByTestId('stake-tx-switch');
    expect(button.textContent).toBe('Switch to Localhost');
    await user.click(button);
    expect(flow.switchChain).toHaveBeenCalledOnce();
  });
});

/** A screen as features write it: the action calls `send`, the progress renders the flow. */
function StakeAction() {
  const flow = useTxFlow({ key: 'loyalty.stake' });
  return (
    <>
      <Button
        busy={flow.busy}
        onClick={() =>
          flow.send({
            address: STAKING,
            abi: loyaltyStakingAbi,
            functionName: 'stake',
            args: [100n * UNIT],
          })
        }
        data-testid="stake-confirm"
      >
        Stake
      </Button>
      <TxFlowProgress flow={flow} testId="stake-tx" />
    </>
  );
}

describe('TxFlowProgress with the pipeline', () => {
  it('cancelled in the wallet -> Try again -> Done', async () => {
    const user = userEvent.setup();
    const fake = createFakeSetup();
    const loyalty = deployLoyalty(fake.node);
    loyalty.fund(TEST_ACCOUNT, 1_000n * UNIT);
    loyalty.approve(TEST_ACCOUNT, 1_000n * UNIT);
    await fake.connectWallet();
    fake.wallet.state.rejectNext = 1;
    const queryClient = new QueryClient();
    renderWithProviders(<StakeAction />, {
      wrap: (children: ReactNode) => (
        <QueryClientProvider client={queryClient}>
          <WagmiProvider config={fake.config} reconnectOnMount={false}>
            {children}
          </WagmiProvider>
        </QueryClientProvider>
      ),
    });

    await user.click(screen.getByTestId('stake-confirm'));
    const status = await screen.findByTestId('stake-tx');
    await waitFor(() => expect(status.getAttribute('data-state')).toBe('cancelled'));
    expect(screen.getByTestId('stake-tx-message').textContent).toBe(
      'You cancelled the request in your wallet.',
    );

    await user.click(screen.getByTestId('stake-tx-retry'));
    await waitFor(() =>
      expect(screen.getByTestId('stake-tx').getAttribute('data-state')).toBe('done'),
    );
    expect(screen.getByTestId('stake-tx-hash').textContent).toMatch(/^0x[0-9a-f]{4}…[0-9a-f]{4}$/);
    expect(loyalty.staked(TEST_ACCOUNT)).toBe(100n * UNIT);
    expect(fake.wallet.prompts).toEqual(['eth_sendTransaction', 'eth_sendTransaction']);
  });
});

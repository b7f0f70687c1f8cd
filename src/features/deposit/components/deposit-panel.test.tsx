import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockExports } from '../../../components/testing/mock-exports';
import { renderWithProviders } from '../../../components/testing/render';
import { queryKeys } from '../../../services/query-keys';
import * as walletDeposit from '../../../services/wallet-deposit';
import type { DepositInfo, DepositRecord } from '../../../shared/api/wallet-deposit';
import * as depositFromWallet from './deposit-from-wallet';
import { confirmationTime, DepositPanel } from './deposit-panel';

mockExports(walletDeposit, { getDepositInfo: vi.fn() });
// The wallet part (wagmi, RainbowKit) is its own lazy chunk; here a stand-in shows where it goes.
// The panel's lazy() keeps the module it loads first: no other file renders the panel.
mockExports(depositFromWallet, {
  default: ({ network }: { network: { network: string } }) => (
    <p data-testid="from-wallet-stub">{network.network}</p>
  ),
});

const infoMock = vi.mocked(walletDeposit.getDepositInfo);

const EVM = '0x8Ba1f109551bD432803012645Ac136ddd64DBA72';
const TRON = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';

function usdtInfo(deposits: DepositRecord[] = [], remaining = '9749.5'): DepositInfo {
  return {
    currency: 'USDT',
    networks: [
      {
        network: 'ERC20',
        label: 'Ethereum (ERC20)',
        address: EVM,
        requiredConfirmations: 3,
        // the local chain: 3 blocks of 2 s, at worst twice that and a 1 s poll
        confirmationSeconds: { min: 6, max: 13 },
        evmChainId: 31337,
        tokenAddress: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
        decimals: 6,
      },
      {
        network: 'TRC20',
        label: 'Tron (TRC20)',
        address: TRON,
        requiredConfirmations: 12,
        confirmationSeconds: { min: 300, max: 600 },
        evmChainId: null,
        tokenAddress: null,
        decimals: 6,
      },
    ],
    deposits,
    limit: {
      memberLevel: 1,
      limitUsdt: '10000',
      usedUsdt: '250.5',
      remainingUsdt: remaining,
      windowHours: 24,
    },
  };
}

const record = (overrides: Partial<DepositRecord>): DepositRecord => ({
  id: 1,
  currency: 'USDT',
  network: 'ERC20',
  amount: '250.5',
  txHash: `0x${'ab'.repeat(32)}`,
  status: 'confirming',
  confirmations: 3,
  requiredConfirmations: 20,
  createdAt: '2025-03-01T04:00:00.000Z',
  creditedAt: null,
  ...overrides,
});

function render() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = renderWithProviders(<DepositPanel />, {
    route: '/wallet?tab=deposit',
    wrap: (children) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
  });
  return { client, ...view };
}

beforeEach(() => {
  infoMock.mockReset();
});

describe('DepositPanel', () => {
  it('shows the address, QR, confirmations and limit of the chosen network', async () => {
    infoMock.mockResolvedValue(usdtInfo());
    render();
    expect((await screen.findByTestId('deposit-address')).textContent).toContain(EVM);
    expect(infoMock).toHaveBeenCalledWith('USDT');
    // the time the server derived from its configuration, not the spec's mainnet minutes
    expect(screen.getByTestId('deposit-confirmations').textContent).toBe(
      'Credited after 3 network confirmations (about 6 to 13 seconds).',
    );
    expect(screen.getByTestId('deposit-limit').textContent).toContain(
      'Level 1 deposit limit: 10,000.00 USDT equivalent per 24 hours. Remaining: 9,749.50 USDT.',
    );
    expect((await screen.findByTestId('from-wallet-stub')).textContent).toContain('ERC20');
    await waitFor(() =>
      expect(screen.getByTestId('deposit-qr').getAttribute('data-state')).toBe('ready'),
    );
    expect(screen.getByTestId('deposit-empty')).toBeTruthy();

    // TRON: another address, no browser-wallet payment.
    await userEvent.selectOptions(screen.getByTestId('deposit-network'), 'TRC20');
    expect(screen.getByTestId('deposit-address').textContent).toContain(TRON);
    expect(screen.getByTestId('deposit-confirmations').textContent).toBe(
      'Credited after 12 network confirmations (about 5 to 10 minutes).',
    );
    expect(screen.queryByTestId('from-wallet-stub')).toBeNull();
  });

  it('loads another currency when chosen; one network has no network selector', async () => {
    infoMock.mockResolvedValueOnce(usdtInfo());
    render();
    await screen.findByTestId('deposit-address');
    infoMock.mockResolvedValueOnce({
      ...usdtInfo(),
      currency: 'BTC',
      networks: [
        {
          network: 'BTC_NATIVE_SEGWIT',
          label: 'Bitcoin (Native SegWit)',
          address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
          requiredConfirmations: 5,
          confirmationSeconds: { min: 3600, max: 5400 },
          evmChainId: null,
          tokenAddress: null,
          decimals: 8,
        },
      ],
    });
    await userEvent.selectOptions(screen.getByTestId('deposit-currency'), 'BTC');
    await waitFor(() =>
      expect(screen.getByTestId('deposit-address').textContent).toContain('bc1qcr8te4kr'),
    );
    expect(infoMock).toHaveBeenLastCalledWith('BTC');
    expect(screen.queryByTestId('deposit-network')).toBeNull();
    expect(screen.queryByTestId('from-wallet-stub')).toBeNull();
  });

  it('lists deposits by state and refreshes the balances when one is credited', async () => {
    infoMock.mockResolvedValue(
      usdtInfo([record({ id: 2 }), record({ id: 1, status: 'held', confirmations: 20 })]),
    );
    const { client } = render();
    const rows = await screen.findAllByTestId('deposit-row');
    expect(rows.map((row) => row.dataset.state)).toEqual(['confirming', 'held']);
    expect(within(rows[0]!).getByText('Confirming 3/20')).toBeTruthy();
    expect(within(rows[0]!).getByText('250.50 USDT')).toBeTruthy();
    expect(screen.getByTestId('deposit-held-notice').textContent).toMatch(/contact support/);

    const invalidate = vi.spyOn(client, 'invalidateQueries');
    infoMock.mockResolvedValue(
      usdtInfo([
        record({ id: 2, status: 'credited', confirmations: 20 }),
        record({ id: 1, status: 'held', confirmations: 20 }),
      ]),
    );
    await act(() => client.refetchQueries({ queryKey: queryKeys.member.depositInfo('USDT') }));
    await waitFor(() =>
      expect(screen.getAllByTestId('deposit-row')[0]!.getAttribute('data-state')).toBe('credited'),
    );
    expect(screen.getAllByTestId('deposit-row')[0]!.textContent).toContain('Credited');
    await waitFor(() =>
      expect(invalidate).toHaveBeenCalledWith(
        expect.objectContaining({ queryKey: queryKeys.member.wallet() }),
      ),
    );
  });

  it('shows a translated error with retry', async () => {
    infoMock.mockRejectedValueOnce(new Error('offline'));
    render();
    const error = await screen.findByTestId('deposit-error');
    expect(error.textContent).toContain('The deposit details could not be loaded.');
    infoMock.mockResolvedValueOnce(usdtInfo());
    await userEvent.click(within(error).getByRole('button'));
    expect((await screen.findByTestId('deposit-address')).textContent).toContain(EVM);
  });
});

describe('confirmationTime', () => {
  it('reads seconds below two minutes and whole minutes above', () => {
    expect(confirmationTime({ min: 2, max: 5 })).toEqual({
      key: 'address.timeSeconds',
      min: 2,
      max: 5,
    });
    expect(confirmationTime({ min: 40, max: 119 })).toMatchObject({ key: 'address.timeSeconds' });
    // Ethereum: 20 blocks of 12 s, at worst twice that and a 15 s poll
    expect(confirmationTime({ min: 240, max: 495 })).toEqual({
      key: 'address.timeMinutes',
      min: 4,
      max: 9,
    });
    expect(confirmationTime({ min: 60, max: 120 })).toEqual({
      key: 'address.timeMinutes',
      min: 1,
      max: 2,
    });
  });
});

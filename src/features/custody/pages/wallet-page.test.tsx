import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockExports } from '../../../components/testing/mock-exports';
import { renderWithProviders } from '../../../components/testing/render';
import * as kyc from '../../../services/kyc';
import * as wallet from '../../../services/wallet';
import type { WalletInfo } from '../../../shared/api/wallet';
import { WalletPage } from './wallet-page';

mockExports(wallet, { getWalletInfo: vi.fn(), getWalletHistory: vi.fn() });
mockExports(kyc, { getKycStatus: vi.fn() });

const infoMock = vi.mocked(wallet.getWalletInfo);
const historyMock = vi.mocked(wallet.getWalletHistory);
const kycMock = vi.mocked(kyc.getKycStatus);
type KycAnswer = Awaited<ReturnType<typeof kyc.getKycStatus>>;

function render(ui: ReactElement, route = '/wallet') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithProviders(ui, {
    route,
    wrap: (children) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
  });
}

const zero = { total: '0', available: '0', staking: '0', pendingWithdrawal: '0' };
const info: WalletInfo = {
  balances: [
    {
      currency: 'BCNT',
      total: '1500.123456789',
      available: '500.123456789',
      staking: '1000',
      pendingWithdrawal: '0',
    },
    {
      currency: 'USDT',
      total: '1234567.891',
      available: '1234000',
      staking: '0',
      pendingWithdrawal: '567.891',
    },
    { currency: 'USDC', ...zero },
    { currency: 'BTC', ...zero },
    { currency: 'ETH', ...zero },
  ],
};

const panels = {
  deposit: <p>deposit panel</p>,
  withdrawal: <p>withdrawal panel</p>,
  convert: <p>convert panel</p>,
  stake: <p>stake panel</p>,
  conversions: <p>conversions panel</p>,
  'stake-history': <p>stake history panel</p>,
  addresses: <p>address book panel</p>,
};

beforeEach(() => {
  vi.clearAllMocks();
  infoMock.mockResolvedValue(info);
  kycMock.mockResolvedValue({ selfUserKYCStatus: 4 } as KycAnswer);
});

describe('WalletPage', () => {
  it('shows each balance with the balance precision, rounded down, in the zh-TW format', async () => {
    render(<WalletPage panels={panels} />);
    const usdt = await screen.findByTestId('wallet-balance-USDT');
    expect(
      within(usdt)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1,234,567.89', '1,234,000.00', '0.00', '567.89']);
    expect(screen.getByTestId('wallet-available-BCNT').textContent).toBe('500.12');
  });

  it('opens the tab of the query and shows the composed panel', async () => {
    render(<WalletPage panels={panels} />, '/wallet?tab=withdrawal');
    expect(await screen.findByText('withdrawal panel')).toBeTruthy();
    expect(screen.queryByText('deposit panel')).toBeNull();
  });

  it('shows the verification prompt instead of the tabs before KYC', async () => {
    kycMock.mockResolvedValue({ selfUserKYCStatus: 1 } as KycAnswer);
    render(<WalletPage panels={panels} />);
    expect(await screen.findByTestId('wallet-kyc-gate')).toBeTruthy();
    expect(screen.getByTestId('wallet-kyc-link').getAttribute('href')).toBe('/kyc');
    expect(screen.queryByText('deposit panel')).toBeNull();
  });

  it('lists the transactions with signed amounts of their type and filters by currency', async () => {
    historyMock.mockResolvedValue({
      items: [
        {
          id: 9,
          kind: 'withdrawal_fee',
          transactionType: 4,
          currency: 'USDT',
          amount: '-1.5',
          reference: 'withdrawal:3',
          createdAt: '2026-11-23T02:00:00.000Z',
        },
        {
          id: 8,
          kind: 'deposit',
          transactionType: 2,
          currency: 'BTC',
          amount: '0.12345678',
          reference: 'abc',
          createdAt: '2026-11-22T17:00:00.000Z',
        },
        {
          id: 7,
          kind: 'lending_fee',
          transactionType: 5,
          currency: 'USDT',
          amount: '-5',
          reference: 'lending-fee:1:1',
          createdAt: '2026-11-22T16:00:00.000Z',
        },
      ],
      total: 3,
      page: 1,
      pageSize: 10,
    });
    const user = userEvent.setup();
    render(<WalletPage panels={panels} />, '/wallet?tab=transactions');
    await waitFor(() => expect(screen.getAllByTestId('wallet-history-row')).toHaveLength(3));
    const [fee, deposit, lending] = screen.getAllByTestId('wallet-history-row');
    expect(
      within(fee!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2026/11/23 10:00', 'Withdrawal fee', 'USDT', '-1.50', 'withdrawal:3']);
    // BTC deposits show 6 places (spec section 3); UTC+8 date
    expect(within(deposit!).getAllByRole('cell')[0]!.textContent).toBe('2026/11/23 01:00');
    expect(within(deposit!).getAllByRole('cell')[3]!.textContent).toBe('+0.123456');
    // a product's movement says which product it was
    expect(within(lending!).getAllByRole('cell')[1]!.textContent).toBe('Lending bot fee');
    await user.selectOptions(screen.getByTestId('wallet-history-currency'), 'BTC');
    await waitFor(() =>
      expect(historyMock).toHaveBeenLastCalledWith({ currency: 'BTC', page: 1, pageSize: 10 }),
    );
  });

  it('asks for the balances and the KYC status at once, and shows the prompt only after the balances (no layout shift)', async () => {
    let answerBalances: (value: WalletInfo) => void = () => undefined;
    infoMock.mockReturnValue(new Promise((resolve) => (answerBalances = resolve)));
    kycMock.mockResolvedValue({ selfUserKYCStatus: 0 } as KycAnswer);
    render(<WalletPage panels={panels} />);
    // both calls are made before either has answered (in parallel, not one after the other)
    await waitFor(() => expect(kycMock).toHaveBeenCalledTimes(1));
    expect(infoMock).toHaveBeenCalledTimes(1);
    // the KYC status has answered, the balances have not: nothing below their skeleton yet
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByTestId('wallet-balances-loading')).toBeTruthy();
    expect(screen.queryByTestId('wallet-kyc-gate')).toBeNull();
    expect(screen.queryByTestId('wallet-kyc-loading')).toBeNull();
    answerBalances(info);
    expect(await screen.findByTestId('wallet-kyc-gate')).toBeTruthy();
    expect(screen.getByTestId('wallet-balance-USDT')).toBeTruthy();
  });
});

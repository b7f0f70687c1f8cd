import { act, screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import * as dataTable from '../../../components/data-table';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockExports } from '../../../components/testing/mock-exports';
import { queryKeys } from '../../../services/query-keys';
import * as wallet from '../../../services/wallet';
import * as walletWithdraw from '../../../services/wallet-withdraw';
import type { WalletCurrency } from '../../../shared/api/wallet';
import type { WithdrawInfo } from '../../../shared/api/wallet-withdraw';
import {
  ADDRESS,
  addressList,
  enterCode,
  refusal,
  renderWithdraw,
  savedAddress,
  withdrawal,
  withdrawInfo,
} from '../test-utils';
import { WithdrawPanel } from './withdraw-panel';

mockExports(walletWithdraw, {
  getWithdrawInfo: vi.fn(),
  requestWithdraw: vi.fn(),
  sendWithdrawCode: vi.fn(),
  getWithdrawals: vi.fn(),
  getAddresses: vi.fn(),
  addAddress: vi.fn(),
  deleteAddress: vi.fn(),
  setDefaultAddress: vi.fn(),
});
mockExports(wallet, { newIdempotencyKey: vi.fn() });
// the shared table, counting its renders (the withdrawals list is one)
const table = { renders: 0 };
const actualDataTable = dataTable.DataTable;
mockExports(dataTable, {
  DataTable: (props: Parameters<typeof actualDataTable>[0]) => {
    table.renders += 1;
    return createElement(actualDataTable, props);
  },
});

const infoMock = vi.mocked(walletWithdraw.getWithdrawInfo);
const requestMock = vi.mocked(walletWithdraw.requestWithdraw);
const sendCodeMock = vi.mocked(walletWithdraw.sendWithdrawCode);
const historyMock = vi.mocked(walletWithdraw.getWithdrawals);
const addressesMock = vi.mocked(walletWithdraw.getAddresses);
const keyMock = vi.mocked(wallet.newIdempotencyKey);

function serveInfo(overrides: Partial<WithdrawInfo> = {}) {
  infoMock.mockImplementation((currency: WalletCurrency) =>
    Promise.resolve(withdrawInfo(currency, overrides)),
  );
}

beforeEach(() => {
  // reset, not clear: answers queued by a test that failed early must not reach the next one
  vi.resetAllMocks();
  serveInfo();
  addressesMock.mockResolvedValue(addressList([]));
  historyMock.mockResolvedValue({ items: [], total: 0, page: 1, pageSize: 10 });
  let n = 0;
  keyMock.mockImplementation(() => `key-${++n}`);
});

const optionValues = (testId: string) =>
  within(screen.getByTestId(testId))
    .getAllByRole('option')
    .map((option) => (option as HTMLOptionElement).value);

async function ready() {
  await screen.findByTestId('withdraw-amount');
}

describe('WithdrawPanel form', () => {
  it('offers only the allowed networks of each currency', async () => {
    const user = userEvent.setup();
    renderWithdraw(<WithdrawPanel />);
    await ready();
    expect(optionValues('withdraw-currency')).toEqual(['BCNT', 'USDT', 'USDC', 'BTC', 'ETH']);
    expect(optionValues('withdraw-network')).toEqual(['TRC20', 'ERC20']);
    await user.selectOptions(screen.getByTestId('withdraw-currency'), 'BTC');
    await waitFor(() =>
      expect(optionValues('withdraw-network')).toEqual([
        'BTC_LEGACY',
        'BTC_NESTED_SEGWIT',
        'BTC_NATIVE_SEGWIT',
      ]),
    );
    expect(infoMock).toHaveBeenLastCalledWith('BTC');
    await user.selectOptions(screen.getByTestId('withdraw-currency'), 'BCNT');
    await waitFor(() => expect(optionValues('withdraw-network')).toEqual(['ERC20']));
    await user.selectOptions(screen.getByTestId('withdraw-currency'), 'ETH');
    await waitFor(() => expect(optionValues('withdraw-network')).toEqual(['ETH']));
  });

  it('checks a typed address live with the spec messages', async () => {
    const user = userEvent.setup();
    renderWithdraw(<WithdrawPanel />);
    await ready();
    const input = screen.getByTestId('withdraw-address');
    await user.type(input, '0x1234');
    expect(await screen.findByText('The address format is incorrect.')).toBeTruthy();
    await user.clear(input);
    // TRON shape, broken Base58Check checksum
    await user.type(input, `${ADDRESS.tron.slice(0, -1)}u`);
    expect(await screen.findByText('Recipient address is invalid.')).toBeTruthy();
    await user.clear(input);
    await user.type(input, ADDRESS.tron);
    expect(screen.queryByText('Recipient address is invalid.')).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBeNull();
    // the same address is wrong on ERC20
    await user.selectOptions(screen.getByTestId('withdraw-network'), 'ERC20');
    expect(await screen.findByText('The address format is incorrect.')).toBeTruthy();
  });

  it('Max fills the available balance minus the fee; shows fee, received, minimum, limit', async () => {
    const user = userEvent.setup();
    serveInfo({ available: '100.5' });
    renderWithdraw(<WithdrawPanel />);
    await ready();
    expect(screen.getByTestId('withdraw-available').textContent).toBe('100.50 USDT');
    expect(screen.getByTestId('withdraw-fee').textContent).toBe('1.00 USDT');
    expect(screen.getByTestId('withdraw-minimum').textContent).toBe('10.00 USDT');
    expect(screen.getByTestId('withdraw-limit').textContent).toBe(
      '20,000.00 USDT (20,000.00 of 20,000.00 USDT)',
    );
    await user.click(screen.getByTestId('withdraw-max'));
    expect((screen.getByTestId('withdraw-amount') as HTMLInputElement).value).toBe('99.5');
    expect(screen.getByTestId('withdraw-receive').textContent).toBe('99.50 USDT');
    expect(screen.getByTestId('withdraw-total').textContent).toBe('100.50 USDT');
    // ERC20 costs 5
    await user.selectOptions(screen.getByTestId('withdraw-network'), 'ERC20');
    expect(screen.getByTestId('withdraw-fee').textContent).toBe('5.00 USDT');
    await user.click(screen.getByTestId('withdraw-max'));
    expect((screen.getByTestId('withdraw-amount') as HTMLInputElement).value).toBe('95.5');
  });

  it('explains an amount below the minimum or above the balance, and blocks the submit', async () => {
    const user = userEvent.setup();
    renderWithdraw(<WithdrawPanel />);
    await ready();
    await user.type(screen.getByTestId('withdraw-address'), ADDRESS.tron);
    const amount = screen.getByTestId('withdraw-amount');
    await user.type(amount, '5');
    expect(await screen.findByText('Minimum Withdrawal: 10.00 USDT')).toBeTruthy();
    expect((screen.getByTestId('withdraw-submit') as HTMLButtonElement).disabled).toBe(true);
    await user.clear(amount);
    await user.type(amount, '99.5');
    expect(await screen.findByText('Not enough available balance')).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, '99');
    expect((screen.getByTestId('withdraw-submit') as HTMLButtonElement).disabled).toBe(false);

    // a minus sign is blocked and the field says why; USDT takes 6 decimals
    await user.clear(amount);
    await user.type(amount, '-');
    expect((amount as HTMLInputElement).value).toBe('');
    expect(screen.getByTestId('withdraw-amount-blocked').textContent).toBe(
      'Amounts cannot be negative. Type digits only.',
    );
    expect((screen.getByTestId('withdraw-submit') as HTMLButtonElement).disabled).toBe(true);
    await user.type(amount, '12.1234567');
    expect((amount as HTMLInputElement).value).toBe('12.123456');
    expect(screen.getByTestId('withdraw-amount-blocked').textContent).toBe(
      'USDT takes at most 6 decimal places.',
    );
  });

  it('without two-step verification: a link to turn it on instead of the submit', async () => {
    serveInfo({ twoFactorMethod: 'none' });
    renderWithdraw(<WithdrawPanel />);
    await ready();
    expect(screen.queryByTestId('withdraw-submit')).toBeNull();
    expect(screen.getByTestId('withdraw-two-step-link').getAttribute('href')).toBe(
      '/security?tab=two-step',
    );
  });

  it('while locked: the notice with its end time (UTC+8) and no submit', async () => {
    const user = userEvent.setup();
    serveInfo({ lockedUntil: '2024-05-02T04:30:00.000Z' });
    renderWithdraw(<WithdrawPanel />);
    await ready();
    expect(screen.getByTestId('withdraw-lock').textContent).toContain('2024/05/02 12:30 (UTC+8)');
    await user.type(screen.getByTestId('withdraw-address'), ADDRESS.tron);
    await user.type(screen.getByTestId('withdraw-amount'), '20');
    expect((screen.getByTestId('withdraw-submit') as HTMLButtonElement).disabled).toBe(true);
  });

  it('preselects the default saved address of the currency and network and sends its id', async () => {
    const user = userEvent.setup();
    addressesMock.mockResolvedValue(
      addressList([
        savedAddress(1, { name: 'Cold' }),
        savedAddress(2, { name: 'Exchange', isDefault: true, address: ADDRESS.tron }),
        savedAddress(3, { name: 'Eth', currency: 'ETH', network: 'ETH', address: ADDRESS.evm }),
      ]),
    );
    requestMock.mockResolvedValue(withdrawal(7));
    renderWithdraw(<WithdrawPanel />);
    const select = (await screen.findByTestId('withdraw-saved-address')) as HTMLSelectElement;
    expect(select.value).toBe('2');
    expect(optionValues('withdraw-saved-address')).toEqual(['1', '2', 'typed']);
    expect(screen.queryByTestId('withdraw-address')).toBeNull();
    await user.type(screen.getByTestId('withdraw-amount'), '20');
    await user.click(screen.getByTestId('withdraw-submit'));
    await enterCode(user, 'withdraw-code', '123456');
    await user.click(screen.getByTestId('withdraw-confirm'));
    await waitFor(() => expect(requestMock).toHaveBeenCalledTimes(1));
    expect(requestMock.mock.calls[0]![0]).toEqual({
      currency: 'USDT',
      network: 'TRC20',
      amount: '20',
      addressId: 2,
      code: '123456',
    });
    // "type an address" shows the input
    await user.selectOptions(select, 'typed');
    expect(screen.getByTestId('withdraw-address')).toBeTruthy();
  });
});

describe('WithdrawPanel confirm dialog', () => {
  async function fillAndOpen(user: ReturnType<typeof userEvent.setup>) {
    await ready();
    await user.type(screen.getByTestId('withdraw-address'), ` ${ADDRESS.tron} `);
    await user.type(screen.getByTestId('withdraw-amount'), '99');
    await user.click(screen.getByTestId('withdraw-submit'));
    return screen.findByTestId('withdraw-dialog');
  }

  it('sends the code with one idempotency key per withdrawal, kept for a corrected code; shows refusals', async () => {
    const user = userEvent.setup();
    requestMock
      .mockRejectedValueOnce(refusal('The code is wrong.', { field: 'code' }))
      .mockResolvedValueOnce(withdrawal(9, { amount: '99' }));
    const { client } = renderWithdraw(<WithdrawPanel />);
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const dialog = await fillAndOpen(user);
    expect(within(dialog).getByTestId('withdraw-summary-receive').textContent).toBe('99.00 USDT');
    expect(within(dialog).getByTestId('withdraw-summary-total').textContent).toBe('100.00 USDT');
    const confirm = screen.getByTestId('withdraw-confirm') as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    expect(keyMock).not.toHaveBeenCalled();

    await enterCode(user, 'withdraw-code', '111111');
    await user.click(confirm);
    expect((await screen.findByTestId('withdraw-error')).textContent).toBe('The code is wrong.');
    expect(requestMock).toHaveBeenLastCalledWith(
      { currency: 'USDT', network: 'TRC20', address: ADDRESS.tron, amount: '99', code: '111111' },
      'key-1',
    );
    // the refused code is cleared; a new one is confirmed with the same key
    expect((screen.getByTestId('withdraw-code-0') as HTMLInputElement).value).toBe('');
    await enterCode(user, 'withdraw-code', '222222');
    await user.click(screen.getByTestId('withdraw-confirm'));
    await waitFor(() => expect(requestMock).toHaveBeenCalledTimes(2));
    expect(requestMock.mock.calls[1]![0].code).toBe('222222');
    expect(requestMock.mock.calls[1]![1]).toBe('key-1');
    expect(keyMock).toHaveBeenCalledTimes(1);

    await waitFor(() => expect(screen.queryByTestId('withdraw-dialog')).toBeNull());
    expect(screen.getByTestId('withdraw-success').textContent).toContain(
      'Queued: processed before 13:00 (UTC+8) on the next working day.',
    );
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.member.wallet() });
    expect((screen.getByTestId('withdraw-amount') as HTMLInputElement).value).toBe('');

    // the next withdrawal gets a new key
    requestMock.mockResolvedValueOnce(withdrawal(10));
    await user.type(screen.getByTestId('withdraw-amount'), '50');
    await user.click(screen.getByTestId('withdraw-submit'));
    await enterCode(user, 'withdraw-code', '333333');
    await user.click(screen.getByTestId('withdraw-confirm'));
    await waitFor(() => expect(requestMock).toHaveBeenCalledTimes(3));
    expect(requestMock.mock.calls[2]![1]).toBe('key-2');
  });

  it('keeps the key when the dialog is reopened; another amount, address, network or currency is a new withdrawal', async () => {
    const user = userEvent.setup();
    addressesMock.mockResolvedValue(
      addressList([
        savedAddress(1, { name: 'Cold', isDefault: true }),
        savedAddress(2, { name: 'Exchange' }),
        savedAddress(3, { network: 'ERC20', address: ADDRESS.evm, isDefault: true }),
      ]),
    );
    requestMock.mockRejectedValue(refusal('Not enough available balance'));
    renderWithdraw(<WithdrawPanel />);
    await screen.findByTestId('withdraw-saved-address');
    const sent = () => requestMock.mock.calls.map(([body, key]) => ({ ...body, key }));
    async function confirmFails() {
      const calls = requestMock.mock.calls.length;
      await user.click(screen.getByTestId('withdraw-submit'));
      const dialog = await screen.findByTestId('withdraw-dialog');
      // a refusal of an earlier confirm is not shown in a dialog opened again
      expect(within(dialog).queryByTestId('withdraw-error')).toBeNull();
      await enterCode(user, 'withdraw-code', '123456');
      await user.click(screen.getByTestId('withdraw-confirm'));
      expect((await screen.findByTestId('withdraw-error')).textContent).toBe(
        'Not enough available balance',
      );
      expect(requestMock).toHaveBeenCalledTimes(calls + 1);
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByTestId('withdraw-dialog')).toBeNull());
    }

    await user.type(screen.getByTestId('withdraw-amount'), '20');
    await confirmFails();
    // closed and opened again: the same request, so the same key (a lost answer never pays twice)
    await confirmFails();
    await user.clear(screen.getByTestId('withdraw-amount'));
    await user.type(screen.getByTestId('withdraw-amount'), '30');
    await confirmFails();
    await user.selectOptions(screen.getByTestId('withdraw-saved-address'), '2');
    await confirmFails();
    await user.selectOptions(screen.getByTestId('withdraw-network'), 'ERC20');
    await confirmFails();
    // the same network, amount and address in another currency (no saved USDC address: typed)
    await user.selectOptions(screen.getByTestId('withdraw-currency'), 'USDC');
    await user.type(await screen.findByTestId('withdraw-address'), ADDRESS.evm);
    await user.type(screen.getByTestId('withdraw-amount'), '30');
    await confirmFails();

    const request = { currency: 'USDT', network: 'TRC20', code: '123456' };
    expect(sent()).toEqual([
      { ...request, amount: '20', addressId: 1, key: 'key-1' },
      { ...request, amount: '20', addressId: 1, key: 'key-1' },
      { ...request, amount: '30', addressId: 1, key: 'key-2' },
      { ...request, amount: '30', addressId: 2, key: 'key-3' },
      { ...request, network: 'ERC20', amount: '30', addressId: 3, key: 'key-4' },
      {
        currency: 'USDC',
        network: 'ERC20',
        amount: '30',
        address: ADDRESS.evm,
        code: '123456',
        key: 'key-5',
      },
    ]);
  });

  it('shows the limit refusal with the remaining limit', async () => {
    const user = userEvent.setup();
    requestMock.mockRejectedValue(
      refusal('Withdrawal limit exceed', {
        field: 'amount',
        remaining: '12.5',
        remainingUsdt: '12.5',
      }),
    );
    renderWithdraw(<WithdrawPanel />);
    await fillAndOpen(user);
    await enterCode(user, 'withdraw-code', '123456');
    await user.click(screen.getByTestId('withdraw-confirm'));
    expect((await screen.findByTestId('withdraw-error')).textContent).toBe(
      'Withdrawal limit exceed. Remaining 24h limit: 12.50 USDT',
    );
    expect(screen.getByTestId('withdraw-dialog')).toBeTruthy();
  });

  it('SMS members send the code first and see the resend countdown', async () => {
    const user = userEvent.setup();
    serveInfo({ twoFactorMethod: 'sms' });
    sendCodeMock.mockResolvedValue({ resendAfter: 60, sentTo: '+886*****678' });
    requestMock.mockResolvedValue(withdrawal(3));
    renderWithdraw(<WithdrawPanel />);
    await fillAndOpen(user);
    expect(screen.queryByTestId('withdraw-code-0')).toBeNull();
    await user.click(screen.getByTestId('withdraw-code-send'));
    expect(sendCodeMock).toHaveBeenCalledTimes(1);
    expect((await screen.findByTestId('withdraw-code-sent')).textContent).toContain('+886*****678');
    const resend = screen.getByTestId('withdraw-code-resend') as HTMLButtonElement;
    expect(resend.disabled).toBe(true);
    expect(resend.textContent).toMatch(/60/);
    await enterCode(user, 'withdraw-code', '654321');
    await user.click(screen.getByTestId('withdraw-confirm'));
    await waitFor(() => expect(requestMock).toHaveBeenCalledTimes(1));
    expect(requestMock.mock.calls[0]![0].code).toBe('654321');
  });

  it('a lock refusal names its end time', async () => {
    const user = userEvent.setup();
    requestMock.mockRejectedValue(
      refusal('withdrawal_locked', { lockedUntil: '2024-05-02T04:30:00.000Z' }, 403),
    );
    renderWithdraw(<WithdrawPanel />);
    await fillAndOpen(user);
    await enterCode(user, 'withdraw-code', '123456');
    await user.click(screen.getByTestId('withdraw-confirm'));
    expect((await screen.findByTestId('withdraw-error')).textContent).toContain(
      '2024/05/02 12:30 (UTC+8)',
    );
  });
});

describe('WithdrawPanel history', () => {
  it('lists the withdrawals with translated status and tx hash', async () => {
    const hash = `0x${'ab'.repeat(32)}`;
    historyMock.mockResolvedValue({
      items: [
        withdrawal(2, {
          status: 'completed',
          txHash: hash,
          currency: 'ETH',
          network: 'ETH',
          address: ADDRESS.evm,
          amount: '0.5',
          fee: '0.002',
        }),
        withdrawal(1, { status: 'queued' }),
      ],
      total: 2,
      page: 1,
      pageSize: 10,
    });
    renderWithdraw(<WithdrawPanel />);
    await waitFor(() => expect(screen.getAllByTestId('withdraw-row')).toHaveLength(2));
    const [done, queued] = screen.getAllByTestId('withdraw-row');
    expect(done!.getAttribute('data-state')).toBe('completed');
    expect(done!.getAttribute('data-tx-hash')).toBe(hash);
    const cells = within(done!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 7)).toEqual([
      '2024/05/01 10:00',
      'ETH',
      'Ethereum',
      '0.500000',
      '0.002000',
      '0x5aAe…eAed',
      'Completed',
    ]);
    expect(queued!.getAttribute('data-state')).toBe('queued');
    expect(queued!.hasAttribute('data-tx-hash')).toBe(false);
    expect(within(queued!).getByText('Queued')).toBeTruthy();
    expect(screen.getByTestId('withdraw-history').getAttribute('data-state')).toBe('watching');
  });

  it('typing an amount leaves the withdrawals list alone', async () => {
    const user = userEvent.setup();
    historyMock.mockResolvedValue({
      items: Array.from({ length: 10 }, (_, k) => withdrawal(k + 1, { status: 'completed' })),
      total: 500,
      page: 1,
      pageSize: 10,
    });
    renderWithdraw(<WithdrawPanel />);
    await ready();
    await waitFor(() => expect(screen.getAllByTestId('withdraw-row')).toHaveLength(10));
    const amount = screen.getByTestId('withdraw-amount') as HTMLInputElement;
    act(() => amount.focus());
    // anything a keystroke schedules for later (timers of 0 ms) has run
    const settle = () => act(() => new Promise((done) => setTimeout(done, 20)));
    await settle();
    const before = table.renders;
    await user.keyboard('12.5');
    await settle();
    expect(amount.value).toBe('12.5');
    expect(screen.getByTestId('withdraw-receive').textContent).toBe('12.50 USDT');
    expect(table.renders - before).toBe(0);
  });

  it('says when there are none', async () => {
    renderWithdraw(<WithdrawPanel />);
    expect(await screen.findByTestId('withdraw-history-empty')).toBeTruthy();
  });
});

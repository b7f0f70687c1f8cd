import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockExports } from '../../../components/testing/mock-exports';
import * as memberSecurity from '../../../services/member-security';
import * as walletWithdraw from '../../../services/wallet-withdraw';
import type { TwoFactorSettings } from '../../../shared/api/auth';
import {
  ADDRESS,
  addressList,
  enterCode,
  refusal,
  renderWithdraw,
  savedAddress,
} from '../test-utils';
import { AddressBookPanel } from './address-book-panel';

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
mockExports(memberSecurity, {
  get2FASettings: vi.fn(),
  set2FASettings: vi.fn(),
});

const listMock = vi.mocked(walletWithdraw.getAddresses);
const addMock = vi.mocked(walletWithdraw.addAddress);
const deleteMock = vi.mocked(walletWithdraw.deleteAddress);
const defaultMock = vi.mocked(walletWithdraw.setDefaultAddress);
const settingsMock = vi.mocked(memberSecurity.get2FASettings);
const set2faMock = vi.mocked(memberSecurity.set2FASettings);

function settings(method: TwoFactorSettings['method']): TwoFactorSettings {
  return { method, mobile: '+886*****678', mobileVerified: true, withdrawalLockedUntil: null };
}

const twoSaved = [
  savedAddress(1, { name: 'Exchange', isDefault: true }),
  savedAddress(2, { name: 'Ledger', currency: 'ETH', network: 'ETH', address: ADDRESS.evm }),
];

beforeEach(() => {
  vi.clearAllMocks();
  settingsMock.mockResolvedValue(settings('totp'));
  listMock.mockResolvedValue(addressList(twoSaved));
});

const rows = () => screen.queryAllByTestId('address-row');

describe('AddressBookPanel', () => {
  it('lists the saved addresses with the count and the default badge', async () => {
    renderWithdraw(<AddressBookPanel />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByTestId('address-count').textContent).toBe('2 / 10');
    const [first, second] = rows();
    expect(first!.getAttribute('data-default')).toBe('true');
    expect(within(first!).getByTestId('address-default-badge').textContent).toBe('Default');
    expect(within(first!).queryByTestId('address-set-default')).toBeNull();
    expect(second!.getAttribute('data-default')).toBe('false');
    const cells = within(second!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 4)).toEqual(['Ledger ', 'ETH', 'Ethereum', ADDRESS.evm]);
  });

  it('shows one currency only when given one (the count stays the whole book)', async () => {
    renderWithdraw(<AddressBookPanel currency="ETH" />);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(within(rows()[0]!).getByText('Ledger')).toBeTruthy();
    expect(screen.getByTestId('address-count').textContent).toBe('2 / 10');
  });

  it('adds an address with the second-factor code', async () => {
    const user = userEvent.setup();
    const created = savedAddress(3, {
      name: 'Cold wallet',
      network: 'ERC20',
      address: ADDRESS.evm,
      isDefault: true,
    });
    addMock.mockResolvedValue(created);
    renderWithdraw(<AddressBookPanel />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(screen.getByTestId('address-add'));
    await user.type(screen.getByTestId('address-name'), 'Cold wallet');
    await user.selectOptions(screen.getByTestId('address-currency'), 'USDT');
    expect(
      within(screen.getByTestId('address-network'))
        .getAllByRole('option')
        .map((option) => (option as HTMLOptionElement).value),
    ).toEqual(['TRC20', 'ERC20']);
    await user.selectOptions(screen.getByTestId('address-network'), 'ERC20');
    const value = screen.getByTestId('address-value');
    await user.type(value, ADDRESS.tron);
    expect(await screen.findByText('The address format is incorrect.')).toBeTruthy();
    await user.clear(value);
    await user.type(value, ADDRESS.evm.toLowerCase());
    expect(screen.queryByText('The address format is incorrect.')).toBeNull();
    await user.click(screen.getByTestId('address-default'));
    await user.click(screen.getByTestId('address-continue'));

    const dialog = await screen.findByTestId('address-dialog');
    // stored in its checksummed form
    expect(within(dialog).getByText(ADDRESS.evm)).toBeTruthy();
    expect((screen.getByTestId('address-save') as HTMLButtonElement).disabled).toBe(true);
    listMock.mockResolvedValue(addressList([...twoSaved, created]));
    await enterCode(user, 'address-code', '123456');
    // re-authentication: the password too
    expect((screen.getByTestId('address-save') as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByTestId('address-password'), 'Passw0rd-me');
    await user.click(screen.getByTestId('address-save'));
    await waitFor(() => expect(addMock).toHaveBeenCalledTimes(1));
    expect(addMock.mock.calls[0]![0]).toEqual({
      name: 'Cold wallet',
      currency: 'USDT',
      network: 'ERC20',
      address: ADDRESS.evm,
      isDefault: true,
      code: '123456',
      password: 'Passw0rd-me',
    });
    await waitFor(() => expect(screen.queryByTestId('address-dialog')).toBeNull());
    expect(screen.getByTestId('address-success').textContent).toContain('Cold wallet');
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(screen.getByTestId('address-count').textContent).toBe('3 / 10');
  }, 20_000);

  it('does not continue without a name or a valid address', async () => {
    const user = userEvent.setup();
    renderWithdraw(<AddressBookPanel />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(screen.getByTestId('address-add'));
    await user.click(screen.getByTestId('address-continue'));
    expect(screen.getByText('Please enter a name.')).toBeTruthy();
    expect(screen.getByText('The address format is incorrect.')).toBeTruthy();
    expect(screen.queryByTestId('address-dialog')).toBeNull();
  });

  it('shows a refusal translated in the code step', async () => {
    const user = userEvent.setup();
    addMock.mockRejectedValue(refusal('address_duplicate', { field: 'address' }, 409));
    renderWithdraw(<AddressBookPanel currency="USDT" />);
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.click(screen.getByTestId('address-add'));
    expect((screen.getByTestId('address-currency') as HTMLSelectElement).disabled).toBe(true);
    await user.type(screen.getByTestId('address-name'), 'Again');
    await user.type(screen.getByTestId('address-value'), ADDRESS.tron);
    await user.click(screen.getByTestId('address-continue'));
    await enterCode(user, 'address-code', '123456');
    await user.type(screen.getByTestId('address-password'), 'Passw0rd-me');
    await user.click(screen.getByTestId('address-save'));
    expect((await screen.findByTestId('address-error')).textContent).toBe(
      'This address is already saved for this currency and network.',
    );
  }, 20_000);

  it('a wrong password is said under the password; the code stays entered', async () => {
    const user = userEvent.setup();
    addMock.mockRejectedValueOnce(refusal('invalid_credentials', { field: 'password' }, 400));
    renderWithdraw(<AddressBookPanel currency="USDT" />);
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.click(screen.getByTestId('address-add'));
    await user.type(screen.getByTestId('address-name'), 'Tron');
    await user.type(screen.getByTestId('address-value'), ADDRESS.tron);
    await user.click(screen.getByTestId('address-continue'));
    await enterCode(user, 'address-code', '123456');
    await user.type(screen.getByTestId('address-password'), 'Wrong-123');
    await user.click(screen.getByTestId('address-save'));
    const dialog = await screen.findByTestId('address-dialog');
    await waitFor(() => expect(dialog.textContent).toContain('The password is wrong.'));
    expect((screen.getByTestId('address-password') as HTMLInputElement).value).toBe('');
    expect((screen.getByTestId('address-code-0') as HTMLInputElement).value).toBe('1');
    expect(screen.queryByTestId('address-error')).toBeNull();
  }, 20_000);

  it('SMS members send the code first', async () => {
    const user = userEvent.setup();
    settingsMock.mockResolvedValue(settings('sms'));
    set2faMock.mockResolvedValue({
      settings: settings('sms'),
      totp: null,
      sms: { resendAfter: 60, sentTo: '+886*****678' },
    });
    renderWithdraw(<AddressBookPanel />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(screen.getByTestId('address-add'));
    await user.type(screen.getByTestId('address-name'), 'Mine');
    await user.type(screen.getByTestId('address-value'), ADDRESS.tron);
    await user.click(screen.getByTestId('address-continue'));
    await user.click(await screen.findByTestId('address-code-send'));
    expect(set2faMock).toHaveBeenCalledWith({ action: 'send-sms' });
    expect(await screen.findByTestId('address-code-0')).toBeTruthy();
    expect((screen.getByTestId('address-code-resend') as HTMLButtonElement).disabled).toBe(true);
  });

  it('at 10 addresses: Add is disabled and the limit is said', async () => {
    listMock.mockResolvedValue(
      addressList(
        Array.from({ length: 10 }, (_, index) => savedAddress(index + 1)),
        10,
      ),
    );
    renderWithdraw(<AddressBookPanel />);
    await waitFor(() => expect(rows()).toHaveLength(10));
    expect(screen.getByTestId('address-count').textContent).toBe('10 / 10');
    expect((screen.getByTestId('address-add') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('address-full').textContent).toContain('maximum of 10');
  });

  it('during the 24-hour lock after a password or two-step change: Add is disabled, with the reason and the time', async () => {
    settingsMock.mockResolvedValue({
      ...settings('totp'),
      // 2024-05-02 04:30 UTC = 12:30 UTC+8 (the server's clock decides whether it still lasts)
      withdrawalLockedUntil: '2024-05-02T04:30:00.000Z',
    });
    renderWithdraw(<AddressBookPanel />);
    const notice = await screen.findByTestId('address-locked');
    expect(notice.textContent).toContain('You can add one after 2024/05/02 12:30 (UTC+8).');
    const add = screen.getByTestId('address-add') as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    expect(add.getAttribute('aria-describedby')).toBe('address-locked-reason');
  });

  it('without a lock (the server answers none once it ended) Add is enabled', async () => {
    settingsMock.mockResolvedValue(settings('totp'));
    renderWithdraw(<AddressBookPanel />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    await waitFor(() =>
      expect((screen.getByTestId('address-add') as HTMLButtonElement).disabled).toBe(false),
    );
    expect(screen.queryByTestId('address-locked')).toBeNull();
  });

  it('without two-step verification: a link to turn it on instead of Add', async () => {
    settingsMock.mockResolvedValue(settings('none'));
    renderWithdraw(<AddressBookPanel />);
    expect(await screen.findByTestId('address-two-step')).toBeTruthy();
    expect(screen.getByTestId('address-two-step-link').getAttribute('href')).toBe(
      '/security?tab=two-step',
    );
    expect(screen.queryByTestId('address-add')).toBeNull();
  });

  it('sets a default and deletes after asking', async () => {
    const user = userEvent.setup();
    defaultMock.mockResolvedValue(
      addressList([
        { ...twoSaved[0]!, isDefault: true },
        { ...twoSaved[1]!, isDefault: true },
      ]),
    );
    deleteMock.mockResolvedValue(addressList([{ ...twoSaved[1]!, isDefault: true }]));
    renderWithdraw(<AddressBookPanel />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(within(rows()[1]!).getByTestId('address-set-default'));
    expect(defaultMock).toHaveBeenCalledWith(2);
    await waitFor(() => expect(rows()[1]!.getAttribute('data-default')).toBe('true'));

    await user.click(within(rows()[0]!).getByTestId('address-delete'));
    const dialog = await screen.findByTestId('address-delete-dialog');
    expect(dialog.textContent).toContain('Exchange');
    expect(deleteMock).not.toHaveBeenCalled();
    await user.click(screen.getByTestId('address-delete-confirm'));
    expect(deleteMock).toHaveBeenCalledWith(1);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.queryByTestId('address-delete-dialog')).toBeNull();
  });

  it('a failed load offers a retry', async () => {
    const user = userEvent.setup();
    listMock.mockRejectedValueOnce(refusal('network_error'));
    renderWithdraw(<AddressBookPanel />);
    const error = await screen.findByTestId('address-load-error');
    expect(error.textContent).toContain('Network error');
    await user.click(within(error).getByRole('button'));
    await waitFor(() => expect(rows()).toHaveLength(2));
  });
});

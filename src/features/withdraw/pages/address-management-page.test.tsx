import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import { mockExports } from '../../../components/testing/mock-exports';
import * as memberSecurity from '../../../services/member-security';
import * as walletWithdraw from '../../../services/wallet-withdraw';
import { addressList, renderWithdraw, savedAddress } from '../test-utils';
import AddressManagementPage, { managedCurrency } from './address-management-page';

mockExports(walletWithdraw, {
  getAddresses: vi.fn(),
  addAddress: vi.fn(),
  deleteAddress: vi.fn(),
  setDefaultAddress: vi.fn(),
});
mockExports(memberSecurity, {
  get2FASettings: vi.fn(),
  set2FASettings: vi.fn(),
});

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(memberSecurity.get2FASettings).mockResolvedValue({
    method: 'totp',
    mobile: null,
    mobileVerified: false,
    withdrawalLockedUntil: null,
  });
  vi.mocked(walletWithdraw.getAddresses).mockResolvedValue(
    addressList([
      savedAddress(1, { name: 'Tron one' }),
      savedAddress(2, { name: 'Eth one', currency: 'ETH', network: 'ETH' }),
    ]),
  );
});

function renderAt(path: string) {
  return renderWithdraw(
    <Routes>
      <Route path="/wallet/management/:currency" element={<AddressManagementPage />} />
      <Route path="/wallet" element={<p>wallet</p>} />
    </Routes>,
    { route: path },
  );
}

describe('AddressManagementPage', () => {
  it('shows the address book of the currency in the path', async () => {
    renderAt('/wallet/management/usdt');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('USDT address management');
    await waitFor(() => expect(screen.getAllByTestId('address-row')).toHaveLength(1));
    expect(screen.getByText('Tron one')).toBeTruthy();
    expect(screen.queryByText('Eth one')).toBeNull();
  });

  it('an unknown currency is not found, with a way back to the address book', async () => {
    const user = userEvent.setup();
    renderAt('/wallet/management/DOGE');
    expect(screen.getByTestId('address-management-not-found').textContent).toContain('DOGE');
    expect(screen.queryByTestId('address-book')).toBeNull();
    expect(walletWithdraw.getAddresses).not.toHaveBeenCalled();
    await user.click(screen.getByTestId('address-management-back'));
    expect(screen.getByTestId('location').textContent).toBe('/wallet?tab=addresses');
  });

  it('knows the five wallet currencies only', () => {
    expect(['bcnt', 'USDT', 'Usdc', 'BTC', 'eth'].map(managedCurrency)).toEqual([
      'BCNT',
      'USDT',
      'USDC',
      'BTC',
      'ETH',
    ]);
    expect(managedCurrency('MST')).toBeNull();
    expect(managedCurrency(undefined)).toBeNull();
  });
});

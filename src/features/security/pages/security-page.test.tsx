import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockExports } from '../../../components/testing/mock-exports';
import * as service from '../../../services/member-security';
import { renderSecurity, settings } from '../test-utils';
import SecurityPage from './security-page';

mockExports(service, {
  DEVICE_PAGE_SIZE: 20,
  DEVICE_LOG_PAGE_SIZE: 10,
  get2FASettings: vi.fn(),
  set2FASettings: vi.fn(),
  getLoginDevices: vi.fn(),
  getLoginDeviceLogs: vi.fn(),
  revokeLoginDevice: vi.fn(),
  siweWallets: vi.fn(),
  siweUnlink: vi.fn(),
});

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(service.get2FASettings).mockResolvedValue(settings());
  vi.mocked(service.siweWallets).mockResolvedValue([]);
  vi.mocked(service.getLoginDevices).mockResolvedValue({ list: [], total: 0 });
  vi.mocked(service.getLoginDeviceLogs).mockResolvedValue({ list: [], total: 0 });
});

describe('SecurityPage', () => {
  it('opens on two-step verification with the linked wallets; address management is not listed yet', async () => {
    renderSecurity(<SecurityPage />, { route: '/security' });
    expect(screen.getByRole('heading', { level: 1, name: 'Security' })).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Two-step verification',
      'Account activity',
    ]);
    expect(await screen.findByTestId('two-step-method')).toBeTruthy();
    expect(await screen.findByTestId('linked-wallets-empty')).toBeTruthy();
    // the activity tab loads only when opened
    expect(service.getLoginDevices).not.toHaveBeenCalled();
  });

  it('tab=activity shows the devices and the log; switching tabs updates the query', async () => {
    const user = userEvent.setup();
    renderSecurity(<SecurityPage />, { route: '/security?tab=activity' });
    expect(await screen.findByTestId('device-list-empty')).toBeTruthy();
    expect(await screen.findByTestId('activity-log-empty')).toBeTruthy();
    expect(service.get2FASettings).not.toHaveBeenCalled();
    await user.click(screen.getByTestId('security-tab-two-step'));
    expect(screen.getByTestId('location').textContent).toBe('/security?tab=two-step');
    expect(await screen.findByTestId('two-step-method')).toBeTruthy();
  });

  it('tab=address (until the wallet issue) falls back to two-step verification', async () => {
    renderSecurity(<SecurityPage />, { route: '/security?tab=address' });
    expect(screen.getByTestId('security-tab-two-step').getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByTestId('two-step-method')).toBeTruthy();
  });
});

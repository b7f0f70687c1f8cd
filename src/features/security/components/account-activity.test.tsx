import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useProgressBarStore } from '../../../components/progress-bar-store';
import { ApiError } from '../../../services/http-client';
import {
  getLoginDeviceLogs,
  getLoginDevices,
  revokeLoginDevice,
} from '../../../services/member-security';
import type { LoginDevice, LoginDeviceLog } from '../../../shared/api/auth';
import { device, renderSecurity } from '../test-utils';
import { ActivityLog } from './activity-log';
import { LoginDevices } from './login-devices';

vi.mock('../../../services/member-security', () => ({
  DEVICE_PAGE_SIZE: 20,
  DEVICE_LOG_PAGE_SIZE: 10,
  getLoginDevices: vi.fn(),
  getLoginDeviceLogs: vi.fn(),
  revokeLoginDevice: vi.fn(),
}));
const devicesMock = vi.mocked(getLoginDevices);
const logsMock = vi.mocked(getLoginDeviceLogs);
const revokeMock = vi.mocked(revokeLoginDevice);

beforeEach(() => {
  devicesMock.mockReset();
  logsMock.mockReset();
  revokeMock.mockReset();
  useProgressBarStore.setState({ message: null });
});

describe('LoginDevices', () => {
  it('lists devices: device, login time (UTC+8), IP, status and the "This device" badge', async () => {
    devicesMock.mockResolvedValue({
      list: [device(2, { current: true }), device(1, { loginTime: '2024-12-31T16:30:00.000Z' })],
      total: 2,
    });
    renderSecurity(<LoginDevices />);
    const rows = await screen.findAllByTestId('device-row');
    expect(rows).toHaveLength(2);
    const cells = within(rows[1]!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 4)).toEqual([
      'Chrome on Linux #1',
      '2025/01/01 00:30',
      '10.0.0.1',
      'Authorised',
    ]);
    expect(within(rows[0]!).getByTestId('device-current').textContent).toBe('This device');
    // the member's own device cannot be revoked here; the others can
    expect(within(rows[0]!).queryByTestId('device-revoke')).toBeNull();
    expect(within(rows[1]!).getByTestId('device-revoke')).toBeTruthy();
    expect(devicesMock).toHaveBeenCalledWith({ pageNow: 1 });
    expect(screen.queryByTestId('device-list-next')).toBeNull(); // one page only
  });

  it('revokes another device only after the confirmation, then reloads the list', async () => {
    const user = userEvent.setup();
    let list: LoginDevice[] = [device(2, { current: true }), device(1, { deviceType: 3 })];
    devicesMock.mockImplementation(async () => ({ list, total: list.length }));
    revokeMock.mockImplementation(async () => {
      list = [list[0]!];
      return { revokedSessions: 2 };
    });
    renderSecurity(<LoginDevices />);
    const [, other] = await screen.findAllByTestId('device-row');
    await user.click(within(other!).getByTestId('device-revoke'));

    const dialog = await screen.findByRole('dialog', { name: 'Revoke this device?' });
    expect(dialog.textContent).toContain('Chrome on Linux #1 is signed out at once');
    expect(revokeMock).not.toHaveBeenCalled();
    await user.click(within(dialog).getByTestId('confirm-accept'));

    await waitFor(() => expect(screen.getAllByTestId('device-row')).toHaveLength(1));
    expect(revokeMock).toHaveBeenCalledTimes(1);
    expect(revokeMock).toHaveBeenCalledWith({ clientId: 'client-1', deviceType: 3 });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(useProgressBarStore.getState().message?.text).toBe('Device revoked: 2 sessions ended.');
  });

  it('cancelling the confirmation revokes nothing', async () => {
    const user = userEvent.setup();
    devicesMock.mockResolvedValue({ list: [device(1)], total: 1 });
    renderSecurity(<LoginDevices />);
    await user.click(await screen.findByTestId('device-revoke'));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(revokeMock).not.toHaveBeenCalled();
  });

  it('a refused revoke keeps the dialog open with the translated reason', async () => {
    const user = userEvent.setup();
    devicesMock.mockResolvedValue({ list: [device(1)], total: 1 });
    revokeMock.mockRejectedValue(new ApiError({ call: 'x', status: 429, message: 'rate_limited' }));
    renderSecurity(<LoginDevices />);
    await user.click(await screen.findByTestId('device-revoke'));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByTestId('confirm-accept'));
    expect((await within(dialog).findByTestId('confirm-error')).textContent).toBe(
      'Too many requests. Please wait a moment and try again.',
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('pages through 20 devices a page', async () => {
    const user = userEvent.setup();
    devicesMock.mockImplementation(async ({ pageNow = 1 } = {}) => ({
      list: [device(100 - pageNow)],
      total: 45,
    }));
    renderSecurity(<LoginDevices />);
    expect((await screen.findByTestId('device-list-page')).textContent).toBe('Page 1 of 3');
    expect((screen.getByTestId('device-list-prev') as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByTestId('device-list-next'));
    await waitFor(() =>
      expect(screen.getByTestId('device-list-page').textContent).toBe('Page 2 of 3'),
    );
    expect(devicesMock).toHaveBeenLastCalledWith({ pageNow: 2 });
    await waitFor(() => expect(screen.getByText('Chrome on Linux #98')).toBeTruthy());
  });

  it('says so when there is no device', async () => {
    devicesMock.mockResolvedValue({ list: [], total: 0 });
    renderSecurity(<LoginDevices />);
    expect((await screen.findByTestId('device-list-empty')).textContent).toContain(
      'No authorised devices yet.',
    );
  });
});

function log(
  id: number,
  action: LoginDeviceLog['action'],
  device: string | null = 'Firefox',
): LoginDeviceLog {
  return { id, deviceID: null, action, device, ip: '10.1.1.1', time: '2024-05-01T00:00:00.000Z' };
}

describe('ActivityLog', () => {
  it('translates every action and shows time (UTC+8), device and IP', async () => {
    logsMock.mockResolvedValue({
      list: [log(1, 'login'), log(2, 'two_factor_changed'), log(3, 'wallet_linked', null)],
      total: 3,
    });
    renderSecurity(<ActivityLog />);
    const rows = await screen.findAllByTestId('activity-row');
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['2024/05/01 08:00', 'Logged in', 'Firefox', '10.1.1.1'],
      ['2024/05/01 08:00', 'Two-step verification changed', 'Firefox', '10.1.1.1'],
      ['2024/05/01 08:00', 'Wallet linked', 'Unknown device', '10.1.1.1'],
    ]);
    expect(logsMock).toHaveBeenCalledWith({ pageNow: 1 });
  });

  it('the same in Traditional Chinese', async () => {
    logsMock.mockResolvedValue({ list: [log(1, 'device_revoked')], total: 1 });
    const { i18n } = renderSecurity(<ActivityLog />);
    await i18n.changeLanguage('zh-TW');
    expect((await screen.findByText('裝置已撤銷')).tagName).toBe('TD');
  });

  it('pages through 10 entries a page, oldest first as the server sorts them', async () => {
    const user = userEvent.setup();
    logsMock.mockImplementation(async ({ pageNow = 1 } = {}) => ({
      list: [log(pageNow * 10, pageNow === 1 ? 'login' : 'logout')],
      total: 11,
    }));
    renderSecurity(<ActivityLog />);
    expect((await screen.findByTestId('activity-log-page')).textContent).toBe('Page 1 of 2');
    await user.click(screen.getByTestId('activity-log-next'));
    expect(await screen.findByText('Signed out')).toBeTruthy();
    expect(screen.getByTestId('activity-log-page').textContent).toBe('Page 2 of 2');
    expect((screen.getByTestId('activity-log-next') as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByTestId('activity-log-prev'));
    expect(await screen.findByText('Logged in')).toBeTruthy();
    // the log is always fresh: page 1 is asked again
    expect(logsMock.mock.calls.map(([query]) => query)).toEqual([
      { pageNow: 1 },
      { pageNow: 2 },
      { pageNow: 1 },
    ]);
  });
});

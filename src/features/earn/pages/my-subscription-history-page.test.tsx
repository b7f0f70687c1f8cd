import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockExports } from '../../../components/testing/mock-exports';
import * as earn from '../../../services/earn';
import { ApiError } from '../../../services/http-client';
import { renderEarn, subscription } from '../test-utils';
import MySubscriptionHistoryPage from './my-subscription-history-page';

mockExports(earn, { getEarnUserFunds: vi.fn() });
const fundsMock = vi.mocked(earn.getEarnUserFunds);

const ended = (id: number) =>
  subscription({
    id,
    premiumId: 100 + id,
    serialNumber: `USDT-${String(id).padStart(3, '0')}R`,
    state: 'ended',
    returnedAt: '2021-12-17T02:00:00.000Z',
    nextRenewalAt: null,
    canRedeem: false,
    canSetRenew: false,
  });

const renderAt = (route = '/subscription-history', lng?: string) =>
  renderEarn(<MySubscriptionHistoryPage />, { route, path: '/subscription-history', lng });
const rows = () => screen.getAllByTestId('portfolio-history-row');

beforeEach(() => {
  vi.resetAllMocks();
  fundsMock.mockResolvedValue({
    list: [
      ended(1),
      subscription({
        id: 2,
        premiumId: 102,
        serialNumber: 'USDT-002R',
        state: 'canceled',
        redeemedAt: '2021-10-01T04:00:00.000Z',
        redeemedBcnt: '12000',
      }),
    ],
  });
});

describe('MySubscriptionHistoryPage (/subscription-history)', () => {
  it('lists the finished subscriptions, each opening its record', async () => {
    renderAt();
    // the first render of the file loads the page's modules: allow a loaded machine 5 s
    await waitFor(() => expect(rows()).toHaveLength(2), { timeout: 5_000 });
    expect(fundsMock).toHaveBeenCalledWith({ state: 'closed' });
    const [first, second] = rows() as [HTMLElement, HTMLElement];
    expect(first.getAttribute('data-state')).toBe('ended');
    expect(first.textContent).toContain('Closed - contract ended');
    expect(first.textContent).toContain('2021/12/17 (UTC+8)');
    expect(within(first).getByTestId('portfolio-history-reward').textContent).toBe('12.34 USDT');
    expect(within(first).getByTestId('portfolio-history-link-sub').getAttribute('href')).toBe(
      '/portfolio/history/earn/USDT-001R',
    );
    expect(second.textContent).toContain('Redeemed');
    expect(second.textContent).toContain('2021/10/01 (UTC+8)');
    // and the Smart DCA conversions
    expect(screen.getByTestId('portfolio-history-xsaving-link').getAttribute('href')).toBe(
      '/x-saving-history',
    );
  });

  it('pages by ?page=, 10 a page', async () => {
    fundsMock.mockResolvedValue({ list: Array.from({ length: 13 }, (_, i) => ended(i + 1)) });
    renderAt();
    await waitFor(() => expect(rows()).toHaveLength(10));
    await userEvent.click(screen.getByTestId('portfolio-history-page-next'));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(screen.getByTestId('location').textContent).toBe('/subscription-history?page=2');
    expect(rows()[0]!.getAttribute('data-sn')).toBe('USDT-011R');
  });

  it('says when nothing has finished yet', async () => {
    fundsMock.mockResolvedValue({ list: [] });
    renderAt();
    expect((await screen.findByTestId('portfolio-history-empty')).textContent).toContain(
      'No finished subscriptions yet.',
    );
  });

  it('shows a translated error with Retry', async () => {
    fundsMock.mockRejectedValueOnce(
      new ApiError({ message: 'network_error', status: -1, call: 'GET UserFunds' }),
    );
    renderAt('/subscription-history', 'zh-TW');
    const error = await screen.findByTestId('portfolio-history-error');
    expect(error.textContent).not.toMatch(/portfolio:|error\./);
    await userEvent.click(within(error).getByRole('button'));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('申購紀錄');
  });
});

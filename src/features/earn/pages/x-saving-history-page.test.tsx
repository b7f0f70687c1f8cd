import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockExports } from '../../../components/testing/mock-exports';
import * as earn from '../../../services/earn';
import { ApiError } from '../../../services/http-client';
import type { EarnXSavingRecord } from '../../../shared/api/earn';
import { product, renderEarn } from '../test-utils';
import XSavingHistoryPage from './x-saving-history-page';

mockExports(earn, { getEarnXSavingHistory: vi.fn() });
const historyMock = vi.mocked(earn.getEarnXSavingHistory);

const conversion = (id: number, day: string, overrides: Partial<EarnXSavingRecord> = {}) => ({
  id,
  premiumId: 3,
  serialNumber: 'USDT-034R',
  name: product().name,
  fromCurrency: 'USDT' as const,
  fromAmount: '0.295890',
  toCurrency: 'BTC' as const,
  toAmount: '0.00000455',
  price: '65030.769230769230769230',
  day,
  at: `${day}T16:05:00.000Z`,
  ...overrides,
});

const renderAt = (route = '/x-saving-history', lng?: string) =>
  renderEarn(<XSavingHistoryPage />, { route, path: '/x-saving-history', lng });
const rows = () => screen.getAllByTestId('portfolio-xsaving-row');
const cell = (row: HTMLElement, id: string) =>
  within(row).getByTestId(`portfolio-xsaving-${id}`).textContent;

beforeEach(() => {
  vi.resetAllMocks();
  historyMock.mockResolvedValue({
    list: [
      conversion(12, '2021-09-17'),
      conversion(11, '2021-09-16', {
        premiumId: 5,
        serialNumber: 'USDC-036R',
        name: { 'en-US': 'USDC 3-month', 'zh-TW': 'USDC 三個月期', 'zh-CN': 'USDC 三个月期' },
        fromCurrency: 'USDC',
        fromAmount: '1.5',
        toCurrency: 'BCNT',
        toAmount: '30.123456789012345678',
        price: '0.049794',
      }),
    ],
    total: 2,
    page: 1,
    pageSize: 10,
  });
});

describe('XSavingHistoryPage (/x-saving-history)', () => {
  it("lists the member's conversions newest first, each opening its subscription", async () => {
    renderAt();
    // the first render of the file loads the page's modules: allow a loaded machine 5 s
    await waitFor(() => expect(rows()).toHaveLength(2), { timeout: 5_000 });
    expect(historyMock).toHaveBeenCalledWith({ premiumId: undefined, page: 1, pageSize: 10 });
    const [first, second] = rows() as [HTMLElement, HTMLElement];
    expect(first.getAttribute('data-sn')).toBe('USDT-034R');
    expect(cell(first, 'day')).toBe('2021/09/17 (UTC+8)');
    expect(cell(first, 'converted')).toBe('0.29 USDT');
    expect(cell(first, 'price')).toBe('65,030.7692 USDT per BTC');
    expect(cell(first, 'bought')).toBe('0.00000455 BTC');
    expect(cell(first, 'currency')).toBe('BTC');
    expect(first.textContent).toContain('USDT 3-month');
    expect(within(first).getByTestId('portfolio-xsaving-link-sub').getAttribute('href')).toBe(
      '/portfolio/earn/USDT-034R',
    );
    expect(cell(second, 'day')).toBe('2021/09/16 (UTC+8)');
    expect(cell(second, 'price')).toBe('0.049794 USDC per BCNT');
    // what came in, exactly
    expect(cell(second, 'bought')).toBe('30.123456789012345678 BCNT');
    expect(screen.queryByTestId('portfolio-xsaving-filter')).toBeNull();
  });

  it('shows label-value cards on a phone (375 px)', async () => {
    window.innerWidth = 375;
    renderAt();
    await waitFor(() => expect(rows()).toHaveLength(2), { timeout: 5_000 });
    const card = rows()[0]!;
    expect(card.tagName).toBe('LI');
    expect(within(card).getByText('Amount bought')).toBeTruthy();
    expect(cell(card, 'bought')).toBe('0.00000455 BTC');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('pages on the server by ?page=, 10 a page', async () => {
    historyMock.mockImplementation(async ({ page = 1 } = {}) => ({
      list: Array.from({ length: page === 1 ? 10 : 3 }, (_, i) =>
        conversion(100 - (page - 1) * 10 - i, '2021-09-17'),
      ),
      total: 13,
      page,
      pageSize: 10,
    }));
    renderAt();
    await waitFor(() => expect(rows()).toHaveLength(10), { timeout: 5_000 });
    expect(screen.getByTestId('portfolio-xsaving-page-next').hasAttribute('disabled')).toBe(false);
    await userEvent.click(screen.getByTestId('portfolio-xsaving-page-next'));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(historyMock).toHaveBeenLastCalledWith({ premiumId: undefined, page: 2, pageSize: 10 });
    expect(screen.getByTestId('location').textContent).toBe('/x-saving-history?page=2');
  });

  it('goes to the last page from a page past the end', async () => {
    historyMock.mockImplementation(async ({ page = 1 } = {}) => ({
      list: page === 1 ? [conversion(12, '2021-09-17'), conversion(11, '2021-09-16')] : [],
      total: 2,
      page,
      pageSize: 10,
    }));
    renderAt('/x-saving-history?premiumId=3&page=4');
    await waitFor(() => expect(rows()).toHaveLength(2), { timeout: 5_000 });
    expect(screen.getByTestId('location').textContent).toBe('/x-saving-history?premiumId=3&page=1');
    expect(historyMock).toHaveBeenCalledWith({ premiumId: 3, page: 4, pageSize: 10 });
    expect(screen.queryByTestId('portfolio-xsaving-empty')).toBeNull();
  });

  it("shows one subscription's conversions with ?premiumId=, and a way to see them all", async () => {
    const user = userEvent.setup();
    renderAt('/x-saving-history?premiumId=3');
    await waitFor(() => expect(rows()).toHaveLength(2), { timeout: 5_000 });
    expect(historyMock).toHaveBeenCalledWith({ premiumId: 3, page: 1, pageSize: 10 });
    expect(screen.getByTestId('portfolio-xsaving-filter').textContent).toContain(
      'Conversions of USDT 3-month only.',
    );
    await user.click(screen.getByTestId('portfolio-xsaving-all'));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/x-saving-history'),
    );
    await waitFor(() =>
      expect(historyMock).toHaveBeenLastCalledWith({ premiumId: undefined, page: 1, pageSize: 10 }),
    );
  });

  it('says when there is no conversion yet, with the way to My Subscriptions', async () => {
    historyMock.mockResolvedValue({ list: [], total: 0, page: 1, pageSize: 10 });
    renderAt();
    const empty = await screen.findByTestId('portfolio-xsaving-empty', {}, { timeout: 5_000 });
    expect(empty.textContent).toContain('No Smart DCA conversions yet.');
    expect(within(empty).getByTestId('portfolio-xsaving-to-portfolio').getAttribute('href')).toBe(
      '/portfolio?tab=earn',
    );
  });

  it('shows a translated error with Retry (zh-CN)', async () => {
    historyMock.mockRejectedValueOnce(
      new ApiError({ message: 'network_error', status: -1, call: 'GET XSavingHistory' }),
    );
    renderAt('/x-saving-history', 'zh-CN');
    const error = await screen.findByTestId('portfolio-xsaving-error', {}, { timeout: 5_000 });
    expect(error.textContent).not.toMatch(/portfolio:|error\.|Network/);
    await userEvent.click(within(error).getByRole('button'));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Smart DCA 记录');
    expect(screen.getByRole('columnheader', { name: '买入数量' })).toBeTruthy();
  });
});

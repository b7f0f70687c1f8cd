import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockExports } from '../../../components/testing/mock-exports';
import { ApiError } from '../../../services/http-client';
import * as earn from '../../../services/earn';
import { clearLoginInfo, setLoginInfo } from '../../../services/session';
import { product, renderEarn } from '../test-utils';
import PremiumDashboardPage from './premium-dashboard-page';

mockExports(earn, { getEarnProducts: vi.fn() });
const listMock = vi.mocked(earn.getEarnProducts);

const usdt = product({ sortOrder: 2 });
const btcPro = product({
  id: 4,
  serialNumber: 'BTC-002R',
  name: { 'en-US': 'BTC Pro+ 6-month', 'zh-TW': 'BTC Pro+ 六個月期', 'zh-CN': 'BTC Pro+ 六个月期' },
  kind: 'fixed-prox',
  productType: 6,
  currency: 'BTC',
  sortOrder: 2,
  periodMonth: 6,
  annualReturn: 6,
  stakeInterestAPYLv3: null,
  minUnit: 1,
  perUnit: '0.05',
  minInvestment: '0.05',
  limited: true, // BTC: the spec shows no limited label
  state: 'running',
});
const defi = product({
  id: 7,
  serialNumber: 'USDT-012D',
  name: { 'en-US': 'DeFi 6-month', 'zh-TW': 'DeFi 六個月期', 'zh-CN': 'DeFi 六个月期' },
  kind: 'mixed',
  productType: 2,
  strategy: 'defi',
  sortOrder: 1,
  periodMonth: 6,
  annualReturn: 19.9,
  stakeInterestAPYLv3: null,
  minUnit: 1,
  perUnit: '1000',
  minInvestment: '1000',
  limited: false,
  state: 'upcoming',
});
const flagship = product({
  id: 9,
  serialNumber: 'USDT-020S',
  name: { 'en-US': 'Flagship', 'zh-TW': '旗艦', 'zh-CN': '旗舰' },
  kind: 'flagship',
  productType: 3,
  sortOrder: 3,
  stakeInterestAPYLv3: null,
  annualReturn: 5,
  limited: false,
});

const cards = () => screen.getAllByTestId('earn-card');
const sns = () => cards().map((card) => card.getAttribute('data-sn'));

beforeEach(() => {
  vi.resetAllMocks();
  listMock.mockResolvedValue({ list: [flagship, btcPro, usdt, defi] });
});
afterEach(() => clearLoginInfo());

describe('PremiumDashboardPage', () => {
  it('shows each product as a card with its figures and a link to its page', async () => {
    renderEarn(<PremiumDashboardPage />, { route: '/earn' });
    const card = (await screen.findAllByTestId('earn-card')).find(
      (item) => item.getAttribute('data-sn') === 'USDT-034R',
    )!;
    const part = (id: string) => within(card).getByTestId(id).textContent;
    expect(part('earn-card-name')).toBe('USDT 3-month');
    expect(part('earn-card-sn')).toBe('USDT-034R');
    // the level-3 loyalty rate as "up to", the stated rate under it
    expect(part('earn-card-return')).toContain('Up to 10.5%');
    expect(part('earn-card-return')).toContain('8% standard rate');
    // minUnit x perUnit with the currency
    expect(part('earn-card-min')).toBe('1,000 USDT');
    expect(part('earn-card-term')).toBe('3 months');
    expect(part('earn-card-state')).toBe('Fundraising');
    expect(part('earn-card-limited')).toBe('Limited');
    // 2021-09-14T23:59:59Z is 2021/09/15 07:59 in UTC+8
    expect(part('earn-card-deadline')).toBe('2021/09/15 07:59 (UTC+8)');
    expect(within(card).getByTestId('earn-card-link').getAttribute('href')).toBe(
      '/fixed/USDT-034R',
    );
    expect(listMock).toHaveBeenCalledWith({ asMember: false });
  });

  it('shows a BTC product exactly, without the limited label, and a rate without "up to"', async () => {
    renderEarn(<PremiumDashboardPage />, { route: '/earn' });
    const card = (await screen.findAllByTestId('earn-card')).find(
      (item) => item.getAttribute('data-sn') === 'BTC-002R',
    )!;
    expect(within(card).getByTestId('earn-card-min').textContent).toBe('0.05 BTC');
    expect(within(card).getByTestId('earn-card-return').textContent).toBe('6%');
    expect(within(card).getByTestId('earn-card-term').textContent).toBe('6 months');
    expect(within(card).getByTestId('earn-card-state').textContent).toBe('Running');
    expect(within(card).queryByTestId('earn-card-limited')).toBeNull();
    expect(within(card).getByTestId('earn-card-link').getAttribute('href')).toBe(
      '/fixed-prox/BTC-002R',
    );
  });

  it('filters by the tab query: Stable Income, Mixed Quant, All (by sortOrder, then id)', async () => {
    renderEarn(<PremiumDashboardPage />, { route: '/earn?tab=stable' });
    await screen.findAllByTestId('earn-card');
    expect(sns()).toEqual(['USDT-034R', 'BTC-002R']);

    await userEvent.click(screen.getByTestId('earn-tab-mixed'));
    expect(screen.getByTestId('location').textContent).toBe('/earn?tab=mixed');
    expect(sns()).toEqual(['USDT-012D']);
    expect(within(cards()[0]!).getByTestId('earn-card-state').textContent).toBe('Coming soon');

    await userEvent.click(screen.getByTestId('earn-tab-all'));
    expect(sns()).toEqual(['USDT-012D', 'USDT-034R', 'BTC-002R', 'USDT-020S']);
    // one call for every tab
    expect(listMock).toHaveBeenCalledTimes(1);
  });

  it('shows everything without a tab query', async () => {
    renderEarn(<PremiumDashboardPage />, { route: '/earn' });
    await screen.findAllByTestId('earn-card');
    expect(sns()).toHaveLength(4);
    expect(screen.getByTestId('earn-tab-all').getAttribute('aria-selected')).toBe('true');
  });

  it('names products in the active language', async () => {
    renderEarn(<PremiumDashboardPage />, { route: '/earn?tab=stable', lng: 'zh-TW' });
    const [first] = await screen.findAllByTestId('earn-card');
    expect(within(first!).getByTestId('earn-card-name').textContent).toBe('USDT 三個月期');
    expect(within(first!).getByTestId('earn-card-term').textContent).toBe('3 個月');
    expect(within(first!).getByTestId('earn-card-return').textContent).toContain('最高 10.5%');
    expect(within(first!).getByTestId('earn-card-deadline').textContent).toBe(
      '2021/09/15 07:59（UTC+8）',
    );
  });

  it('reads the catalog with the session for a member (premier members see premium funds)', async () => {
    setLoginInfo({ token: 'tok', expiredTime: Date.now() + 3_600_000 });
    renderEarn(<PremiumDashboardPage />, { route: '/earn' });
    await screen.findAllByTestId('earn-card');
    expect(listMock).toHaveBeenCalledWith({ asMember: true });
  });

  it('says when a tab has nothing, and what to do', async () => {
    listMock.mockResolvedValue({ list: [usdt] });
    renderEarn(<PremiumDashboardPage />, { route: '/earn?tab=mixed' });
    expect(await screen.findByTestId('earn-products-empty')).toBeTruthy();
    expect(screen.getByText('No products here right now')).toBeTruthy();
  });

  it('shows a failed load with a retry that loads the catalog', async () => {
    listMock.mockRejectedValueOnce(
      new ApiError({ message: 'network_error', call: 'GET /api/v1/premium2/List' }),
    );
    renderEarn(<PremiumDashboardPage />, { route: '/earn' });
    const error = await screen.findByTestId('earn-products-error');
    expect(error.textContent).toContain('Network error. Check your connection and try again.');
    await userEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(cards()).toHaveLength(4));
  });
});

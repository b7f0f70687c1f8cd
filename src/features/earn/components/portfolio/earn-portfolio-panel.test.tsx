import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockExports } from '../../../../components/testing/mock-exports';
import * as earn from '../../../../services/earn';
import { ApiError } from '../../../../services/http-client';
import { renderEarn, subscription } from '../../test-utils';
import { EarnPortfolioPanel } from './earn-portfolio-panel';
import type { PortfolioEarnTab } from './portfolio-tabs';

mockExports(earn, { getEarnUserFunds: vi.fn(), downloadEarnStatement: vi.fn() });
const fundsMock = vi.mocked(earn.getEarnUserFunds);
const statementMock = vi.mocked(earn.downloadEarnStatement);

const running = subscription();
const raisingPro = subscription({
  id: 10,
  premiumId: 5,
  serialNumber: 'USDC-036R',
  kind: 'fixed-pro',
  currency: 'USDC',
  name: { 'en-US': 'USDC Pro', 'zh-TW': 'USDC Pro 穩定收益', 'zh-CN': 'USDC Pro 稳定收益' },
  state: 'raising',
  investedAmount: '2000',
  accumulatedReward: '0',
  termStart: null,
  expiryAt: null,
  nextRenewalAt: null,
});
const mixed = subscription({
  id: 11,
  premiumId: 7,
  serialNumber: 'USDT-040S',
  kind: 'mixed',
  name: { 'en-US': 'Fusion', 'zh-TW': 'Fusion 混合', 'zh-CN': 'Fusion 混合' },
  autoRenew: false,
  nextRenewalAt: null,
});

const renderTab = (tab: PortfolioEarnTab, lng?: string) =>
  renderEarn(<EarnPortfolioPanel tab={tab} />, { route: `/portfolio?tab=${tab}`, lng });
const rows = () => screen.getAllByTestId('portfolio-sub');
const cell = (row: HTMLElement, id: string) => within(row).getByTestId(`portfolio-sub-${id}`);

beforeEach(() => {
  vi.resetAllMocks();
  fundsMock.mockResolvedValue({ list: [running, raisingPro, mixed] });
});

describe('EarnPortfolioPanel (My Subscriptions, earn tabs)', () => {
  it('lists every open earn subscription under Earn: state, product, amount, reward, term, next renewal', async () => {
    renderTab('earn');
    // the first render of the file loads the panel's modules: allow a loaded machine 5 s
    await waitFor(() => expect(rows()).toHaveLength(3), { timeout: 5_000 });
    expect(fundsMock).toHaveBeenCalledWith({ state: 'open' });
    const [first, second, third] = rows() as [HTMLElement, HTMLElement, HTMLElement];
    expect(first.getAttribute('data-sn')).toBe('USDT-034R');
    expect(cell(first, 'state').textContent).toBe('Running');
    expect(cell(first, 'amount').textContent).toBe('1,200 USDT');
    expect(cell(first, 'reward').textContent).toBe('12.34 USDT');
    expect(cell(first, 'term').textContent).toBe('2021/09/15 to 2021/12/15 (UTC+8)');
    expect(cell(first, 'renewal').textContent).toBe('2021/12/15 (UTC+8)');
    const link = within(first).getByTestId('portfolio-sub-link');
    expect(link.textContent).toBe('USDT 3-month');
    expect(link.getAttribute('href')).toBe('/portfolio/earn/USDT-034R');

    expect(cell(second, 'state').textContent).toBe('Fundraising');
    expect(cell(second, 'term').textContent).toBe('Starts when fundraising ends');
    expect(cell(second, 'renewal').textContent).toBe('At expiry');
    expect(cell(third, 'renewal').textContent).toBe('No renewal');
    expect(screen.getByTestId('portfolio-history-link').getAttribute('href')).toBe(
      '/subscription-history',
    );
    expect(screen.getByTestId('portfolio-xsaving-link').getAttribute('href')).toBe(
      '/x-saving-history',
    );
  });

  it('filters by tab: Stable Income holds fixed and Pro, Mixed Quant the mixed ones', async () => {
    const stable = renderTab('stable');
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows().map((row) => row.getAttribute('data-sn'))).toEqual(['USDT-034R', 'USDC-036R']);
    stable.unmount();
    renderTab('mixed');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]!.getAttribute('data-sn')).toBe('USDT-040S');
  });

  it('says so when a tab is empty and links to its products', async () => {
    renderTab('flagship');
    const empty = await screen.findByTestId('portfolio-subs-empty');
    expect(empty.textContent).toContain('You have no subscriptions here yet.');
    expect(screen.getByTestId('portfolio-empty-products').getAttribute('href')).toBe(
      '/earn?tab=all',
    );
  });

  it('shows a skeleton while loading, then a translated error with Retry', async () => {
    let fail: (error: unknown) => void = () => undefined;
    fundsMock.mockImplementationOnce(
      () =>
        new Promise((_, reject) => {
          fail = reject;
        }),
    );
    renderTab('earn');
    expect(screen.getByTestId('portfolio-subs-loading')).toBeTruthy();
    fail(new ApiError({ message: 'network_error', status: -1, call: 'GET UserFunds' }));
    const error = await screen.findByTestId('portfolio-subs-error');
    expect(error.textContent).not.toContain('portfolio:');
    fundsMock.mockResolvedValueOnce({ list: [running] });
    await userEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it('shows label-value cards on a phone (375 px)', async () => {
    window.innerWidth = 375;
    renderTab('earn');
    await waitFor(() => expect(rows()).toHaveLength(3));
    const card = rows()[0]!;
    expect(card.tagName).toBe('LI');
    expect(within(card).getByText('Accumulated reward')).toBeTruthy();
    expect(cell(card, 'reward').textContent).toBe('12.34 USDT');
  });

  it('speaks Traditional Chinese', async () => {
    renderTab('earn', 'zh-TW');
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(cell(rows()[0]!, 'state').textContent).toBe('運行中');
    expect(within(rows()[0]!).getByTestId('portfolio-sub-link').textContent).toBe('USDT 三個月期');
    expect(screen.getByRole('table').textContent).toContain('累積收益');
  });
});

describe('the statement download', () => {
  it('downloads the CSV statement, and says so when it fails, keeping the button to retry', async () => {
    statementMock
      .mockRejectedValueOnce(new ApiError({ message: 'network_error', call: 'GET Statement' }))
      .mockResolvedValueOnce('earn-statement-2026-11-26.csv');
    renderTab('earn');
    const button = await screen.findByTestId('portfolio-statement', {}, { timeout: 5_000 });
    expect(button.textContent).toBe('Download statement (CSV)');
    await userEvent.click(button);
    expect((await screen.findByTestId('portfolio-statement-error')).textContent).toBe(
      'Network error. Check your connection and try again.',
    );
    await userEvent.click(screen.getByTestId('portfolio-statement'));
    await waitFor(() => expect(statementMock).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.queryByTestId('portfolio-statement-error')).toBeNull());
  });

  it('speaks Simplified Chinese', async () => {
    renderTab('earn', 'zh-CN');
    expect(
      (await screen.findByTestId('portfolio-statement', {}, { timeout: 5_000 })).textContent,
    ).toBe('下载对账单（CSV）');
  });
});

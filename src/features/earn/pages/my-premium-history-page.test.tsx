import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockExports } from '../../../components/testing/mock-exports';
import * as earn from '../../../services/earn';
import { productDetail, renderEarn, subscription } from '../test-utils';
import MyPremiumHistoryPage from './my-premium-history-page';

mockExports(earn, { getEarnDetail: vi.fn(), getEarnHistory: vi.fn() });
const detailMock = vi.mocked(earn.getEarnDetail);
const historyMock = vi.mocked(earn.getEarnHistory);

const renderAt = (route: string) =>
  renderEarn(<MyPremiumHistoryPage />, { route, path: '/portfolio/history/earn/:sn' });

beforeEach(() => {
  vi.resetAllMocks();
  detailMock.mockResolvedValue({
    product: productDetail({ state: 'ended' }),
    subscription: subscription({
      state: 'ended',
      lockedAmount: '0',
      returnAmount: '1200',
      returnDueAt: '2021-12-17T16:00:00.000Z',
      returnedAt: '2021-12-17T16:05:00.000Z',
      nextRenewalAt: null,
      autoRenew: false,
    }),
  });
  historyMock.mockResolvedValue({
    list: [
      {
        id: 99,
        kind: 'return',
        amount: '1200',
        currency: 'USDT',
        day: null,
        level: null,
        rate: null,
        term: 1,
        at: '2021-12-17T16:05:00.000Z',
      },
      {
        id: 1,
        kind: 'subscribe',
        amount: '-1200',
        currency: 'USDT',
        day: null,
        level: null,
        rate: null,
        term: 1,
        at: '2021-09-06T02:00:00.000Z',
      },
    ],
    total: 2,
    page: 1,
    pageSize: 10,
  });
});

describe('MyPremiumHistoryPage (/portfolio/history/earn/{sn})', () => {
  it('shows the ended subscription read-only, with the return and every movement', async () => {
    renderAt('/portfolio/history/earn/USDT-034R');
    // the first render of the file loads the page's modules: a loaded machine needs more than 1 s
    expect(
      await screen.findByRole('heading', { level: 1, name: 'USDT 3-month' }, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(screen.getByTestId('portfolio-record').getAttribute('data-state')).toBe('ended');
    expect(screen.getByTestId('portfolio-fact-return-amount').textContent).toBe('1,200 USDT');
    expect(screen.getByTestId('portfolio-fact-returned').textContent).toBe(
      '2021/12/18 00:05 (UTC+8)',
    );
    expect(screen.queryByTestId('portfolio-fact-return-due')).toBeNull();
    expect(screen.queryByTestId('portfolio-actions')).toBeNull();
    expect(screen.queryByTestId('portfolio-record-manage')).toBeNull();
    await waitFor(() => expect(screen.getAllByTestId('portfolio-event')).toHaveLength(2));
    const [returned, subscribed] = screen.getAllByTestId('portfolio-event') as [
      HTMLElement,
      HTMLElement,
    ];
    expect(within(returned).getByTestId('portfolio-event-kind').textContent).toBe(
      'Returned to wallet',
    );
    expect(within(returned).getByTestId('portfolio-event-amount').textContent).toBe('+1,200 USDT');
    expect(within(subscribed).getByTestId('portfolio-event-amount').textContent).toBe(
      '-1,200 USDT',
    );
    expect(within(subscribed).getByTestId('portfolio-event-rate').textContent).toBe('-');
  });

  it('links an open subscription to where it is managed', async () => {
    detailMock.mockResolvedValue({ product: productDetail(), subscription: subscription() });
    renderAt('/portfolio/history/earn/USDT-034R');
    expect((await screen.findByTestId('portfolio-record-manage')).getAttribute('href')).toBe(
      '/portfolio/earn/USDT-034R',
    );
  });

  it('says when there is no such subscription', async () => {
    detailMock.mockResolvedValue({ product: productDetail(), subscription: null });
    renderAt('/portfolio/history/earn/USDT-034R');
    expect((await screen.findByTestId('portfolio-record-none')).textContent).toContain(
      'You do not hold this product.',
    );
  });
});

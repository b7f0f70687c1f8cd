import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockExports } from '../../../components/testing/mock-exports';
import * as strategies from '../../../services/autotrade-strategies';
import * as subscriptions from '../../../services/autotrade-subscriptions';
import * as kyc from '../../../services/kyc';
import { ApiError } from '../../../services/http-client';
import { clearLoginInfo, setLoginInfo } from '../../../services/session';
import { renderAutotrade, strategyDetail, subscription } from '../test-utils';
import StrategyDetailPage from './strategy-detail-page';

mockExports(strategies, {
  getStrategyDetail: vi.fn(),
  getStrategyEquity: vi.fn(),
  getStrategyProfitLoss: vi.fn(),
  getStrategyRecentTrades: vi.fn(),
  getStrategyReviews: vi.fn(),
  postStrategyReview: vi.fn(),
  getFavoriteStrategies: vi.fn(),
  setFavoriteStrategy: vi.fn(),
});
mockExports(subscriptions, {
  checkStrategySubscription: vi.fn(),
  getStrategyHistory: vi.fn(),
});
mockExports(kyc, { getKycStatus: vi.fn() });

const kycLevel = (status: number) =>
  vi
    .mocked(kyc.getKycStatus)
    .mockResolvedValue({ selfUserKYCStatus: status } as Awaited<
      ReturnType<typeof kyc.getKycStatus>
    >);
const renderAt = (id = 1) =>
  renderAutotrade(<StrategyDetailPage />, {
    route: `/trading-bot/${id}`,
    path: '/trading-bot/:id',
  });
const login = () => setLoginInfo({ token: 'tok', expiredTime: Date.now() + 3_600_000 });

beforeEach(() => {
  vi.resetAllMocks();
  vi.mocked(strategies.getStrategyDetail).mockResolvedValue(strategyDetail());
  vi.mocked(strategies.getStrategyProfitLoss).mockResolvedValue({
    list: [
      { day: '2026-11-01', profit: '0', profitRate: 0, dailyProfit: '0' },
      { day: '2026-11-02', profit: '12.5', profitRate: 1.25, dailyProfit: '12.5' },
    ],
  });
  vi.mocked(strategies.getStrategyEquity).mockResolvedValue({
    list: [
      { day: '2026-11-01', equity: '1000', value: 1, drawdown: 0 },
      { day: '2026-11-02', equity: '980', value: 0.98, drawdown: -2 },
    ],
  });
  vi.mocked(strategies.getStrategyRecentTrades).mockResolvedValue({
    list: [
      {
        signalNo: 4,
        side: 'buy',
        symbol: 'BTC/USDT',
        price: '64000.5',
        amount: '0.0125',
        share: 50,
        executedAt: '2026-11-20T02:00:00.000Z',
      },
    ],
  });
  vi.mocked(strategies.getStrategyReviews).mockResolvedValue({
    list: [
      {
        id: 1,
        nickname: 'amy',
        rating: 5,
        comment: 'Steady.',
        createdAt: '2026-11-10T00:00:00.000Z',
        updatedAt: '2026-11-10T00:00:00.000Z',
      },
    ],
    total: 1,
    page: 1,
    pageSize: 5,
    rating: 5,
  });
  vi.mocked(strategies.getFavoriteStrategies).mockResolvedValue({ list: [] });
  vi.mocked(subscriptions.getStrategyHistory).mockResolvedValue({ list: [] });
});
afterEach(() => clearLoginInfo());

describe('StrategyDetailPage', () => {
  it('shows every figure, the charts, the recent trades and the reviews to a visitor', async () => {
    renderAt();
    await waitFor(() =>
      expect(screen.getByTestId('autotrade-detail').getAttribute('data-state')).toBe('running'),
    );
    const fact = (id: string) => screen.getByTestId(`autotrade-fact-${id}`).textContent;
    expect(fact('leverage')).toContain('2x');
    expect(fact('sharpe')).toContain('1.35');
    expect(fact('min')).toContain('100.00 USDT');
    expect(fact('aum')).toContain('15,000.00 USDT');
    expect(fact('margin')).toContain('BCNT, USDT');
    expect(await screen.findByTestId('autotrade-chart-profit-summary')).toHaveProperty(
      'textContent',
      'Cumulative return +1.25% (12.50 USDT).',
    );
    expect(screen.getByTestId('autotrade-chart-drawdown-summary').textContent).toContain('-2.00%');
    const trade = await screen.findByTestId('autotrade-trade');
    expect(trade.textContent).toContain('64,000.5');
    expect(trade.textContent).toContain('0.012500 BTC');
    expect((await screen.findByTestId('autotrade-review')).textContent).toContain('Steady.');
    // a visitor logs in to subscribe, and cannot rate
    expect(screen.getByTestId('autotrade-subscribe-login').getAttribute('href')).toBe('/login');
    expect(screen.queryByTestId('autotrade-rate')).toBeNull();
  });

  it('gives a member without identity verification the KYC prompt instead of the flow', async () => {
    login();
    kycLevel(1);
    const user = userEvent.setup();
    renderAt();
    await user.click(await screen.findByTestId('autotrade-subscribe-open'));
    expect(await screen.findByTestId('kyc-gate-prompt')).toBeTruthy();
    expect(vi.mocked(subscriptions.checkStrategySubscription)).not.toHaveBeenCalled();
  });

  it('sends a verified member to the subscribe flow', async () => {
    login();
    kycLevel(4);
    vi.mocked(subscriptions.checkStrategySubscription).mockResolvedValue({
      strategyId: 1,
      subscription: null,
      keys: [],
    });
    renderAt();
    const open = await screen.findByTestId('autotrade-subscribe-open', {}, { timeout: 4000 });
    expect(open.getAttribute('href')).toBe('/trading-bot/1/subscribe');
  });

  it('lets a subscriber rate it and says why the server refused', async () => {
    login();
    kycLevel(4);
    vi.mocked(subscriptions.checkStrategySubscription).mockResolvedValue({
      strategyId: 1,
      subscription: subscription(),
      keys: [],
    });
    vi.mocked(strategies.postStrategyReview).mockRejectedValueOnce(
      new ApiError({ message: 'review_not_subscriber', status: 403, httpStatus: 403, call: 'x' }),
    );
    const user = userEvent.setup();
    renderAt();
    expect((await screen.findByTestId('autotrade-subscription-link')).getAttribute('href')).toBe(
      '/portfolio/autotrade/7',
    );
    const form = await screen.findByTestId('autotrade-rate');
    await user.click(within(form).getByTestId('autotrade-rate-submit'));
    expect(screen.getByTestId('autotrade-rate-missing')).toBeTruthy();
    await user.click(within(form).getByTestId('autotrade-rate-star-4'));
    await user.type(within(form).getByTestId('autotrade-rate-comment'), 'Good');
    await user.click(within(form).getByTestId('autotrade-rate-submit'));
    expect((await screen.findByTestId('autotrade-rate-error')).textContent).toBe(
      'Only subscribers can rate this strategy.',
    );
    expect(vi.mocked(strategies.postStrategyReview)).toHaveBeenCalledWith({
      strategyId: 1,
      rating: 4,
      comment: 'Good',
    });
    vi.mocked(strategies.postStrategyReview).mockResolvedValueOnce({
      id: 2,
      nickname: 'me',
      rating: 4,
      comment: 'Good',
      createdAt: '2026-11-20T00:00:00.000Z',
      updatedAt: '2026-11-20T00:00:00.000Z',
    });
    await user.click(within(form).getByTestId('autotrade-rate-submit'));
    await waitFor(() => expect(screen.getByTestId('autotrade-rate-done')).toBeTruthy());
  });
});

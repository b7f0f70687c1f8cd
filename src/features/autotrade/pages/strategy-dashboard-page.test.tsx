import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockExports } from '../../../components/testing/mock-exports';
import * as strategies from '../../../services/autotrade-strategies';
import { clearLoginInfo, setLoginInfo } from '../../../services/session';
import { renderAutotrade, strategy } from '../test-utils';
import StrategyDashboardPage from './strategy-dashboard-page';

mockExports(strategies, {
  getFeaturedStrategies: vi.fn(),
  getStrategyCategories: vi.fn(),
  getStrategyList: vi.fn(),
  getHistoricalStrategies: vi.fn(),
  getFavoriteStrategies: vi.fn(),
  setFavoriteStrategy: vi.fn(),
});

const trend = strategy();
const grid = strategy({
  id: 2,
  name: { 'en-US': 'BTC Steady Grid', 'zh-TW': 'BTC 穩健網格', 'zh-CN': 'BTC 稳健网格' },
  category: 'grid',
  riskLevel: 'low',
  annualReturn: -1.5,
});
const closed = strategy({ id: 9, status: 'closed', featured: false });

beforeEach(() => {
  vi.resetAllMocks();
  vi.mocked(strategies.getFeaturedStrategies).mockResolvedValue({ list: [trend] });
  vi.mocked(strategies.getStrategyCategories).mockResolvedValue({
    list: [
      { category: 'trend', count: 1 },
      { category: 'grid', count: 1 },
    ],
  });
  vi.mocked(strategies.getStrategyList).mockImplementation(async (query) => {
    const all = [trend, grid].filter((item) => !query.risk || item.riskLevel === query.risk);
    return { list: all, total: all.length, page: query.page ?? 1, pageSize: 10 };
  });
  vi.mocked(strategies.getHistoricalStrategies).mockResolvedValue({
    list: [closed],
    total: 1,
    page: 1,
    pageSize: 10,
  });
});
afterEach(() => clearLoginInfo());

describe('StrategyDashboardPage', () => {
  it('shows the featured strategies as cards and every running one in the list', async () => {
    renderAutotrade(<StrategyDashboardPage />, { route: '/trading-bot' });
    const card = await screen.findByTestId('autotrade-card');
    expect(within(card).getByTestId('autotrade-card-link').getAttribute('href')).toBe(
      '/trading-bot/1',
    );
    expect(within(card).getByTestId('autotrade-card-return').textContent).toBe('+12.50%');
    const rows = await screen.findAllByTestId('autotrade-row');
    expect(rows.map((row) => row.getAttribute('data-id'))).toEqual(['1', '2']);
    expect(within(rows[1]!).getByTestId('autotrade-row-return').textContent).toBe('-1.50%');
    // a visitor has no hearts and no favorites tab
    expect(screen.queryByTestId('autotrade-favorite')).toBeNull();
    expect(screen.queryByTestId('autotrade-tab-favorites')).toBeNull();
  });

  it('filters by risk through the address and asks the server with it', async () => {
    const user = userEvent.setup();
    renderAutotrade(<StrategyDashboardPage />, { route: '/trading-bot' });
    await screen.findAllByTestId('autotrade-row');
    await user.selectOptions(screen.getByTestId('autotrade-filter-risk'), 'low');
    await waitFor(() => expect(screen.getAllByTestId('autotrade-row')).toHaveLength(1));
    expect(screen.getByTestId('location').textContent).toBe('/trading-bot?risk=low');
    expect(vi.mocked(strategies.getStrategyList)).toHaveBeenLastCalledWith(
      expect.objectContaining({ risk: 'low', page: 1 }),
    );
  });

  it('lists the historical strategies in their tab', async () => {
    const user = userEvent.setup();
    renderAutotrade(<StrategyDashboardPage />, { route: '/trading-bot' });
    await user.click(await screen.findByTestId('autotrade-tab-history'));
    const row = await screen.findByTestId('autotrade-history-row');
    expect(row.getAttribute('data-id')).toBe('9');
  });

  it('lets a member keep a strategy as a favorite with the heart', async () => {
    setLoginInfo({ token: 'tok', expiredTime: Date.now() + 3_600_000 });
    vi.mocked(strategies.getFavoriteStrategies).mockResolvedValue({ list: [] });
    vi.mocked(strategies.setFavoriteStrategy).mockResolvedValue({ list: [trend] });
    const user = userEvent.setup();
    renderAutotrade(<StrategyDashboardPage />, { route: '/trading-bot' });
    const card = await screen.findByTestId('autotrade-card');
    const heart = within(card).getByTestId('autotrade-favorite');
    await waitFor(() => expect((heart as HTMLButtonElement).disabled).toBe(false));
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    await user.click(heart);
    expect(vi.mocked(strategies.setFavoriteStrategy)).toHaveBeenCalledWith(1, true);
    await waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('true'));
    await user.click(screen.getByTestId('autotrade-tab-favorites'));
    expect((await screen.findByTestId('autotrade-favorite-row')).getAttribute('data-id')).toBe('1');
  });
});

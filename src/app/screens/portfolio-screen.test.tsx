import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockExports } from '../../components/testing/mock-exports';
import { renderWithProviders } from '../../components/testing/render';
import * as earn from '../../services/earn';
import { subscription } from '../../features/earn/test-utils';
import * as autotradeStrategies from '../../services/autotrade-strategies';
import * as autotradeSubscriptions from '../../services/autotrade-subscriptions';
import { portfolio, strategy } from '../../features/autotrade/test-utils';
import * as lending from '../../services/lending';
import { lendingStrategy, lendingSubscription } from '../../features/lending/test-utils';
import PortfolioScreen from './portfolio-screen';

mockExports(earn, { getEarnUserFunds: vi.fn() });
mockExports(autotradeStrategies, { getUserStrategies: vi.fn() });
mockExports(autotradeSubscriptions, {
  getStrategyHistory: vi.fn(),
  getAssetUnderManagement: vi.fn(),
});
mockExports(lending, { getLendingStrategyList: vi.fn() });
const fundsMock = vi.mocked(earn.getEarnUserFunds);

function renderAt(route: string, lng?: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithProviders(<PortfolioScreen />, {
    route,
    lng,
    wrap: (children) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
  });
}

beforeEach(() => {
  vi.resetAllMocks();
  fundsMock.mockResolvedValue({
    list: [subscription(), subscription({ id: 2, serialNumber: 'USDT-040S', kind: 'mixed' })],
  });
});

describe('PortfolioScreen (/portfolio)', () => {
  it('hosts the Smart Autotrade, lending bot, BinFi and earn tabs (Favorites comes with its product)', async () => {
    renderAt('/portfolio?tab=earn');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('My Subscriptions');
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual([
      'Smart Autotrade',
      'Lending bot',
      'BinFi',
      'Earn',
      'Stable Income',
      'Mixed Quant',
      'Flagship',
    ]);
    await waitFor(() => expect(screen.getAllByTestId('portfolio-sub')).toHaveLength(2), {
      timeout: 5_000,
    });
  });

  it('opens the tab of the query, Earn by default, and switches with the URL', async () => {
    renderAt('/portfolio?tab=mixed');
    expect(screen.getByTestId('portfolio-earn').getAttribute('data-tab')).toBe('mixed');
    await waitFor(() => expect(screen.getAllByTestId('portfolio-sub')).toHaveLength(1));
    await userEvent.click(screen.getByRole('tab', { name: 'Stable Income' }));
    expect(screen.getByTestId('location').textContent).toBe('/portfolio?tab=stable');
    expect(screen.getByTestId('portfolio-earn').getAttribute('data-tab')).toBe('stable');
  });

  it('shows the Smart Autotrade subscriptions in their tab', async () => {
    vi.mocked(autotradeStrategies.getUserStrategies).mockResolvedValue({
      list: [{ portfolio: portfolio(), strategy: strategy() }],
    });
    vi.mocked(autotradeSubscriptions.getStrategyHistory).mockResolvedValue({ list: [] });
    vi.mocked(autotradeSubscriptions.getAssetUnderManagement).mockResolvedValue({
      byQuote: [{ currency: 'USDT', allocation: '1000', equity: '1012.5' }],
      margins: [{ currency: 'BCNT', amount: '80' }],
      subscriptions: 1,
    });
    renderAt('/portfolio?tab=autotrade');
    const row = await screen.findByTestId('autotrade-mine-row', {}, { timeout: 5_000 });
    expect(row.getAttribute('data-id')).toBe('7');
    expect(screen.getByTestId('autotrade-mine-link').getAttribute('href')).toBe(
      '/portfolio/autotrade/7',
    );
    expect(screen.getByTestId('autotrade-mine-pnl').textContent).toBe('+12.50 (+1.25%)');
    expect((await screen.findByTestId('autotrade-aum-margin')).textContent).toContain('80.00 BCNT');
  });

  it("shows the member's lending in its tab, linking to the lending detail", async () => {
    vi.mocked(lending.getLendingStrategyList).mockResolvedValue({
      list: [{ strategy: lendingStrategy(), subscription: lendingSubscription() }],
    });
    renderAt('/portfolio?tab=lending');
    const row = await screen.findByTestId('lending-mine-row', {}, { timeout: 5_000 });
    expect(row.getAttribute('data-state')).toBe('trial');
    expect(screen.getByTestId('lending-mine-link').getAttribute('href')).toBe('/lending-bot/1');
    expect(screen.getByTestId('lending-mine-idleAssets').textContent).toBe('600.00 USDT');
  });

  it('falls back to Earn for an unknown tab, in the reader language', () => {
    renderAt('/portfolio?tab=favorites', 'zh-CN');
    expect(screen.getByTestId('portfolio-earn').getAttribute('data-tab')).toBe('earn');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('我的申购');
  });
});

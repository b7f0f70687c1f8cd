import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockExports } from '../../../components/testing/mock-exports';
import { ApiError } from '../../../services/http-client';
import * as lending from '../../../services/lending';
import { lendingStrategy, lendingSubscription, renderLending } from '../test-utils';
import LendingDashboardPage from './lending-dashboard-page';
import LendingTermsPage from './lending-terms-page';

mockExports(lending, {
  getLendingStrategy: vi.fn(),
  getLendingStrategyList: vi.fn(),
});

beforeEach(() => {
  vi.resetAllMocks();
  vi.mocked(lending.getLendingStrategy).mockResolvedValue({ strategy: lendingStrategy() });
  vi.mocked(lending.getLendingStrategyList).mockResolvedValue({ list: [] });
});

describe('LendingDashboardPage (/lending-bot)', () => {
  it('shows how it works, the product to start with, and an empty "my lending"', async () => {
    renderLending(<LendingDashboardPage />, { route: '/lending-bot' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Lending bot');
    expect(screen.getByTestId('lending-product-loading')).toBeTruthy();
    const card = await screen.findByTestId('lending-product-card');
    expect(card.getAttribute('data-id')).toBe('1');
    expect(within(card).getByTestId('lending-product-card-fee').textContent).toBe(
      '5.00 USDT per 30 days',
    );
    expect(card.textContent).toContain('Pay the fee in BCNT and get 20% off.');
    const open = within(card).getByTestId('lending-product-open');
    expect(open.textContent).toBe('Start lending');
    expect(open.getAttribute('href')).toBe('/lending-bot/1');
    expect((await screen.findByTestId('lending-mine-empty')).textContent).toContain(
      'You are not lending yet',
    );
  });

  it("lists the member's lending, live first, and the product card says Manage", async () => {
    vi.mocked(lending.getLendingStrategyList).mockResolvedValue({
      list: [
        {
          strategy: lendingStrategy({ id: 2 }),
          subscription: lendingSubscription({ id: 9, strategyId: 2, state: 'ended' }),
        },
        {
          strategy: lendingStrategy(),
          subscription: lendingSubscription({ state: 'active', apiKeyStatus: 'incorrect' }),
        },
      ],
    });
    renderLending(<LendingDashboardPage />, { route: '/lending-bot' });
    const rows = await screen.findAllByTestId('lending-mine-row');
    expect(rows.map((row) => row.getAttribute('data-state'))).toEqual(['active', 'ended']);
    expect(within(rows[0]!).getByTestId('lending-mine-apiKeyStatus').textContent).toBe('Incorrect');
    expect(within(rows[0]!).getByTestId('lending-mine-date').textContent).toBe('2026/11/24');
    expect(within(rows[1]!).getByTestId('lending-mine-link').getAttribute('href')).toBe(
      '/lending-bot/2',
    );
    const card = await screen.findByTestId('lending-product-card');
    await vi.waitFor(() =>
      expect(within(card).getByTestId('lending-product-open').textContent).toBe('Manage'),
    );
    expect(within(card).getByTestId('lending-state').textContent).toBe('Active');
  });

  it('shows failed loads with a retry', async () => {
    const failure = new ApiError({ message: 'network_error', status: 0, call: 'x' });
    vi.mocked(lending.getLendingStrategy).mockRejectedValueOnce(failure);
    vi.mocked(lending.getLendingStrategyList).mockRejectedValueOnce(failure);
    renderLending(<LendingDashboardPage />, { route: '/lending-bot' });
    expect(await screen.findByTestId('lending-product-error')).toBeTruthy();
    expect(await screen.findByTestId('lending-mine-error')).toBeTruthy();
    await userEvent.click(
      within(screen.getByTestId('lending-product-error')).getByRole('button', { name: 'Retry' }),
    );
    expect(await screen.findByTestId('lending-product-card')).toBeTruthy();
  });
});

describe('LendingTermsPage (/lending-term-service)', () => {
  it("states the spec's figures in the reader's language", () => {
    renderLending(<LendingTermsPage />, { route: '/lending-term-service', lng: 'zh-TW' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('放貸機器人服務條款');
    const fee = screen.getByTestId('lending-terms-fee').textContent ?? '';
    expect(fee).toContain('前 14 天為免費試用。');
    expect(fee).toContain('每 30 天收費 5 USDT');
    expect(fee).toContain('折抵 20%');
    expect(fee).toContain('利息的 15%');
  });
});

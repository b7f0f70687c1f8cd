import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockExports } from '../../components/testing/mock-exports';
import { renderWithQuery } from '../../components/testing/render';
import * as binfiCalls from '../../features/binfi/api/binfi-calls';
import * as autotradeStrategies from '../../services/autotrade-strategies';
import * as earn from '../../services/earn';
import * as kyc from '../../services/kyc';
import * as lending from '../../services/lending';
import * as loyalty from '../../services/loyalty';
import { MemberDashboardHost } from './member-dashboard-host';

mockExports(earn, { getEarnUserFunds: vi.fn() });
mockExports(autotradeStrategies, { getUserStrategies: vi.fn() });
mockExports(lending, { getLendingStrategyList: vi.fn() });
mockExports(binfiCalls, { getUserFunds: vi.fn() });
mockExports(kyc, { getKycStatus: vi.fn() });
mockExports(loyalty, { getLoyaltyStatus: vi.fn() });

/** The answers carry only what the Dashboard reads (the calls are replaced, nothing parses). */
const answer = <T,>(value: object) => value as T;

beforeEach(() => {
  vi.mocked(earn.getEarnUserFunds).mockResolvedValue(
    answer({ list: [{ state: 'running' }, { state: 'raising' }, { state: 'ended' }] }),
  );
  vi.mocked(autotradeStrategies.getUserStrategies).mockResolvedValue(
    answer({ list: [{ portfolio: { state: 'active' } }, { portfolio: { state: 'cancelled' } }] }),
  );
  vi.mocked(lending.getLendingStrategyList).mockResolvedValue(
    answer({ list: [{ subscription: { state: 'ended' } }] }),
  );
  vi.mocked(binfiCalls.getUserFunds).mockResolvedValue(
    answer({
      list: [{ state: 'running' }, { state: 'fundraising' }, { state: 'settled' }],
      owed: '0',
    }),
  );
  vi.mocked(kyc.getKycStatus).mockResolvedValue(
    answer({
      state: 'verified',
      premier: { state: 'under_review', appliedAt: null, decidedAt: null },
    }),
  );
  vi.mocked(loyalty.getLoyaltyStatus).mockResolvedValue(answer({ level: 3 }));
});

const value = (testId: string) => screen.findByTestId(`${testId}-value`);

describe('MemberDashboardHost', () => {
  it("shows each family's live products and the member's levels, with links to them", async () => {
    renderWithQuery(<MemberDashboardHost />);
    expect((await value('dashboard-products-earn')).textContent).toBe('2 active');
    expect((await value('dashboard-products-autotrade')).textContent).toBe('1 active');
    expect((await value('dashboard-products-lending')).textContent).toBe('0 active');
    expect((await value('dashboard-products-binfi')).textContent).toBe('2 active');
    expect((await value('dashboard-level-kyc')).textContent).toBe('Verified');
    expect((await value('dashboard-level-loyalty')).textContent).toBe('Level 3');
    expect((await value('dashboard-level-premier')).textContent).toBe('Application in review');
    // only open earn subscriptions are asked for
    expect(earn.getEarnUserFunds).toHaveBeenCalledWith({ state: 'open' });

    const link = (testId: string) =>
      screen.getByTestId(testId).querySelector('a')?.getAttribute('href');
    expect(link('dashboard-products-earn')).toBe('/portfolio?tab=earn');
    expect(link('dashboard-products-autotrade')).toBe('/portfolio?tab=autotrade');
    expect(link('dashboard-products-lending')).toBe('/portfolio?tab=lending');
    expect(link('dashboard-products-binfi')).toBe('/bin-fi/my-fund');
    expect(link('dashboard-level-kyc')).toBe('/kyc');
    expect(link('dashboard-level-loyalty')).toBe('/loyalty-program');
    expect(link('dashboard-level-premier')).toBe('/account');
  });

  it('a failing call leaves a retry in its own tile only, and the retry reads it again', async () => {
    vi.mocked(lending.getLendingStrategyList)
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValueOnce(answer({ list: [{ subscription: { state: 'trial' } }] }));
    renderWithQuery(<MemberDashboardHost />);
    const retry = await screen.findByTestId('dashboard-products-lending-retry');
    expect(screen.getByTestId('dashboard-products-lending').textContent).toContain(
      'Could not load this.',
    );
    expect((await value('dashboard-products-earn')).textContent).toBe('2 active');
    fireEvent.click(retry);
    await waitFor(async () =>
      expect((await value('dashboard-products-lending')).textContent).toBe('1 active'),
    );
  });

  it('speaks the reader’s language', async () => {
    renderWithQuery(<MemberDashboardHost />, { lng: 'zh-TW' });
    expect((await value('dashboard-products-earn')).textContent).toBe('2 筆進行中');
    expect((await value('dashboard-level-loyalty')).textContent).toBe('等級 3');
    expect(screen.getByRole('region', { name: '您的總覽' })).toBeTruthy();
  });
});

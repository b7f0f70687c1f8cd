import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockExports } from '../../../components/testing/mock-exports';
import { ApiError } from '../../../services/http-client';
import * as loyalty from '../../../services/loyalty';
import { renderLoyalty } from '../test-utils';
import { LoyaltyRates } from './loyalty-rates';

mockExports(loyalty, {
  getLoyaltySetting: vi.fn(),
  getLoyaltyStatus: vi.fn(),
});

const fetchSetting = vi.mocked(loyalty.getLoyaltySetting);

const setting = {
  fixed: [
    { currencyName: 'USDT', lv1Rate: 8, lv2Rate: 9, lv3Rate: 10.5, lv4Rate: 12 },
    { currencyName: 'BTC', lv1Rate: 6, lv2Rate: 6.25, lv3Rate: 6.5, lv4Rate: 7 },
  ],
  pro: [{ currencyName: 'USDC', lv1Rate: 6, lv2Rate: 6.5, lv3Rate: 7, lv4Rate: 8 }],
};

beforeEach(() => {
  fetchSetting.mockReset();
});

describe('loyalty rate table', () => {
  it('shows a skeleton while loading, then one row per currency with the rates of levels 1-4', async () => {
    let release!: (value: typeof setting) => void;
    fetchSetting.mockReturnValue(new Promise((resolve) => (release = resolve)));
    renderLoyalty(<LoyaltyRates />);

    expect(screen.getByTestId('loyalty-rates').dataset.state).toBe('loading');
    expect(screen.getByTestId('loyalty-rates-loading')).toBeTruthy();

    release(setting);
    await waitFor(() => expect(screen.getByTestId('loyalty-rates').dataset.state).toBe('ready'));
    const usdt = screen.getByTestId('loyalty-rate-fixed-USDT');
    expect(
      within(usdt)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['8%', '9%', '10.5%', '12%']);
    expect(within(usdt).getByRole('rowheader').textContent).toBe('USDT');
    expect(screen.getByTestId('loyalty-rate-fixed-BTC').textContent).toContain('6.25%');
    expect(screen.getByTestId('loyalty-rate-pro-USDC').textContent).toContain('8%');
    // the two products are labelled, with their level columns
    const fixed = screen.getByTestId('loyalty-rates-fixed');
    expect(within(fixed).getByText('Stable Income')).toBeTruthy();
    expect(
      within(fixed)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Currency', 'Level 1', 'Level 2', 'Level 3', 'Level 4']);
    expect(
      within(screen.getByTestId('loyalty-rates-pro')).getByText('Stable Income Pro'),
    ).toBeTruthy();
  });

  it('shows only the product that has rates', async () => {
    fetchSetting.mockResolvedValue({ fixed: [], pro: setting.pro });
    renderLoyalty(<LoyaltyRates />);
    await screen.findByTestId('loyalty-rate-pro-USDC');
    expect(screen.queryByTestId('loyalty-rates-fixed')).toBeNull();
  });

  it('says so when no rates are published', async () => {
    fetchSetting.mockResolvedValue({ fixed: [], pro: [] });
    renderLoyalty(<LoyaltyRates />);
    await screen.findByTestId('loyalty-rates-empty');
    expect(screen.getByTestId('loyalty-rates').dataset.state).toBe('empty');
    expect(screen.getByText('No loyalty rates yet')).toBeTruthy();
  });

  it('shows a translated error with a retry that loads the table', async () => {
    fetchSetting.mockRejectedValueOnce(
      new ApiError({ call: 'GET /api/v1/common/loyalty', message: 'network_error' }),
    );
    fetchSetting.mockResolvedValueOnce(setting);
    renderLoyalty(<LoyaltyRates />, { lng: 'zh-TW' });

    const error = await screen.findByTestId('loyalty-rates-error');
    expect(screen.getByTestId('loyalty-rates').dataset.state).toBe('error');
    expect(error.textContent).toContain('網路');
    await userEvent.setup().click(within(error).getByRole('button'));
    await screen.findByTestId('loyalty-rate-fixed-USDT');
    expect(fetchSetting).toHaveBeenCalledTimes(2);
    expect(screen.getByText('穩定收益')).toBeTruthy();
  });
});

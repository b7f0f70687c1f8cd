import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockExports } from '../../../components/testing/mock-exports';
import * as earn from '../../../services/earn';
import { ApiError } from '../../../services/http-client';
import { product, renderEarn } from '../test-utils';
import { LandingProductCards } from './landing-product-cards';

mockExports(earn, { getEarnProducts: vi.fn() });
const listMock = vi.mocked(earn.getEarnProducts);

const usdt = product();
const usdtPro = product({
  id: 9,
  serialNumber: 'USDT-040R',
  name: { 'en-US': 'USDT Fixed Pro', 'zh-TW': 'USDT Fixed Pro', 'zh-CN': 'USDT Fixed Pro' },
  kind: 'fixed-pro',
  productType: 5,
  annualReturn: 6,
  annualReturnFallback: true,
  stakeInterestAPYLv3: null,
  limited: false,
});

beforeEach(() => listMock.mockReset());

describe('LandingProductCards', () => {
  it('draws the block cards from one catalog request; a card opens its product', async () => {
    listMock.mockResolvedValue({ list: [usdtPro, usdt] });
    const user = userEvent.setup();
    renderEarn(
      <>
        <LandingProductCards group="fixed-pro" />
        <LandingProductCards group="fixed" />
      </>,
    );
    await waitFor(() =>
      expect(screen.getByTestId('landing-cards-fixed').getAttribute('data-state')).toBe('list'),
    );
    const fixed = screen.getByTestId('landing-cards-fixed');
    const card = within(fixed).getByTestId('earn-card');
    expect(card.getAttribute('data-sn')).toBe('USDT-034R');
    // the spec's card: minimum investment, "up to" the level-3 rate, the limited label
    expect(within(card).getByTestId('earn-card-min').textContent).toBe('1,000 USDT');
    expect(card.textContent).toMatch(/10\.5\s?%/);
    expect(within(card).getByTestId('earn-card-limited')).toBeTruthy();
    const pro = screen.getByTestId('landing-cards-fixed-pro');
    expect(within(pro).getByTestId('earn-card').getAttribute('data-sn')).toBe('USDT-040R');
    expect(listMock).toHaveBeenCalledTimes(1);

    await user.click(within(card).getByTestId('earn-card-link'));
    expect(screen.getByTestId('location').textContent).toBe('/fixed/USDT-034R');
  });

  it('without a product to show, points to the earn dashboard', async () => {
    listMock.mockResolvedValue({ list: [usdt] });
    const user = userEvent.setup();
    renderEarn(<LandingProductCards group="fixed-pro" />);
    await waitFor(() =>
      expect(screen.getByTestId('landing-cards-fixed-pro').getAttribute('data-state')).toBe(
        'empty',
      ),
    );
    const block = screen.getByTestId('landing-cards-fixed-pro');
    await user.click(within(block).getByTestId('landing-cards-fixed-pro-all'));
    expect(screen.getByTestId('location').textContent).toBe('/earn?tab=stable');
  });

  it('a failed request says so and can be retried', async () => {
    listMock.mockRejectedValueOnce(
      new ApiError({ message: 'network_error', call: 'GET /api/v1/premium2/List' }),
    );
    listMock.mockResolvedValueOnce({ list: [usdt] });
    const user = userEvent.setup();
    renderEarn(<LandingProductCards group="fixed" />);
    const error = await screen.findByTestId('landing-cards-fixed-error');
    await user.click(within(error).getByRole('button'));
    await waitFor(() =>
      expect(screen.getByTestId('landing-cards-fixed').getAttribute('data-state')).toBe('list'),
    );
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getEarnDetail, getEarnHistory, setEarnSmartDca } from '../../../services/earn';
import { ApiError } from '../../../services/http-client';
import type { EarnSmartDca, EarnSubscription } from '../../../shared/api/earn';
import { productDetail, renderEarn, subscription } from '../test-utils';
import MyPremiumDetailPage from './my-premium-detail-page';

vi.mock('react-apexcharts', () => ({
  default: () => <div data-testid="apex-chart" />,
}));
vi.mock('../../../services/earn', () => ({
  getEarnDetail: vi.fn(),
  getEarnHistory: vi.fn(),
  setEarnSmartDca: vi.fn(),
  leaveEarnProduct: vi.fn(),
  setEarnAutoRenew: vi.fn(),
  changeEarnAssetReturn: vi.fn(),
}));

const detailMock = vi.mocked(getEarnDetail);
const historyMock = vi.mocked(getEarnHistory);
const dcaMock = vi.mocked(setEarnSmartDca);

const ROUTE = '/portfolio/earn/:sn/:setting?';
const renderAt = (route: string, lng?: string) =>
  renderEarn(<MyPremiumDetailPage />, { route, path: ROUTE, lng });
const location = () => screen.getByTestId('location').textContent;

const converting = (currency: EarnSmartDca['currency']): EarnSmartDca => ({
  currency,
  rewardCurrency: 'USDT',
  expectedAccumulated: '24.657534',
  converted: '0',
  toBeConverted: '0',
  averagePrice: null,
  currentAmount: '0',
  conversionCount: 0,
});

function holding(overrides: Partial<EarnSubscription> = {}) {
  const sub = subscription({ smartDca: null, canSetSmartDca: true, ...overrides });
  detailMock.mockResolvedValue({ product: productDetail({ state: 'running' }), subscription: sub });
  return sub;
}

const refusal = (message: string) =>
  new ApiError({
    message,
    status: 400,
    httpStatus: 400,
    call: 'POST /api/v1/premium2/XSavingSetting',
  });

async function openDialog(route = '/portfolio/earn/USDT-034R/smart-dca', lng?: string) {
  renderAt(route, lng);
  // the first render of the file loads the page's modules: allow a loaded machine 5 s
  return screen.findByTestId('portfolio-dca-dialog', {}, { timeout: 5_000 });
}

async function choose(dialog: HTMLElement, value: string) {
  const user = userEvent.setup();
  await user.selectOptions(within(dialog).getByTestId('portfolio-dca-target'), value);
  await user.click(within(dialog).getByTestId('portfolio-dca-save'));
}

beforeEach(() => {
  vi.resetAllMocks();
  holding();
  historyMock.mockResolvedValue({ list: [], total: 0, page: 1, pageSize: 10 });
});

describe('MyPremiumDetailPage: Smart DCA (setting smart-dca)', () => {
  it('says it is off, links the conversions and opens the dialog from the actions', async () => {
    const user = userEvent.setup();
    renderAt('/portfolio/earn/USDT-034R');
    const action = await screen.findByTestId('portfolio-action-smart-dca', {}, { timeout: 5_000 });
    expect(within(action).getByTestId('portfolio-dca-state').textContent).toBe(
      'Off: rewards are paid in USDT.',
    );
    expect(within(action).getByTestId('portfolio-dca-history-link').getAttribute('href')).toBe(
      '/x-saving-history?premiumId=3',
    );
    expect(screen.queryByTestId('portfolio-dca')).toBeNull();

    await user.click(within(action).getByTestId('portfolio-dca-open'));
    await waitFor(() => expect(location()).toBe('/portfolio/earn/USDT-034R/smart-dca'));
    const dialog = await screen.findByTestId('portfolio-dca-dialog');
    const select = within(dialog).getByRole('combobox', { name: 'Convert rewards into' });
    // off, then every target but the product's own currency
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Off (keep rewards in USDT)', 'BCNT', 'BTC', 'ETH', 'USDC']);
    expect((select as HTMLSelectElement).value).toBe('off');
    // nothing changed yet: nothing to save
    expect(within(dialog).getByTestId('portfolio-dca-save').hasAttribute('disabled')).toBe(true);
    await user.click(within(dialog).getByTestId('portfolio-dca-close'));
    await waitFor(() => expect(location()).toBe('/portfolio/earn/USDT-034R'));
    expect(screen.queryByTestId('portfolio-dca-dialog')).toBeNull();
  });

  it('turns Smart DCA on: the detail is read again and the Smart DCA card appears', async () => {
    const dialog = await openDialog();
    const on = subscription({ smartDca: converting('BTC'), canSetSmartDca: true });
    dcaMock.mockResolvedValue(on);
    detailMock.mockResolvedValue({
      product: productDetail({ state: 'running' }),
      subscription: on,
    });
    await choose(dialog, 'BTC');
    expect(dcaMock).toHaveBeenCalledTimes(1);
    expect(dcaMock).toHaveBeenCalledWith({ premiumId: 3, currency: 'BTC' });
    expect((await within(dialog).findByTestId('portfolio-dca-saved')).textContent).toBe(
      'Saved. Your rewards will be converted into BTC.',
    );
    expect((await screen.findByTestId('portfolio-dca-currency')).textContent).toBe('BTC');
    expect(screen.getByTestId('portfolio-dca-state').textContent).toBe(
      'Converting each reward into BTC.',
    );
    expect(screen.getByTestId('portfolio-dca-history').getAttribute('href')).toBe(
      '/x-saving-history?premiumId=3',
    );
    // the saved target is the current one: nothing more to save
    await waitFor(() =>
      expect(within(dialog).getByTestId('portfolio-dca-save').hasAttribute('disabled')).toBe(true),
    );
  });

  it('turns Smart DCA off', async () => {
    holding({ smartDca: converting('ETH') });
    const dialog = await openDialog();
    expect((within(dialog).getByTestId('portfolio-dca-target') as HTMLSelectElement).value).toBe(
      'ETH',
    );
    dcaMock.mockResolvedValue(subscription({ smartDca: null, canSetSmartDca: true }));
    await choose(dialog, 'off');
    expect(dcaMock).toHaveBeenCalledWith({ premiumId: 3, currency: null });
    expect((await within(dialog).findByTestId('portfolio-dca-saved')).textContent).toBe(
      'Saved. Smart DCA is off: your rewards stay in USDT.',
    );
  });

  it.each([
    [
      'earn_dca_not_available',
      'Smart DCA is for Stable Income subscriptions that are fundraising or running.',
    ],
    ['earn_dca_same_currency', "Rewards cannot be converted into the product's own currency."],
    ['earn_no_subscription', 'You do not hold this product.'],
  ])('translates the refusal %s and keeps the choice for a retry', async (message, text) => {
    dcaMock.mockRejectedValueOnce(refusal(message));
    const dialog = await openDialog();
    await choose(dialog, 'BCNT');
    expect((await within(dialog).findByTestId('portfolio-dca-error')).textContent).toBe(text);
    expect((within(dialog).getByTestId('portfolio-dca-target') as HTMLSelectElement).value).toBe(
      'BCNT',
    );
    // Save again: the same setting, and the error goes with the success
    dcaMock.mockResolvedValueOnce(subscription({ smartDca: converting('BCNT') }));
    await userEvent.click(within(dialog).getByTestId('portfolio-dca-save'));
    await within(dialog).findByTestId('portfolio-dca-saved');
    expect(within(dialog).queryByTestId('portfolio-dca-error')).toBeNull();
    expect(dcaMock).toHaveBeenNthCalledWith(2, { premiumId: 3, currency: 'BCNT' });
  });

  it('translates a network failure (zh-TW)', async () => {
    dcaMock.mockRejectedValueOnce(
      new ApiError({ message: 'network_error', status: -1, call: 'POST XSavingSetting' }),
    );
    const dialog = await openDialog('/portfolio/earn/USDT-034R/smart-dca', 'zh-TW');
    await choose(dialog, 'BTC');
    expect((await within(dialog).findByTestId('portfolio-dca-error')).textContent).toBe(
      '網路錯誤，請檢查連線後再試一次。',
    );
  });

  it('says why when the subscription can no longer set it, and saves nothing', async () => {
    holding({ state: 'ended', smartDca: converting('BTC'), canSetSmartDca: false });
    const dialog = await openDialog();
    expect(within(dialog).getByTestId('portfolio-dca-blocked').textContent).toBe(
      'Smart DCA is for Stable Income subscriptions that are fundraising or running.',
    );
    expect(within(dialog).getByTestId('portfolio-dca-target').hasAttribute('disabled')).toBe(true);
    expect(within(dialog).getByTestId('portfolio-dca-save').hasAttribute('disabled')).toBe(true);
    // an ended subscription has no Smart DCA action
    expect(screen.queryByTestId('portfolio-action-smart-dca')).toBeNull();
    expect(dcaMock).not.toHaveBeenCalled();
  });

  it('is not offered on a Pro subscription (its rewards compound)', async () => {
    holding({ kind: 'fixed-pro', serialNumber: 'USDT-035R', canSetSmartDca: false });
    renderAt('/portfolio/earn/USDT-035R');
    await screen.findByTestId('portfolio-actions', {}, { timeout: 5_000 });
    expect(screen.queryByTestId('portfolio-action-smart-dca')).toBeNull();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  changeEarnAssetReturn,
  getEarnDetail,
  getEarnHistory,
  leaveEarnProduct,
  setEarnAutoRenew,
} from '../../../services/earn';
import { ApiError } from '../../../services/http-client';
import type { EarnEvent, EarnSubscription } from '../../../shared/api/earn';
import { productDetail, renderEarn, subscription } from '../test-utils';
import MyPremiumDetailPage from './my-premium-detail-page';

vi.mock('react-apexcharts', () => ({
  default: (props: { type: string }) => <div data-testid="apex-chart" data-type={props.type} />,
}));
vi.mock('../../../services/earn', () => ({
  getEarnDetail: vi.fn(),
  getEarnHistory: vi.fn(),
  leaveEarnProduct: vi.fn(),
  setEarnAutoRenew: vi.fn(),
  changeEarnAssetReturn: vi.fn(),
}));

const detailMock = vi.mocked(getEarnDetail);
const historyMock = vi.mocked(getEarnHistory);
const leaveMock = vi.mocked(leaveEarnProduct);
const renewMock = vi.mocked(setEarnAutoRenew);
const returnMock = vi.mocked(changeEarnAssetReturn);

const ROUTE = '/portfolio/earn/:sn/:setting?';
const renderAt = (route: string, lng?: string) =>
  renderEarn(<MyPremiumDetailPage />, { route, path: ROUTE, lng });
const location = () => screen.getByTestId('location').textContent;
const fact = (id: string) => screen.getByTestId(`portfolio-fact-${id}`).textContent;
const refusal = (message: string, call = 'POST /api/v1/premium2/Leave') =>
  new ApiError({ message, status: 400, httpStatus: 400, call });

function holding(overrides: Partial<EarnSubscription> = {}) {
  detailMock.mockResolvedValue({
    product: productDetail({ state: 'running' }),
    subscription: subscription(overrides),
  });
}

function reward(id: number, day: string): EarnEvent {
  return {
    id,
    kind: 'reward',
    amount: '0.295890',
    currency: 'USDT',
    day,
    level: 2,
    rate: 9,
    term: 1,
    at: `${day}T16:05:00.000Z`,
  };
}

beforeEach(() => {
  vi.resetAllMocks();
  holding();
  historyMock.mockResolvedValue({
    list: [reward(41, '2021-09-16'), reward(40, '2021-09-15')],
    total: 2,
    page: 1,
    pageSize: 10,
  });
});

describe('MyPremiumDetailPage: the subscription', () => {
  it('shows the subscription (spec section 3 fields) and its daily rewards with level and rate', async () => {
    renderAt('/portfolio/earn/USDT-034R');
    // the first render of the file loads the page's modules: a loaded machine needs more than 1 s
    expect(
      await screen.findByRole('heading', { level: 1, name: 'USDT 3-month' }, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(detailMock).toHaveBeenCalledWith('USDT-034R');
    expect(screen.getByTestId('portfolio-detail').getAttribute('data-state')).toBe('running');
    expect(fact('state')).toBe('Running');
    expect(fact('units')).toBe('12 units');
    expect(fact('invested')).toBe('1,200 USDT');
    expect(fact('locked')).toBe('1,200 USDT');
    expect(fact('reward')).toBe('12.34 USDT');
    expect(fact('rate')).toBe('9% (level 2)');
    expect(fact('dates')).toBe('2021/09/15 to 2021/12/15 (UTC+8)');
    expect(fact('renewal')).toBe('2021/12/15 (UTC+8)');
    expect(fact('auto-renew')).toBe('On');
    expect(screen.queryByTestId('portfolio-fact-pending')).toBeNull();
    expect(screen.queryByTestId('portfolio-fact-asset-return')).toBeNull();

    const rows = await screen.findAllByTestId('portfolio-event');
    expect(rows).toHaveLength(2);
    expect(historyMock).toHaveBeenCalledWith({ premiumId: 3, page: 1, pageSize: 10 });
    const first = rows[0]!;
    expect(first.getAttribute('data-kind')).toBe('reward');
    expect(within(first).getByTestId('portfolio-event-kind').textContent).toBe('Reward');
    expect(within(first).getByTestId('portfolio-event-amount').textContent).toBe('+0.29 USDT');
    expect(within(first).getByTestId('portfolio-event-rate').textContent).toBe('9% (level 2)');
    expect(first.textContent).toContain('2021/09/16 (UTC+8)');
    expect(within(first).getByTestId('portfolio-event-link').getAttribute('href')).toBe(
      '/earn/history/41?sn=USDT-034R',
    );

    // the rewards over time, from every movement (pages of 100)
    expect(
      (await screen.findByTestId('earn-chart-reward-summary', {}, { timeout: 5_000 })).textContent,
    ).toBe('0.59 USDT from 2 reward days, 2021/09/15 to 2021/09/16.');
    expect(historyMock).toHaveBeenCalledWith({ premiumId: 3, page: 1, pageSize: 100 });
    // and the annual rate of the member's level applied on each reward day
    expect(screen.getByTestId('earn-chart-return-summary').textContent).toBe(
      '+9% on 2021/09/15, +9% on 2021/09/16.',
    );
    expect(await screen.findAllByTestId('apex-chart')).toHaveLength(2);
  });

  it('shows the Smart DCA fields of a subscription converting its rewards', async () => {
    holding({
      smartDca: {
        currency: 'BTC',
        rewardCurrency: 'USDT',
        expectedAccumulated: '24.657534',
        converted: '4.931506',
        toBeConverted: '0.164383',
        averagePrice: '65000',
        currentAmount: '0.00007586',
        conversionCount: 30,
      },
      canSetSmartDca: true,
    });
    renderAt('/portfolio/earn/USDT-034R', 'zh-TW');
    const dca = await screen.findByTestId('portfolio-dca');
    expect(within(dca).getByRole('heading', { name: 'Smart DCA' })).toBeTruthy();
    const value = (id: string) => screen.getByTestId(`portfolio-dca-${id}`).textContent;
    expect(value('currency')).toBe('BTC');
    expect(value('expected')).toBe('24.65 USDT');
    expect(value('converted')).toBe('4.93 USDT');
    expect(value('to-convert')).toBe('0.16 USDT');
    expect(value('average')).toBe('每 BTC 65,000 USDT');
    expect(value('current')).toBe('0.00007586 BTC');
    expect(value('count')).toBe('30');
  });

  it('pages the history', async () => {
    historyMock.mockResolvedValue({
      list: [reward(41, '2021-09-16')],
      total: 25,
      page: 1,
      pageSize: 10,
    });
    renderAt('/portfolio/earn/USDT-034R');
    await screen.findAllByTestId('portfolio-event');
    await userEvent.click(screen.getByTestId('portfolio-events-page-next'));
    await waitFor(() =>
      expect(historyMock).toHaveBeenCalledWith({ premiumId: 3, page: 2, pageSize: 10 }),
    );
  });

  it('says when the member does not hold the product, with the product page', async () => {
    detailMock.mockResolvedValue({ product: productDetail(), subscription: null });
    renderAt('/portfolio/earn/USDT-034R');
    expect((await screen.findByTestId('portfolio-detail-none')).textContent).toContain(
      'You do not hold this product.',
    );
    expect(screen.getByTestId('portfolio-detail-product').getAttribute('href')).toBe(
      '/fixed/USDT-034R',
    );
    expect(historyMock).not.toHaveBeenCalled();
  });

  it('shows a skeleton, then a translated error with Retry', async () => {
    detailMock.mockRejectedValueOnce(
      refusal('earn_product_not_found', 'GET /api/v1/premium2/Detail'),
    );
    renderAt('/portfolio/earn/USDT-034R');
    expect(screen.getByTestId('portfolio-detail-loading')).toBeTruthy();
    const error = await screen.findByTestId('portfolio-detail-error');
    expect(error.textContent).toContain('This product does not exist or is not available to you.');
    await userEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('portfolio-facts')).toBeTruthy();
  });
});

describe('MyPremiumDetailPage: before the start (add more, cancel)', () => {
  beforeEach(() =>
    holding({
      state: 'raising',
      termStart: null,
      expiryAt: null,
      nextRenewalAt: null,
      canAddMore: true,
      canCancel: true,
      canRedeem: false,
    }),
  );

  it('offers Add more (the product page) and no early redemption', async () => {
    renderAt('/portfolio/earn/USDT-034R');
    const add = await screen.findByTestId('portfolio-add-more');
    expect(add.getAttribute('href')).toBe('/fixed/USDT-034R');
    expect(screen.queryByTestId('portfolio-redeem-open')).toBeNull();
    // before the start: the product's contract dates, renewing at its expiry
    expect(fact('dates')).toBe('2021/09/15 to 2021/12/15 (UTC+8)');
    expect(fact('renewal')).toBe('2021/12/15 (UTC+8)');
  });

  it('cancels after a confirmation, retrying a failure with the same Idempotency-Key', async () => {
    const user = userEvent.setup();
    leaveMock
      .mockRejectedValueOnce(refusal('A product cannot be cancelled before its expiry'))
      .mockResolvedValueOnce(
        subscription({ state: 'cancel_pending', returnAmount: '1200', canCancel: false }),
      );
    renderAt('/portfolio/earn/USDT-034R');
    await user.click(await screen.findByTestId('portfolio-cancel-open'));
    const dialog = await screen.findByTestId('portfolio-cancel-dialog');
    expect(within(dialog).getByTestId('portfolio-cancel-text').textContent).toContain(
      '1,200 USDT goes back to your wallet.',
    );
    await user.click(within(dialog).getByTestId('portfolio-cancel-confirm'));
    expect((await within(dialog).findByTestId('portfolio-cancel-error')).textContent).toBe(
      'A product cannot be cancelled before its expiry.',
    );
    // closed and opened again: the same cancellation, the same key
    await user.click(within(dialog).getByTestId('portfolio-cancel-close'));
    await user.click(screen.getByTestId('portfolio-cancel-open'));
    await user.click(await screen.findByTestId('portfolio-cancel-confirm'));
    expect((await screen.findByTestId('portfolio-cancel-done')).textContent).toContain(
      '1,200 USDT is on its way back to your wallet.',
    );
    expect(leaveMock).toHaveBeenCalledTimes(2);
    const [firstBody, firstKey] = leaveMock.mock.calls[0]!;
    const [, secondKey] = leaveMock.mock.calls[1]!;
    expect(firstBody).toEqual({ premiumId: 3, action: 'cancel' });
    expect(firstKey).toMatch(/.{16,}/);
    expect(secondKey).toBe(firstKey);
    // the detail is read again after the move
    await waitFor(() => expect(detailMock.mock.calls.length).toBeGreaterThan(1));
  });
});

describe('MyPremiumDetailPage: auto-renew (setting auto-renew)', () => {
  it('opens from the path and turns auto-renew off', async () => {
    const user = userEvent.setup();
    renewMock.mockResolvedValue(subscription({ autoRenew: false, nextRenewalAt: null }));
    renderAt('/portfolio/earn/USDT-034R/auto-renew');
    const dialog = await screen.findByTestId('portfolio-renew-dialog');
    const toggle = within(dialog).getByRole('switch', { name: 'Renew at expiry' });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    expect((toggle as HTMLInputElement).disabled).toBe(false);
    await user.click(toggle);
    // the switch follows the press at once and stays there with the server's answer
    expect((toggle as HTMLInputElement).checked).toBe(false);
    expect(renewMock).toHaveBeenCalledWith({ premiumId: 3, isRenew: false });
    expect((await within(dialog).findByTestId('portfolio-renew-saved')).textContent).toContain(
      'Auto-renew is off.',
    );
    expect((toggle as HTMLInputElement).checked).toBe(false);
    expect(within(dialog).getByTestId('portfolio-renew-meaning').textContent).toContain(
      'At expiry the principal and rewards return to your wallet',
    );
    await user.click(within(dialog).getByTestId('portfolio-renew-close'));
    await waitFor(() => expect(location()).toBe('/portfolio/earn/USDT-034R'));
  });

  it('opens from the Manage card and says why the switch is disabled (too late to turn it back on)', async () => {
    const user = userEvent.setup();
    holding({ autoRenew: false, nextRenewalAt: null, canSetRenew: false });
    renderAt('/portfolio/earn/USDT-034R');
    expect((await screen.findByTestId('portfolio-renew-reason')).textContent).toBe(
      'Auto-renew could be turned back on until 2021/12/14 00:00 (UTC+8), one day before expiry.',
    );
    await user.click(screen.getByTestId('portfolio-renew-open'));
    await waitFor(() => expect(location()).toBe('/portfolio/earn/USDT-034R/auto-renew'));
    const dialog = await screen.findByTestId('portfolio-renew-dialog');
    const toggle = within(dialog).getByRole('switch') as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    expect(toggle.disabled).toBe(true);
    expect(toggle.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(dialog).getByTestId('portfolio-renew-blocked').textContent).toContain(
      'one day before expiry',
    );
    // closed: back to the detail it was opened from
    await user.click(within(dialog).getByTestId('portfolio-renew-close'));
    await waitFor(() => expect(location()).toBe('/portfolio/earn/USDT-034R'));
    expect(screen.queryByTestId('portfolio-renew-dialog')).toBeNull();
  });

  it('translates a refusal of the server', async () => {
    const user = userEvent.setup();
    holding({ autoRenew: false, nextRenewalAt: null, canSetRenew: true });
    renewMock.mockRejectedValue(refusal('earn_renew_on_too_late', 'POST Setting'));
    renderAt('/portfolio/earn/USDT-034R/auto-renew');
    await user.click(await screen.findByRole('switch'));
    expect((await screen.findByTestId('portfolio-renew-error')).textContent).toBe(
      'Auto-renew can no longer be turned back on for this term.',
    );
  });
});

describe('MyPremiumDetailPage: Asset Return (Pro, setting asset-return)', () => {
  beforeEach(() =>
    holding({
      kind: 'fixed-pro',
      serialNumber: 'USDT-035R',
      maxReturnUnits: 12,
      canRequestReturn: true,
      canSetRenew: true,
    }),
  );

  it('requests units, never above the returnable ones', async () => {
    const user = userEvent.setup();
    returnMock.mockResolvedValue(subscription({ kind: 'fixed-pro', assetReturnUnits: 5 }));
    renderAt('/portfolio/earn/USDT-035R/asset-return');
    const dialog = await screen.findByTestId('portfolio-return-dialog');
    expect(screen.queryByTestId('portfolio-renew-dialog')).toBeNull();
    const units = within(dialog).getByTestId('portfolio-return-units');
    await user.type(units, '13');
    await user.click(within(dialog).getByTestId('portfolio-return-save'));
    expect(dialog.textContent).toContain(
      'Return quantity exceeds the maximum return quantity (12 units).',
    );
    expect(returnMock).not.toHaveBeenCalled();
    await user.clear(units);
    await user.type(units, '5');
    await user.click(within(dialog).getByTestId('portfolio-return-save'));
    expect(returnMock).toHaveBeenCalledWith({ premiumId: 3, assetReturnUnits: 5 });
    expect((await within(dialog).findByTestId('portfolio-return-saved')).textContent).toBe(
      'Saved: 5 units return at expiry.',
    );
  });

  it('edits or cancels a request, and translates the server refusal', async () => {
    const user = userEvent.setup();
    holding({
      kind: 'fixed-pro',
      assetReturnUnits: 4,
      maxReturnUnits: 12,
      canRequestReturn: true,
    });
    returnMock
      .mockRejectedValueOnce(refusal('earn_return_above_max', 'POST ChangeAssetReturn'))
      .mockResolvedValueOnce(subscription({ kind: 'fixed-pro', assetReturnUnits: null }));
    renderAt('/portfolio/earn/USDT-034R/asset-return');
    const dialog = await screen.findByTestId('portfolio-return-dialog');
    expect(within(dialog).getByTestId('portfolio-return-current').textContent).toBe(
      '4 units return to your wallet at expiry.',
    );
    expect((within(dialog).getByTestId('portfolio-return-units') as HTMLInputElement).value).toBe(
      '4',
    );
    await user.click(within(dialog).getByTestId('portfolio-return-max'));
    await user.click(within(dialog).getByTestId('portfolio-return-save'));
    expect(returnMock).toHaveBeenLastCalledWith({ premiumId: 3, assetReturnUnits: 12 });
    expect((await within(dialog).findByTestId('portfolio-return-error')).textContent).toBe(
      'Return quantity exceeds the maximum return quantity.',
    );
    await user.click(within(dialog).getByTestId('portfolio-return-cancel'));
    expect(returnMock).toHaveBeenLastCalledWith({ premiumId: 3, assetReturnUnits: 0 });
    expect((await within(dialog).findByTestId('portfolio-return-saved')).textContent).toBe(
      'Request cancelled: all units renew at expiry.',
    );
  });

  it('is closed after expiry, and says so', async () => {
    holding({ kind: 'fixed-pro', canRequestReturn: false, maxReturnUnits: 12 });
    renderAt('/portfolio/earn/USDT-034R/asset-return');
    const dialog = await screen.findByTestId('portfolio-return-dialog');
    expect(within(dialog).getByTestId('portfolio-return-blocked').textContent).toBe(
      'Asset Return can only be requested before expiry.',
    );
    expect(
      (within(dialog).getByTestId('portfolio-return-units') as HTMLInputElement).disabled,
    ).toBe(true);
  });
});

describe('MyPremiumDetailPage: early redemption', () => {
  beforeEach(() =>
    holding({
      canRedeem: true,
      redeemableUntil: '2021-12-13T16:00:00.000Z',
      redeemBcntEstimate: '24000.123456789',
    }),
  );

  it('states the BCNT amount, asks for the final confirmation, then redeems once', async () => {
    const user = userEvent.setup();
    leaveMock.mockResolvedValue(
      subscription({ state: 'canceled', redeemedBcnt: '24000.2', canRedeem: false }),
    );
    renderAt('/portfolio/earn/USDT-034R');
    expect((await screen.findByTestId('portfolio-redeem-note')).textContent).toBe(
      'Possible until 2021/12/14 00:00 (UTC+8), one day before expiry. Paid in BCNT, final.',
    );
    await user.click(screen.getByTestId('portfolio-redeem-open'));
    const dialog = await screen.findByTestId('portfolio-redeem-dialog');
    expect(within(dialog).getByTestId('portfolio-redeem-bcnt').textContent).toBe('24,000.12 BCNT');
    expect(within(dialog).getByTestId('portfolio-redeem-principal').textContent).toBe('1,200 USDT');
    expect(dialog.textContent).toContain('final and irreversible');
    const confirm = within(dialog).getByTestId('portfolio-redeem-confirm') as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    await user.click(within(dialog).getByTestId('portfolio-redeem-understood'));
    expect(confirm.disabled).toBe(false);
    await user.click(confirm);
    expect((await within(dialog).findByTestId('portfolio-redeem-done')).textContent).toBe(
      'Redeemed. 24,000.20 BCNT has been paid to your wallet.',
    );
    expect(leaveMock).toHaveBeenCalledTimes(1);
    expect(leaveMock.mock.calls[0]![0]).toEqual({ premiumId: 3, action: 'redeem' });
  });

  it('translates a refusal (the day before expiry has passed)', async () => {
    const user = userEvent.setup();
    leaveMock.mockRejectedValue(refusal('earn_redemption_closed'));
    renderAt('/portfolio/earn/USDT-034R');
    await user.click(await screen.findByTestId('portfolio-redeem-open'));
    await user.click(await screen.findByTestId('portfolio-redeem-understood'));
    await user.click(screen.getByTestId('portfolio-redeem-confirm'));
    expect((await screen.findByTestId('portfolio-redeem-error')).textContent).toContain(
      'one day before expiry',
    );
  });

  it('is disabled with the reason once closed', async () => {
    holding({ canRedeem: false, redeemableUntil: '2021-12-13T16:00:00.000Z' });
    renderAt('/portfolio/earn/USDT-034R');
    expect((await screen.findByTestId('portfolio-redeem-note')).textContent).toBe(
      'Early redemption closed at 2021/12/14 00:00 (UTC+8), one day before expiry.',
    );
    expect((screen.getByTestId('portfolio-redeem-open') as HTMLButtonElement).disabled).toBe(true);
  });

  it('speaks Simplified Chinese', async () => {
    renderAt('/portfolio/earn/USDT-034R', 'zh-CN');
    expect(await screen.findByRole('heading', { level: 1, name: 'USDT 三个月期' })).toBeTruthy();
    expect(fact('state')).toBe('运行中');
    expect(screen.getByTestId('portfolio-redeem-open').textContent).toBe('提前赎回');
  });
});

describe('MyPremiumDetailPage: NAV products and a Flagship early termination', () => {
  const flagship = {
    kind: 'flagship' as const,
    serialNumber: 'USDT-050S',
    currentRate: null,
    autoRenew: false,
    nextRenewalAt: null,
    canSetRenew: false,
    startNav: '1.0000',
    latestNav: '1.0420',
    latestNavDay: '2021-10-20',
    itdReturn: 4.2,
    ytdReturn: -1.5,
    excessReward: '3.5',
    feesCharged: '0',
    highWatermark: null,
    awaitingNav: true,
    currentValue: '1250.4',
    profitLoss: '50.4',
    canRedeem: true,
    redeemableUntil: '2021-12-13T16:00:00.000Z',
    earlyTerminationFee: '60',
    earlyTerminationFeePct: 5,
  };

  it("shows the NAV facts and the movements' details", async () => {
    detailMock.mockResolvedValue({
      product: productDetail({ kind: 'flagship', renewable: false, levelRates: null }),
      subscription: subscription(flagship),
    });
    historyMock.mockResolvedValue({
      list: [
        { ...reward(50, '2021-10-15'), detail: 'excess', rate: null, level: null },
        {
          ...reward(49, '2021-10-01'),
          kind: 'fee',
          detail: 'management',
          amount: '-1.5',
          rate: null,
          level: null,
        },
      ],
      total: 2,
      page: 1,
      pageSize: 10,
    });
    renderAt('/portfolio/earn/USDT-050S');
    await screen.findByTestId('portfolio-facts');
    expect(fact('start-nav')).toBe('1.0000');
    expect(fact('latest-nav')).toBe('1.0420 (2021/10/20)');
    expect(fact('itd-return')).toBe('+4.2%');
    expect(fact('ytd-return')).toBe('-1.5%');
    expect(fact('excess')).toBe('3.50 USDT');
    expect(fact('value')).toBe('1,250.4 USDT');
    expect(fact('profit-loss')).toBe('50.4 USDT');
    expect(fact('awaiting-nav')).toBe('Waiting for the NAV to be posted');
    expect(screen.queryByTestId('portfolio-fact-fees')).toBeNull();
    expect(screen.queryByTestId('portfolio-fact-rate')).toBeNull();
    expect(screen.queryByTestId('portfolio-action-auto-renew')).toBeNull();
    expect(screen.queryByTestId('portfolio-action-redeem')).toBeNull();
    const kinds = (await screen.findAllByTestId('portfolio-event-kind')).map(
      (cell) => cell.textContent,
    );
    expect(kinds).toEqual(['Excess share', 'Management fee']);
  });

  it('terminates early after a confirmation stating the fee and what comes back', async () => {
    const user = userEvent.setup();
    detailMock.mockResolvedValue({
      product: productDetail({ kind: 'flagship', renewable: false, levelRates: null }),
      subscription: subscription(flagship),
    });
    leaveMock.mockResolvedValue(
      subscription({ ...flagship, state: 'canceled', returnAmount: '1140', canRedeem: false }),
    );
    renderAt('/portfolio/earn/USDT-050S');
    expect((await screen.findByTestId('portfolio-terminate-note')).textContent).toBe(
      'Possible until 2021/12/14 00:00 (UTC+8), one day before expiry, for a fee: 5% within the first 6 months of the term, 3.5% after.',
    );
    await user.click(screen.getByTestId('portfolio-terminate-open'));
    const dialog = await screen.findByTestId('portfolio-terminate-dialog');
    expect(within(dialog).getByTestId('portfolio-terminate-principal').textContent).toBe(
      '1,200 USDT',
    );
    expect(within(dialog).getByTestId('portfolio-terminate-fee').textContent).toBe('-60 USDT');
    expect(within(dialog).getByTestId('portfolio-terminate-back').textContent).toBe('1,140 USDT');
    expect(dialog.textContent).toContain('Early termination fee (5%)');
    const confirm = within(dialog).getByTestId('portfolio-terminate-confirm') as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    await user.click(within(dialog).getByTestId('portfolio-terminate-understood'));
    await user.click(confirm);
    expect((await within(dialog).findByTestId('portfolio-terminate-done')).textContent).toBe(
      'Terminated. 1,140 USDT has been paid to your wallet.',
    );
    expect(leaveMock).toHaveBeenCalledTimes(1);
    expect(leaveMock.mock.calls[0]![0]).toEqual({ premiumId: 3, action: 'redeem' });
  });
});

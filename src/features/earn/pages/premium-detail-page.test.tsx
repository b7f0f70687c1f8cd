import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  checkEarnJoin,
  getEarnDetail,
  getEarnGuestDetail,
  getEarnNav,
  joinEarnProduct,
} from '../../../services/earn';
import { ApiError } from '../../../services/http-client';
import { getKycStatus } from '../../../services/kyc';
import { clearLoginInfo, setLoginInfo } from '../../../services/session';
import type { EarnSubscription } from '../../../shared/api/earn';
import { checkJoin, productDetail, renderEarn, subscription } from '../test-utils';
import PremiumDetailPage from './premium-detail-page';

vi.mock('../../../services/earn', () => ({
  getEarnGuestDetail: vi.fn(),
  getEarnDetail: vi.fn(),
  checkEarnJoin: vi.fn(),
  joinEarnProduct: vi.fn(),
  getEarnNav: vi.fn(),
}));
vi.mock('react-apexcharts', () => ({
  default: ({ type }: { type: string }) => <div data-testid="apex-chart" data-type={type} />,
}));
vi.mock('../../../services/kyc', () => ({ getKycStatus: vi.fn() }));

const guestMock = vi.mocked(getEarnGuestDetail);
const detailMock = vi.mocked(getEarnDetail);
const checkMock = vi.mocked(checkEarnJoin);
const joinMock = vi.mocked(joinEarnProduct);
const kycMock = vi.mocked(getKycStatus);
const navMock = vi.mocked(getEarnNav);

const ROUTE = '/:type/:sn?';
const kycLevel = (status: number) =>
  kycMock.mockResolvedValue({ selfUserKYCStatus: status } as Awaited<
    ReturnType<typeof getKycStatus>
  >);
const renderAt = (route: string, lng?: string) =>
  renderEarn(<PremiumDetailPage />, { route, path: ROUTE, lng });
const location = () => screen.getByTestId('location').textContent;
const fact = (id: string) => screen.getByTestId(`earn-fact-${id}`).textContent;

const ALL_CONSENTS = checkJoin().consents;
const refusal = (message: string, httpStatus = 400) =>
  new ApiError({ message, status: httpStatus, httpStatus, call: 'POST /api/v1/premium2/Join' });

beforeEach(() => {
  // reset, not clear: answers queued by a test that failed early must not reach the next one
  vi.resetAllMocks();
  guestMock.mockResolvedValue(productDetail());
  detailMock.mockResolvedValue({ product: productDetail(), subscription: null });
  checkMock.mockResolvedValue(checkJoin());
});
afterEach(() => clearLoginInfo());

describe('PremiumDetailPage for visitors (GuestDetail)', () => {
  it('shows the product, its terms in UTC+8 and level rates, and a Log in / Sign up call to action', async () => {
    renderAt('/fixed/USDT-034R');
    expect(await screen.findByRole('heading', { level: 1, name: 'USDT 3-month' })).toBeTruthy();
    expect(screen.getByTestId('earn-detail').getAttribute('data-viewer')).toBe('guest');
    expect(screen.getByTestId('earn-detail-sn').textContent).toBe('USDT-034R');
    expect(screen.getByTestId('earn-detail-state').textContent).toBe('Fundraising');
    expect(fact('min')).toBe('1,000 USDT');
    expect(fact('per-unit')).toBe('100 USDT');
    expect(fact('units')).toBe('10 to 500 units');
    expect(fact('term')).toBe('3 months');
    expect(fact('risk')).toBe('Risk 1 of 5');
    expect(fact('settlement')).toBe('Daily');
    expect(fact('raise')).toBe('2021/09/06 02:00 to 2021/09/15 07:59 (UTC+8)');
    expect(fact('contract')).toBe('2021/09/15 to 2021/12/15 (UTC+8)');
    expect(fact('return')).toContain('Up to 10.5%');
    const rates = screen.getAllByTestId('earn-rate-row').map((row) => row.textContent);
    expect(rates).toEqual(['Level 18%', 'Level 29%', 'Level 310.5%', 'Level 412%']);

    const cta = screen.getByTestId('earn-guest-cta');
    expect(within(cta).getByRole('heading', { name: 'Log in or sign up to join' })).toBeTruthy();
    expect(screen.getByTestId('earn-guest-login').getAttribute('href')).toBe('/login');
    expect(screen.getByTestId('earn-guest-signup').getAttribute('href')).toBe('/register');
    expect(screen.getByTestId('earn-terms-link').getAttribute('href')).toBe(
      '/terms-earn/USDT-034R',
    );
    expect(screen.queryByTestId('earn-join')).toBeNull();
    expect(guestMock).toHaveBeenCalledWith('USDT-034R');
    expect(detailMock).not.toHaveBeenCalled();
    expect(kycMock).not.toHaveBeenCalled();
  });

  it('reads in the active language', async () => {
    renderAt('/fixed/USDT-034R', 'zh-CN');
    expect(await screen.findByRole('heading', { level: 1, name: 'USDT 三个月期' })).toBeTruthy();
    expect(screen.getByTestId('earn-guest-login').textContent).toBe('登录');
    expect(fact('contract')).toBe('2021/09/15 至 2021/12/15（UTC+8）');
  });

  it('goes to the dashboard tab of the kind without a serial number, or with a token symbol', async () => {
    renderAt('/fixed');
    await screen.findByTestId('dashboard-stub');
    expect(location()).toBe('/earn?tab=stable');
  });

  it('sends a token symbol path to the tab of its kind', async () => {
    renderAt('/mixed/USDT');
    await screen.findByTestId('dashboard-stub');
    expect(location()).toBe('/earn?tab=mixed');
    expect(guestMock).not.toHaveBeenCalled();
  });

  it('puts a product under its own kind in the path', async () => {
    renderAt('/mixed/USDT-034R');
    await waitFor(() => expect(location()).toBe('/fixed/USDT-034R'));
    expect(await screen.findByTestId('earn-guest-cta')).toBeTruthy();
  });

  it('says when the product cannot be read, translated, with a retry', async () => {
    guestMock.mockRejectedValueOnce(
      new ApiError({ message: 'earn_product_not_found', status: 404, httpStatus: 404, call: 'x' }),
    );
    renderAt('/fixed/USDT-034R');
    const error = await screen.findByTestId('earn-detail-error');
    expect(error.textContent).toContain('This product does not exist or is not available to you.');
    await userEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('earn-guest-cta')).toBeTruthy();
  });
});

describe('PremiumDetailPage for members (Detail)', () => {
  beforeEach(() => setLoginInfo({ token: 'tok', expiredTime: Date.now() + 3_600_000 }));

  it('shows the subscription block and no Join once the subscription runs', async () => {
    kycLevel(4);
    detailMock.mockResolvedValue({ product: productDetail(), subscription: subscription() });
    renderAt('/fixed/USDT-034R');
    const block = await screen.findByTestId('earn-subscription');
    expect(screen.getByTestId('earn-detail').getAttribute('data-viewer')).toBe('member');
    const value = (id: string) => within(block).getByTestId(`earn-sub-${id}`).textContent;
    expect(value('state')).toBe('Running');
    expect(value('units')).toBe('12');
    expect(value('invested')).toBe('1,200 USDT');
    // rewards at the precision table's interest places, cut towards zero
    expect(value('reward')).toBe('12.34 USDT');
    expect(value('rate')).toBe('9% (level 2)');
    expect(value('expiry')).toBe('2021/12/15 (UTC+8)');
    expect(value('renew')).toBe('On');
    expect(screen.getByText('Level 2 (your level)')).toBeTruthy();
    expect(screen.queryByTestId('earn-join')).toBeNull();
    expect(screen.queryByTestId('earn-guest-cta')).toBeNull();
    expect(detailMock).toHaveBeenCalledWith('USDT-034R');
    expect(guestMock).not.toHaveBeenCalled();
  });

  it('shows the KYC prompt instead of Join to a member whose identity is not verified', async () => {
    kycLevel(2);
    renderAt('/fixed/USDT-034R');
    const gate = await screen.findByTestId('earn-kyc-gate');
    expect(gate.textContent).toContain('Joining a product opens once your identity is verified.');
    expect(screen.queryByTestId('earn-join-open')).toBeNull();
    expect(checkMock).not.toHaveBeenCalled();
    await userEvent.click(screen.getByTestId('earn-kyc-verify'));
    const prompt = await screen.findByTestId('kyc-gate-prompt');
    expect(prompt.textContent).toContain(
      'Identity verification is needed before you can subscribe to a product.',
    );
    expect(screen.getByTestId('kyc-gate-verify').getAttribute('href')).toBe('/kyc');
  });

  it('says why the member may not join (CheckJoin), translated, without a Join button', async () => {
    kycLevel(4);
    checkMock.mockResolvedValue(checkJoin({ canJoin: false, reason: 'earn_not_raising' }));
    renderAt('/fixed/USDT-034R');
    expect((await screen.findByTestId('earn-join-unavailable')).textContent).toBe(
      'This product is not open for subscription now.',
    );
    expect(screen.queryByTestId('earn-join-open')).toBeNull();
  });

  it('the join form: units within CheckJoin bounds, amount = units x perUnit, balance, consents', async () => {
    kycLevel(4);
    renderAt('/fixed/USDT-034R');
    await userEvent.click(await screen.findByTestId('earn-join-open'));
    const dialog = await screen.findByTestId('earn-join-dialog');
    expect(within(dialog).getByRole('heading', { name: 'Join USDT 3-month' })).toBeTruthy();
    expect(within(dialog).getByTestId('earn-join-available').textContent).toBe('2,500.50 USDT');
    // the consents link the product's terms, in a new tab (the dialog and the join stay)
    const terms = within(dialog).getByTestId('earn-join-terms');
    expect(terms.getAttribute('href')).toBe('/terms-earn/USDT-034R');
    expect(terms.getAttribute('target')).toBe('_blank');
    expect(terms.getAttribute('rel')).toContain('noopener');
    expect(terms.textContent).toBe('Read the product terms (opens in a new tab)');
    const units = within(dialog).getByTestId('earn-join-units') as HTMLInputElement;

    // letters are not taken
    await userEvent.type(units, '1x2');
    expect(units.value).toBe('12');
    expect(within(dialog).getByTestId('earn-join-amount').textContent).toBe('1,200 USDT');

    // below the minimum: said once the field is left
    await userEvent.clear(units);
    await userEvent.type(units, '5');
    expect(within(dialog).queryByText('The minimum is 10 units.')).toBeNull();
    await userEvent.tab();
    expect(within(dialog).getByText('The minimum is 10 units.')).toBeTruthy();

    // Max fills CheckJoin's maximum; more than the balance is refused before sending
    await userEvent.click(within(dialog).getByTestId('earn-join-max'));
    expect(units.value).toBe('500');
    expect(within(dialog).getByTestId('earn-join-amount').textContent).toBe('50,000 USDT');
    expect(within(dialog).getByTestId('earn-join-balance-error')).toBeTruthy();

    // every consent the product asks for, in words
    const boxes = ALL_CONSENTS.map((consent) =>
      within(dialog).getByTestId(`earn-consent-${consent}`),
    );
    expect(boxes).toHaveLength(5);
    expect(dialog.textContent).toContain(
      'I am not a resident or citizen of, nor located in, the United States or Japan.',
    );
    await userEvent.clear(units);
    await userEvent.type(units, '12');
    await userEvent.click(within(dialog).getByTestId('earn-join-confirm'));
    expect(within(dialog).getByTestId('earn-join-consent-error').textContent).toBe(
      'Tick every box to join.',
    );
    expect(joinMock).not.toHaveBeenCalled();
  });

  it('joins with units and consents under one Idempotency-Key, the same key on retry, then says what happened', async () => {
    kycLevel(4);
    joinMock
      .mockRejectedValueOnce(new ApiError({ message: 'network_error', call: 'POST Join' }))
      .mockResolvedValueOnce(subscription({ state: 'raising', canAddMore: true }));
    renderAt('/fixed/USDT-034R');
    await userEvent.click(await screen.findByTestId('earn-join-open'));
    const dialog = await screen.findByTestId('earn-join-dialog');
    await userEvent.type(within(dialog).getByTestId('earn-join-units'), '12');
    for (const consent of ALL_CONSENTS)
      await userEvent.click(within(dialog).getByTestId(`earn-consent-${consent}`));
    await userEvent.click(within(dialog).getByTestId('earn-join-confirm'));

    expect((await within(dialog).findByTestId('earn-join-error')).textContent).toBe(
      'Network error. Check your connection and try again.',
    );
    expect(joinMock).toHaveBeenCalledTimes(1);
    const [body, key] = joinMock.mock.calls[0]!;
    expect(body).toEqual({ premiumId: 3, units: 12, consents: ALL_CONSENTS, autoRenew: true }); // on by default
    expect(key).toMatch(/^[A-Za-z0-9_-]{8,100}$/);

    // Confirm again: the same join, the same key (a lost answer never subscribes twice)
    await userEvent.click(within(dialog).getByTestId('earn-join-confirm'));
    const success = await within(dialog).findByTestId('earn-join-success');
    expect(joinMock).toHaveBeenCalledTimes(2);
    expect(joinMock.mock.calls[1]).toEqual([body, key]);
    expect(success.textContent).toContain('Subscription confirmed');
    expect(within(success).getByTestId('earn-join-success-text').textContent).toBe(
      '12 units of USDT 3-month: 1,200 USDT left your available balance.',
    );
    expect(success.textContent).toContain('The contract starts on 2021/09/15 (UTC+8).');

    // the next join is another action: a new key
    await userEvent.click(within(success).getByTestId('earn-join-done'));
    await waitFor(() => expect(screen.queryByTestId('earn-join-dialog')).toBeNull());
    joinMock.mockResolvedValueOnce(subscription({ state: 'raising', units: 22 }));
    await userEvent.click(screen.getByTestId('earn-join-open'));
    const again = await screen.findByTestId('earn-join-dialog');
    expect((within(again).getByTestId('earn-join-units') as HTMLInputElement).value).toBe('');
    await userEvent.type(within(again).getByTestId('earn-join-units'), '10');
    for (const consent of ALL_CONSENTS)
      await userEvent.click(within(again).getByTestId(`earn-consent-${consent}`));
    await userEvent.click(within(again).getByTestId('earn-join-confirm'));
    await within(again).findByTestId('earn-join-success');
    expect(joinMock).toHaveBeenCalledTimes(3);
    expect(joinMock.mock.calls[2]![1]).not.toBe(key);
  });

  it('a changed join after a failure is another action with a new key', async () => {
    kycLevel(4);
    joinMock.mockRejectedValue(refusal('earn_sold_out'));
    renderAt('/fixed/USDT-034R');
    await userEvent.click(await screen.findByTestId('earn-join-open'));
    const dialog = await screen.findByTestId('earn-join-dialog');
    const units = within(dialog).getByTestId('earn-join-units');
    await userEvent.type(units, '20');
    for (const consent of ALL_CONSENTS)
      await userEvent.click(within(dialog).getByTestId(`earn-consent-${consent}`));
    await userEvent.click(within(dialog).getByTestId('earn-join-confirm'));
    await within(dialog).findByTestId('earn-join-error');
    await userEvent.clear(units);
    await userEvent.type(units, '11');
    // the refusal belonged to the other join
    expect(within(dialog).queryByTestId('earn-join-error')).toBeNull();
    await userEvent.click(within(dialog).getByTestId('earn-join-confirm'));
    await waitFor(() => expect(joinMock).toHaveBeenCalledTimes(2));
    expect(joinMock.mock.calls[1]![0].units).toBe(11);
    expect(joinMock.mock.calls[1]![1]).not.toBe(joinMock.mock.calls[0]![1]);
  });

  it.each([
    ['earn_sold_out', 'en-US', 'Subscription limit achieved.'],
    ['Insufficient Balance.', 'en-US', 'Insufficient Balance.'],
    ['earn_not_raising', 'en-US', 'This product is not open for subscription now.'],
    ['kyc_required', 'en-US', 'Verify your identity to join products.'],
    ['earn_sold_out', 'zh-TW', '已達申購上限。'],
    ['earn_above_max_units', 'zh-CN', '超过您在此产品仍可申购的单位。'],
  ])('translates the refusal %s (%s)', async (message, lng, text) => {
    kycLevel(4);
    joinMock.mockRejectedValue(refusal(message));
    renderAt('/fixed/USDT-034R', lng);
    await userEvent.click(await screen.findByTestId('earn-join-open'));
    const dialog = await screen.findByTestId('earn-join-dialog');
    await userEvent.type(within(dialog).getByTestId('earn-join-units'), '12');
    for (const consent of ALL_CONSENTS)
      await userEvent.click(within(dialog).getByTestId(`earn-consent-${consent}`));
    await userEvent.click(within(dialog).getByTestId('earn-join-confirm'));
    expect((await within(dialog).findByTestId('earn-join-error')).textContent).toBe(text);
  });

  it('translates a refused consent (a validation refusal names the field)', async () => {
    kycLevel(4);
    joinMock.mockRejectedValue(
      new ApiError({
        message: 'validation_failed',
        status: 400,
        httpStatus: 400,
        call: 'POST Join',
        data: { issues: [{ field: 'consents.notices', message: 'earn_consent_missing' }] },
      }),
    );
    renderAt('/fixed/USDT-034R');
    await userEvent.click(await screen.findByTestId('earn-join-open'));
    const dialog = await screen.findByTestId('earn-join-dialog');
    await userEvent.type(within(dialog).getByTestId('earn-join-units'), '12');
    for (const consent of ALL_CONSENTS)
      await userEvent.click(within(dialog).getByTestId(`earn-consent-${consent}`));
    await userEvent.click(within(dialog).getByTestId('earn-join-confirm'));
    expect((await within(dialog).findByTestId('earn-join-error')).textContent).toBe(
      'Tick every required box to join.',
    );
  });

  it('offers Add more while the subscription is fundraising, without the auto-renew choice', async () => {
    kycLevel(4);
    const held: EarnSubscription = subscription({ state: 'raising', canAddMore: true });
    detailMock.mockResolvedValue({ product: productDetail(), subscription: held });
    checkMock.mockResolvedValue(
      checkJoin({ addMore: true, minUnits: 1, maxUnits: 488, unitsHeld: 12 }),
    );
    joinMock.mockResolvedValue({ ...held, units: 14 });
    renderAt('/fixed/USDT-034R');
    expect((await screen.findByTestId('earn-subscription')).getAttribute('data-state')).toBe(
      'raising',
    );
    await userEvent.click(await screen.findByTestId('earn-join-open'));
    const dialog = await screen.findByTestId('earn-join-dialog');
    expect(screen.getByTestId('earn-join-open').textContent).toBe('Add more');
    expect(within(dialog).getByRole('heading', { name: 'Add more to USDT 3-month' })).toBeTruthy();
    expect(within(dialog).queryByTestId('earn-join-auto-renew')).toBeNull();
    await userEvent.type(within(dialog).getByTestId('earn-join-units'), '2');
    for (const consent of ALL_CONSENTS)
      await userEvent.click(within(dialog).getByTestId(`earn-consent-${consent}`));
    await userEvent.click(within(dialog).getByTestId('earn-join-confirm'));
    expect((await within(dialog).findByTestId('earn-join-success')).textContent).toContain(
      'Units added',
    );
    expect(joinMock.mock.calls[0]![0]).toEqual({ premiumId: 3, units: 2, consents: ALL_CONSENTS });
  });
});

describe('PremiumDetailPage for NAV products (performance)', () => {
  const fusion = () =>
    productDetail({
      serialNumber: 'USDT-035S',
      kind: 'mixed',
      productType: 2,
      strategy: 'fusion',
      stakeInterestAPYLv3: null,
      levelRates: null,
      itdReturn: 5.23,
      ytdReturn: 4.1,
      sharpeRatio: 1.234,
    });
  const NAV = [
    { day: '2026-06-01', nav: '1', drawdown: 0 },
    { day: '2026-06-02', nav: '1.1', drawdown: 0 },
    { day: '2026-06-03', nav: '0.99', drawdown: -10 },
    { day: '2026-06-04', nav: '1.0523', drawdown: -4.34 },
  ];

  it('shows the key figures, the NAV and the drawdown computed from it, after the terms', async () => {
    guestMock.mockResolvedValue(fusion());
    navMock.mockResolvedValue({ list: NAV });
    renderAt('/mixed/USDT-035S');
    const performance = await screen.findByTestId('earn-performance');
    await waitFor(() => expect(performance.getAttribute('data-state')).toBe('data'));
    expect(navMock).toHaveBeenCalledWith('USDT-035S', { asMember: false });
    expect(screen.getByTestId('earn-performance-nav').textContent).toBe('1.0523');
    expect(screen.getByTestId('earn-performance-itd').textContent).toBe('+5.23%');
    expect(screen.getByTestId('earn-performance-ytd').textContent).toBe('+4.1%');
    expect(screen.getByTestId('earn-performance-drawdown').textContent).toBe('-10%');
    expect(screen.getByTestId('earn-performance-sharpe').textContent).toBe('1.23');
    expect(screen.getByTestId('earn-chart-nav').getAttribute('data-state')).toBe('data');
    expect(screen.getByTestId('earn-chart-drawdown').getAttribute('data-state')).toBe('data');
    expect(await screen.findAllByTestId('apex-chart')).toHaveLength(2);
    // the block comes after the terms and the call to action
    const terms = screen.getByTestId('earn-terms');
    expect(
      terms.compareDocumentPosition(performance) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(
      screen.getByTestId('earn-guest-cta').compareDocumentPosition(performance) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('says when no NAV has been posted yet, and retries a failed read', async () => {
    guestMock.mockResolvedValue(fusion());
    navMock.mockRejectedValueOnce(new Error('network')).mockResolvedValue({ list: [] });
    renderAt('/mixed/USDT-035S');
    const error = await screen.findByTestId('earn-performance-error');
    expect(error.textContent).toContain('The NAV history could not be loaded.');
    await userEvent.click(within(error).getByRole('button'));
    expect(await screen.findByTestId('earn-chart-nav-empty')).toBeTruthy();
    expect(screen.getByTestId('earn-chart-drawdown').getAttribute('data-state')).toBe('empty');
    expect(screen.queryByTestId('earn-chart-return')).toBeNull();
  });

  it('is not shown for rate products (no NAV is read)', async () => {
    renderAt('/fixed/USDT-034R');
    expect(await screen.findByTestId('earn-terms')).toBeTruthy();
    expect(screen.queryByTestId('earn-performance')).toBeNull();
    expect(navMock).not.toHaveBeenCalled();
  });
});

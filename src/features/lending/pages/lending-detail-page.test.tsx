import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockExports } from '../../../components/testing/mock-exports';
import * as exchangeApiKeys from '../../../services/exchange-api-keys';
import { ApiError } from '../../../services/http-client';
import * as lending from '../../../services/lending';
import {
  apiKey,
  balance,
  check,
  fee,
  history,
  lendingStrategy,
  lendingSubscription,
  renderLending,
} from '../test-utils';
import LendingDetailPage from './lending-detail-page';

mockExports(exchangeApiKeys, { listApiKeys: vi.fn() });
mockExports(lending, {
  checkLendingSubscription: vi.fn(),
  getLendingExchangeBalance: vi.fn(),
  getLendingInterestHistory: vi.fn(),
  getLendingStrategy: vi.fn(),
  getLendingSubscriptionFee: vi.fn(),
  lendingWrite: vi.fn(),
});

const refusal = (message: string) =>
  new ApiError({ message, status: 400, httpStatus: 400, call: 'lending' });

const renderPage = (lng?: string) =>
  renderLending(<LendingDetailPage />, { route: '/lending-bot/1', path: '/lending-bot/:id', lng });

const page = () => screen.getByTestId('lending-detail');
const fact = (id: string) => screen.getByTestId(`lending-fact-${id}`).textContent;

beforeEach(() => {
  vi.resetAllMocks();
  vi.mocked(lending.getLendingStrategy).mockResolvedValue({ strategy: lendingStrategy() });
  vi.mocked(lending.getLendingSubscriptionFee).mockResolvedValue(fee());
  vi.mocked(lending.checkLendingSubscription).mockResolvedValue(check());
  vi.mocked(exchangeApiKeys.listApiKeys).mockResolvedValue({ list: [apiKey()] });
  vi.mocked(lending.getLendingExchangeBalance).mockResolvedValue(balance());
  vi.mocked(lending.getLendingInterestHistory).mockResolvedValue(history());
});

describe('LendingDetailPage (/lending-bot/{id})', () => {
  it('loads, then shows the product and the wizard when the member has no subscription', async () => {
    renderPage();
    expect(page().getAttribute('data-state')).toBe('loading');
    expect(screen.getByTestId('lending-detail-loading')).toBeTruthy();
    expect(await screen.findByTestId('lending-wizard')).toBeTruthy();
    expect(page().getAttribute('data-state')).toBe('none');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('USDT lending bot');
    expect(screen.getByTestId('lending-product-fee').textContent).toBe('5.00 USDT per 30 days');
    expect(screen.getByTestId('lending-product-bcnt').textContent).toBe('20% off');
    expect(screen.getByTestId('lending-product-exchangeFee').textContent).toBe('15%');
    expect(screen.getByTestId('lending-product-minRate').textContent).toBe('0.0100%');
    expect(screen.getByTestId('lending-product-recommended').textContent).toBe('500.00 USDT');
    expect(vi.mocked(lending.checkLendingSubscription)).toHaveBeenCalledWith(1);
  });

  it('shows a failed load with a retry', async () => {
    vi.mocked(lending.checkLendingSubscription).mockRejectedValueOnce(refusal('network_error'));
    renderPage();
    expect(await screen.findByTestId('lending-detail-error')).toBeTruthy();
    expect(page().getAttribute('data-state')).toBe('error');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('lending-wizard')).toBeTruthy();
  });

  it('a key imported in another tab is usable when the member comes back', async () => {
    vi.mocked(exchangeApiKeys.listApiKeys).mockResolvedValue({ list: [] });
    vi.mocked(lending.checkLendingSubscription).mockResolvedValue(check({ keys: [] }));
    renderPage();
    expect(await screen.findByTestId('lending-wizard-no-keys')).toBeTruthy();
    vi.mocked(exchangeApiKeys.listApiKeys).mockResolvedValue({ list: [apiKey()] });
    vi.mocked(lending.checkLendingSubscription).mockResolvedValue(check());
    window.dispatchEvent(new Event('visibilitychange'));
    const choice = await screen.findByTestId('lending-wizard-key-choice');
    await vi.waitFor(() =>
      expect(within(choice).getByRole('radio')).toHaveProperty('disabled', false),
    );
  });

  it('runs the wizard to an active subscription and then shows it', async () => {
    const user = userEvent.setup();
    vi.mocked(lending.lendingWrite).mockResolvedValue({ subscription: lendingSubscription() });
    renderPage();
    const [key] = await screen.findAllByTestId('lending-wizard-key-choice');
    await user.click(within(key!).getByRole('radio'));
    await user.click(screen.getByTestId('lending-wizard-next'));
    await user.type(await screen.findByTestId('lending-wizard-idle'), '800');
    await user.click(screen.getByTestId('lending-wizard-consent'));
    vi.mocked(lending.checkLendingSubscription).mockResolvedValue(
      check({ subscription: lendingSubscription(), trialUsed: true }),
    );
    await user.click(screen.getByTestId('lending-wizard-confirm'));
    expect((await screen.findByTestId('lending-subscribed')).textContent).toContain(
      'Subscribed (Free trial)',
    );
    expect(screen.queryByTestId('lending-wizard')).toBeNull();
    expect(await screen.findByTestId('lending-subscription')).toBeTruthy();
  });

  it("shows the subscription's figures (read now from the exchange), deals, charges and the trial", async () => {
    vi.mocked(lending.checkLendingSubscription).mockResolvedValue(
      check({ subscription: lendingSubscription(), trialUsed: true }),
    );
    renderPage();
    await screen.findByTestId('lending-subscription');
    expect(page().getAttribute('data-state')).toBe('trial');
    expect(screen.getByTestId('lending-state').textContent).toBe('Free trial');
    expect(fact('lendingAsset')).toBe('USDT');
    expect(fact('paymentAsset')).toBe('USDT');
    expect(fact('subscriptionFee')).toBe('5.00 USDT after the trial');
    expect(fact('apiKeyStatus')).toBe('Correct');
    expect(fact('autoRenew')).toBe('On');
    expect(fact('date')).toBe('2026/11/24');
    expect(fact('recommendedMinimum')).toBe('500.00 USDT');
    // the exchange's figures read now replace the bot's last read
    await vi.waitFor(() => expect(fact('idleAssets')).toBe('612.34 USDT'));
    expect(fact('lockedIdleAssets')).toBe('212.34 USDT');
    expect(fact('totalAssets')).toBe('999.99 USDT');
    expect(screen.getByTestId('lending-notice-trial').textContent).toBe(
      'Free trial until 2026/11/24. Then 5.00 USDT is charged from your wallet.',
    );

    const [deal] = await screen.findAllByTestId('lending-deal');
    expect(deal!.textContent).toContain('100231');
    expect(within(deal!).getByTestId('lending-deal-return').textContent).toBe('7.30%');
    expect(within(deal!).getByTestId('lending-deal-reward').textContent).toBe('0.085000 USDT');
    expect(screen.getByTestId('lending-exchange-fee-total').textContent).toBe('0.217864 USDT');
    expect(screen.getByTestId('lending-interest-total').textContent).toBe('1.234567 USDT');
    const [charge] = screen.getAllByTestId('lending-charge');
    expect(charge!.getAttribute('data-kind')).toBe('trial');
    expect(within(charge!).getByTestId('lending-charge-amount').textContent).toBe('Free');
  });

  it('shows at most the 10 latest deals', async () => {
    const deal = history().deals[0]!;
    vi.mocked(lending.getLendingInterestHistory).mockResolvedValue(
      history({
        deals: Array.from({ length: 12 }, (_, index) => ({
          ...deal,
          exchangeNumber: String(200 + index),
        })),
      }),
    );
    vi.mocked(lending.checkLendingSubscription).mockResolvedValue(
      check({ subscription: lendingSubscription({ state: 'active' }) }),
    );
    renderPage();
    expect(await screen.findAllByTestId('lending-deal')).toHaveLength(10);
  });

  it('says what comes before the first deal', async () => {
    vi.mocked(lending.getLendingInterestHistory).mockResolvedValue(history({ deals: [] }));
    vi.mocked(lending.checkLendingSubscription).mockResolvedValue(
      check({ subscription: lendingSubscription() }),
    );
    renderPage();
    expect((await screen.findByTestId('lending-deals-empty')).textContent).toContain(
      "Deals show here when borrowers take the bot's offers.",
    );
  });

  it('asks to reset an incorrect key and says the renewal could not be paid', async () => {
    vi.mocked(lending.checkLendingSubscription).mockResolvedValue(
      check({
        subscription: lendingSubscription({
          state: 'active',
          apiKeyStatus: 'incorrect',
          pauseReason: 'api_key',
          paymentFailed: true,
          periodEndsAt: '2026-12-24T02:00:00.000Z',
        }),
      }),
    );
    renderPage();
    const key = await screen.findByTestId('lending-notice-api-key');
    expect(key.textContent).toContain(
      'Lending API key incorrect: reset the key on the exchange to keep reward distribution.',
    );
    expect(within(key).getByRole('link').getAttribute('href')).toBe('/api-keys');
    expect(screen.getByTestId('lending-state').textContent).toBe('Paused: API key');
    expect(screen.getByTestId('lending-notice-payment').textContent).toContain(
      'Insufficient Balance. The renewal could not be charged; the service stops on 2026/12/24',
    );
  });

  it('suspends and resumes the bot', async () => {
    const user = userEvent.setup();
    vi.mocked(lending.checkLendingSubscription).mockResolvedValueOnce(
      check({ subscription: lendingSubscription({ state: 'active' }) }),
    );
    const suspended = lendingSubscription({
      state: 'active',
      suspended: true,
      pauseReason: 'suspended',
    });
    vi.mocked(lending.checkLendingSubscription).mockResolvedValue(
      check({ subscription: suspended }),
    );
    vi.mocked(lending.lendingWrite).mockResolvedValue({ subscription: suspended });
    renderPage();
    await user.click(await screen.findByTestId('lending-suspend'));
    expect(await screen.findByTestId('lending-notice-suspended')).toBeTruthy();
    expect(screen.getByTestId('lending-state').textContent).toBe('Suspended');
    expect(vi.mocked(lending.lendingWrite).mock.calls[0]!.slice(0, 2)).toEqual([
      'Suspend',
      { strategyId: 1, suspend: true },
    ]);
    await user.click(screen.getByTestId('lending-resume'));
    expect(vi.mocked(lending.lendingWrite).mock.calls[1]!.slice(0, 2)).toEqual([
      'Suspend',
      { strategyId: 1, suspend: false },
    ]);
  });

  it('unsubscribes after a confirmation that says the service runs to the period end', async () => {
    const user = userEvent.setup();
    vi.mocked(lending.checkLendingSubscription).mockResolvedValue(
      check({ subscription: lendingSubscription({ state: 'active' }) }),
    );
    renderPage();
    await user.click(await screen.findByTestId('lending-unsubscribe-open'));
    const dialog = await screen.findByTestId('lending-unsubscribe-dialog');
    expect(dialog.textContent).toContain('The bot keeps lending until 2026/11/24, then stops.');
    vi.mocked(lending.lendingWrite).mockRejectedValueOnce(refusal('exchange_unavailable'));
    await user.click(within(dialog).getByTestId('lending-unsubscribe-confirm'));
    expect((await screen.findByTestId('lending-unsubscribe-error')).textContent).toBe(
      'The exchange did not answer. Nothing was changed; try again in a moment.',
    );
    const cancelled = lendingSubscription({ state: 'active', autoRenew: false, renewDate: null });
    vi.mocked(lending.lendingWrite).mockResolvedValueOnce({ subscription: cancelled });
    vi.mocked(lending.checkLendingSubscription).mockResolvedValue(
      check({ subscription: cancelled }),
    );
    await user.click(within(dialog).getByTestId('lending-unsubscribe-confirm'));
    expect((await screen.findByTestId('lending-notice-cancelled')).textContent).toBe(
      'Unsubscribed: the service runs until 2026/11/24 and does not renew.',
    );
    expect(screen.queryByTestId('lending-unsubscribe-dialog')).toBeNull();
    expect(fact('autoRenew')).toBe('Off');
    const calls = vi.mocked(lending.lendingWrite).mock.calls;
    expect(calls[0]!.slice(0, 2)).toEqual(['Unsubscribe', { strategyId: 1 }]);
    expect(calls[1]![2]).toBe(calls[0]![2]);
    // resubscribe turns auto-renew back on
    expect(screen.getByTestId('lending-resubscribe')).toBeTruthy();
  });

  it('an ended subscription offers Resubscribe and shows its refusal', async () => {
    const user = userEvent.setup();
    vi.mocked(lending.checkLendingSubscription).mockResolvedValue(
      check({
        subscription: lendingSubscription({
          state: 'ended',
          endReason: 'unsubscribed',
          autoRenew: false,
          pauseReason: 'ended',
          endedAt: '2026-11-24T02:00:00.000Z',
        }),
        trialUsed: true,
      }),
    );
    vi.mocked(lending.lendingWrite).mockRejectedValueOnce(
      refusal('Clear open orders and positions on the exchange before resubscribing.'),
    );
    renderPage();
    expect((await screen.findByTestId('lending-notice-ended')).textContent).toBe(
      'The service ended on 2026/11/24.',
    );
    expect(screen.queryByTestId('lending-idle')).toBeNull();
    expect(screen.queryByTestId('lending-suspend')).toBeNull();
    await user.click(screen.getByTestId('lending-resubscribe'));
    expect((await screen.findByTestId('lending-resubscribe-error')).textContent).toBe(
      'Clear open orders and positions on the exchange before resubscribing.',
    );
    // or start over with new settings
    await user.click(screen.getByTestId('lending-again-open'));
    expect(await screen.findByTestId('lending-wizard')).toBeTruthy();
  });

  it('changes the fee currency of the next charge', async () => {
    const user = userEvent.setup();
    vi.mocked(lending.checkLendingSubscription).mockResolvedValue(
      check({ subscription: lendingSubscription({ state: 'active' }) }),
    );
    vi.mocked(lending.lendingWrite).mockResolvedValueOnce({
      subscription: lendingSubscription({
        state: 'active',
        paymentAsset: 'BCNT',
        feeCurrencyId: 27,
        subscriptionFee: '16',
      }),
    });
    renderPage();
    await screen.findByTestId('lending-fee-currency');
    expect(screen.getByTestId('lending-fee-currency-save')).toHaveProperty('disabled', true);
    await vi.waitFor(() =>
      expect(screen.getByRole('option', { name: 'BCNT (16.00 BCNT)' })).toBeTruthy(),
    );
    await user.selectOptions(screen.getByTestId('lending-fee-currency'), '27');
    await user.click(screen.getByTestId('lending-fee-currency-save'));
    expect((await screen.findByTestId('lending-fee-currency-done')).textContent).toBe(
      'The next charge is paid in BCNT.',
    );
    expect(vi.mocked(lending.lendingWrite).mock.calls[0]!.slice(0, 2)).toEqual([
      'FeeCurrency',
      { strategyId: 1, feeCurrencyId: 27 },
    ]);
  });

  it('reads in zh-CN', async () => {
    vi.mocked(lending.checkLendingSubscription).mockResolvedValue(
      check({ subscription: lendingSubscription({ state: 'active' }) }),
    );
    renderPage('zh-CN');
    expect((await screen.findByTestId('lending-state')).textContent).toBe('运行中');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('USDT 放贷机器人');
  });
});

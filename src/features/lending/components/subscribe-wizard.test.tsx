import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockExports } from '../../../components/testing/mock-exports';
import * as exchangeApiKeys from '../../../services/exchange-api-keys';
import { ApiError } from '../../../services/http-client';
import * as lending from '../../../services/lending';
import {
  apiKey,
  check,
  fee,
  lendingStrategy,
  lendingSubscription,
  renderLending,
} from '../test-utils';
import { SubscribeWizard } from './subscribe-wizard';

mockExports(exchangeApiKeys, { listApiKeys: vi.fn() });
mockExports(lending, {
  getLendingSubscriptionFee: vi.fn(),
  lendingWrite: vi.fn(),
});

const refusal = (message: string, data: Record<string, unknown> | null = null) =>
  new ApiError({ message, status: 400, httpStatus: 400, call: 'lending', data });

function renderWizard(
  checkOverrides: Parameters<typeof check>[0] = {},
  onSubscribed = vi.fn(),
  lng?: string,
) {
  renderLending(
    <SubscribeWizard
      strategy={lendingStrategy()}
      check={check(checkOverrides)}
      onSubscribed={onSubscribed}
    />,
    { lng },
  );
  return onSubscribed;
}

/** Step 1 done with the first key: the wizard shows step 2. */
async function toStepTwo(user: ReturnType<typeof userEvent.setup>) {
  const [first] = await screen.findAllByTestId('lending-wizard-key-choice');
  await user.click(within(first!).getByRole('radio'));
  await user.click(screen.getByTestId('lending-wizard-next'));
  await screen.findByTestId('lending-wizard-form');
}

beforeEach(() => {
  vi.resetAllMocks();
  vi.mocked(exchangeApiKeys.listApiKeys).mockResolvedValue({
    list: [
      apiKey(),
      apiKey({ id: 5, name: 'Old key', status: 'incorrect', problem: 'rejected' }),
      apiKey({ id: 6, name: 'Trading key', accountType: 'sub', subAccountName: 'bot' }),
    ],
  });
  vi.mocked(lending.getLendingSubscriptionFee).mockResolvedValue(fee());
});

describe('SubscribeWizard step 1: the API key', () => {
  it('lists the keys, says why the others cannot lend, and needs one chosen before Next', async () => {
    const user = userEvent.setup();
    renderWizard({
      keys: [
        { keyId: 4, exchange: 'bitfinex', status: 'correct', available: true },
        { keyId: 5, exchange: 'bitfinex', status: 'incorrect', available: false },
        { keyId: 6, exchange: 'bitfinex', status: 'correct', available: false },
      ],
    });
    const choices = await screen.findAllByTestId('lending-wizard-key-choice');
    expect(choices.map((choice) => choice.getAttribute('data-id'))).toEqual(['4', '5', '6']);
    expect(within(choices[0]!).getByRole('radio')).toHaveProperty('disabled', false);
    expect(within(choices[1]!).getByRole('radio')).toHaveProperty('disabled', true);
    expect(within(choices[1]!).getByTestId('lending-wizard-key-why').textContent).toContain(
      'reset the key on the exchange',
    );
    expect(within(choices[2]!).getByTestId('lending-wizard-key-why').textContent).toContain(
      'already runs a product',
    );
    expect(choices[2]!.textContent).toContain('sub-account bot');
    expect(screen.getByTestId('lending-wizard').getAttribute('data-step')).toBe('1');

    await user.click(screen.getByTestId('lending-wizard-next'));
    expect(screen.getByTestId('lending-wizard-key-required').textContent).toBe(
      'Choose an API key that can lend.',
    );
    expect(screen.getByTestId('lending-wizard').getAttribute('data-step')).toBe('1');

    await user.click(within(choices[0]!).getByRole('radio'));
    await user.click(screen.getByTestId('lending-wizard-next'));
    expect(screen.getByTestId('lending-wizard').getAttribute('data-step')).toBe('2');
  });

  it('offers the import in a new tab when the member has no key', async () => {
    vi.mocked(exchangeApiKeys.listApiKeys).mockResolvedValue({ list: [] });
    renderWizard({ keys: [] });
    expect((await screen.findByTestId('lending-wizard-no-keys')).textContent).toContain(
      'No API key yet',
    );
    const link = screen.getByTestId('lending-wizard-import-key');
    expect(link.getAttribute('href')).toBe('/api-keys');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('shows a failed key list with a retry', async () => {
    vi.mocked(exchangeApiKeys.listApiKeys).mockRejectedValueOnce(refusal('network_error'));
    renderWizard();
    expect(await screen.findByTestId('lending-wizard-keys-error')).toBeTruthy();
    vi.mocked(exchangeApiKeys.listApiKeys).mockResolvedValue({ list: [apiKey()] });
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByTestId('lending-wizard-key-choice')).toHaveLength(1);
  });
});

describe('SubscribeWizard step 2: subscribe', () => {
  it('checks the idle amount and consent before sending anything', async () => {
    const user = userEvent.setup();
    renderWizard();
    await toStepTwo(user);
    await user.click(screen.getByTestId('lending-wizard-confirm'));
    expect(screen.getByText('Enter the amount the bot may lend.')).toBeTruthy();
    expect(screen.getByTestId('lending-wizard-consent-error').textContent).toBe(
      'Agree to the terms of service to subscribe.',
    );

    await user.type(screen.getByTestId('lending-wizard-idle'), '100');
    expect(
      screen.getByText(
        "The idle amount must be at least 150.00 USDT (the exchange's smallest offer).",
      ),
    ).toBeTruthy();
    // more than 8 decimals is blocked by the field
    await user.clear(screen.getByTestId('lending-wizard-idle'));
    await user.type(screen.getByTestId('lending-wizard-idle'), '200.123456789');
    expect((screen.getByTestId('lending-wizard-idle') as HTMLInputElement).value).toBe(
      '200.12345678',
    );
    expect(vi.mocked(lending.lendingWrite)).not.toHaveBeenCalled();
  });

  it('subscribes with the key, idle amount, BCNT fee and referral code; the trial is explained', async () => {
    const user = userEvent.setup();
    vi.mocked(lending.lendingWrite).mockResolvedValue({ subscription: lendingSubscription() });
    const onSubscribed = renderWizard();
    await toStepTwo(user);
    expect(screen.getByTestId('lending-wizard-billing').textContent).toBe(
      'The first 14 days are free. Then 5.00 USDT per 30 days is charged from your wallet and renewed automatically.',
    );
    expect((await screen.findByTestId('lending-wizard-fee-BCNT')).textContent).toContain(
      '16.00 BCNT per 30 days 20% off',
    );
    await user.type(screen.getByTestId('lending-wizard-idle'), '800');
    await user.click(within(screen.getByTestId('lending-wizard-fee-BCNT')).getByRole('radio'));
    await user.type(screen.getByTestId('lending-wizard-referral'), ' FRIEND42 ');
    await user.click(screen.getByTestId('lending-wizard-consent'));
    await user.click(screen.getByTestId('lending-wizard-confirm'));

    await vi.waitFor(() => expect(onSubscribed).toHaveBeenCalledTimes(1));
    expect(onSubscribed.mock.calls[0]![0]).toEqual(lendingSubscription());
    const [write, body, key] = vi.mocked(lending.lendingWrite).mock.calls[0]!;
    expect(write).toBe('Subscribe');
    expect(body).toEqual({
      strategyId: 1,
      keyId: 4,
      idleAmount: '800',
      feeCurrencyId: 27,
      referralCode: 'FRIEND42',
    });
    expect(key).toMatch(/\S{8,}/);
  });

  it('says the first period is paid at once when the trial was used', async () => {
    const user = userEvent.setup();
    renderWizard({ trialUsed: true });
    await toStepTwo(user);
    await screen.findByTestId('lending-wizard-fee-USDT');
    expect(screen.getByTestId('lending-wizard-billing').textContent).toBe(
      'You have used the free trial: 5.00 USDT for the first 30 days is charged from your wallet now.',
    );
  });

  it('shows refusals where they belong and retries with the same idempotency key', async () => {
    const user = userEvent.setup();
    renderWizard();
    await toStepTwo(user);
    await user.type(screen.getByTestId('lending-wizard-idle'), '5000');
    await user.type(screen.getByTestId('lending-wizard-referral'), 'NOPE');
    await user.click(screen.getByTestId('lending-wizard-consent'));

    vi.mocked(lending.lendingWrite).mockRejectedValueOnce(
      refusal('Exchange Insufficient Balance.'),
    );
    await user.click(screen.getByTestId('lending-wizard-confirm'));
    expect(await screen.findByText('Exchange Insufficient Balance.')).toBeTruthy();
    expect(screen.getByTestId('lending-wizard-idle').getAttribute('aria-invalid')).toBe('true');

    vi.mocked(lending.lendingWrite).mockRejectedValueOnce(refusal('The referral code is invalid.'));
    await user.click(screen.getByTestId('lending-wizard-confirm'));
    expect(await screen.findByText('The referral code is invalid.')).toBeTruthy();
    expect(screen.getByTestId('lending-wizard-referral').getAttribute('aria-invalid')).toBe('true');
    const calls = vi.mocked(lending.lendingWrite).mock.calls;
    expect(calls[1]![2]).toBe(calls[0]![2]);

    vi.mocked(lending.lendingWrite).mockRejectedValueOnce(refusal('Insufficient Balance.'));
    await user.clear(screen.getByTestId('lending-wizard-referral'));
    await user.click(screen.getByTestId('lending-wizard-confirm'));
    expect((await screen.findByTestId('lending-wizard-refusal')).textContent).toBe(
      'Insufficient Balance.',
    );
    // the referral changed: another action, another key, no referral code sent
    expect(calls[2]![2]).not.toBe(calls[0]![2]);
    expect(calls[2]![1]).not.toHaveProperty('referralCode');
  });

  it('goes back to step 1 with the key still chosen, in the reader language', async () => {
    const user = userEvent.setup();
    renderWizard({}, vi.fn(), 'zh-TW');
    await toStepTwo(user);
    expect(screen.getByRole('button', { name: '訂閱' })).toBeTruthy();
    await user.click(screen.getByTestId('lending-wizard-back'));
    const [first] = await screen.findAllByTestId('lending-wizard-key-choice');
    expect(within(first!).getByRole('radio')).toHaveProperty('checked', true);
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockExports } from '../../../components/testing/mock-exports';
import { ApiError } from '../../../services/http-client';
import * as lending from '../../../services/lending';
import { balance, lendingSubscription, renderLending } from '../test-utils';
import { IdleAmountForm } from './idle-amount-form';

mockExports(lending, { lendingWrite: vi.fn() });

const refusal = (message: string, data: Record<string, unknown> | null = null) =>
  new ApiError({ message, status: 400, httpStatus: 400, call: 'lending', data });

const input = () => screen.getByTestId('lending-idle-input') as HTMLInputElement;

beforeEach(() => vi.resetAllMocks());

describe('IdleAmountForm', () => {
  it('shows the current idle amount, the idle assets and the limit; Max fills it cut to 8 decimals', async () => {
    const user = userEvent.setup();
    renderLending(<IdleAmountForm subscription={lendingSubscription()} balance={balance()} />);
    expect(screen.getByTestId('lending-idle-current').textContent).toBe('800.00 USDT');
    expect(screen.getByTestId('lending-idle-assets').textContent).toBe('612.34 USDT');
    // idle plus lent: the idle amount caps what is offered and lent at once
    expect(screen.getByTestId('lending-idle-limit').textContent).toBe('999.99 USDT');
    await user.click(screen.getByTestId('lending-idle-max'));
    expect(input().value).toBe('999.99999999');
    expect(input().getAttribute('aria-invalid')).toBeNull();
  });

  it('says "Insufficient Assets" above the limit and sends nothing', async () => {
    const user = userEvent.setup();
    renderLending(<IdleAmountForm subscription={lendingSubscription()} balance={balance()} />);
    await user.type(input(), '1000');
    expect(screen.getByText('Insufficient Assets')).toBeTruthy();
    await user.click(screen.getByTestId('lending-idle-save'));
    expect(vi.mocked(lending.lendingWrite)).not.toHaveBeenCalled();
    // Max clears it
    await user.click(screen.getByTestId('lending-idle-max'));
    expect(screen.queryByText('Insufficient Assets')).toBeNull();
  });

  it('asks for an amount', async () => {
    const user = userEvent.setup();
    renderLending(<IdleAmountForm subscription={lendingSubscription()} balance={balance()} />);
    await user.click(screen.getByTestId('lending-idle-save'));
    expect(screen.getByText('Enter an amount.')).toBeTruthy();
    expect(vi.mocked(lending.lendingWrite)).not.toHaveBeenCalled();
  });

  it('uses the last figures of the subscription while the exchange is read', async () => {
    const user = userEvent.setup();
    renderLending(<IdleAmountForm subscription={lendingSubscription()} balance={undefined} />);
    await user.click(screen.getByTestId('lending-idle-max'));
    expect(input().value).toBe('1000');
  });

  it('updates the idle amount and says so; shows the exchange refusal and the server max', async () => {
    const user = userEvent.setup();
    renderLending(<IdleAmountForm subscription={lendingSubscription()} balance={balance()} />);
    vi.mocked(lending.lendingWrite).mockRejectedValueOnce(
      refusal('Exchange Insufficient Balance.'),
    );
    await user.type(input(), '500');
    await user.click(screen.getByTestId('lending-idle-save'));
    expect(await screen.findByText('Exchange Insufficient Balance.')).toBeTruthy();

    // the server found less idle now: its max is what Max fills in
    vi.mocked(lending.lendingWrite).mockRejectedValueOnce(
      refusal('Insufficient Assets', { max: '450.5' }),
    );
    await user.click(screen.getByTestId('lending-idle-save'));
    expect(await screen.findByText('Insufficient Assets')).toBeTruthy();
    await user.click(screen.getByTestId('lending-idle-max'));
    expect(input().value).toBe('450.5');

    vi.mocked(lending.lendingWrite).mockResolvedValueOnce({
      subscription: lendingSubscription({ idleAmount: '450.5' }),
    });
    await user.click(screen.getByTestId('lending-idle-save'));
    expect((await screen.findByTestId('lending-idle-done')).textContent).toBe(
      'Idle amount updated to 450.50 USDT. The bot uses it from its next cycle.',
    );
    const calls = vi.mocked(lending.lendingWrite).mock.calls;
    expect(calls[0]![0]).toBe('IdleAmount');
    expect(calls[0]![1]).toEqual({ strategyId: 1, idleAmount: '500' });
    // a retry of the same amount keeps the key; a changed amount is a new action
    expect(calls[1]![2]).toBe(calls[0]![2]);
    expect(calls[2]![1]).toEqual({ strategyId: 1, idleAmount: '450.5' });
    expect(calls[2]![2]).not.toBe(calls[0]![2]);
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
import { Profiler } from 'react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockExports } from '../../../components/testing/mock-exports';
import { ApiError } from '../../../services/http-client';
import * as walletConvert from '../../../services/wallet-convert';
import { ConvertError } from '../../../shared/api/wallet-convert';
import { convertInfo, renderConvert } from '../test-utils';
import { ConvertPanel } from './convert-panel';

mockExports(walletConvert, {
  getConvertInfo: vi.fn(),
  convertCurrency: vi.fn(),
});
const infoMock = vi.mocked(walletConvert.getConvertInfo);
const convertMock = vi.mocked(walletConvert.convertCurrency);

const conversion = {
  id: 1,
  from: 'USDT' as const,
  to: 'BCNT' as const,
  fromAmount: '10',
  toAmount: '33.333333333333333333',
  price: '0.3',
  createdAt: '2025-03-01T04:00:00.000Z',
};

beforeEach(() => {
  vi.resetAllMocks();
  infoMock.mockResolvedValue(convertInfo());
});

describe('ConvertPanel', () => {
  it('shows the quote, the quotas and what the member receives, exactly', async () => {
    const user = userEvent.setup();
    renderConvert(<ConvertPanel />);
    const amount = await screen.findByTestId('convert-amount');
    expect(screen.getByTestId('convert-price').textContent).toBe('1 BCNT = 0.3 USDT');
    expect(screen.getByTestId('convert-member-remaining').textContent).toBe('50,000.00 USDT');
    expect(screen.getByTestId('convert-platform-remaining').textContent).toBe('1,000,000.00 BCNT');
    await user.type(amount, '10');
    // 33.333... BCNT, shown at the precision table's 2 places, rounded down
    expect(screen.getByTestId('convert-receive').textContent).toBe('33.33 BCNT');

    await user.click(
      within(screen.getByTestId('convert-direction')).getByRole('radio', { name: 'BCNT → USDT' }),
    );
    expect(screen.getByTestId('convert-direction').getAttribute('data-state')).toBe('BCNT-USDT');
    expect((screen.getByTestId('convert-amount') as HTMLInputElement).value).toBe('');
    await user.click(screen.getByTestId('convert-max'));
    expect((screen.getByTestId('convert-amount') as HTMLInputElement).value).toBe('5000');
    expect(screen.getByTestId('convert-receive').textContent).toBe('1,500.00 USDT');
  });

  it('blocks amounts under the minimum before sending', async () => {
    const user = userEvent.setup();
    renderConvert(<ConvertPanel />);
    const amount = await screen.findByTestId('convert-amount');
    const submit = screen.getByTestId('convert-submit') as HTMLButtonElement;
    // nothing typed: nothing to convert
    expect(submit.disabled).toBe(true);
    await user.type(amount, '9.99');
    expect(screen.getByText('The minimum conversion is 10.00 USDT.')).toBeTruthy();
    expect(submit.disabled).toBe(true);
    // zero is below the minimum too, and says so
    await user.clear(amount);
    await user.type(amount, '0');
    expect(screen.getByText('The minimum conversion is 10.00 USDT.')).toBeTruthy();
    expect(submit.disabled).toBe(true);
    await user.clear(amount);
    await user.type(amount, '10');
    expect(screen.queryByText('The minimum conversion is 10.00 USDT.')).toBeNull();
    expect(submit.disabled).toBe(false);
  });

  it('converts with one idempotency key per action', async () => {
    const user = userEvent.setup();
    convertMock.mockResolvedValue(conversion);
    renderConvert(<ConvertPanel />);
    await user.type(await screen.findByTestId('convert-amount'), '10');
    await user.click(screen.getByTestId('convert-submit'));
    expect(await screen.findByTestId('convert-success')).toBeTruthy();
    expect(convertMock).toHaveBeenCalledWith(
      { from: 'USDT', to: 'BCNT', amount: '10', priceVersion: 'v1' },
      expect.any(String),
    );
    await user.type(screen.getByTestId('convert-amount'), '20');
    await user.click(screen.getByTestId('convert-submit'));
    await waitFor(() => expect(convertMock).toHaveBeenCalledTimes(2));
    expect(convertMock.mock.calls[1]![1]).not.toBe(convertMock.mock.calls[0]![1]);
  });

  it('shows the new price when it changed and resends the same action with it', async () => {
    const user = userEvent.setup();
    const newQuote = { price: '0.4', version: 'v2', quotedAt: '2025-03-01T04:01:00.000Z' };
    convertMock.mockRejectedValueOnce(
      new ApiError({
        message: ConvertError.priceUpdated,
        call: 'POST /api/v1/user/ConvertCurrency',
        httpStatus: 409,
        status: 409,
        data: newQuote,
      }),
    );
    convertMock.mockResolvedValueOnce({ ...conversion, toAmount: '25', price: '0.4' });
    renderConvert(<ConvertPanel />);
    await user.type(await screen.findByTestId('convert-amount'), '10');
    await user.click(screen.getByTestId('convert-submit'));

    const error = await screen.findByTestId('convert-error');
    expect(error.textContent).toContain(
      'BCNT price has been updated. Please send your request again.',
    );
    expect(screen.getByTestId('convert-new-price').textContent).toBe(
      'New price: 1 BCNT = 0.4 USDT',
    );
    expect(screen.getByTestId('convert-receive').textContent).toBe('25.00 BCNT');

    await user.click(screen.getByTestId('convert-submit'));
    await screen.findByTestId('convert-success');
    const [first, second] = convertMock.mock.calls;
    expect(second![0]).toMatchObject({ priceVersion: 'v2', amount: '10' });
    expect(second![1]).toBe(first![1]);
  });

  it('translates the quota refusals', async () => {
    const user = userEvent.setup();
    convertMock.mockRejectedValueOnce(
      new ApiError({ message: ConvertError.allConverted, call: 'x', status: 400 }),
    );
    renderConvert(<ConvertPanel />, { lng: 'zh-TW' });
    await user.type(await screen.findByTestId('convert-amount'), '10');
    await user.click(screen.getByTestId('convert-submit'));
    expect((await screen.findByTestId('convert-error')).textContent).toBe(
      '今日可兌換的 BCNT 已全數兌換完畢。',
    );
  });

  it('a refused conversion is retried with its key; another amount is a new action', async () => {
    const user = userEvent.setup();
    convertMock.mockRejectedValueOnce(
      new ApiError({ message: ConvertError.allConverted, call: 'x', status: 400 }),
    );
    convertMock.mockResolvedValue(conversion);
    renderConvert(<ConvertPanel />);
    const amount = await screen.findByTestId('convert-amount');
    await user.type(amount, '10');
    await user.click(screen.getByTestId('convert-submit'));
    await screen.findByTestId('convert-error');
    await user.type(amount, '0');
    // the refusal belonged to the previous amount
    expect(screen.queryByTestId('convert-error')).toBeNull();
    await user.click(screen.getByTestId('convert-submit'));
    await screen.findByTestId('convert-success');
    expect(convertMock.mock.calls[1]![0]).toMatchObject({ amount: '100' });
    expect(convertMock.mock.calls[1]![1]).not.toBe(convertMock.mock.calls[0]![1]);
  });

  it('renders the panel once per keystroke in the amount', async () => {
    const user = userEvent.setup();
    let commits = 0;
    renderConvert(
      <Profiler id="convert" onRender={() => (commits += 1)}>
        <ConvertPanel />
      </Profiler>,
    );
    const amount = await screen.findByTestId('convert-amount');
    act(() => amount.focus());
    // anything a keystroke schedules for later (timers of 0 ms) has run
    const settle = () => act(() => new Promise((done) => setTimeout(done, 20)));
    await settle();
    const before = commits;
    await user.keyboard('1234.567');
    await settle();
    expect((amount as HTMLInputElement).value).toBe('1234.567');
    expect(commits - before).toBe(8);
  });

  it('offers a retry when the details cannot be loaded', async () => {
    infoMock.mockRejectedValueOnce(new ApiError({ message: 'network_error', call: 'x' }));
    renderConvert(<ConvertPanel />);
    expect(await screen.findByText('The conversion details could not be loaded.')).toBeTruthy();
    expect(screen.getByTestId('convert-panel').getAttribute('data-state')).toBe('error');
  });
});

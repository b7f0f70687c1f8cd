import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockExports } from '../../../components/testing/mock-exports';
import { ApiError } from '../../../services/http-client';
import * as walletConvert from '../../../services/wallet-convert';
import { ConvertError } from '../../../shared/api/wallet-convert';
import { renderConvert, stakeRecord } from '../test-utils';
import { CustodialStakePanel } from './custodial-stake-panel';
import { StakeHistory } from './stake-history';

mockExports(walletConvert, {
  getStakeRecord: vi.fn(),
  custodialStake: vi.fn(),
});
const recordMock = vi.mocked(walletConvert.getStakeRecord);
const stakeMock = vi.mocked(walletConvert.custodialStake);

beforeEach(() => {
  vi.resetAllMocks();
  recordMock.mockResolvedValue(stakeRecord());
});

describe('CustodialStakePanel', () => {
  it('shows the balances and the cooling unstake requests with their unlock dates', async () => {
    renderConvert(<CustodialStakePanel />);
    expect((await screen.findByTestId('custodial-stake-staking')).textContent).toBe(
      '12,000.00 BCNT',
    );
    expect(screen.getByTestId('custodial-stake-available').textContent).toBe('5,000.00 BCNT');
    expect(screen.getByTestId('custodial-unstake-request').textContent).toBe(
      '2,000.00 BCNT, unlocks on 2025/03/15',
    );
    expect(screen.getByText(/Unstaking takes 14 days/)).toBeTruthy();
  });

  it('stakes and requests an unstake with their own keys, and refreshes the stake', async () => {
    const user = userEvent.setup();
    stakeMock.mockResolvedValue({
      record: stakeRecord().items[1]!,
      summary: stakeRecord().summary,
    });
    renderConvert(<CustodialStakePanel />);
    await user.type(await screen.findByTestId('custodial-stake-amount'), '100');
    await user.click(screen.getByTestId('custodial-stake-submit'));
    await screen.findByTestId('custodial-stake-amount-success');
    expect(stakeMock).toHaveBeenCalledWith({ action: 'stake', amount: '100' }, expect.any(String));

    await user.click(screen.getByTestId('custodial-unstake-amount-max'));
    expect((screen.getByTestId('custodial-unstake-amount') as HTMLInputElement).value).toBe(
      '10000',
    );
    await user.click(screen.getByTestId('custodial-unstake-submit'));
    await waitFor(() => expect(stakeMock).toHaveBeenCalledTimes(2));
    expect(stakeMock.mock.calls[1]![0]).toEqual({ action: 'unstake', amount: '10000' });
    expect(stakeMock.mock.calls[1]![1]).not.toBe(stakeMock.mock.calls[0]![1]);
    // refetched after each action (balances and the level changed)
    await waitFor(() => expect(recordMock.mock.calls.length).toBeGreaterThanOrEqual(3));
  });

  it('refuses more than available before sending and translates server refusals', async () => {
    const user = userEvent.setup();
    stakeMock.mockRejectedValueOnce(
      new ApiError({
        message: ConvertError.unstakeExceedsStaked,
        call: 'x',
        status: 400,
        data: { unstakable: '5' },
      }),
    );
    renderConvert(<CustodialStakePanel />);
    const submit = () => screen.getByTestId('custodial-stake-submit') as HTMLButtonElement;
    expect((await screen.findByTestId('custodial-stake-amount')) && submit().disabled).toBe(true);
    await user.type(screen.getByTestId('custodial-stake-amount'), '0');
    expect(screen.getByText('The minimum is 1.00 BCNT.')).toBeTruthy();
    expect(submit().disabled).toBe(true);
    await user.clear(screen.getByTestId('custodial-stake-amount'));
    await user.type(await screen.findByTestId('custodial-stake-amount'), '5001');
    expect(screen.getByText('Not enough available balance')).toBeTruthy();
    expect((screen.getByTestId('custodial-stake-submit') as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByTestId('custodial-unstake-amount'), '6');
    await user.click(screen.getByTestId('custodial-unstake-submit'));
    expect((await screen.findByTestId('custodial-unstake-amount-error')).textContent).toBe(
      'You can request at most 5 BCNT.',
    );
  });
});

describe('StakeHistory', () => {
  it('lists stakes and unstake requests with dates and states', async () => {
    renderConvert(<StakeHistory />, { lng: 'zh-CN' });
    const rows = await screen.findAllByTestId('stake-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.getAttribute('data-state')).toBe('cooling');
    expect(rows[0]!.textContent).toContain('2025/03/01');
    expect(rows[0]!.textContent).toContain('2025/03/15');
    expect(rows[0]!.textContent).toContain('解除质押中');
  });

  it('says what to do when there is nothing yet', async () => {
    recordMock.mockResolvedValue(stakeRecord({ items: [], total: 0 }));
    renderConvert(<StakeHistory />);
    expect(await screen.findByTestId('stake-history-empty')).toBeTruthy();
  });
});

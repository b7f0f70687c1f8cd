import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockExports } from '../../../components/testing/mock-exports';
import { ApiError } from '../../../services/http-client';
import * as referral from '../../../services/referral';
import type { ReferralRecord } from '../../../services/referral';
import { renderAccount } from '../test-utils';
import { ReferralCard } from './referral-card';

mockExports(referral, {
  getReferralHistory: vi.fn(),
  REFERRAL_PAGE_SIZE: 10,
});

const historyMock = vi.mocked(referral.getReferralHistory);

function record(index: number, level = 1): ReferralRecord {
  return {
    email: `f${index}***@example.com`,
    registeredAt: `2024-05-${String(index).padStart(2, '0')}T02:00:00.000Z`,
    level,
    level1At: level >= 1 ? `2024-05-${String(index).padStart(2, '0')}T03:00:00.000Z` : null,
    qualified: level >= 1,
  };
}

function page(page: number, list: ReferralRecord[], total: number) {
  return { list, total, page, pageSize: 10 };
}

beforeEach(() => {
  vi.clearAllMocks();
});

const card = () => screen.getByTestId('account-referrals');
const rows = () => screen.queryAllByTestId('referral-row');

describe('ReferralCard', () => {
  it('lists the referred members: masked e-mail, registration date, level', async () => {
    historyMock.mockResolvedValue(page(1, [record(3, 1), record(2, 0)], 2));
    renderAccount(<ReferralCard level={1} referralCode="ANN12345" />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(historyMock).toHaveBeenCalledWith({ page: 1 }, expect.anything());
    expect(card().getAttribute('data-state')).toBe('list');
    const cells = within(rows()[0]!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual(['f3***@example.com', '2024/05/03', 'Level 1']);
    expect(rows()[1]!.getAttribute('data-level')).toBe('0');
    expect(screen.getByTestId('account-referrals-total').textContent).toBe(
      '2 members registered with your referral code.',
    );
    expect(
      within(card())
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['E-mail', 'Registered on', 'Level']);
    // everything fits on one page: no pagination
    expect(screen.queryByTestId('referral-pages-next')).toBeNull();
  });

  it('pages through the record', async () => {
    const user = userEvent.setup();
    const first = Array.from({ length: 10 }, (_, index) => record(index + 1));
    historyMock.mockImplementation(({ page: number }) =>
      Promise.resolve(number === 1 ? page(1, first, 12) : page(2, [record(20, 2), record(21)], 12)),
    );
    renderAccount(<ReferralCard level={2} referralCode="ANN12345" />);
    await waitFor(() => expect(rows()).toHaveLength(10));
    expect(screen.getByTestId('referral-pages-page').textContent).toBe('Page 1 of 2');
    expect((screen.getByTestId('referral-pages-prev') as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByTestId('referral-pages-next'));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(historyMock).toHaveBeenLastCalledWith({ page: 2 }, expect.anything());
    expect(screen.getByTestId('referral-pages-page').textContent).toBe('Page 2 of 2');
    expect((screen.getByTestId('referral-pages-next') as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByTestId('referral-pages-prev'));
    await waitFor(() => expect(rows()).toHaveLength(10));
  });

  it('with no referrals yet: says to share the referral code', async () => {
    historyMock.mockResolvedValue(page(1, [], 0));
    renderAccount(<ReferralCard level={1} referralCode="ANN12345" />);
    const empty = await screen.findByTestId('account-referrals-empty');
    expect(card().getAttribute('data-state')).toBe('empty');
    expect(empty.textContent).toContain('No referrals yet');
    expect(empty.textContent).toContain(
      'Share your referral code ANN12345 with friends: they enter it when they register',
    );
    expect(rows()).toHaveLength(0);
  });

  it('below level 1: no record, nothing fetched, and why (the code comes with verification)', () => {
    renderAccount(<ReferralCard level={0} referralCode={null} />);
    expect(card().getAttribute('data-state')).toBe('locked');
    expect(screen.getByTestId('account-referrals-locked').textContent).toContain(
      'A referral code comes with identity verification (level 1).',
    );
    expect(within(card()).getByRole('link', { name: 'Verify identity' }).getAttribute('href')).toBe(
      '/kyc',
    );
    expect(rows()).toHaveLength(0);
    expect(screen.queryByRole('table')).toBeNull();
    expect(historyMock).not.toHaveBeenCalled();
  });

  it('shows a skeleton while loading', () => {
    historyMock.mockReturnValue(new Promise(() => {}));
    renderAccount(<ReferralCard level={1} referralCode="ANN12345" />);
    expect(screen.getByTestId('account-referrals-loading')).toBeTruthy();
    expect(card().getAttribute('data-state')).toBe('loading');
  });

  it('a failed load shows the translated error and retries', async () => {
    const user = userEvent.setup();
    historyMock.mockRejectedValueOnce(new ApiError({ call: 'x', message: 'network_error' }));
    historyMock.mockResolvedValue(page(1, [record(1)], 1));
    renderAccount(<ReferralCard level={1} referralCode="ANN12345" />);
    const error = await screen.findByTestId('account-referrals-error');
    expect(error.textContent).toContain('Network error. Check your connection and try again.');
    await user.click(within(error).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it('speaks Simplified Chinese', async () => {
    historyMock.mockResolvedValue(page(1, [], 0));
    renderAccount(<ReferralCard level={1} referralCode={null} />, { lng: 'zh-CN' });
    const empty = await screen.findByTestId('account-referrals-empty');
    expect(empty.textContent).toContain('暂无推荐记录');
    expect(within(card()).getByRole('heading').textContent).toBe('推荐记录');
  });
});

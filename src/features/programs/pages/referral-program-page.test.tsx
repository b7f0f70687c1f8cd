import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockExports } from '../../../components/testing/mock-exports';
import { renderWithQuery } from '../../../components/testing/render';
import * as loggedIn from '../../../hooks/use-logged-in';
import { ApiError } from '../../../services/http-client';
import * as programs from '../../../services/programs';
import type { ReferralProgram } from '../../../services/programs';
import * as referral from '../../../services/referral';
import { ReferralProgramPage } from './referral-program-page';

mockExports(programs, { getReferralProgram: vi.fn() });
mockExports(referral, {
  getReferralHistory: vi.fn(),
  REFERRAL_PAGE_SIZE: 10,
});
mockExports(loggedIn, { useLoggedIn: vi.fn() });

const programMock = vi.mocked(programs.getReferralProgram);
const historyMock = vi.mocked(referral.getReferralHistory);
const loggedInMock = vi.mocked(loggedIn.useLoggedIn);

const RECORD: ReferralProgram = {
  code: 'ANN12345',
  rate: '200',
  totalRewards: '3800',
  pendingRewards: '100.5',
  referred: 40,
  level1: 40,
  qualified: 35,
  countedThisMonth: 35,
  monthlyCap: 35,
  nextDistribution: '2025-03-11T16:00:00.000Z',
};

beforeEach(() => {
  vi.clearAllMocks();
});

describe('ReferralProgramPage', () => {
  it('shows a visitor the rules and the way to log in, and fetches nothing', () => {
    loggedInMock.mockReturnValue(false);
    renderWithQuery(<ReferralProgramPage />, { route: '/referral-program' });
    const rules = screen.getByTestId('referral-rules');
    expect(within(rules).getByText('50 BCNT')).toBeTruthy();
    expect(screen.getAllByTestId('referral-tier').map((tier) => tier.textContent)).toEqual([
      "100 BCNTFor you when your friend's first subscription makes them your friend number 1 to 3 to subscribe.",
      "200 BCNTFor you when your friend's first subscription makes them your friend number 4 to 7 to subscribe.",
      '500 BCNTFor you for every friend from number 8 on who makes a first subscription.',
    ]);
    expect(rules.textContent).toContain('Up to 35 friends a month count for your rewards');
    expect(rules.textContent).toContain('a pool of 100,000 BCNT');
    const login = within(screen.getByTestId('referral-visitor')).getByRole('link', {
      name: 'Log in',
    });
    expect(login.getAttribute('href')).toBe('/login?back=ReferralProgram');
    expect(programMock).not.toHaveBeenCalled();
    expect(historyMock).not.toHaveBeenCalled();
  });

  it("shows a member's record and referred members with the level-1 date and qualified flag", async () => {
    loggedInMock.mockReturnValue(true);
    programMock.mockResolvedValue(RECORD);
    historyMock.mockResolvedValue({
      list: [
        {
          email: 'f***1@example.com',
          registeredAt: '2025-03-01T04:00:00.000Z',
          level: 1,
          level1At: '2025-03-02T04:00:00.000Z',
          qualified: false,
        },
        {
          email: 'f***2@example.com',
          registeredAt: '2025-02-27T04:00:00.000Z',
          level: 0,
          level1At: null,
          qualified: false,
        },
        {
          email: 'f***3@example.com',
          registeredAt: '2025-02-26T04:00:00.000Z',
          level: 2,
          level1At: '2025-03-01T04:00:00.000Z',
          qualified: true,
        },
      ],
      total: 3,
      page: 1,
      pageSize: 10,
    });
    renderWithQuery(<ReferralProgramPage />, { route: '/referral-program' });
    expect(await screen.findByTestId('referral-record-code')).toHaveProperty(
      'textContent',
      'ANN12345',
    );
    expect(screen.getByTestId('referral-record-rate').textContent).toBe('200.00 BCNT');
    expect(screen.getByTestId('referral-record-total').textContent).toBe('3,800.00 BCNT');
    expect(screen.getByTestId('referral-record-pending').textContent).toBe('100.50 BCNT');
    expect(screen.getByTestId('referral-record-friends').textContent).toBe(
      '40 signed up, 40 at level 1, 35 qualified',
    );
    expect(screen.getByTestId('referral-record-month').textContent).toBe('35 of 35');
    expect(screen.getByTestId('referral-record-next').textContent).toContain('2025/03/12');

    await waitFor(() => expect(screen.getAllByTestId('referred-member')).toHaveLength(3));
    const rows = screen.getAllByTestId('referred-member');
    const cells = (row: HTMLElement) => Array.from(row.children, (cell) => cell.textContent);
    expect(cells(rows[0]!)).toEqual([
      'f***1@example.com',
      '2025/03/01',
      '2025/03/02',
      'Not qualified',
    ]);
    expect(cells(rows[1]!)).toEqual(['f***2@example.com', '2025/02/27', '–', 'Not qualified']);
    expect(rows[2]!.getAttribute('data-qualified')).toBe('true');
    expect(cells(rows[2]!)[3]).toBe('Qualified');
  });

  it('offers a retry when the record cannot be read', async () => {
    loggedInMock.mockReturnValue(true);
    programMock.mockRejectedValue(
      new ApiError({ call: 'user/referral/program', message: 'network_error' }),
    );
    historyMock.mockResolvedValue({ list: [], total: 0, page: 1, pageSize: 10 });
    renderWithQuery(<ReferralProgramPage />, { route: '/referral-program' });
    expect(await screen.findByTestId('referral-record-error')).toBeTruthy();
    expect(await screen.findByTestId('referred-members-empty')).toHaveProperty(
      'textContent',
      expect.stringContaining('No referred members yet'),
    );
  });
});

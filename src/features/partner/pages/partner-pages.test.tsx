import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithQuery } from '../../../components/testing/render';
import { useLoggedIn } from '../../../hooks/use-logged-in';
import { request } from '../../../services/http-client';
import type { PartnerReferralInfo } from '../../../shared/api/partner';
import { rememberPartnerJoin } from '../utils/pending-join';
import { PartnerEntryPage, PartnerInfoPage } from './partner-pages';

vi.mock('../../../services/http-client', () => ({ request: vi.fn() }));
vi.mock('../../../hooks/use-logged-in', () => ({ useLoggedIn: vi.fn() }));

const requestMock = vi.mocked(request);
const loggedInMock = vi.mocked(useLoggedIn);

const INFO: PartnerReferralInfo = {
  joined: true,
  code: 'ANN12345',
  ratePercent: '0.4',
  minimumPayout: '500',
  payoutAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
  accrued: '40',
  paid: '520',
  referred: [{ nickname: 'Bob', joinedAt: '2025-03-01T04:00:00.000Z', rebate: '240' }],
  payouts: [
    {
      id: 1,
      amount: '520',
      state: 'processing',
      createdAt: '2025-03-01T04:00:00.000Z',
      completedAt: null,
      txHash: null,
    },
  ],
};

beforeEach(() => {
  vi.clearAllMocks();
  window.sessionStorage.clear();
});

describe('partner pages', () => {
  it('the entry shows the program figures and carries the code to the sign-up', () => {
    loggedInMock.mockReturnValue(false);
    renderWithQuery(<PartnerEntryPage />, { route: '/coolbitx/referral/entry?code=ann12345' });
    const figures = screen.getByTestId('partner-figures').textContent;
    expect(figures).toContain('0.4%');
    expect(figures).toContain('500 USDT');
    expect(figures).toContain('1-3 business days');
    expect(screen.getByTestId('partner-entry-sign-up').getAttribute('href')).toBe(
      '/coolbitx/referral/sign-up?code=ANN12345',
    );
  });

  it('a visitor is sent to log in and nothing is fetched', () => {
    loggedInMock.mockReturnValue(false);
    renderWithQuery(<PartnerInfoPage />, { route: '/coolbitx/referral/info' });
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      '/login?back=CoolbitxReferralInfo',
    );
    expect(requestMock).not.toHaveBeenCalled();
  });

  it("records a new member as the partner's once, then shows the record and payouts", async () => {
    loggedInMock.mockReturnValue(true);
    rememberPartnerJoin('ANN12345');
    requestMock.mockImplementation(async (options) =>
      (options as { path: string }).path === '/htoken/coolBitX/join' ? { joined: true } : INFO,
    );
    renderWithQuery(<PartnerInfoPage />, { route: '/coolbitx/referral/info' });
    expect(await screen.findByTestId('partner-joined')).toBeTruthy();
    const joins = requestMock.mock.calls.filter(
      ([options]) => (options as { path: string }).path === '/htoken/coolBitX/join',
    );
    expect(joins).toHaveLength(1);
    expect(joins[0]![0]).toMatchObject({ method: 'POST', body: { code: 'ANN12345' } });
    expect(window.sessionStorage.getItem('partnerPendingJoin')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('partner-code').textContent).toBe('ANN12345'));
    expect(screen.getByTestId('partner-accrued').textContent).toBe('40 USDT');
    expect(within(screen.getByTestId('partner-referred')).getByText('Bob')).toBeTruthy();
    const payout = within(screen.getByTestId('partner-payouts'));
    expect(payout.getByText('520 USDT')).toBeTruthy();
    expect(payout.getByText('Processing')).toBeTruthy();
  });
});

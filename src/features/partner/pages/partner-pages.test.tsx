import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockExports } from '../../../components/testing/mock-exports';
import { renderWithQuery } from '../../../components/testing/render';
import * as loggedIn from '../../../hooks/use-logged-in';
import * as httpClient from '../../../services/http-client';
import type { PartnerReferralInfo } from '../../../shared/api/partner';
import { PartnerEntryPage, PartnerInfoPage } from './partner-pages';

mockExports(httpClient, { request: vi.fn() });
mockExports(loggedIn, { useLoggedIn: vi.fn() });

const requestMock = vi.mocked(httpClient.request);
const loggedInMock = vi.mocked(loggedIn.useLoggedIn);

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

  it('shows a member their record: code, accrued rebate, referred members and payouts', async () => {
    loggedInMock.mockReturnValue(true);
    requestMock.mockResolvedValue(INFO);
    renderWithQuery(<PartnerInfoPage />, { route: '/coolbitx/referral/info' });
    expect(requestMock).toHaveBeenCalledWith(
      expect.objectContaining({ path: '/htoken/coolBitX/referralInfo' }),
    );
    await waitFor(() => expect(screen.getByTestId('partner-code').textContent).toBe('ANN12345'));
    expect(screen.getByTestId('partner-accrued').textContent).toBe('40 USDT');
    expect(within(screen.getByTestId('partner-referred')).getByText('Bob')).toBeTruthy();
    const payout = within(screen.getByTestId('partner-payouts'));
    expect(payout.getByText('520 USDT')).toBeTruthy();
    expect(payout.getByText('Processing')).toBeTruthy();
  });
});

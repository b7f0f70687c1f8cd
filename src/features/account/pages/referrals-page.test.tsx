import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockExports } from '../../../components/testing/mock-exports';
import * as loyalty from '../../../services/loyalty';
import * as memberAuth from '../../../services/member-auth';
import * as referral from '../../../services/referral';
import { setLoginInfo } from '../../../services/session';
import { loyaltyStatus, member, renderAccount, ROLE_BITS } from '../test-utils';
import { ReferralsPage } from './referrals-page';

mockExports(memberAuth, { getMemberInfo: vi.fn() });
mockExports(loyalty, { getLoyaltyStatus: vi.fn() });
mockExports(referral, {
  getReferralHistory: vi.fn(),
  REFERRAL_PAGE_SIZE: 10,
});

beforeEach(() => {
  vi.clearAllMocks();
  setLoginInfo({ token: 't', expiredTime: Date.now() + 60_000, roleId: ROLE_BITS.kyc });
  vi.mocked(memberAuth.getMemberInfo).mockResolvedValue(member());
  vi.mocked(loyalty.getLoyaltyStatus).mockResolvedValue(loyaltyStatus(1));
  vi.mocked(referral.getReferralHistory).mockResolvedValue({
    list: [
      {
        email: 'b***@example.com',
        registeredAt: '2024-05-01T00:00:00.000Z',
        level: 1,
        level1At: '2024-05-03T00:00:00.000Z',
        qualified: true,
      },
    ],
    total: 1,
    page: 1,
    pageSize: 10,
  });
});

describe('ReferralsPage', () => {
  it('shows the referral code, the invitation link that fills it in at registration, and the record', async () => {
    renderAccount(<ReferralsPage registerPath="/register" />, { route: '/referrals' });
    expect((await screen.findByTestId('referrals-code')).textContent).toBe('ANN12345');
    expect(screen.getByTestId('referrals-link').textContent).toBe(
      `${window.location.origin}/register?refer=ANN12345`,
    );
    expect(screen.getByRole('button', { name: 'Copy the invitation link' })).toBeTruthy();
    expect(await screen.findByTestId('account-referrals')).toBeTruthy();
    expect(referral.getReferralHistory).toHaveBeenCalled();
  });

  it('below level 1 there is no code: the record card says how to get one', async () => {
    vi.mocked(memberAuth.getMemberInfo).mockResolvedValue(
      member({ referralCode: null, roleId: 2 }),
    );
    vi.mocked(loyalty.getLoyaltyStatus).mockResolvedValue(loyaltyStatus(0));
    renderAccount(<ReferralsPage registerPath="/register" />, { route: '/referrals' });
    expect(await screen.findByTestId('account-referrals-locked')).toBeTruthy();
    expect(screen.queryByTestId('referrals-code')).toBeNull();
    expect(referral.getReferralHistory).not.toHaveBeenCalled();
  });
});

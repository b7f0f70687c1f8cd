import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockExports } from '../../../components/testing/mock-exports';
import { ApiError } from '../../../services/http-client';
import * as kyc from '../../../services/kyc';
import * as loyalty from '../../../services/loyalty';
import * as memberAuth from '../../../services/member-auth';
import * as premier from '../../../services/premier';
import * as referral from '../../../services/referral';
import { getLoginInfo, setLoginInfo } from '../../../services/session';
import { subscribeLoginInfo } from '../../../services/session-events';
import {
  kycStatus,
  loyaltyStatus as status,
  member,
  renderAccount,
  ROLE_BITS,
  ACCOUNT_LINKS,
} from '../test-utils';
import { AccountPage } from './account-page';

mockExports(memberAuth, { getMemberInfo: vi.fn() });
mockExports(loyalty, { getLoyaltyStatus: vi.fn() });
mockExports(kyc, { getKycStatus: vi.fn(), uploadImage: vi.fn() });
mockExports(referral, {
  getReferralHistory: vi.fn(),
  REFERRAL_PAGE_SIZE: 10,
});
mockExports(premier, {
  applyForPremierMember: vi.fn(),
  applyForKYC2: vi.fn(),
});

const memberMock = vi.mocked(memberAuth.getMemberInfo);
const statusMock = vi.mocked(loyalty.getLoyaltyStatus);
const kycMock = vi.mocked(kyc.getKycStatus);
const referralMock = vi.mocked(referral.getReferralHistory);

const { investor: INVESTOR, business: BUSINESS, kyc: KYC } = ROLE_BITS;

const renderPage = (ui = <AccountPage links={ACCOUNT_LINKS} />) => renderAccount(ui);

const level = () => screen.getByTestId('account-level');

beforeEach(() => {
  vi.clearAllMocks();
  setLoginInfo({
    token: 't',
    expiredTime: Date.now() + 60_000,
    nickname: 'Ann',
    roleId: INVESTOR | KYC,
  });
  memberMock.mockResolvedValue(member());
  statusMock.mockResolvedValue(status(1));
  kycMock.mockResolvedValue(kycStatus());
  referralMock.mockResolvedValue({ list: [], total: 0, page: 1, pageSize: 10 });
});

describe('AccountPage', () => {
  it('leads an unverified member to identity verification first, then security, loyalty and BCNT', async () => {
    statusMock.mockResolvedValue(status(0, { kycVerified: false, roleId: INVESTOR }));
    memberMock.mockResolvedValue(member({ roleId: INVESTOR }));
    renderPage();
    const card = await screen.findByTestId('account-next-steps');
    await waitFor(() => expect(card.dataset.state).toBe('unverified'));
    const verify = within(card).getByRole('link', { name: 'Verify now' });
    expect(verify.getAttribute('href')).toBe('/kyc');
    expect(verify.compareDocumentPosition(within(card).getByTestId('account-next-security'))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(card.textContent).toContain('unlock the wallet and the products');
    const hrefs = within(card)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('a')?.getAttribute('href'));
    expect(hrefs).toEqual(['/security?tab=two-step', '/loyalty-program', '/bcnt']);
  });

  it('gives a verified member the wallet instead of the verification step', async () => {
    renderPage();
    const card = await screen.findByTestId('account-next-steps');
    await waitFor(() => expect(card.dataset.state).toBe('verified'));
    expect(within(card).queryByTestId('account-next-verify')).toBeNull();
    expect(within(card).getByTestId('account-next-wallet').getAttribute('href')).toBe(
      '/wallet?tab=deposit',
    );
  });

  it('shows the basic info with the contact verification and the edit links', async () => {
    renderPage();
    expect((await screen.findByTestId('account-username')).textContent).toBe('Ann');
    expect(screen.getByTestId('account-username-edit').getAttribute('href')).toBe(
      '/account/edit-user-name',
    );
    expect(screen.getByTestId('account-change-password').getAttribute('href')).toBe(
      '/account/change-password',
    );
    const email = screen.getByTestId('account-email');
    expect(email.textContent).toBe('ann@example.com');
    expect(email.parentElement?.textContent).toContain('Verified');
    const mobile = screen.getByTestId('account-mobile');
    expect(mobile.textContent).toBe('+886912345678');
    expect(mobile.parentElement?.textContent).toContain('Not yet verified');
    expect(screen.getByTestId('account-referral-code').textContent).toBe('ANN12345');
  });

  it('shows skeletons while the member info loads', () => {
    memberMock.mockReturnValue(new Promise(() => {}));
    renderPage();
    expect(screen.getByTestId('account-loading')).toBeTruthy();
    expect(screen.queryByTestId('account-username')).toBeNull();
  });

  it('a failed load shows the translated message and retries', async () => {
    const user = userEvent.setup();
    memberMock.mockRejectedValueOnce(new ApiError({ call: 'x', message: 'network_error' }));
    renderPage();
    expect((await screen.findByTestId('account-error')).textContent).toContain(
      'Network error. Check your connection and try again.',
    );
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect((await screen.findByTestId('account-username')).textContent).toBe('Ann');
  });

  it('the level is the server-derived one (loyalty status), not the member info roleId', async () => {
    statusMock.mockResolvedValue(status(3, { allianceLevel: 3 }));
    renderPage();
    await waitFor(() => expect(level().getAttribute('data-level')).toBe('3'));
    expect(level().textContent).toContain('Level 3');
    const current = screen
      .getAllByTestId('account-level-row')
      .find((row) => row.getAttribute('aria-current') === 'true');
    expect(current?.getAttribute('data-level')).toBe('3');
  });

  it('falls back to the member info roleId while the loyalty status is unavailable', async () => {
    statusMock.mockRejectedValue(new ApiError({ call: 'x', message: 'network_error' }));
    memberMock.mockResolvedValue(member({ roleId: INVESTOR | KYC | 2048 }));
    renderPage();
    await waitFor(() => expect(level().getAttribute('data-level')).toBe('2'));
  });

  it.each([
    [0, 'View products and rewards; verify your e-mail and mobile.'],
    [
      1,
      'Identity verified: subscribe, deposit, withdraw, convert, get a referral code and withdraw BCNT.',
    ],
    [2, 'Everything of level 1 with higher loyalty rates, reached by staking BCNT.'],
    [
      3,
      'Everything of level 1 with higher loyalty rates, reached by staking BCNT or by verifying an Alliance NFT.',
    ],
    [4, 'Everything of level 1 with the highest loyalty rates, reached by staking BCNT.'],
  ] as const)('level %i says what it allows', async (value, text) => {
    statusMock.mockResolvedValue(status(value));
    renderPage();
    await waitFor(() => expect(level().getAttribute('data-level')).toBe(String(value)));
    expect(within(level()).getByTestId('account-level-allows').textContent).toBe(text);
    expect(screen.getAllByTestId('account-level-row')).toHaveLength(5);
  });

  it('below level 1 the referral code and the referral record are hidden', async () => {
    memberMock.mockResolvedValue(member({ roleId: INVESTOR, referralCode: null }));
    statusMock.mockResolvedValue(status(0));
    kycMock.mockResolvedValue(kycStatus({ state: 'pending', selfUserKYCStatus: 0 }));
    renderPage();
    await waitFor(() => expect(level().getAttribute('data-level')).toBe('0'));
    expect(screen.queryByTestId('account-referral-code')).toBeNull();
    expect(screen.queryByText('Referral code')).toBeNull();
    expect(screen.getByTestId('account-referrals').getAttribute('data-state')).toBe('locked');
    expect(screen.queryByTestId('referral-row')).toBeNull();
    expect(referralMock).not.toHaveBeenCalled();
    expect((await screen.findByTestId('account-kyc-status')).getAttribute('data-state')).toBe(
      'pending',
    );
  });

  it('shows the sections in order: basic info, identity, level, loyalty panels, premier, referrals', async () => {
    renderPage(
      <AccountPage
        links={ACCOUNT_LINKS}
        stakingPanel={<p data-testid="staking-slot">staking</p>}
        alliancePanel={<p data-testid="alliance-slot">alliance</p>}
      />,
    );
    await screen.findByTestId('account-username');
    await screen.findByTestId('account-kyc-status');
    const ids = [
      'account-next-steps',
      'account-basic',
      'account-identity',
      'account-membership',
      'staking-slot',
      'alliance-slot',
      'account-premier',
      'account-referrals',
    ];
    const nodes = ids.map((id) => screen.getByTestId(id));
    for (let index = 1; index < nodes.length; index += 1) {
      const order = nodes[index - 1]!.compareDocumentPosition(nodes[index]!);
      expect(
        order & Node.DOCUMENT_POSITION_FOLLOWING,
        `${ids[index - 1]} before ${ids[index]}`,
      ).toBeTruthy();
    }
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Quick links',
      'Basic information',
      'Identity verification',
      'Member type and level',
      'Raise your loyalty level',
      'Premier membership',
      'Referral record',
    ]);
  });

  it('a failing KYC status shows its own error and retry, the rest of the page stays', async () => {
    const user = userEvent.setup();
    kycMock.mockRejectedValueOnce(new ApiError({ call: 'x', message: 'network_error' }));
    renderPage();
    const error = await screen.findByTestId('account-kyc-error');
    expect(error.textContent).toContain('Network error.');
    expect(screen.getByTestId('account-premier-error')).toBeTruthy();
    expect(screen.getByTestId('account-username').textContent).toBe('Ann');
    await user.click(within(error).getByRole('button', { name: 'Retry' }));
    expect((await screen.findByTestId('account-kyc-status')).getAttribute('data-state')).toBe(
      'verified',
    );
    // one query for both cards
    expect(kycMock).toHaveBeenCalledTimes(2);
    expect(screen.getByTestId('account-premier').getAttribute('data-state')).toBe('none');
  });

  it('while the member info loads, every card that needs it shows a skeleton', () => {
    memberMock.mockReturnValue(new Promise(() => {}));
    kycMock.mockReturnValue(new Promise(() => {}));
    renderPage();
    expect(screen.getByTestId('account-loading')).toBeTruthy();
    expect(screen.getByTestId('account-kyc-loading')).toBeTruthy();
    expect(screen.getByTestId('account-premier-loading')).toBeTruthy();
    expect(screen.queryByTestId('account-referrals')).toBeNull();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Quick links',
      'Basic information',
      'Identity verification',
      'Member type and level',
      'Premier membership',
      'Referral record',
    ]);
  });

  it('the member type comes from the business bit', async () => {
    memberMock.mockResolvedValue(member({ roleId: INVESTOR | BUSINESS | KYC }));
    statusMock.mockResolvedValue(status(1, { roleId: INVESTOR | BUSINESS | KYC }));
    renderPage();
    const type = await screen.findByTestId('account-member-type');
    expect(type.getAttribute('data-type')).toBe('institutional');
    expect(type.textContent).toBe('Institutional');
  });

  it('individual without the business bit', async () => {
    renderPage();
    const type = await screen.findByTestId('account-member-type');
    expect(type.getAttribute('data-type')).toBe('individual');
    expect(type.textContent).toBe('Individual');
  });

  it('renders the staking and Alliance panels the app passes in', async () => {
    renderPage(
      <AccountPage
        links={ACCOUNT_LINKS}
        stakingPanel={<p data-testid="staking-slot">staking</p>}
        alliancePanel={<p data-testid="alliance-slot">alliance</p>}
      />,
    );
    const loyalty = await screen.findByTestId('account-loyalty');
    expect(within(loyalty).getByTestId('staking-slot')).toBeTruthy();
    expect(within(loyalty).getByTestId('alliance-slot')).toBeTruthy();
    expect(within(loyalty).getByRole('heading', { name: 'Raise your loyalty level' })).toBeTruthy();
  });

  it('without panels there is no loyalty section', async () => {
    renderPage();
    await screen.findByTestId('account-username');
    expect(screen.getByTestId('account-page')).toBeTruthy();
    expect(screen.queryByTestId('account-loyalty')).toBeNull();
  });

  it('updates the stored roleId (nav menu) when the server level differs', async () => {
    const shellHears = vi.fn();
    const unsubscribe = subscribeLoginInfo(shellHears);
    statusMock.mockResolvedValue(status(4));
    renderPage();
    await waitFor(() => expect(getLoginInfo()?.roleId).toBe(INVESTOR | KYC | 8192));
    expect(getLoginInfo()).toMatchObject({ token: 't', nickname: 'Ann' });
    expect(shellHears).toHaveBeenCalled();
    unsubscribe();
  });

  it('leaves the stored login info alone when it already matches', async () => {
    const shellHears = vi.fn();
    const unsubscribe = subscribeLoginInfo(shellHears);
    renderPage();
    await waitFor(() => expect(level().getAttribute('data-level')).toBe('1'));
    expect(statusMock).toHaveBeenCalled();
    expect(getLoginInfo()?.roleId).toBe(INVESTOR | KYC);
    expect(shellHears).not.toHaveBeenCalled();
    unsubscribe();
  });
});

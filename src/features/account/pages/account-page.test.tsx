import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/testing/render';
import { ApiError } from '../../../services/http-client';
import { getMemberInfo } from '../../../services/member-auth';
import type * as MemberAuth from '../../../services/member-auth';
import { getLoyaltyStatus } from '../../../services/loyalty';
import { getLoginInfo, setLoginInfo } from '../../../services/session';
import { subscribeLoginInfo } from '../../../services/session-events';
import type { MemberSummary } from '../../../shared/api/auth';
import type { LoyaltyStatus } from '../../../shared/api/loyalty';
import { AccountPage } from './account-page';

vi.mock('../../../services/member-auth', async (importOriginal) => ({
  ...(await importOriginal<typeof MemberAuth>()),
  getMemberInfo: vi.fn(),
}));
vi.mock('../../../services/loyalty', () => ({ getLoyaltyStatus: vi.fn() }));

const memberMock = vi.mocked(getMemberInfo);
const statusMock = vi.mocked(getLoyaltyStatus);

const KYC = 64;
const INVESTOR = 2;
const BUSINESS = 4;
const LEVEL_BITS = { 0: 0, 1: KYC, 2: KYC | 2048, 3: KYC | 4096, 4: KYC | 8192 } as const;

function member(overrides: Partial<MemberSummary> = {}): MemberSummary {
  return {
    memberId: 12,
    userName: 'ann@example.com',
    nickname: 'Ann',
    email: 'ann@example.com',
    mobile: '+886912345678',
    emailVerified: true,
    mobileVerified: false,
    roleId: INVESTOR | KYC,
    accountType: 'individual',
    twoFactor: 'none',
    referralCode: 'ANN12345',
    language: 'en-US',
    ...overrides,
  };
}

function status(level: 0 | 1 | 2 | 3 | 4, overrides: Partial<LoyaltyStatus> = {}): LoyaltyStatus {
  return {
    level,
    roleId: INVESTOR | LEVEL_BITS[level],
    kycVerified: level > 0,
    stakeLevel: level >= 2 ? level : 0,
    allianceLevel: 0,
    countedStake: '0',
    thresholds: { level2: '10000', level3: '50000', level4: '200000' },
    nextLevel: null,
    wallets: [],
    requests: [],
    alliance: null,
    allianceEnded: null,
    chainId: 31337,
    indexedBlock: '1',
    ...overrides,
  };
}

function renderPage(ui: ReactElement = <AccountPage />) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
  return renderWithProviders(ui, {
    route: '/account',
    wrap: (children) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
  });
}

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
});

describe('AccountPage', () => {
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
    expect(screen.getByTestId('account-kyc-status').getAttribute('data-state')).toBe('verified');
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

  it('below level 1 the referral code is hidden and identity verification is "not yet"', async () => {
    memberMock.mockResolvedValue(member({ roleId: INVESTOR, referralCode: null }));
    statusMock.mockResolvedValue(status(0));
    renderPage();
    await waitFor(() => expect(level().getAttribute('data-level')).toBe('0'));
    expect(screen.queryByTestId('account-referral-code')).toBeNull();
    expect(screen.queryByText('Referral code')).toBeNull();
    const kyc = screen.getByTestId('account-kyc-status');
    expect(kyc.getAttribute('data-state')).toBe('unverified');
    expect(kyc.textContent).toContain('Not verified yet');
    // the KYC screen comes later: no link to it yet
    expect(within(kyc).queryByRole('link')).toBeNull();
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

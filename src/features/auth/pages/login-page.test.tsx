import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockExports } from '../../../components/testing/mock-exports';
import * as fullLoadLib from '../../../lib/full-load';
import { ApiError } from '../../../services/http-client';
import * as auth from '../../../services/member-auth';
import { getLoginInfo } from '../../../services/session';
import type { LoginResult } from '../../../shared/api/auth';
import { renderAuth, tinyChallenge } from '../testing/render-auth';
import * as siweLogin from '../../../web3/siwe-login';
import LoginPage from './login-page';

mockExports(auth, { getCaptchaChallenge: vi.fn(), login: vi.fn(), addUserType: vi.fn() });
mockExports(fullLoadLib, { fullLoad: vi.fn() });

// The wallet sign-in component (web3 helper's) is replaced by buttons that hand over answers.
mockExports(siweLogin, {
  default: ({ onResult }: { onResult: (result: LoginResult) => void }) => (
    <button
      type="button"
      data-testid="fake-siwe"
      onClick={() =>
        onResult({ result: 'second_factor', method: 'totp', ticket: 'w'.repeat(20), sentTo: null })
      }
    >
      sign
    </button>
  ),
});

const login = vi.mocked(auth.login);
const addUserType = vi.mocked(auth.addUserType);

const member = {
  memberId: 7,
  userName: 'ann@example.com',
  nickname: 'Ann',
  email: 'ann@example.com',
  mobile: '+886912345678',
  emailVerified: true,
  mobileVerified: true,
  roleId: 1,
  accountType: 'individual' as const,
  twoFactor: 'sms' as const,
  referralCode: null,
  language: null,
  groupID: 1 as const,
  realName: null,
  kyc2ApplyResult: null,
  kycFlags: { insufficient: false },
  region: null,
  premier: false,
};
const session = { token: 'tok', refreshToken: 'ref', expiredTime: Date.now() + 600_000 };
const success = (offerInvestorRole = false): LoginResult => ({
  result: 'success',
  session,
  member,
  offerInvestorRole,
});

beforeEach(async () => {
  vi.mocked(auth.getCaptchaChallenge)
    .mockReset()
    .mockResolvedValue(await tinyChallenge());
  login.mockReset();
  addUserType.mockReset();
});

async function fillAndSubmit(email = 'Ann@Example.com', password = 'secret123') {
  const user = userEvent.setup();
  await user.type(screen.getByTestId('login-email'), email);
  await user.type(screen.getByTestId('login-password'), password);
  await user.click(screen.getByTestId('login-submit'));
  return user;
}

const location = () => screen.getByTestId('location').textContent;

describe('Login page', () => {
  it('checks the e-mail format and requires a password before any call', async () => {
    renderAuth(<LoginPage />, { route: '/login' });
    await fillAndSubmit('not-an-email', ' ');
    await userEvent.clear(screen.getByTestId('login-password'));
    fireEvent.submit(screen.getByTestId('login-form'));
    expect(await screen.findByText('Incorrect email format')).toBeTruthy();
    expect(screen.getByText('This field is required.')).toBeTruthy();
    expect(login).not.toHaveBeenCalled();
  });

  it('solves the captcha, logs in (step 1), stores loginInfo and goes back to the guarded page', async () => {
    login.mockResolvedValue(success());
    renderAuth(<LoginPage />, { route: '/login?back=Wallet' });
    expect(screen.getByText(/The page you opened is for members/)).toBeTruthy();
    await fillAndSubmit();
    await waitFor(() => expect(location()).toBe('/after?back=Wallet'));
    expect(login).toHaveBeenCalledTimes(1);
    expect(login).toHaveBeenCalledWith({
      step: 1,
      email: 'Ann@Example.com',
      password: 'secret123',
      captcha: expect.objectContaining({ number: 3, signature: 'sig', algorithm: 'SHA-256' }),
    });
    expect(getLoginInfo()).toMatchObject({
      token: 'tok',
      refreshToken: 'ref',
      expiredTime: session.expiredTime,
      nickname: 'Ann',
      roleId: 1,
    });
  });

  it("the member's stored language differs: it is stored as lang and the destination loads afresh", async () => {
    try {
      login.mockResolvedValue({
        result: 'success',
        session,
        member: { ...member, language: 'zh-TW' },
        offerInvestorRole: false,
      });
      renderAuth(<LoginPage />, { route: '/login?back=Wallet' });
      await fillAndSubmit();
      await waitFor(() => expect(fullLoadLib.fullLoad).toHaveBeenCalledWith('/after?back=Wallet'));
      expect(localStorage.getItem('lang')).toBe('zh-TW');
      expect(location()).toBe('/login?back=Wallet');
    } finally {
      localStorage.removeItem('lang');
    }
  });

  it('shows "Verifying you are human…" while the captcha runs; the button is busy and presses once', async () => {
    let release!: (value: Awaited<ReturnType<typeof auth.getCaptchaChallenge>>) => void;
    vi.mocked(auth.getCaptchaChallenge).mockReturnValue(
      new Promise((resolve) => {
        release = resolve;
      }),
    );
    login.mockResolvedValue(success());
    renderAuth(<LoginPage />, { route: '/login' });
    await fillAndSubmit();
    const progress = await screen.findByTestId('captcha-progress');
    expect(within(progress).getByRole('status').textContent).toBe('Verifying you are human…');
    const submit = screen.getByTestId('login-submit');
    expect(submit.getAttribute('aria-busy')).toBe('true');
    fireEvent.click(submit);
    release(await tinyChallenge());
    await waitFor(() => expect(location()).toBe('/after?back='));
    expect(auth.getCaptchaChallenge).toHaveBeenCalledTimes(1);
    expect(login).toHaveBeenCalledTimes(1);
  });

  it('a cancelled captcha sends nothing and shows no error', async () => {
    vi.mocked(auth.getCaptchaChallenge).mockReturnValue(new Promise(() => {}));
    renderAuth(<LoginPage />, { route: '/login' });
    const user = await fillAndSubmit();
    await user.click(await screen.findByTestId('captcha-cancel'));
    await waitFor(() => expect(screen.queryByTestId('captcha-progress')).toBeNull());
    expect(screen.queryByTestId('login-error')).toBeNull();
    expect(login).not.toHaveBeenCalled();
    expect(screen.getByTestId('login-submit').getAttribute('aria-busy')).toBeNull();
  });

  it('translates a refusal: invalid credentials', async () => {
    login.mockRejectedValue(
      new ApiError({ call: 'x', status: 401, message: 'invalid_credentials' }),
    );
    renderAuth(<LoginPage />, { route: '/login' });
    await fillAndSubmit();
    expect((await screen.findByTestId('login-error')).textContent).toBe(
      'Incorrect e-mail or password.',
    );
    expect(getLoginInfo()).toBeNull();
  });

  it('login_delayed: counts down and blocks submitting until the delay is over', async () => {
    login.mockRejectedValueOnce(
      new ApiError({
        call: 'x',
        httpStatus: 429,
        message: 'login_delayed',
        data: { retryAfter: 1 },
      }),
    );
    renderAuth(<LoginPage />, { route: '/login' });
    await fillAndSubmit();
    expect((await screen.findByTestId('login-delay')).textContent).toBe(
      'Too many failed attempts. You can try again in 1 s.',
    );
    const submit = screen.getByTestId('login-submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await waitFor(() => expect(submit.disabled).toBe(false), { timeout: 2500 });
    expect(screen.queryByTestId('login-delay')).toBeNull();
  });

  it('SMS second factor: masked number, wrong code message, then step 2 with the ticket', async () => {
    login
      .mockResolvedValueOnce({
        result: 'second_factor',
        method: 'sms',
        ticket: 't'.repeat(20),
        sentTo: '+886****678',
      })
      .mockRejectedValueOnce(
        new ApiError({ call: 'x', status: 400, message: 'The code is wrong.' }),
      )
      .mockResolvedValueOnce(success());
    renderAuth(<LoginPage />, { route: '/login?back=Security' });
    const user = await fillAndSubmit();
    expect((await screen.findByTestId('login-2fa-intro')).textContent).toBe(
      'Enter the 6-digit code sent to +886****678.',
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Two-step verification');
    const resend = screen.getByTestId('login-2fa-resend') as HTMLButtonElement;
    expect(resend.disabled).toBe(true);
    expect(resend.textContent).toMatch(/Resend in (60|59) s/);

    await user.click(screen.getByTestId('login-2fa-code-0'));
    await user.paste('111111'); // submits by itself on the sixth digit
    expect(await screen.findByText('The code is wrong.')).toBeTruthy();
    expect(login).toHaveBeenLastCalledWith({
      step: 2,
      ticket: 't'.repeat(20),
      google2FAToken: '111111',
    });
    expect(getLoginInfo()).toBeNull();

    await user.click(screen.getByTestId('login-2fa-code-0'));
    await user.paste('222333');
    await waitFor(() => expect(location()).toBe('/after?back=Security'));
    expect(login).toHaveBeenCalledTimes(3);
    expect(getLoginInfo()?.token).toBe('tok');
  });

  it('an expired ticket on step 2 goes back to the form with the message', async () => {
    login
      .mockResolvedValueOnce({
        result: 'second_factor',
        method: 'totp',
        ticket: 't'.repeat(20),
        sentTo: null,
      })
      .mockRejectedValueOnce(new ApiError({ call: 'x', status: 401, message: 'ticket_invalid' }));
    renderAuth(<LoginPage />, { route: '/login' });
    const user = await fillAndSubmit();
    expect((await screen.findByTestId('login-2fa-intro')).textContent).toBe(
      'Enter the 6-digit code from your authenticator app.',
    );
    expect(screen.queryByTestId('login-2fa-resend')).toBeNull();
    await user.click(screen.getByTestId('login-2fa-code-0'));
    await user.paste('123456');
    expect((await screen.findByTestId('login-error')).textContent).toBe(
      'Your login has expired. Please log in again.',
    );
    expect(screen.getByTestId('login-form')).toBeTruthy();
  });

  it('too many authenticator codes: "try again at <time>" from the server\'s retryAt, submitting blocked', async () => {
    login
      .mockResolvedValueOnce({
        result: 'second_factor',
        method: 'totp',
        ticket: 't'.repeat(20),
        sentTo: null,
      })
      .mockRejectedValueOnce(
        new ApiError({
          call: 'x',
          httpStatus: 429,
          message: 'login_delayed',
          // 04:14:20 UTC: 12:14:20 UTC+8, shown rounded up to 12:15
          data: { retryAfter: 600, retryAt: '2025-03-01T04:14:20.000Z' },
        }),
      );
    renderAuth(<LoginPage />, { route: '/login' });
    const user = await fillAndSubmit();
    await screen.findByTestId('login-2fa-intro');
    await user.click(screen.getByTestId('login-2fa-code-0'));
    await user.paste('123456');
    expect((await screen.findByTestId('login-delay')).textContent).toBe(
      'Too many failed attempts. Try again at 2025/03/01 12:15 (UTC+8).',
    );
    expect((screen.getByTestId('login-2fa-submit') as HTMLButtonElement).disabled).toBe(true);
  });

  it('device authorisation: says where the link went and how to go on', async () => {
    login.mockResolvedValue({ result: 'device_authorization', sentTo: 'a***@example.com' });
    renderAuth(<LoginPage />, { route: '/login' });
    const user = await fillAndSubmit();
    const notice = await screen.findByTestId('login-device-authorization');
    expect(notice.textContent).toContain('We e-mailed a link to a***@example.com.');
    expect(notice.textContent).toContain('Open the link on this device, then log in again.');
    expect(getLoginInfo()).toBeNull();
    await user.click(screen.getByTestId('login-device-again'));
    expect(screen.getByTestId('login-form')).toBeTruthy();
  });

  it('offers the Investor role when the account lacks it; accepting adds it, then goes on', async () => {
    login.mockResolvedValue(success(true));
    addUserType.mockResolvedValue({ roleId: 3 });
    renderAuth(<LoginPage />, { route: '/login?back=Wallet' });
    const user = await fillAndSubmit();
    const dialog = await screen.findByRole('dialog', { name: 'Add the Investor role?' });
    expect(location()).toBe('/login?back=Wallet');
    await user.click(within(dialog).getByTestId('investor-offer-accept'));
    await waitFor(() => expect(location()).toBe('/after?back=Wallet'));
    expect(addUserType).toHaveBeenCalledTimes(1);
    expect(getLoginInfo()?.roleId).toBe(3);
  });

  it('declining the Investor offer goes on without adding it; a failed add can be declined', async () => {
    login.mockResolvedValue(success(true));
    addUserType.mockRejectedValue(
      new ApiError({
        call: 'x',
        status: 500,
        message: 'The server is currently busy, please try again later.',
      }),
    );
    renderAuth(<LoginPage />, { route: '/login' });
    const user = await fillAndSubmit();
    await user.click(await screen.findByTestId('investor-offer-accept'));
    expect((await screen.findByTestId('investor-offer-error')).textContent).toBe(
      'The server is currently busy, please try again later.',
    );
    await user.click(screen.getByTestId('investor-offer-decline'));
    await waitFor(() => expect(location()).toBe('/after?back='));
    expect(getLoginInfo()?.roleId).toBe(1);
  });

  it('wallet sign-in: loads on demand and its answer enters the same flow (step 2 by ticket)', async () => {
    login.mockResolvedValue(success());
    renderAuth(<LoginPage />, { route: '/login' });
    const user = userEvent.setup();
    expect(screen.queryByTestId('fake-siwe')).toBeNull();
    await user.click(screen.getByTestId('login-wallet-open'));
    await user.click(await screen.findByTestId('fake-siwe'));
    expect((await screen.findByTestId('login-2fa-intro')).textContent).toContain('authenticator');
    await user.click(screen.getByTestId('login-2fa-code-0'));
    await user.paste('654321');
    await waitFor(() => expect(location()).toBe('/after?back='));
    expect(login).toHaveBeenCalledWith({
      step: 2,
      ticket: 'w'.repeat(20),
      google2FAToken: '654321',
    });
  });

  it('method=wallet (the connected-wallet offer) opens the wallet sign-in at once', async () => {
    renderAuth(<LoginPage />, { route: '/login?method=wallet' });
    expect(await screen.findByTestId('fake-siwe')).toBeTruthy();
    expect(screen.queryByTestId('login-wallet-open')).toBeNull();
  });

  it('links to Register and Forgot password', () => {
    renderAuth(<LoginPage />, { route: '/login' });
    expect(screen.getByTestId('login-register-link').getAttribute('href')).toBe('/register');
    expect(screen.getByTestId('login-forgot-link').getAttribute('href')).toBe('/forgot-password');
  });

  it('speaks Traditional Chinese', () => {
    renderAuth(<LoginPage />, { route: '/login', lng: 'zh-TW' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('登入');
    expect(screen.getByTestId('login-wallet-open').textContent).toContain('使用錢包登入');
  });
});

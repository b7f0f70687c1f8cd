import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { mockExports } from '../../../components/testing/mock-exports';
import { createTestI18n } from '../../../components/testing/test-i18n';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../services/http-client';
import * as auth from '../../../services/member-auth';
import { AfterLoginProvider } from '../after-login';
import { renderAuth, testAfterLogin, tinyChallenge } from '../testing/render-auth';
import AuthorizeLoginDevicePage from './authorize-login-device-page';
import ConfirmWalletLoginPage from './confirm-wallet-login-page';
import ForgotPasswordPage from './forgot-password-page';
import ResetPasswordPage from './reset-password-page';

mockExports(auth, {
  getCaptchaChallenge: vi.fn(),
  forgotPwd: vi.fn(),
  resetPwd: vi.fn(),
  authorizeLoginDevice: vi.fn(),
  confirmWalletLogin: vi.fn(),
});

const TOKEN = 'a'.repeat(43);
const field = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
function errorOf(testId: string): string | null {
  const ids = field(testId).getAttribute('aria-describedby')?.split(' ') ?? [];
  const error = ids
    .map((id) => document.getElementById(id))
    .find((el) => el?.id.endsWith('-error'));
  return error?.textContent ?? null;
}

beforeEach(async () => {
  vi.mocked(auth.getCaptchaChallenge)
    .mockReset()
    .mockResolvedValue(await tinyChallenge());
  vi.mocked(auth.forgotPwd).mockReset();
  vi.mocked(auth.resetPwd).mockReset();
  vi.mocked(auth.authorizeLoginDevice).mockReset();
  vi.mocked(auth.confirmWalletLogin).mockReset();
});

describe('Forgot password', () => {
  it('sends the e-mail with a solved captcha and always confirms the same way', async () => {
    vi.mocked(auth.forgotPwd).mockResolvedValue();
    const user = userEvent.setup();
    renderAuth(<ForgotPasswordPage />, { route: '/forgot-password' });
    await user.type(field('forgot-email'), 'nobody@example.com');
    await user.click(screen.getByTestId('forgot-submit'));
    const sent = await screen.findByTestId('forgot-sent');
    expect(sent.textContent).toContain(
      'If an account exists for nobody@example.com, we sent a link to it.',
    );
    expect(auth.forgotPwd).toHaveBeenCalledWith({
      email: 'nobody@example.com',
      captcha: expect.objectContaining({ number: 3 }),
    });
    expect(screen.getByTestId('forgot-login-link').getAttribute('href')).toBe('/login');
  });

  it('checks the e-mail format first, and shows a refused captcha', async () => {
    vi.mocked(auth.forgotPwd).mockRejectedValue(
      new ApiError({ call: 'x', status: 400, message: 'captcha_invalid' }),
    );
    const user = userEvent.setup();
    renderAuth(<ForgotPasswordPage />, { route: '/forgot-password' });
    await user.type(field('forgot-email'), 'bad');
    fireEvent.submit(screen.getByTestId('forgot-form'));
    await waitFor(() => expect(errorOf('forgot-email')).toBe('Incorrect email format'));
    expect(auth.forgotPwd).not.toHaveBeenCalled();
    await user.type(field('forgot-email'), '@example.com');
    await user.click(screen.getByTestId('forgot-submit'));
    expect((await screen.findByTestId('forgot-error')).textContent).toBe(
      'The human verification failed. Please try again.',
    );
    expect(screen.queryByTestId('forgot-sent')).toBeNull();
  });
});

describe('Reset password', () => {
  it('sets the new password with the token, then leads to Login', async () => {
    vi.mocked(auth.resetPwd).mockResolvedValue({
      reset: true,
      unlinkedWallets: 2,
      walletLoginSuspended: false,
    });
    const user = userEvent.setup();
    renderAuth(<ResetPasswordPage />, { route: `/reset-password?token=${TOKEN}` });
    await user.type(field('reset-password'), 'short1');
    await waitFor(() =>
      expect(errorOf('reset-password')).toBe('8-128 characters with letter and number'),
    );
    await user.type(field('reset-password'), '2345');
    await user.type(field('reset-confirm-password'), 'short12344');
    await waitFor(() => expect(errorOf('reset-confirm-password')).toBe('Passwords do not match.'));
    await user.clear(field('reset-confirm-password'));
    await user.type(field('reset-confirm-password'), 'short12345');
    await user.click(screen.getByTestId('reset-submit'));
    expect((await screen.findByTestId('reset-success')).textContent).toContain(
      'Your password has been changed.',
    );
    expect(auth.resetPwd).toHaveBeenCalledWith({
      token: TOKEN,
      password: 'short12345',
      confirmPassword: 'short12345',
      unlinkWallets: true,
    });
    expect(screen.getByTestId('reset-wallets-unlinked').textContent).toBe(
      '2 wallets were unlinked from your account.',
    );
    expect(screen.queryByTestId('reset-wallets-suspended')).toBeNull();
    expect(screen.getByTestId('reset-login-link').getAttribute('href')).toBe('/login');
  });

  it('asks about the wallets (unlink by default); keeping them says wallet sign-in waits for the e-mail', async () => {
    vi.mocked(auth.resetPwd).mockResolvedValue({
      reset: true,
      unlinkedWallets: 0,
      walletLoginSuspended: true,
    });
    const user = userEvent.setup();
    renderAuth(<ResetPasswordPage />, { route: `/reset-password?token=${TOKEN}` });
    const unlink = field('reset-wallets-unlink');
    const keep = field('reset-wallets-keep');
    expect(screen.getByTestId('reset-wallets').textContent).toContain(
      'Wallets linked to your account',
    );
    expect(unlink.checked).toBe(true);
    expect(keep.checked).toBe(false);
    await user.click(keep);
    expect(keep.checked).toBe(true);
    await user.type(field('reset-password'), 'abc12345');
    await user.type(field('reset-confirm-password'), 'abc12345');
    await user.click(screen.getByTestId('reset-submit'));
    expect((await screen.findByTestId('reset-wallets-suspended')).textContent).toBe(
      'Logging in with your wallets is paused: open the link we e-mailed you to allow it again.',
    );
    expect(auth.resetPwd).toHaveBeenCalledWith(
      expect.objectContaining({ token: TOKEN, unlinkWallets: false }),
    );
    expect(screen.queryByTestId('reset-wallets-unlinked')).toBeNull();
  });

  it('shows the wallet choice in Traditional and Simplified Chinese', () => {
    for (const [locale, legend] of [
      ['zh-TW', '帳號已綁定的錢包'],
      ['zh-CN', '账户已绑定的钱包'],
    ] as const) {
      const { unmount } = renderAuth(<ResetPasswordPage />, {
        route: `/reset-password?token=${TOKEN}`,
        lng: locale,
      });
      expect(screen.getByTestId('reset-wallets').textContent).toContain(legend);
      unmount();
    }
  });

  it('an empty form asks for both passwords', async () => {
    renderAuth(<ResetPasswordPage />, { route: `/reset-password?token=${TOKEN}` });
    fireEvent.submit(screen.getByTestId('reset-form'));
    await waitFor(() =>
      expect(errorOf('reset-password')).toBe(
        'Please insert passwords and confirm the passwords are same.',
      ),
    );
    expect(auth.resetPwd).not.toHaveBeenCalled();
  });

  it('an expired or used link: "Please confirm that the link is valid", with a new request', async () => {
    vi.mocked(auth.resetPwd).mockRejectedValue(
      new ApiError({ call: 'x', status: 400, message: 'Please confirm that the link is valid' }),
    );
    const user = userEvent.setup();
    renderAuth(<ResetPasswordPage />, { route: `/reset-password?token=${TOKEN}` });
    await user.type(field('reset-password'), 'abc12345');
    await user.type(field('reset-confirm-password'), 'abc12345');
    await user.click(screen.getByTestId('reset-submit'));
    const invalid = await screen.findByTestId('reset-invalid');
    expect(invalid.textContent).toContain('Please confirm that the link is valid');
    expect(screen.getByTestId('reset-forgot-link').getAttribute('href')).toBe('/forgot-password');
  });

  it('a link without a token is invalid at once', () => {
    renderAuth(<ResetPasswordPage />, { route: '/reset-password' });
    expect(screen.getByTestId('reset-invalid')).toBeTruthy();
    expect(screen.queryByTestId('reset-form')).toBeNull();
  });
});

describe('Authorize login device', () => {
  it('authorises once on load (also under StrictMode) and says to log in again', async () => {
    vi.mocked(auth.authorizeLoginDevice).mockResolvedValue();
    // StrictMode at the root (as in the app): effects run twice on mount.
    render(
      <StrictMode>
        <I18nextProvider i18n={createTestI18n('en-US')}>
          <MemoryRouter initialEntries={[`/authorizeLoginDevice?token=${TOKEN}`]}>
            <AfterLoginProvider value={testAfterLogin}>
              <AuthorizeLoginDevicePage />
            </AfterLoginProvider>
          </MemoryRouter>
        </I18nextProvider>
      </StrictMode>,
    );
    expect(screen.getByTestId('authorize-device-working')).toBeTruthy();
    expect((await screen.findByTestId('authorize-device-success')).textContent).toContain(
      'This device is authorised. Log in again.',
    );
    expect(auth.authorizeLoginDevice).toHaveBeenCalledTimes(1);
    expect(auth.authorizeLoginDevice).toHaveBeenCalledWith(TOKEN);
    expect(screen.getByTestId('authorize-device-login').getAttribute('href')).toBe('/login');
  });

  it('a refused link says "Please confirm that the link is valid"', async () => {
    vi.mocked(auth.authorizeLoginDevice).mockRejectedValue(
      new ApiError({
        call: 'x',
        httpStatus: 400,
        status: 400,
        message: 'Please confirm that the link is valid',
      }),
    );
    renderAuth(<AuthorizeLoginDevicePage />, { route: `/authorizeLoginDevice?token=${TOKEN}` });
    expect((await screen.findByTestId('authorize-device-invalid')).textContent).toContain(
      'Please confirm that the link is valid',
    );
    expect(screen.queryByTestId('authorize-device-retry')).toBeNull();
  });

  it('no token: invalid without a call', () => {
    renderAuth(<AuthorizeLoginDevicePage />, { route: '/authorizeLoginDevice' });
    expect(screen.getByTestId('authorize-device-invalid')).toBeTruthy();
    expect(auth.authorizeLoginDevice).not.toHaveBeenCalled();
  });

  it('a network failure can be retried', async () => {
    vi.mocked(auth.authorizeLoginDevice)
      .mockRejectedValueOnce(new ApiError({ call: 'x', message: 'network_error' }))
      .mockResolvedValueOnce();
    const user = userEvent.setup();
    renderAuth(<AuthorizeLoginDevicePage />, { route: `/authorizeLoginDevice?token=${TOKEN}` });
    expect((await screen.findByTestId('authorize-device-invalid')).textContent).toContain(
      'Network error.',
    );
    await user.click(screen.getByTestId('authorize-device-retry'));
    expect(await screen.findByTestId('authorize-device-success')).toBeTruthy();
    expect(auth.authorizeLoginDevice).toHaveBeenCalledTimes(2);
  });
});

describe('Confirm wallet sign-in', () => {
  it('confirms once on load (also under StrictMode) and leads to Login', async () => {
    vi.mocked(auth.confirmWalletLogin).mockResolvedValue();
    render(
      <StrictMode>
        <I18nextProvider i18n={createTestI18n('en-US')}>
          <MemoryRouter initialEntries={[`/confirm-wallet-login?token=${TOKEN}`]}>
            <ConfirmWalletLoginPage />
          </MemoryRouter>
        </I18nextProvider>
      </StrictMode>,
    );
    expect(screen.getByTestId('confirm-wallet-working')).toBeTruthy();
    expect((await screen.findByTestId('confirm-wallet-success')).textContent).toContain(
      'you can log in with the wallets linked to your account again',
    );
    expect(auth.confirmWalletLogin).toHaveBeenCalledTimes(1);
    expect(auth.confirmWalletLogin).toHaveBeenCalledWith(TOKEN);
    expect(screen.getByTestId('confirm-wallet-login').getAttribute('href')).toBe('/login');
  });

  it('a used or unknown link says "Please confirm that the link is valid"; no token, no call', async () => {
    vi.mocked(auth.confirmWalletLogin).mockRejectedValue(
      new ApiError({
        call: 'x',
        httpStatus: 400,
        status: 400,
        message: 'Please confirm that the link is valid',
      }),
    );
    const { unmount } = renderAuth(<ConfirmWalletLoginPage />, {
      route: `/confirm-wallet-login?token=${TOKEN}`,
    });
    expect((await screen.findByTestId('confirm-wallet-invalid')).textContent).toContain(
      'Please confirm that the link is valid',
    );
    expect(screen.queryByTestId('confirm-wallet-retry')).toBeNull();
    unmount();
    vi.mocked(auth.confirmWalletLogin).mockClear();
    renderAuth(<ConfirmWalletLoginPage />, { route: '/confirm-wallet-login' });
    expect(screen.getByTestId('confirm-wallet-invalid')).toBeTruthy();
    expect(auth.confirmWalletLogin).not.toHaveBeenCalled();
  });

  it('a network failure can be retried', async () => {
    vi.mocked(auth.confirmWalletLogin)
      .mockRejectedValueOnce(new ApiError({ call: 'x', message: 'network_error' }))
      .mockResolvedValueOnce();
    const user = userEvent.setup();
    renderAuth(<ConfirmWalletLoginPage />, { route: `/confirm-wallet-login?token=${TOKEN}` });
    expect((await screen.findByTestId('confirm-wallet-invalid')).textContent).toContain(
      'Network error.',
    );
    await user.click(screen.getByTestId('confirm-wallet-retry'));
    expect(await screen.findByTestId('confirm-wallet-success')).toBeTruthy();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockExports } from '../../../components/testing/mock-exports';
import { ApiError } from '../../../services/http-client';
import * as kyc from '../../../services/kyc';
import * as loyalty from '../../../services/loyalty';
import * as memberAuth from '../../../services/member-auth';
import * as referral from '../../../services/referral';
import { getLoginInfo, setLoginInfo } from '../../../services/session';
import { AccountPage } from '../pages/account-page';
import {
  deferred,
  enterCode,
  kycStatus,
  loyaltyStatus,
  member,
  renderAccount,
  ACCOUNT_LINKS,
} from '../test-utils';

mockExports(memberAuth, {
  getMemberInfo: vi.fn(),
  sendVerifyEmailCode: vi.fn(),
  sendVerifySmsCode: vi.fn(),
  activation: vi.fn(),
});
mockExports(loyalty, { getLoyaltyStatus: vi.fn() });
mockExports(kyc, { getKycStatus: vi.fn(), uploadImage: vi.fn() });
mockExports(referral, {
  getReferralHistory: vi.fn(),
  REFERRAL_PAGE_SIZE: 10,
});

const memberMock = vi.mocked(memberAuth.getMemberInfo);
const sendSms = vi.mocked(memberAuth.sendVerifySmsCode);
const sendEmail = vi.mocked(memberAuth.sendVerifyEmailCode);
const activate = vi.mocked(memberAuth.activation);

const codeWrong = () =>
  new ApiError({ call: 'PUT /member/activation', status: 400, message: 'The code is wrong.' });

beforeEach(() => {
  vi.clearAllMocks();
  setLoginInfo({ token: 't', expiredTime: Date.now() + 60_000, nickname: 'Ann', roleId: 66 });
  memberMock.mockResolvedValue(member({ emailVerified: true, mobileVerified: false }));
  vi.mocked(loyalty.getLoyaltyStatus).mockResolvedValue(loyaltyStatus(1));
  vi.mocked(kyc.getKycStatus).mockResolvedValue(kycStatus());
  vi.mocked(referral.getReferralHistory).mockResolvedValue({
    list: [],
    total: 0,
    page: 1,
    pageSize: 10,
  });
  sendSms.mockResolvedValue({ resendAfter: 60, sentTo: '+8869****678' });
  sendEmail.mockResolvedValue({ resendAfter: 60, sentTo: 'a***@example.com' });
});

async function openMobileDialog(user: ReturnType<typeof userEvent.setup>) {
  renderAccount(<AccountPage links={ACCOUNT_LINKS} />);
  await user.click(await screen.findByTestId('account-verify-mobile'));
  return screen.findByTestId('contact-code-dialog');
}

describe('contact verification on the Account page', () => {
  it('shows each contact detail as verified or not, with Verify only where needed', async () => {
    renderAccount(<AccountPage links={ACCOUNT_LINKS} />);
    const email = await screen.findByTestId('account-email-status');
    expect(email.getAttribute('data-state')).toBe('verified');
    expect(email.textContent).toBe('Verified');
    const mobile = screen.getByTestId('account-mobile-status');
    expect(mobile.getAttribute('data-state')).toBe('unverified');
    expect(mobile.textContent).toBe('Not yet verified');
    expect(screen.queryByTestId('account-verify-email')).toBeNull();
    expect(screen.getByTestId('account-verify-mobile').textContent).toBe('Verify');
  });

  it('Verify sends the code for the account and opens the dialog with the resend countdown', async () => {
    const user = userEvent.setup();
    const dialog = await openMobileDialog(user);
    expect(sendSms).toHaveBeenCalledWith({ userName: 'ann@example.com' });
    expect(sendEmail).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('heading', { name: 'Verify your mobile' })).toBeTruthy();
    expect(dialog.textContent).toContain('Enter the 6-digit code we sent to +8869****678.');
    const resend = within(dialog).getByTestId('contact-code-resend');
    expect(resend.textContent).toContain('Resend in 60 s');
    expect((resend as HTMLButtonElement).disabled).toBe(true);
    expect((within(dialog).getByTestId('contact-code-submit') as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('the e-mail uses its own call and the dialog names the e-mail', async () => {
    const user = userEvent.setup();
    memberMock.mockResolvedValue(member({ emailVerified: false, mobileVerified: true }));
    renderAccount(<AccountPage links={ACCOUNT_LINKS} />);
    await user.click(await screen.findByTestId('account-verify-email'));
    const dialog = await screen.findByTestId('contact-code-dialog');
    expect(sendEmail).toHaveBeenCalledWith({ userName: 'ann@example.com' });
    expect(within(dialog).getByRole('heading', { name: 'Verify your e-mail' })).toBeTruthy();
    expect(dialog.textContent).toContain('a***@example.com');
  });

  it('a wrong code shows "The code is wrong." and clears the boxes; nothing is refetched', async () => {
    const user = userEvent.setup();
    activate.mockRejectedValueOnce(codeWrong());
    const dialog = await openMobileDialog(user);
    const calls = memberMock.mock.calls.length;
    await enterCode(user, 'contact-code-input', '111111');
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The code is wrong.');
    expect(activate).toHaveBeenCalledWith({
      actionType: 'mobile',
      userName: 'ann@example.com',
      code: '111111',
    });
    expect((screen.getByTestId('contact-code-input-0') as HTMLInputElement).value).toBe('');
    expect(screen.getByTestId('contact-code-dialog')).toBeTruthy();
    expect(memberMock.mock.calls.length).toBe(calls);
  });

  it('an expired code has its own message', async () => {
    const user = userEvent.setup();
    activate.mockRejectedValueOnce(
      new ApiError({ call: 'x', status: 400, message: 'code_expired' }),
    );
    const dialog = await openMobileDialog(user);
    await enterCode(user, 'contact-code-input', '222222');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The code has expired. Please request a new one.',
    );
  });

  it('the right code verifies: the member info is fetched again and the state turns Verified', async () => {
    const user = userEvent.setup();
    activate.mockResolvedValue({ emailVerified: true, mobileVerified: true });
    const dialog = await openMobileDialog(user);
    memberMock.mockResolvedValue(member({ emailVerified: true, mobileVerified: true }));
    const calls = memberMock.mock.calls.length;
    await enterCode(user, 'contact-code-input', '123456');
    await waitFor(() => expect(screen.queryByTestId('contact-code-dialog')).toBeNull());
    expect(dialog.isConnected).toBe(false);
    expect(memberMock.mock.calls.length).toBe(calls + 1);
    const mobile = screen.getByTestId('account-mobile-status');
    expect(mobile.getAttribute('data-state')).toBe('verified');
    expect(screen.queryByTestId('account-verify-mobile')).toBeNull();
    expect(screen.getByTestId('account-mobile-done').textContent).toBe('Your mobile is verified.');
    expect(getLoginInfo()).toMatchObject({ mobileVerified: true, emailVerified: true });
  });

  it('the Confirm button submits a typed code once and is busy meanwhile', async () => {
    const user = userEvent.setup();
    const answer = deferred<{ emailVerified: boolean; mobileVerified: boolean }>();
    activate.mockReturnValue(answer.promise);
    await openMobileDialog(user);
    await user.click(screen.getByTestId('contact-code-input-0'));
    await user.keyboard('12345');
    const submit = screen.getByTestId('contact-code-submit');
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    await user.keyboard('6');
    expect(activate).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(submit.getAttribute('aria-busy')).toBe('true'));
    await user.click(submit);
    expect(activate).toHaveBeenCalledTimes(1);
    answer.resolve({ emailVerified: true, mobileVerified: true });
    await waitFor(() => expect(screen.queryByTestId('contact-code-dialog')).toBeNull());
  });

  it('resend is offered once the countdown is over and sends a new code', async () => {
    const user = userEvent.setup();
    sendSms.mockResolvedValueOnce({ resendAfter: 0, sentTo: '+8869****678' });
    const dialog = await openMobileDialog(user);
    const resend = within(dialog).getByTestId('contact-code-resend');
    expect(resend.textContent).toContain('Resend code');
    await user.click(resend);
    expect(sendSms).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(resend.textContent).toContain('Resend in 60 s'));
  });

  it('a code sent moments ago ("resend_too_soon") opens the dialog with the remaining wait, no error', async () => {
    const user = userEvent.setup();
    sendSms.mockRejectedValueOnce(
      new ApiError({
        call: 'x',
        status: 429,
        message: 'resend_too_soon',
        data: { resendAfter: 42 },
      }),
    );
    const dialog = await openMobileDialog(user);
    expect(within(dialog).getByTestId('contact-code-resend').textContent).toContain(
      'Resend in 42 s',
    );
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(dialog.textContent).toContain('+886912345678');
  });

  it('a failed send opens the dialog with the translated error and resend available', async () => {
    const user = userEvent.setup();
    sendSms.mockRejectedValueOnce(new ApiError({ call: 'x', message: 'network_error' }));
    const dialog = await openMobileDialog(user);
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Network error. Check your connection and try again.',
    );
    const resend = within(dialog).getByTestId('contact-code-resend') as HTMLButtonElement;
    expect(resend.disabled).toBe(false);
    await user.click(resend);
    expect(sendSms).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(within(dialog).queryByRole('alert')).toBeNull());
  });

  it('shows the texts in Traditional Chinese', async () => {
    const user = userEvent.setup();
    activate.mockRejectedValueOnce(codeWrong());
    renderAccount(<AccountPage links={ACCOUNT_LINKS} />, { lng: 'zh-TW' });
    expect((await screen.findByTestId('account-mobile-status')).textContent).toBe('尚未驗證');
    await user.click(screen.getByTestId('account-verify-mobile'));
    const dialog = await screen.findByTestId('contact-code-dialog');
    expect(within(dialog).getByRole('heading', { name: '驗證您的手機號碼' })).toBeTruthy();
    await enterCode(user, 'contact-code-input', '111111');
    expect((await within(dialog).findByRole('alert')).textContent).toBe('驗證碼錯誤。');
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockExports } from '../../../components/testing/mock-exports';
import { ApiError } from '../../../services/http-client';
import * as member from '../../../services/member';
import * as auth from '../../../services/member-auth';
import { renderAuth, tinyChallenge } from '../testing/render-auth';
import RegisterPage from './register-page';

mockExports(auth, {
  getCaptchaChallenge: vi.fn(),
  register: vi.fn(),
  registerValidation: vi.fn(),
  activation: vi.fn(),
  sendVerifyEmailCode: vi.fn(),
  sendVerifySmsCode: vi.fn(),
});
mockExports(member, { getCountryList: vi.fn() });

const register = vi.mocked(auth.register);
const registerValidation = vi.mocked(auth.registerValidation);
const activation = vi.mocked(auth.activation);

beforeEach(async () => {
  vi.mocked(auth.getCaptchaChallenge)
    .mockReset()
    .mockResolvedValue(await tinyChallenge());
  vi.mocked(member.getCountryList)
    .mockReset()
    .mockResolvedValue([
      { code: 'CN', name: 'China', dialCode: '+86' },
      { code: 'TW', name: 'Taiwan', dialCode: '+886' },
      { code: 'US', name: 'United States', dialCode: '+1' },
    ]);
  register.mockReset();
  registerValidation.mockReset().mockResolvedValue({ valid: true, message: null });
  activation.mockReset();
  vi.mocked(auth.sendVerifyEmailCode).mockReset();
  vi.mocked(auth.sendVerifySmsCode).mockReset();
});

const field = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
/** The inline error linked to a field. */
function errorOf(testId: string): string | null {
  const ids = field(testId).getAttribute('aria-describedby')?.split(' ') ?? [];
  const error = ids
    .map((id) => document.getElementById(id))
    .find((el) => el?.id.endsWith('-error'));
  return error?.textContent ?? null;
}

async function renderLoaded(route = '/register') {
  const result = renderAuth(<RegisterPage />, { route });
  await waitFor(() => expect(field('register-country').disabled).toBe(false));
  return result;
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field('register-username'), 'ann');
  await user.type(field('register-email'), 'Ann@Example.com');
  await user.type(field('register-mobile'), '0912 345 678');
  await user.type(field('register-password'), 'abc12345');
  await user.type(field('register-confirm-password'), 'abc12345');
  await user.click(field('register-agreement'));
  await user.click(field('register-privacy'));
}

describe('Register page: the form', () => {
  it("shows the spec's messages for an empty form and sends nothing", async () => {
    await renderLoaded();
    fireEvent.submit(screen.getByTestId('register-form'));
    await waitFor(() => expect(errorOf('register-username')).toBe('Please Fill in the Username.'));
    expect(errorOf('register-email')).toBe('This field is required.');
    expect(errorOf('register-mobile')).toBe('Phone Number must not be blank!!');
    expect(errorOf('register-password')).toBe(
      'Please insert passwords and confirm the passwords are same.',
    );
    expect(errorOf('register-agreement')).toBe(
      'Please accept the user agreement and the privacy policy.',
    );
    expect(errorOf('register-privacy')).toBe(
      'Please accept the user agreement and the privacy policy.',
    );
    expect(field('register-agreement').getAttribute('aria-invalid')).toBe('true');
    expect(register).not.toHaveBeenCalled();
  });

  it('checks e-mail and mobile formats', async () => {
    const user = userEvent.setup();
    await renderLoaded();
    await user.type(field('register-email'), 'ann@');
    await user.type(field('register-mobile'), '12');
    await user.tab();
    await waitFor(() => expect(errorOf('register-email')).toBe('Incorrect email format'));
    expect(errorOf('register-mobile')).toBe('Incorrect mobile format');
    await user.clear(field('register-mobile'));
    await user.type(field('register-mobile'), 'phone');
    await waitFor(() => expect(errorOf('register-mobile')).toBe('Incorrect mobile format'));
  });

  it('gives the password verdicts live, while typing', async () => {
    const user = userEvent.setup();
    await renderLoaded();
    await user.type(field('register-password'), 'abc');
    await waitFor(() =>
      expect(errorOf('register-password')).toBe('8-128 characters with letter and number'),
    );
    await user.type(field('register-password'), '12345');
    await waitFor(() => expect(errorOf('register-password')).toBeNull());
    await user.type(field('register-confirm-password'), 'abc1');
    await waitFor(() =>
      expect(errorOf('register-confirm-password')).toBe('Passwords do not match.'),
    );
    await user.type(field('register-confirm-password'), '2345');
    await waitFor(() => expect(errorOf('register-confirm-password')).toBeNull());
    await user.type(field('register-password'), 'x');
    await waitFor(() =>
      expect(errorOf('register-confirm-password')).toBe('Passwords do not match.'),
    );
    await user.clear(field('register-password'));
    await user.type(field('register-password'), 'abcdefghi');
    await waitFor(() =>
      expect(errorOf('register-password')).toBe('8-128 characters with letter and number'),
    );
  });

  it('pre-fills the referral code from `refer` and checks it on blur: "Invalid Referral Code."', async () => {
    registerValidation.mockResolvedValue({ valid: false, message: 'Invalid Referral Code.' });
    const user = userEvent.setup();
    await renderLoaded('/register?refer=ABC123');
    expect(field('register-referral').value).toBe('ABC123');
    await user.click(field('register-referral'));
    await user.tab();
    await waitFor(() => expect(errorOf('register-referral')).toBe('Invalid Referral Code.'));
    expect(registerValidation).toHaveBeenCalledWith({ field: 'referralCode', value: 'ABC123' });
    await fillValid(user);
    await user.click(screen.getByTestId('register-submit'));
    await waitFor(() => expect(errorOf('register-referral')).toBe('Invalid Referral Code.'));
    expect(register).not.toHaveBeenCalled();
    expect(registerValidation).toHaveBeenCalledTimes(1); // asked once per code
  });

  it('a referral code of the wrong shape is refused without asking the server', async () => {
    const user = userEvent.setup();
    await renderLoaded();
    await user.type(field('register-referral'), 'x!');
    await user.tab();
    await waitFor(() => expect(errorOf('register-referral')).toBe('Invalid Referral Code.'));
    expect(registerValidation).not.toHaveBeenCalled();
  });

  it('links the user agreement and the privacy policy (opened in a new tab)', async () => {
    await renderLoaded();
    const agreement = field('register-agreement').closest('label')!;
    const agreementLink = within(agreement).getByRole('link', { name: 'User Agreement' });
    expect(agreementLink.getAttribute('href')).toBe('/user-agreement');
    expect(agreementLink.getAttribute('target')).toBe('_blank');
    const privacy = field('register-privacy').closest('label')!;
    expect(within(privacy).getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
      '/privacy-policy',
    );
  });

  it('registers (captcha, E.164 mobile, institutional) and goes on to the contact verification', async () => {
    register.mockResolvedValue({
      memberId: 9,
      email: 'ann@example.com',
      mobile: '+886912345678',
      resendAfter: 60,
    });
    const user = userEvent.setup();
    await renderLoaded('/register?refer=abc123');
    await user.click(field('register-type-institutional'));
    await fillValid(user);
    await user.click(screen.getByTestId('register-submit'));
    expect(await screen.findByTestId('register-verify')).toBeTruthy();
    expect(register).toHaveBeenCalledWith({
      accountType: 'institutional',
      userName: 'ann',
      email: 'Ann@Example.com',
      mobile: '+886912345678',
      password: 'abc12345',
      confirmPassword: 'abc12345',
      agreement: true,
      privacyPolicy: true,
      referralCode: 'ABC123',
      captcha: expect.objectContaining({ number: 3 }),
    });
    expect(screen.getByText('Code sent to ann@example.com.')).toBeTruthy();
    expect(screen.getByText('Code sent to +886912345678.')).toBeTruthy();
    expect(screen.getByTestId('verify-email-resend').textContent).toMatch(/Resend in (60|59) s/);
  });

  it('builds the E.164 number from the selected country', async () => {
    register.mockResolvedValue({ memberId: 9, email: 'e', mobile: 'm', resendAfter: 60 });
    const user = userEvent.setup();
    await renderLoaded();
    await user.selectOptions(field('register-country'), 'US');
    await fillValid(user);
    await user.clear(field('register-mobile'));
    await user.type(field('register-mobile'), '(415) 555-0100');
    await user.click(screen.getByTestId('register-submit'));
    await screen.findByTestId('register-verify');
    expect(register.mock.calls[0]?.[0].mobile).toBe('+14155550100');
  });

  it('shows a taken e-mail on the e-mail field', async () => {
    register.mockRejectedValue(new ApiError({ call: 'x', status: 409, message: 'email_taken' }));
    const user = userEvent.setup();
    await renderLoaded();
    await fillValid(user);
    await user.click(screen.getByTestId('register-submit'));
    await waitFor(() =>
      expect(errorOf('register-email')).toBe('This e-mail is already registered.'),
    );
  });

  it('shows a server field refusal on its field (validation_failed with data.field)', async () => {
    register.mockRejectedValue(
      new ApiError({
        call: 'x',
        httpStatus: 400,
        status: 400,
        message: 'validation_failed',
        data: { field: 'mobile', issues: [{ message: 'Incorrect mobile format' }] },
      }),
    );
    const user = userEvent.setup();
    await renderLoaded();
    await fillValid(user);
    await user.click(screen.getByTestId('register-submit'));
    await waitFor(() => expect(errorOf('register-mobile')).toBe('Incorrect mobile format'));
  });
});

describe('Register page: contact verification', () => {
  async function registered(resendAfter = 60) {
    register.mockResolvedValue({
      memberId: 9,
      email: 'ann@example.com',
      mobile: '+886912345678',
      resendAfter,
    });
    const user = userEvent.setup();
    await renderLoaded();
    await fillValid(user);
    await user.click(screen.getByTestId('register-submit'));
    await screen.findByTestId('register-verify');
    return user;
  }

  it('"The code is wrong." on a bad code; both codes right -> success, leading to Login', async () => {
    activation.mockImplementation(async ({ actionType, code }) => {
      if (code !== '123456') {
        throw new ApiError({ call: 'x', status: 400, message: 'The code is wrong.' });
      }
      return { emailVerified: true, mobileVerified: actionType === 'mobile' };
    });
    const user = await registered();
    await user.click(screen.getByTestId('verify-email-code-0'));
    await user.paste('000000');
    expect(
      await within(screen.getByTestId('verify-email')).findByText('The code is wrong.'),
    ).toBeTruthy();
    expect(activation).toHaveBeenLastCalledWith({
      actionType: 'email',
      userName: 'ann@example.com',
      code: '000000',
    });
    await user.click(screen.getByTestId('verify-email-code-0'));
    await user.paste('123456');
    expect(await screen.findByTestId('verify-email-done')).toBeTruthy();
    expect(screen.queryByTestId('register-success')).toBeNull();

    // the SMS code by typing, then the Verify button
    await user.click(screen.getByTestId('verify-mobile-code-0'));
    await user.keyboard('12345');
    expect((screen.getByTestId('verify-mobile-submit') as HTMLButtonElement).disabled).toBe(true);
    await user.keyboard('6');
    const success = await screen.findByTestId('register-success');
    expect(success.textContent).toContain('Your e-mail and mobile number are verified.');
    expect(screen.getByTestId('register-success-login').getAttribute('href')).toBe('/login');
    expect(activation).toHaveBeenCalledWith({
      actionType: 'mobile',
      userName: 'ann@example.com',
      code: '123456',
    });
  });

  it('resends a code when the countdown is over and restarts the countdown', async () => {
    vi.mocked(auth.sendVerifySmsCode).mockResolvedValue({ resendAfter: 60, sentTo: '+886****999' });
    const user = await registered(0);
    const resend = screen.getByTestId('verify-mobile-resend') as HTMLButtonElement;
    await waitFor(() => expect(resend.disabled).toBe(false));
    expect(resend.textContent).toContain('Resend code');
    await user.click(resend);
    await waitFor(() => expect(resend.textContent).toMatch(/Resend in (60|59) s/));
    expect(resend.disabled).toBe(true);
    expect(auth.sendVerifySmsCode).toHaveBeenCalledWith({ userName: 'ann@example.com' });
    expect(screen.getByText('Code sent to +886****999.')).toBeTruthy();
    expect(auth.sendVerifyEmailCode).not.toHaveBeenCalled();
  });

  it('shows a refused resend and counts down the wait the server gives', async () => {
    vi.mocked(auth.sendVerifyEmailCode).mockRejectedValue(
      new ApiError({
        call: 'x',
        status: 429,
        message: 'resend_too_soon',
        data: { resendAfter: 42 },
      }),
    );
    const user = await registered(0);
    await user.click(screen.getByTestId('verify-email-resend'));
    expect(
      await within(screen.getByTestId('verify-email')).findByText(
        'Please wait before you request another code.',
      ),
    ).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('verify-email-resend').textContent).toMatch(
        /Resend in (42|41|40) s/,
      ),
    );
  });
});

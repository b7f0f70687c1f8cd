import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockExports } from '../../components/testing/mock-exports';
import { renderAuth, tinyChallenge } from '../../features/auth/testing/render-auth';
import { ApiError } from '../../services/http-client';
import * as member from '../../services/member';
import * as auth from '../../services/member-auth';
import PartnerSignUpScreen from './partner-sign-up-screen';

mockExports(auth, {
  getCaptchaChallenge: vi.fn(),
  register: vi.fn(),
  registerValidation: vi.fn(),
});
mockExports(member, { getCountryList: vi.fn() });

const register = vi.mocked(auth.register);

beforeEach(async () => {
  vi.mocked(auth.getCaptchaChallenge)
    .mockReset()
    .mockResolvedValue(await tinyChallenge());
  vi.mocked(member.getCountryList)
    .mockReset()
    .mockResolvedValue([
      { code: 'CN', name: 'China', dialCode: '+86' },
      { code: 'TW', name: 'Taiwan', dialCode: '+886' },
    ]);
  register.mockReset();
  vi.mocked(auth.registerValidation).mockReset().mockResolvedValue({ valid: true, message: null });
});

const field = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
function errorOf(testId: string): string | null {
  const ids = field(testId).getAttribute('aria-describedby')?.split(' ') ?? [];
  const error = ids
    .map((id) => document.getElementById(id))
    .find((el) => el?.id.endsWith('-error'));
  return error?.textContent ?? null;
}

async function fill(user: ReturnType<typeof userEvent.setup>, code: string) {
  await waitFor(() => expect(field('register-country').disabled).toBe(false));
  await user.type(field('register-username'), 'ann');
  await user.type(field('register-email'), 'ann@example.com');
  await user.selectOptions(field('register-country'), 'TW');
  await user.type(field('register-mobile'), '0912345678');
  await user.type(field('register-password'), 'abc12345');
  await user.type(field('register-confirm-password'), 'abc12345');
  if (code) await user.type(field('register-referral'), code);
  await user.click(field('register-agreement'));
  await user.click(field('register-privacy'));
}

const unknownPartner = new ApiError({
  call: 'register',
  httpStatus: 400,
  status: 400,
  message: 'validation_failed',
  data: { field: 'partnerCode', issues: [{ message: 'partner_code_unknown' }] },
});

describe('partner sign-up', () => {
  it("sends a typed code as the partner's code, then asks for the contact codes", async () => {
    register.mockResolvedValue({
      memberId: 9,
      email: 'ann@example.com',
      mobile: '+886912345678',
      resendAfter: 60,
    });
    const user = userEvent.setup();
    renderAuth(<PartnerSignUpScreen />, { route: '/coolbitx/referral/sign-up' });
    expect(screen.getByText('Partner code (optional)')).toBeTruthy();
    await fill(user, 'ann12345');
    await user.click(screen.getByTestId('register-submit'));
    expect(await screen.findByTestId('register-verify')).toBeTruthy();
    const body = register.mock.calls[0]![0];
    expect(body.partnerCode).toBe('ANN12345');
    expect(body).not.toHaveProperty('referralCode');
  });

  it('a code from the link fills the field and is sent as the partner code', async () => {
    register.mockResolvedValue({ memberId: 9, email: 'e', mobile: 'm', resendAfter: 60 });
    const user = userEvent.setup();
    renderAuth(<PartnerSignUpScreen />, { route: '/coolbitx/referral/sign-up?code=bob77777' });
    expect(field('register-referral').value).toBe('BOB77777');
    await fill(user, '');
    await user.click(screen.getByTestId('register-submit'));
    await screen.findByTestId('register-verify');
    expect(register.mock.calls[0]![0].partnerCode).toBe('BOB77777');
  });

  it.each([
    ['en-US', 'No partner has this code. Check the partner code you were given.'],
    ['zh-TW', '沒有合作夥伴使用此代碼，請確認您收到的合作夥伴代碼。'],
    ['zh-CN', '没有合作伙伴使用此代码，请确认您收到的合作伙伴代码。'],
  ])('shows the refusal of a code no partner has on the code field (%s)', async (lng, text) => {
    register.mockRejectedValue(unknownPartner);
    const user = userEvent.setup();
    renderAuth(<PartnerSignUpScreen />, { route: '/coolbitx/referral/sign-up', lng });
    await fill(user, 'ZZZZ9999');
    await user.click(screen.getByTestId('register-submit'));
    await waitFor(() => expect(errorOf('register-referral')).toBe(text));
    expect(screen.queryByTestId('register-verify')).toBeNull();
  });
});

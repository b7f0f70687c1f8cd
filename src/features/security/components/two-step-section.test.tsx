import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useProgressBarStore } from '../../../components/progress-bar-store';
import { mockExports } from '../../../components/testing/mock-exports';
import { ApiError } from '../../../services/http-client';
import * as memberSecurity from '../../../services/member-security';
import type { Set2FABody, Set2FAResult, TwoFactorSettings } from '../../../shared/api/auth';
import { enterCode, renderSecurity, settings } from '../test-utils';
import { activeLockUntil } from '../utils/withdrawal-lock';
import { TwoStepSection } from './two-step-section';

mockExports(memberSecurity, {
  get2FASettings: vi.fn(),
  set2FASettings: vi.fn(),
});
const getMock = vi.mocked(memberSecurity.get2FASettings);
const setMock = vi.mocked(memberSecurity.set2FASettings);

const SECRET = 'JBSWY3DPEHPK3PXP';
const OTPAUTH = `otpauth://totp/BCNT%20Platform:ann%40example.com?secret=${SECRET}&issuer=BCNT%20Platform`;
/** 24 h after 2030-01-01T00:00Z, shown in UTC+8. */
const LOCKED_UNTIL = '2030-01-02T00:00:00.000Z';
const LOCKED_TEXT = '2030/01/02 08:00';

function answer(
  next: TwoFactorSettings,
  extra: Partial<Pick<Set2FAResult, 'totp' | 'sms'>> = {},
): Set2FAResult {
  return { settings: next, totp: null, sms: null, ...extra };
}

/** A server for set2FASettings: setup answers a secret, send-sms a masked number, changes lock. */
function serve(current: TwoFactorSettings) {
  setMock.mockImplementation(async (body: Set2FABody) => {
    switch (body.action) {
      case 'totp-setup':
        return answer(current, { totp: { secret: SECRET, otpauthUrl: OTPAUTH } });
      case 'send-sms':
        return answer(current, { sms: { resendAfter: 60, sentTo: '+8869****678' } });
      case 'enable-totp':
        return answer(settings({ method: 'totp', withdrawalLockedUntil: LOCKED_UNTIL }));
      case 'enable-sms':
        return answer(settings({ method: 'sms', withdrawalLockedUntil: LOCKED_UNTIL }));
      case 'disable':
        return answer(settings({ method: 'none', withdrawalLockedUntil: LOCKED_UNTIL }));
    }
  });
}

const bodies = () => setMock.mock.calls.map(([body]) => body);
const PASSWORD = 'Passw0rd-me';
/** Re-authentication: the password field of the change's last step. */
async function typePassword(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByTestId('two-step-password'), PASSWORD);
}

beforeEach(() => {
  getMock.mockReset();
  setMock.mockReset();
  useProgressBarStore.setState({ message: null });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('TwoStepSection', () => {
  it('shows a skeleton, then the current method; no lock notice without a lock', async () => {
    getMock.mockResolvedValue(settings());
    renderSecurity(<TwoStepSection />);
    expect(screen.getByTestId('two-step-loading')).toBeTruthy();
    const method = await screen.findByTestId('two-step-method');
    expect(method.textContent).toBe('Off');
    expect(method.getAttribute('data-method')).toBe('none');
    expect(screen.queryByTestId('withdrawal-lock-notice')).toBeNull();
    expect(screen.getByTestId('totp-turns-sms-off-note').textContent).toBe(
      'Enabling the authenticator turns SMS off.',
    );
    expect(screen.queryByTestId('two-step-disable')).toBeNull();
  });

  it('shows the withdrawal lock until its time (YYYY/MM/DD HH:mm, UTC+8) while it lasts', async () => {
    getMock.mockResolvedValue(settings({ method: 'sms', withdrawalLockedUntil: LOCKED_UNTIL }));
    renderSecurity(<TwoStepSection />);
    const notice = await screen.findByTestId('withdrawal-lock-notice');
    expect(notice.textContent).toContain(`Withdrawals are locked until ${LOCKED_TEXT}`);
    expect(notice.textContent).toContain('(UTC+8)');
    expect(screen.getByTestId('two-step-method').textContent).toBe('SMS to +8869****678');
  });

  it('activeLockUntil: only a lock still ahead counts', () => {
    const now = Date.parse('2030-01-01T12:00:00Z');
    expect(activeLockUntil(settings({ withdrawalLockedUntil: LOCKED_UNTIL }), now)).toBe(
      LOCKED_UNTIL,
    );
    expect(
      activeLockUntil(settings({ withdrawalLockedUntil: '2030-01-01T11:59:59Z' }), now),
    ).toBeNull();
    expect(activeLockUntil(settings(), now)).toBeNull();
  });

  it('enables the authenticator: QR code + secret + first code, a 24-hour lock confirmation, then the lock shows', async () => {
    const user = userEvent.setup();
    getMock.mockResolvedValue(settings());
    serve(settings());
    renderSecurity(<TwoStepSection />);
    await user.click(await screen.findByTestId('two-step-enable-totp'));

    // no factor is on: no verification step, straight to the new secret
    expect(screen.queryByTestId('two-step-verify')).toBeNull();
    expect(await screen.findByTestId('totp-secret')).toBeTruthy();
    expect(screen.getByTestId('totp-secret').textContent).toBe(SECRET);
    const qr = await within(screen.getByTestId('totp-qr')).findByRole('img', {
      name: 'QR code for your authenticator app',
    });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;utf8,/);
    expect(bodies()).toEqual([{ action: 'totp-setup' }]);

    const submit = screen.getByTestId('two-step-submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await enterCode(user, 'totp-code', '123456');
    expect(submit.disabled).toBe(true); // the password is asked too
    await typePassword(user);
    expect(submit.disabled).toBe(false);
    await user.click(submit);

    const dialog = await screen.findByRole('dialog', { name: 'Apply this change?' });
    expect(dialog.textContent).toContain('withdrawals are locked for 24 hours');
    expect(setMock).toHaveBeenCalledTimes(1); // nothing applied before the confirmation
    await user.click(within(dialog).getByTestId('confirm-accept'));

    await waitFor(() =>
      expect(screen.getByTestId('two-step-method').textContent).toBe('Authenticator app'),
    );
    expect(bodies()[1]).toEqual({ action: 'enable-totp', code: '123456', password: PASSWORD });
    expect(screen.getByTestId('withdrawal-lock-notice').textContent).toContain(LOCKED_TEXT);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(useProgressBarStore.getState().message?.text).toBe(
      `Two-step verification updated. Withdrawals are locked until ${LOCKED_TEXT} (UTC+8).`,
    );
  });

  it('with SMS on, switching to the authenticator asks for the current SMS code first and sends it as currentCode', async () => {
    const user = userEvent.setup();
    getMock.mockResolvedValue(settings({ method: 'sms' }));
    serve(settings({ method: 'sms' }));
    renderSecurity(<TwoStepSection />);
    await user.click(await screen.findByTestId('two-step-enable-totp'));

    expect(screen.getByTestId('two-step-verify')).toBeTruthy();
    expect(screen.queryByTestId('totp-secret')).toBeNull();
    expect(setMock).not.toHaveBeenCalled();
    await user.click(screen.getByTestId('current-sms-send'));
    expect(await screen.findByText(/A code was sent to \+8869\*\*\*\*678/)).toBeTruthy();
    const resend = screen.getByTestId('current-sms-resend') as HTMLButtonElement;
    expect(resend.disabled).toBe(true); // countdown
    const next = screen.getByTestId('two-step-continue') as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    await enterCode(user, 'current-code', '111111');
    await user.click(next);

    expect(await screen.findByTestId('totp-secret')).toBeTruthy();
    expect(screen.getByTestId('two-step-setup').textContent).toContain(
      'Enabling the authenticator turns SMS off.',
    );
    await enterCode(user, 'totp-code', '222222');
    await typePassword(user);
    await user.click(screen.getByTestId('two-step-submit'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Enabling the authenticator turns SMS off.');
    await user.click(within(dialog).getByTestId('confirm-accept'));

    await waitFor(() =>
      expect(screen.getByTestId('two-step-method').getAttribute('data-method')).toBe('totp'),
    );
    expect(bodies()).toEqual([
      { action: 'send-sms' },
      { action: 'totp-setup' },
      { action: 'enable-totp', code: '222222', currentCode: '111111', password: PASSWORD },
    ]);
  });

  it('with the authenticator on, turning it off needs its code and the confirmation', async () => {
    const user = userEvent.setup();
    getMock.mockResolvedValue(settings({ method: 'totp' }));
    serve(settings({ method: 'totp' }));
    renderSecurity(<TwoStepSection />);
    await user.click(await screen.findByTestId('two-step-disable'));
    const submit = screen.getByTestId('two-step-submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await enterCode(user, 'current-code', '333333');
    await typePassword(user);
    await user.click(submit);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('anyone who learns your password can log in');
    await user.click(within(dialog).getByTestId('confirm-accept'));
    await waitFor(() => expect(screen.getByTestId('two-step-method').textContent).toBe('Off'));
    expect(bodies()).toEqual([{ action: 'disable', currentCode: '333333', password: PASSWORD }]);
  });

  it('enables SMS from the authenticator: current code, then the SMS code', async () => {
    const user = userEvent.setup();
    getMock.mockResolvedValue(settings({ method: 'totp' }));
    serve(settings({ method: 'totp' }));
    renderSecurity(<TwoStepSection />);
    await user.click(await screen.findByTestId('two-step-enable-sms'));
    await enterCode(user, 'current-code', '444444');
    await user.click(screen.getByTestId('two-step-continue'));
    await user.click(screen.getByTestId('sms-send'));
    await enterCode(user, 'sms-code', '555555');
    await typePassword(user);
    await user.click(screen.getByTestId('two-step-submit'));
    await user.click(within(await screen.findByRole('dialog')).getByTestId('confirm-accept'));
    await waitFor(() =>
      expect(screen.getByTestId('two-step-method').getAttribute('data-method')).toBe('sms'),
    );
    expect(bodies()).toEqual([
      { action: 'send-sms' },
      { action: 'enable-sms', code: '555555', currentCode: '444444', password: PASSWORD },
    ]);
  });

  it('SMS needs a verified mobile', async () => {
    getMock.mockResolvedValue(settings({ mobileVerified: false, mobile: null }));
    renderSecurity(<TwoStepSection />);
    const button = (await screen.findByTestId('two-step-enable-sms')) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.getByText('Verify your mobile number on the Account page first.')).toBeTruthy();
  });

  it('a refused code comes back translated; the code can be entered again', async () => {
    const user = userEvent.setup();
    getMock.mockResolvedValue(settings());
    serve(settings());
    renderSecurity(<TwoStepSection />);
    await user.click(await screen.findByTestId('two-step-enable-totp'));
    await screen.findByTestId('totp-secret');
    setMock.mockRejectedValueOnce(
      new ApiError({ call: 'x', status: 400, message: 'The code is wrong.' }),
    );
    await enterCode(user, 'totp-code', '999999');
    await typePassword(user);
    await user.click(screen.getByTestId('two-step-submit'));
    await user.click(within(await screen.findByRole('dialog')).getByTestId('confirm-accept'));
    expect((await screen.findByTestId('two-step-error')).textContent).toBe('The code is wrong.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('two-step-method').textContent).toBe('Off');
    expect((screen.getByTestId('two-step-submit') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('totp-code-0') as HTMLInputElement).value).toBe('');
  });

  it('a refused current code sends the member back to it with the reason', async () => {
    const user = userEvent.setup();
    getMock.mockResolvedValue(settings({ method: 'totp' }));
    serve(settings({ method: 'totp' }));
    renderSecurity(<TwoStepSection />);
    await user.click(await screen.findByTestId('two-step-enable-sms'));
    await enterCode(user, 'current-code', '444444');
    await user.click(screen.getByTestId('two-step-continue'));
    await user.click(screen.getByTestId('sms-send'));
    await enterCode(user, 'sms-code', '555555');
    await typePassword(user);
    setMock.mockRejectedValueOnce(
      new ApiError({
        call: 'x',
        status: 400,
        message: 'The code is wrong.',
        data: { field: 'currentCode' },
      }),
    );
    await user.click(screen.getByTestId('two-step-submit'));
    await user.click(within(await screen.findByRole('dialog')).getByTestId('confirm-accept'));
    expect((await screen.findByTestId('two-step-error')).textContent).toBe('The code is wrong.');
    expect(screen.getByTestId('two-step-change').getAttribute('data-step')).toBe('verify');
    expect((screen.getByTestId('current-code-0') as HTMLInputElement).value).toBe('');
    // a new current code, and the SMS code entered before is still there
    await enterCode(user, 'current-code', '777777');
    await user.click(screen.getByTestId('two-step-continue'));
    await user.click(screen.getByTestId('two-step-submit'));
    await user.click(within(await screen.findByRole('dialog')).getByTestId('confirm-accept'));
    await waitFor(() =>
      expect(screen.getByTestId('two-step-method').getAttribute('data-method')).toBe('sms'),
    );
    expect(bodies().at(-1)).toEqual({
      action: 'enable-sms',
      code: '555555',
      currentCode: '777777',
      password: PASSWORD,
    });
  });

  it('a wrong password is said under the password; the codes stay entered', async () => {
    const user = userEvent.setup();
    getMock.mockResolvedValue(settings({ method: 'totp' }));
    serve(settings({ method: 'totp' }));
    renderSecurity(<TwoStepSection />);
    await user.click(await screen.findByTestId('two-step-disable'));
    await enterCode(user, 'current-code', '333333');
    await typePassword(user);
    setMock.mockRejectedValueOnce(
      new ApiError({
        call: 'x',
        status: 400,
        message: 'invalid_credentials',
        data: { field: 'password' },
      }),
    );
    await user.click(screen.getByTestId('two-step-submit'));
    await user.click(within(await screen.findByRole('dialog')).getByTestId('confirm-accept'));
    await waitFor(() =>
      expect(screen.getByTestId('two-step-change').textContent).toContain('The password is wrong.'),
    );
    expect((screen.getByTestId('two-step-password') as HTMLInputElement).value).toBe('');
    expect((screen.getByTestId('current-code-0') as HTMLInputElement).value).toBe('3');
    expect((screen.getByTestId('two-step-submit') as HTMLButtonElement).disabled).toBe(true);
    await typePassword(user);
    await user.click(screen.getByTestId('two-step-submit'));
    await user.click(within(await screen.findByRole('dialog')).getByTestId('confirm-accept'));
    await waitFor(() => expect(screen.getByTestId('two-step-method').textContent).toBe('Off'));
    expect(bodies().at(-1)).toEqual({
      action: 'disable',
      currentCode: '333333',
      password: PASSWORD,
    });
  });

  it('a failed load shows the translated error with a retry', async () => {
    const user = userEvent.setup();
    getMock.mockRejectedValueOnce(new ApiError({ call: 'x', message: 'network_error' }));
    getMock.mockResolvedValueOnce(settings());
    renderSecurity(<TwoStepSection />);
    const error = await screen.findByTestId('two-step-load-error');
    expect(error.textContent).toContain('Network error.');
    await user.click(within(error).getByRole('button', { name: 'Retry' }));
    expect((await screen.findByTestId('two-step-method')).textContent).toBe('Off');
  });
});

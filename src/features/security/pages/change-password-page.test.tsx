import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockExports } from '../../../components/testing/mock-exports';
import { ApiError } from '../../../services/http-client';
import * as memberSecurity from '../../../services/member-security';
import { deferred, renderSecurity } from '../test-utils';
import ChangePasswordPage from './change-password-page';

mockExports(memberSecurity, { updatePwd: vi.fn() });
const updateMock = vi.mocked(memberSecurity.updatePwd);

const field = (name: RegExp) => screen.getByLabelText(name) as HTMLInputElement;
const current = () => field(/^Current password/);
const next = () => field(/^New password/);
const confirm = () => field(/^Confirm new password/);
const errorOf = (input: HTMLInputElement) => {
  const id = input
    .getAttribute('aria-describedby')
    ?.split(' ')
    .find((x) => x.endsWith('-error'));
  return id ? document.getElementById(id)?.textContent : undefined;
};

beforeEach(() => {
  updateMock.mockReset();
});

describe('ChangePasswordPage', () => {
  it('has the three fields and the rule as a hint', () => {
    renderSecurity(<ChangePasswordPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Change password' })).toBeTruthy();
    expect(current().type).toBe('password');
    expect(current().autocomplete).toBe('current-password');
    expect(next().autocomplete).toBe('new-password');
    expect(screen.getAllByText('8-128 characters with letter and number')).toHaveLength(1);
  });

  it('shows the spec messages: required, the password rule and "Passwords do not match."', async () => {
    const user = userEvent.setup();
    renderSecurity(<ChangePasswordPage />);
    await user.click(screen.getByTestId('change-password-submit'));
    expect(errorOf(current())).toBe('This field is required.');
    expect(errorOf(next())).toBe('Please insert passwords and confirm the passwords are same.');
    expect(errorOf(confirm())).toBe('Please insert passwords and confirm the passwords are same.');

    await user.type(next(), 'abcdefgh');
    await user.tab();
    expect(errorOf(next())).toBe('8-128 characters with letter and number');
    await user.clear(next());
    await user.type(next(), 'abcd1234');
    await user.type(confirm(), 'abcd12345');
    await user.tab();
    expect(errorOf(next())).toBeUndefined();
    expect(errorOf(confirm())).toBe('Passwords do not match.');
    // fixing the new password to match clears the confirmation's error
    await user.type(next(), '5');
    await waitFor(() => expect(errorOf(confirm())).toBeUndefined());
    expect(updateMock).not.toHaveBeenCalled();
  });

  it('sends current, new and confirmation once, then says the other sessions ended', async () => {
    const user = userEvent.setup();
    const reply = deferred<{ endedSessions: number }>();
    updateMock.mockReturnValue(reply.promise);
    renderSecurity(<ChangePasswordPage />);
    await user.type(current(), 'old-pass1');
    await user.type(next(), 'newpass12');
    await user.type(confirm(), 'newpass12');
    const submit = screen.getByTestId('change-password-submit');
    await user.click(submit);
    expect(submit.getAttribute('aria-busy')).toBe('true');
    await user.click(submit);
    expect(updateMock).toHaveBeenCalledTimes(1);
    expect(updateMock).toHaveBeenCalledWith({
      oldPassword: 'old-pass1',
      password: 'newpass12',
      confirmPassword: 'newpass12',
    });
    reply.resolve({ endedSessions: 3 });
    expect((await screen.findByTestId('change-password-success')).textContent).toContain(
      'Your password has been changed. 3 other sessions were ended.',
    );
    expect(current().value).toBe('');
    expect(
      screen.getByRole('link', { name: 'Review your login devices' }).getAttribute('href'),
    ).toBe('/security?tab=activity');
  });

  it('a refused current password is shown on that field; other refusals above the button', async () => {
    const user = userEvent.setup();
    updateMock.mockRejectedValueOnce(
      new ApiError({
        call: 'x',
        status: 400,
        message: 'invalid_credentials',
        data: { field: 'oldPassword' },
      }),
    );
    renderSecurity(<ChangePasswordPage />);
    await user.type(current(), 'wrong-pass1');
    await user.type(next(), 'newpass12');
    await user.type(confirm(), 'newpass12');
    await user.click(screen.getByTestId('change-password-submit'));
    await waitFor(() => expect(errorOf(current())).toBe('The current password is incorrect.'));
    expect(document.activeElement).toBe(current());
    expect(screen.queryByTestId('change-password-success')).toBeNull();

    updateMock.mockRejectedValueOnce(
      new ApiError({ call: 'x', status: 429, message: 'rate_limited' }),
    );
    await user.clear(current());
    await user.type(current(), 'old-pass1');
    await user.click(screen.getByTestId('change-password-submit'));
    expect((await screen.findByTestId('change-password-error')).textContent).toBe(
      'Too many requests. Please wait a moment and try again.',
    );
  });
});

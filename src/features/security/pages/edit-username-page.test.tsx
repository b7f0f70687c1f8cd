import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockExports } from '../../../components/testing/mock-exports';
import * as memberSecurity from '../../../services/member-security';
import { getLoginInfo, setLoginInfo } from '../../../services/session';
import { subscribeLoginInfo } from '../../../services/session-events';
import { renderSecurity } from '../test-utils';
import EditUsernamePage from './edit-username-page';

mockExports(memberSecurity, { modifyNickname: vi.fn() });
const modifyMock = vi.mocked(memberSecurity.modifyNickname);

const input = () => screen.getByLabelText(/^Username/) as HTMLInputElement;

beforeEach(() => {
  modifyMock.mockReset();
  setLoginInfo({ token: 't', expiredTime: Date.now() + 60_000, nickname: 'Ann', roleId: 2 });
});

describe('EditUsernamePage', () => {
  it('starts with the stored nickname', () => {
    renderSecurity(<EditUsernamePage />, { route: '/account/edit-user-name' });
    expect(input().value).toBe('Ann');
  });

  it('an empty name gives "Please Fill in the Username." and sends nothing', async () => {
    const user = userEvent.setup();
    renderSecurity(<EditUsernamePage />, { route: '/account/edit-user-name' });
    await user.clear(input());
    await user.type(input(), '   ');
    await user.click(screen.getByTestId('edit-username-submit'));
    expect(await screen.findByText('Please Fill in the Username.')).toBeTruthy();
    expect(modifyMock).not.toHaveBeenCalled();
  });

  it('saves the trimmed name and updates the stored loginInfo', async () => {
    const user = userEvent.setup();
    modifyMock.mockResolvedValue({ nickname: 'Ada L' });
    const shellHears = vi.fn();
    const unsubscribe = subscribeLoginInfo(shellHears);
    renderSecurity(<EditUsernamePage />, { route: '/account/edit-user-name' });
    await user.clear(input());
    await user.type(input(), '  Ada L ');
    await user.click(screen.getByTestId('edit-username-submit'));
    expect((await screen.findByTestId('edit-username-success')).textContent).toBe(
      'Your username is now Ada L.',
    );
    expect(modifyMock).toHaveBeenCalledWith({ nickname: 'Ada L' });
    expect(getLoginInfo()).toMatchObject({ token: 't', nickname: 'Ada L', roleId: 2 });
    expect(input().value).toBe('Ada L');
    expect(shellHears).toHaveBeenCalledTimes(1); // the nav bar re-reads the nickname
    unsubscribe();
  });
});

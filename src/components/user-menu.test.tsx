import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from './testing/render';
import { UserMenu } from './user-menu';

describe('UserMenu', () => {
  it('lists the given items plus logout and works from the keyboard', async () => {
    const user = userEvent.setup();
    const onLogout = vi.fn();
    renderWithProviders(
      <UserMenu
        displayName="ada"
        pathname="/account"
        items={[
          { id: 'account', label: 'Account', href: '/account' },
          { id: 'wallet', label: 'Wallet' },
        ]}
        onLogout={onLogout}
      />,
    );
    const trigger = screen.getByRole('button', { name: 'Account menu for ada' });
    trigger.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Account',
      'WalletComing soon',
      'Log out',
    ]);
    expect(items[0]?.getAttribute('aria-current')).toBe('page');
    expect(items[1]?.getAttribute('aria-disabled')).toBe('true');

    await user.click(within(menu).getByRole('menuitem', { name: 'Log out' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).toBeNull();
  });
});

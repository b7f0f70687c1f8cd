import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NavDropdown } from './nav-dropdown';
import type { NavItem } from './nav-items';
import styles from './user-menu.module.css';

export interface UserMenuProps {
  /** Shown on the trigger: nickname, username or e-mail. */
  displayName: string;
  /** Account, Wallet, Security... built by the app from the member's rights. */
  items: readonly NavItem[];
  onLogout: () => void;
  pathname?: string;
}

/** The members' menu in the nav bar; logout is always the last item. */
export function UserMenu({ displayName, items, onLogout, pathname }: UserMenuProps) {
  const { t } = useTranslation('nav');
  const allItems = useMemo<NavItem[]>(
    () => [...items, { id: 'logout', label: t('user.logout'), onSelect: onLogout }],
    [items, onLogout, t],
  );
  return (
    <NavDropdown
      align="end"
      pathname={pathname}
      items={allItems}
      triggerLabel={t('user.menuLabel', { name: displayName })}
      data-testid="nav-user-menu"
      label={
        <span className={styles.trigger}>
          <svg className={styles.avatar} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
            <circle cx="10" cy="7" r="3.5" fill="currentColor" />
            <path d="M3 17.5c.8-3.4 3.7-5.5 7-5.5s6.2 2.1 7 5.5z" fill="currentColor" />
          </svg>
          <span className={styles.name}>{displayName}</span>
        </span>
      }
    />
  );
}

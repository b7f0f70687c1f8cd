import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cx } from './class-names';
import styles from './nav-dropdown.module.css';
import { Chevron, type NavDropdownProps } from './nav-dropdown-trigger';
import { isCurrentHref, type NavItem } from './nav-items';

/**
 * A keyboard-operable menu (Radix DropdownMenu: arrow keys, Home/End, type-ahead, Esc).
 * Items without a target are shown disabled with a "coming soon" note and are skipped by the
 * keyboard; external items open in a new tab with rel="noopener noreferrer".
 * Loaded on a trigger's first use (see `NavDropdown`), then mounted already open.
 */
export default function NavDropdownMenu({
  label,
  triggerLabel,
  items,
  pathname,
  align = 'start',
  triggerClassName,
  'data-testid': testId,
  defaultOpen,
}: NavDropdownProps & { defaultOpen: boolean }) {
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger
        className={cx(styles.trigger, triggerClassName)}
        aria-label={triggerLabel}
        data-testid={testId}
      >
        {label}
        <Chevron />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.content} align={align} sideOffset={8}>
          {items.map((item) => (
            <NavDropdownItem key={item.id} item={item} pathname={pathname} />
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function NavDropdownItem({ item, pathname }: { item: NavItem; pathname?: string }) {
  const { t } = useTranslation('nav');
  if (item.href && item.external) {
    return (
      <DropdownMenu.Item asChild className={styles.item} onSelect={item.onSelect}>
        <a href={item.href} target="_blank" rel="noopener noreferrer">
          {item.label}
        </a>
      </DropdownMenu.Item>
    );
  }
  if (item.href) {
    const current = pathname !== undefined && isCurrentHref(item.href, pathname);
    return (
      <DropdownMenu.Item asChild className={styles.item} onSelect={item.onSelect}>
        <Link to={item.href} aria-current={current ? 'page' : undefined}>
          {item.label}
        </Link>
      </DropdownMenu.Item>
    );
  }
  if (item.onSelect) {
    return (
      <DropdownMenu.Item className={styles.item} onSelect={item.onSelect}>
        {item.label}
      </DropdownMenu.Item>
    );
  }
  return (
    <DropdownMenu.Item className={styles.item} disabled>
      <span>{item.label}</span>
      <span className={styles.soon}>{t('menu.comingSoon')}</span>
    </DropdownMenu.Item>
  );
}

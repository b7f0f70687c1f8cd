import type { ReactNode } from 'react';
import styles from './nav-dropdown.module.css';
import type { NavItem } from './nav-items';

export interface NavDropdownProps {
  /** Visible trigger content; also its accessible name unless `triggerLabel` is given. */
  label: ReactNode;
  triggerLabel?: string;
  items: readonly NavItem[];
  pathname?: string;
  align?: 'start' | 'end';
  triggerClassName?: string;
  'data-testid'?: string;
}

export function Chevron() {
  return (
    <svg
      className={styles.chevron}
      viewBox="0 0 12 12"
      width="12"
      height="12"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}

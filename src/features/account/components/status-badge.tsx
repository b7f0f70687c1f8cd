import type { ReactNode } from 'react';
import styles from './account.module.css';

export type BadgeTone = 'positive' | 'warning' | 'primary' | 'danger';

/** Verified / Not yet verified (contact details, identity), a state (premier). */
export function StatusBadge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return <span className={`${styles.badge} ${styles[`badge-${tone}`]}`}>{children}</span>;
}

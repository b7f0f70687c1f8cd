import { useTranslation } from 'react-i18next';
import { statusKey, statusTone, type BinfiStatus } from '../utils/status';
import styles from './binfi.module.css';

const BADGE_TONE = {
  info: undefined,
  positive: 'positive',
  warning: 'warning',
  danger: 'danger',
  muted: undefined,
} as const;

/** A round's or an order's status in the spec's words (section 4). */
export function StatusBadge({ status, testId }: { status: BinfiStatus; testId?: string }) {
  const { t } = useTranslation('binfi');
  return (
    <span
      className={styles.badge}
      data-tone={BADGE_TONE[statusTone(status)]}
      data-state={status}
      data-testid={testId}
    >
      {t(statusKey(status))}
    </span>
  );
}

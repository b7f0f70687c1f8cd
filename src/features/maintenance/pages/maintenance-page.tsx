import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { formatDateTime } from '../../../lib/date-format';
import styles from './maintenance-page.module.css';

export interface MaintenancePageProps {
  /** Start of the maintenance window (ISO); shown as YYYY/MM/DD HH:mm in UTC+8 when given. */
  startTime?: string | null;
  /** Expected end (ISO), when the operator gave one. */
  endTime?: string | null;
  /** "Check again": reloads by default. */
  onCheckAgain?: () => void;
  /** false when rendered inside the shell's <main> (the Maintain route). */
  landmark?: boolean;
}

/**
 * The page that replaces every route while maintenance is on (spec: "We'll be back soon!" with
 * an optional start time). The app renders it without nav bar and footer.
 */
export function MaintenancePage({
  startTime,
  endTime,
  onCheckAgain,
  landmark = true,
}: MaintenancePageProps) {
  const Root = landmark ? 'main' : 'div';
  const { t } = useTranslation('maintenance');
  const start = startTime ? formatDateTime(startTime) : '';
  const end = endTime ? formatDateTime(endTime) : '';
  return (
    <Root className={styles.page} data-testid="maintenance-page">
      <div className={styles.card}>
        <svg className={styles.icon} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
          <circle cx="24" cy="24" r="21" fill="none" stroke="currentColor" strokeWidth="3" />
          <path
            d="M24 12v13l8 5"
            fill="none"
            stroke="currentColor"
            strokeWidth="3"
            strokeLinecap="round"
          />
        </svg>
        <h1 className={styles.title}>{t('title')}</h1>
        <p className={styles.text}>{t('description')}</p>
        {start || end ? (
          <ul className={styles.window}>
            {start ? (
              <li data-testid="maintenance-start">{t('window.start', { time: start })}</li>
            ) : null}
            {end ? <li data-testid="maintenance-end">{t('window.end', { time: end })}</li> : null}
          </ul>
        ) : null}
        <p className={styles.hint}>{t('autoRefresh')}</p>
        <Button variant="secondary" onClick={onCheckAgain ?? (() => window.location.reload())}>
          {t('checkAgain')}
        </Button>
      </div>
    </Root>
  );
}

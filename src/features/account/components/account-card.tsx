import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { VisuallyHidden } from '../../../components/visually-hidden';
import styles from './account.module.css';

/** A titled card of the Account page (a labelled region). */
export function AccountCard({
  title,
  actions,
  children,
  'data-testid': testId,
}: {
  title: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  'data-testid'?: string;
}) {
  const titleId = useId();
  return (
    <section className={styles.card} aria-labelledby={titleId} data-testid={testId}>
      <div className={styles.cardHeader}>
        <h2 id={titleId} className={styles.cardTitle}>
          {title}
        </h2>
        {actions ? <div className={styles.cardActions}>{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}

/** Content placeholder while data loads (skeleton lines, not a spinner). */
export function Skeleton({ lines = 4, testId }: { lines?: number; testId?: string }) {
  const { t } = useTranslation('common');
  return (
    <div className={styles.skeleton} aria-busy="true" data-testid={testId}>
      <VisuallyHidden>{t('status.loading')}</VisuallyHidden>
      {Array.from({ length: lines }, (_, index) => (
        <span key={index} className={styles.skeletonLine} aria-hidden="true" />
      ))}
    </div>
  );
}

/** A failed load: the translated message and a retry button. */
export function LoadError({
  message,
  onRetry,
  testId,
}: {
  message: string;
  onRetry: () => Promise<unknown>;
  testId?: string;
}) {
  const { t } = useTranslation('common');
  return (
    <div className={styles.loadError} role="alert" data-testid={testId}>
      <p>{message}</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        {t('button.retry')}
      </Button>
    </div>
  );
}

/** Verified / Not yet verified (contact details, identity). */
export function StatusBadge({
  tone,
  children,
}: {
  tone: 'positive' | 'warning' | 'primary';
  children: ReactNode;
}) {
  return <span className={`${styles.badge} ${styles[`badge-${tone}`]}`}>{children}</span>;
}

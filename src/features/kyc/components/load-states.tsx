import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { VisuallyHidden } from '../../../components/visually-hidden';
import styles from './kyc.module.css';

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

/** A failed load: the translated message and a retry button (busy while it retries). */
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

export function Notice({
  tone,
  children,
  testId,
}: {
  tone: 'warning' | 'info';
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div className={`${styles.notice} ${styles[`notice-${tone}`]}`} data-testid={testId}>
      {children}
    </div>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { VisuallyHidden } from '../../../components/visually-hidden';
import styles from './loyalty.module.css';

/** Content placeholder while data loads (skeleton lines, not a spinner). */
export function Skeleton({ lines = 3, testId }: { lines?: number; testId?: string }) {
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

/** A value still loading inside a line of text. */
export function InlineSkeleton({ testId }: { testId?: string }) {
  const { t } = useTranslation('common');
  return (
    <span aria-busy="true" data-testid={testId}>
      <span className={styles.skeletonInline} aria-hidden="true" />
      <VisuallyHidden>{t('status.loading')}</VisuallyHidden>
    </span>
  );
}

/** A failed load: the translated message and a retry button. */
export function LoadError({
  message,
  onRetry,
  testId,
}: {
  message: string;
  onRetry: () => unknown;
  testId?: string;
}) {
  const { t } = useTranslation('common');
  return (
    <div className={styles.loadError} role="alert" data-testid={testId}>
      <p>{message}</p>
      <Button variant="secondary" size="sm" onClick={() => void onRetry()}>
        {t('button.retry')}
      </Button>
    </div>
  );
}

/** Nothing to show yet: what it is and what to do next. */
export function EmptyState({
  title,
  children,
  testId,
}: {
  title: ReactNode;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <div className={styles.empty} data-testid={testId}>
      <p className={styles.emptyTitle}>{title}</p>
      {children ? <p className={styles.emptyText}>{children}</p> : null}
    </div>
  );
}

/** An amber warning, a teal success or a blue note. */
export function Notice({
  tone,
  children,
  testId,
}: {
  tone: 'warning' | 'success' | 'info';
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div
      className={`${styles.notice} ${styles[`notice-${tone}`]}`}
      role={tone === 'warning' ? 'note' : undefined}
      data-testid={testId}
    >
      {children}
    </div>
  );
}

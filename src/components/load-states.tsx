import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { cx } from './class-names';
import styles from './load-states.module.css';
import { VisuallyHidden } from './visually-hidden';

/**
 * The states every screen shows around its data (UI brief "States every screen has"): loading
 * skeletons (not spinners), a translated error with retry, an empty state that says what to do
 * next, and notices. One implementation for every feature.
 */

/** Content placeholder while data loads: skeleton lines, announced as "Loading…". */
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

/**
 * A failed load: the translated message and a retry button. A retry that returns a promise
 * (`query.refetch`) keeps the button busy until it settles, so it cannot be pressed twice.
 */
export function LoadError({
  message,
  onRetry,
  testId,
}: {
  message: ReactNode;
  onRetry: () => unknown;
  testId?: string;
}) {
  const { t } = useTranslation('common');
  return (
    <div className={styles.loadError} role="alert" data-testid={testId}>
      <p>{message}</p>
      <Button variant="secondary" size="sm" onClick={() => settledBy(onRetry())}>
        {t('button.retry')}
      </Button>
    </div>
  );
}

/** The promise a handler returned (the button stays busy until it settles), else nothing. */
function settledBy(result: unknown): Promise<unknown> | undefined {
  return result instanceof Promise ? result : undefined;
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

export type NoticeTone = 'warning' | 'success' | 'info';

/** A success is announced (status); a warning is a note; an info notice is plain text. */
const NOTICE_ROLE: Record<NoticeTone, 'status' | 'note' | undefined> = {
  success: 'status',
  warning: 'note',
  info: undefined,
};

/** An amber warning, a teal success or a blue note. */
export function Notice({
  tone,
  children,
  testId,
}: {
  tone: NoticeTone;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div
      className={cx(styles.notice, styles[tone])}
      role={NOTICE_ROLE[tone]}
      data-tone={tone}
      data-testid={testId}
    >
      {children}
    </div>
  );
}

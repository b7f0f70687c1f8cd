import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { VisuallyHidden } from '../../../components/visually-hidden';
import styles from './alliance-panel.module.css';

/** The states of the panel (`data-state` of `alliance-panel`). */
export type AlliancePanelState =
  'disconnected' | 'checking' | 'not-holder' | 'holder' | 'verifying' | 'verified' | 'error';

/** The titled card every state of the panel renders in (a labelled region). */
export function PanelCard({ state, children }: { state: AlliancePanelState; children: ReactNode }) {
  const { t } = useTranslation('alliance');
  const titleId = useId();
  return (
    <section
      className={styles.card}
      aria-labelledby={titleId}
      aria-busy={state === 'checking' || state === 'verifying' || undefined}
      data-testid="alliance-panel"
      data-state={state}
    >
      <div className={styles.heading}>
        <h2 id={titleId} className={styles.title}>
          {t('panel.title')}
        </h2>
        <p className={styles.description}>{t('panel.description')}</p>
      </div>
      <div className={styles.body}>{children}</div>
    </section>
  );
}

/** Content placeholder while data loads (skeleton lines, not a spinner). */
export function Skeleton({ lines = 2 }: { lines?: number }) {
  const { t } = useTranslation('common');
  return (
    <div className={styles.skeleton} aria-busy="true" data-testid="alliance-loading">
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
  testId: string;
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
  tone: 'warning' | 'success' | 'info';
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div
      className={`${styles.notice} ${styles[`notice-${tone}`]}`}
      role={tone === 'success' ? 'status' : undefined}
      data-testid={testId}
    >
      {children}
    </div>
  );
}

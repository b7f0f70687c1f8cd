import type { ReactNode } from 'react';
import styles from './auth.module.css';

/** The identity screens' frame: one column, full width on phones, a card on wider screens. */
export function AuthCard({
  title,
  intro,
  children,
  footer,
  'data-testid': testId,
}: {
  title: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  'data-testid'?: string;
}) {
  return (
    <div className={styles.page} data-testid={testId}>
      <section className={styles.card} aria-labelledby="auth-title">
        <h1 id="auth-title" className={styles.title}>
          {title}
        </h1>
        {intro ? <p className={styles.intro}>{intro}</p> : null}
        {children}
      </section>
      {footer ? <div className={styles.footer}>{footer}</div> : null}
    </div>
  );
}

/** A success / notice / problem panel with a message and what to do next. */
export function AuthNotice({
  tone,
  children,
  'data-testid': testId,
}: {
  tone: 'success' | 'info' | 'error';
  children: ReactNode;
  'data-testid'?: string;
}) {
  return (
    <div
      className={`${styles.notice} ${styles[tone]}`}
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={testId}
    >
      {children}
    </div>
  );
}

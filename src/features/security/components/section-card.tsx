import { useId, type ReactNode } from 'react';
import styles from './security.module.css';

export interface SectionCardProps {
  title: ReactNode;
  description?: ReactNode;
  /** Actions at the title's end (e.g. "Link connected wallet"). */
  actions?: ReactNode;
  children: ReactNode;
  'data-testid'?: string;
}

/** A titled card of the Security screens (a labelled region). */
export function SectionCard({
  title,
  description,
  actions,
  children,
  'data-testid': testId,
}: SectionCardProps) {
  const titleId = useId();
  return (
    <section className={styles.card} aria-labelledby={titleId} data-testid={testId}>
      <div className={styles.cardHeader}>
        <div className={styles.cardHeading}>
          <h2 id={titleId} className={styles.cardTitle}>
            {title}
          </h2>
          {description ? <p className={styles.cardDescription}>{description}</p> : null}
        </div>
        {actions ? <div className={styles.cardActions}>{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}

import { useId, type ReactNode } from 'react';
import styles from './section-card.module.css';

export interface SectionCardProps {
  /** Names the region (its h2). Without it the card is a plain, unnamed section (no header). */
  title?: ReactNode;
  description?: ReactNode;
  /** At the title's end (a button, the connected address...); wraps below on narrow screens. */
  actions?: ReactNode;
  children: ReactNode;
  'aria-busy'?: boolean;
  'data-testid'?: string;
  'data-state'?: string;
}

/**
 * A titled card of a screen (Security, Account, the loyalty and Alliance panels): a region
 * labelled by its h2, an optional description and actions, then the content.
 */
export function SectionCard({
  title,
  description,
  actions,
  children,
  'aria-busy': busy,
  'data-testid': testId,
  'data-state': state,
}: SectionCardProps) {
  const titleId = useId();
  return (
    <section
      className={styles.card}
      aria-labelledby={title ? titleId : undefined}
      aria-busy={busy || undefined}
      data-testid={testId}
      data-state={state}
    >
      {title ? (
        <div className={styles.header}>
          <div className={styles.heading}>
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
            {description ? <p className={styles.description}>{description}</p> : null}
          </div>
          {actions ? <div className={styles.actions}>{actions}</div> : null}
        </div>
      ) : null}
      {children}
    </section>
  );
}

import { createContext, useContext, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../components/class-names';
import styles from './kyc.module.css';

/** The items the reviewer marked for correction (state rejected); empty otherwise. */
export const MarkedItemsContext = createContext<ReadonlySet<string>>(new Set());

export function useIsMarked(item: string): boolean {
  return useContext(MarkedItemsContext).has(item);
}

/**
 * Wraps a field or document: highlighted (with `kyc-rejected-item-<item>`) when the reviewer
 * marked it, a plain wrapper otherwise.
 */
export function MarkedItem({
  item,
  className,
  children,
}: {
  item: string;
  className?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('kyc');
  const marked = useIsMarked(item);
  if (!marked) return <div className={className}>{children}</div>;
  return (
    <div
      className={cx(styles.marked, className)}
      data-testid={`kyc-rejected-item-${item}`}
      data-marked="true"
    >
      {children}
      <p className={styles.markedNote}>{t('rejected.itemNote')}</p>
    </div>
  );
}

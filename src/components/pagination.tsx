import { useTranslation } from 'react-i18next';
import { Button } from './button';
import styles from './pagination.module.css';

export interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  /** Accessible name of the navigation, e.g. "Login devices pages". */
  label: string;
  /** A page is loading: the buttons wait. */
  busy?: boolean;
  /** Test ids `${testIdPrefix}-prev`, `-next`, `-page`. */
  testIdPrefix: string;
}

/** Previous / "Page 2 of 5" / Next. Hidden when everything fits on one page. */
export function Pagination({
  page,
  pageSize,
  total,
  onPageChange,
  label,
  busy = false,
  testIdPrefix,
}: PaginationProps) {
  const { t } = useTranslation(['components', 'common']);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav aria-label={label} className={styles.pagination}>
      <Button
        variant="secondary"
        size="sm"
        disabled={page <= 1}
        busy={busy}
        onClick={() => onPageChange(page - 1)}
        data-testid={`${testIdPrefix}-prev`}
      >
        {t('common:button.previous')}
      </Button>
      <span className={styles.page} aria-live="polite" data-testid={`${testIdPrefix}-page`}>
        {t('components:pagination.page', { page, pages })}
      </span>
      <Button
        variant="secondary"
        size="sm"
        disabled={page >= pages}
        busy={busy}
        onClick={() => onPageChange(page + 1)}
        data-testid={`${testIdPrefix}-next`}
      >
        {t('common:button.next')}
      </Button>
    </nav>
  );
}

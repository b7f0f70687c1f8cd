import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import tableStyles from '../../../components/data-table.module.css';
import { EmptyState, LoadError, Skeleton } from '../../../components/load-states';
import { Pagination } from '../../../components/pagination';
import { SectionCard } from '../../../components/section-card';

/** The texts of one history (`convert` namespace): `<prefix>.title`, `.loadError`, `.empty`... */
type HistoryPrefix = 'history' | 'stakeHistory';

export interface HistoryCardProps<T> {
  prefix: HistoryPrefix;
  /** `<testId>`, `<testId>-loading`, `<testId>-empty`, pagination `<testId>-prev/next` */
  testId: string;
  query: {
    data: { items: T[]; total: number } | undefined;
    isPending: boolean;
    isError: boolean;
    isFetching: boolean;
    refetch: () => unknown;
  };
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** column labels, already translated; each row's cells carry the same as `data-label` */
  columns: string[];
  /** one `<tr>` per item */
  row: (item: T) => ReactNode;
}

/**
 * A page of the conversion or stake history: skeleton, error with retry, empty state, or the
 * table (label/value cards on phones) with its pagination.
 */
export function HistoryCard<T>({
  prefix,
  testId,
  query,
  page,
  pageSize,
  onPageChange,
  columns,
  row,
}: HistoryCardProps<T>) {
  const { t } = useTranslation('convert');
  const title = t(`${prefix}.title`);
  return (
    <SectionCard
      title={title}
      data-testid={testId}
      data-state={query.isPending ? 'loading' : query.isError ? 'error' : 'ready'}
      aria-busy={query.isFetching}
    >
      {query.isPending ? (
        <Skeleton lines={3} testId={`${testId}-loading`} />
      ) : query.isError || !query.data ? (
        <LoadError message={t(`${prefix}.loadError`)} onRetry={() => query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <EmptyState title={t(`${prefix}.empty`)} testId={`${testId}-empty`}>
          {t(`${prefix}.emptyHint`)}
        </EmptyState>
      ) : (
        <>
          <table className={tableStyles.table} aria-label={title}>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>{query.data.items.map(row)}</tbody>
          </table>
          <Pagination
            page={page}
            pageSize={pageSize}
            total={query.data.total}
            onPageChange={onPageChange}
            label={t(`${prefix}.pages`)}
            busy={query.isFetching}
            testIdPrefix={testId}
          />
        </>
      )}
    </SectionCard>
  );
}

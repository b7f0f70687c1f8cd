import type { Key, ReactNode } from 'react';
import { cx } from './class-names';
import styles from './data-table.module.css';
import { EmptyState, LoadError, Skeleton } from './load-states';
import { Pagination, type PaginationProps } from './pagination';
import { useMobileLayout } from './use-mobile-layout';
import { VisuallyHidden } from './visually-hidden';

/** `data-*` attributes for a row or a cell (test ids, states the e2e specs read). */
export type DataAttributes = { [name: `data-${string}`]: string | number | boolean | undefined };

export interface DataTableColumn<T> {
  /** Stable id of the column (its React key). */
  id: string;
  /** The column header, and the label of the value on a phone card. Already translated. */
  header: string;
  /**
   * The header is for assistive technology only (an actions column): visually hidden in the
   * table, and on a phone card the value stands without a label, at the card's end.
   */
  hideHeader?: boolean;
  /** The cell's content. */
  cell: (row: T) => ReactNode;
  /** Text alignment of header and cells on desktop; start by default. */
  align?: 'start' | 'end';
  /** Numbers, dates, hashes: tabular figures, no wrapping. */
  numeric?: boolean;
  /** Left out of the phone card (the desktop table keeps it). */
  hideOnPhone?: boolean;
  /** The cell names its row: a `<th scope="row">` on desktop, the title of the phone card. */
  rowHeader?: boolean;
  /** Extra class of the cell (the `td`, or the value of the phone card). */
  cellClassName?: string | ((row: T) => string | undefined);
  /** `data-*` attributes of the cell (`data-testid`...), on the value in both layouts. */
  cellProps?: (row: T) => DataAttributes;
}

export interface DataTableProps<T> {
  /** Accessible name of the table (and of the card list on phones). */
  label: string;
  columns: readonly DataTableColumn<T>[];
  /** The rows; `undefined` while there is nothing loaded. */
  rows: readonly T[] | undefined;
  rowKey: (row: T, index: number) => Key;
  /** `data-testid` of every row (the `tr`, or the card on phones). */
  rowTestId?: string;
  /** More `data-*` attributes of a row (its state...). */
  rowProps?: (row: T) => DataAttributes;
  /** Nothing to show yet: skeleton lines in place of the table. */
  loading?: boolean;
  /** Skeleton lines while loading (3). */
  loadingLines?: number;
  /** A failed load (shown when not loading): the translated message and the retry. */
  error?: { message: ReactNode; onRetry: () => unknown } | false | null;
  /** What an empty list says (title, what to do next). Without it an empty table is shown. */
  empty?: { title: ReactNode; text?: ReactNode };
  /** Refreshing what is shown (a next page, a poll): `aria-busy` on the table. */
  busy?: boolean;
  /** The caller pages: Previous / "Page 2 of 5" / Next under the rows. */
  pagination?: PaginationProps;
  /**
   * Test ids: `${testId}-loading`, `${testId}-error`, `${testId}-empty` and `${testId}-table`
   * (the table or the card list); each can be named otherwise in `testIds`.
   */
  testId?: string;
  testIds?: Partial<Record<'loading' | 'error' | 'empty' | 'table', string>>;
}

/** What `queryTableState` reads of a TanStack query. */
export interface TableQuery {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  data?: unknown;
  error: unknown;
  refetch: () => unknown;
}

/**
 * `loading`, `error` and `busy` of a table over a query: skeleton until the first answer, the
 * failure (translated by `message`) with Retry only while nothing is shown, busy while it
 * refreshes.
 */
export function queryTableState(
  query: TableQuery,
  message: (error: unknown) => ReactNode,
): Pick<DataTableProps<unknown>, 'loading' | 'error' | 'busy'> {
  return {
    loading: query.isPending,
    error: query.isError &&
      query.data === undefined && { message: message(query.error), onRetry: () => query.refetch() },
    busy: query.isFetching,
  };
}

/**
 * The data table of every screen: loading skeleton, translated error with retry, empty state
 * (what to do next), then the rows and, when the caller pages, the pagination. On desktop a
 * real `<table>` with column headers; on phones (the mobile layout) each row is a card of
 * label / value pairs, in a list named like the table.
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  rowTestId,
  rowProps,
  loading = false,
  loadingLines = 3,
  error,
  empty,
  busy = false,
  pagination,
  testId,
  testIds = {},
}: DataTableProps<T>) {
  const mobile = useMobileLayout();
  const id = (state: 'loading' | 'error' | 'empty' | 'table') =>
    testIds[state] ?? (testId ? `${testId}-${state}` : undefined);

  if (loading) return <Skeleton lines={loadingLines} testId={id('loading')} />;
  if (error)
    return <LoadError message={error.message} onRetry={error.onRetry} testId={id('error')} />;

  const items = rows ?? [];
  const pages = pagination ? <Pagination {...pagination} /> : null;
  if (items.length === 0 && empty) {
    return (
      <>
        <EmptyState title={empty.title} testId={id('empty')}>
          {empty.text}
        </EmptyState>
        {pages}
      </>
    );
  }

  const body = mobile ? (
    <PhoneCards
      label={label}
      columns={columns}
      rows={items}
      rowKey={rowKey}
      rowTestId={rowTestId}
      rowProps={rowProps}
      busy={busy}
      testId={id('table')}
    />
  ) : (
    <DesktopTable
      label={label}
      columns={columns}
      rows={items}
      rowKey={rowKey}
      rowTestId={rowTestId}
      rowProps={rowProps}
      busy={busy}
      testId={id('table')}
    />
  );
  return (
    <>
      {body}
      {pages}
    </>
  );
}

interface LayoutProps<T> {
  label: string;
  columns: readonly DataTableColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T, index: number) => Key;
  rowTestId?: string;
  rowProps?: (row: T) => DataAttributes;
  busy: boolean;
  testId?: string;
}

function cellClass<T>(column: DataTableColumn<T>, row: T, ...more: Array<string | undefined>) {
  const extra =
    typeof column.cellClassName === 'function' ? column.cellClassName(row) : column.cellClassName;
  return cx(column.numeric && styles.numeric, ...more, extra) || undefined;
}

function DesktopTable<T>({
  label,
  columns,
  rows,
  rowKey,
  rowTestId,
  rowProps,
  busy,
  testId,
}: LayoutProps<T>) {
  return (
    <div className={styles.scroller}>
      <table
        className={styles.table}
        aria-label={label}
        aria-busy={busy || undefined}
        data-testid={testId}
      >
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.id} scope="col" className={alignClass(column)}>
                {column.hideHeader ? (
                  <VisuallyHidden>{column.header}</VisuallyHidden>
                ) : (
                  column.header
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={rowKey(row, index)} data-testid={rowTestId} {...rowProps?.(row)}>
              {columns.map((column) => {
                const props = {
                  className: cellClass(column, row, alignClass(column)),
                  ...column.cellProps?.(row),
                };
                return column.rowHeader ? (
                  <th key={column.id} scope="row" {...props}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td
                    key={column.id}
                    data-label={column.hideHeader ? undefined : column.header}
                    {...props}
                  >
                    {column.cell(row)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function alignClass<T>(column: DataTableColumn<T>) {
  return column.align === 'end' ? styles.end : undefined;
}

function PhoneCards<T>({
  label,
  columns,
  rows,
  rowKey,
  rowTestId,
  rowProps,
  busy,
  testId,
}: LayoutProps<T>) {
  const shown = columns.filter((column) => !column.hideOnPhone);
  const titles = shown.filter((column) => column.rowHeader);
  const fields = shown.filter((column) => !column.rowHeader && !column.hideHeader);
  const actions = shown.filter((column) => !column.rowHeader && column.hideHeader);
  return (
    <ul
      className={styles.cards}
      aria-label={label}
      aria-busy={busy || undefined}
      data-testid={testId}
    >
      {rows.map((row, index) => (
        <li
          key={rowKey(row, index)}
          className={styles.card}
          data-testid={rowTestId}
          {...rowProps?.(row)}
        >
          {titles.map((column) => (
            <p
              key={column.id}
              className={cellClass(column, row, styles.cardTitle)}
              {...column.cellProps?.(row)}
            >
              {column.cell(row)}
            </p>
          ))}
          <dl className={styles.fields}>
            {fields.map((column) => (
              <div key={column.id} className={styles.field}>
                <dt>{column.header}</dt>
                <dd className={cellClass(column, row)} {...column.cellProps?.(row)}>
                  {column.cell(row)}
                </dd>
              </div>
            ))}
          </dl>
          {actions.map((column) => (
            <div
              key={column.id}
              className={cellClass(column, row, styles.cardActions)}
              {...column.cellProps?.(row)}
            >
              {column.cell(row)}
            </div>
          ))}
        </li>
      ))}
    </ul>
  );
}

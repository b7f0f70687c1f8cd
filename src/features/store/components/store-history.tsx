import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import tableStyles from '../../../components/data-table.module.css';
import { EmptyState, LoadError, Skeleton } from '../../../components/load-states';
import { Pagination } from '../../../components/pagination';
import { formatDate } from '../../../lib/date-format';
import { STORE_HISTORY_PAGE_SIZE, useStoreOrders } from '../api/use-store-orders';
import { useStoreErrorText } from '../hooks/use-store-error-text';
import { formatBcnt, formatUsdt } from '../utils/amounts';
import { StoreStatus } from './store-status';
import styles from './store.module.css';

/**
 * Transaction History (getOrderList): order number, state, deposit address, USDT, BCNT, date and
 * delivery, newest first, 10 a page; polled every 5 s while a listed order is not Delivered.
 */
export function StoreHistory() {
  const { t } = useTranslation(['store', 'common']);
  const errorText = useStoreErrorText();
  const [page, setPage] = useState(1);
  const query = useStoreOrders(page);
  const items = query.data?.items ?? [];
  const state = query.isPending
    ? 'loading'
    : !query.data
      ? 'error'
      : items.length === 0
        ? 'empty'
        : 'list';

  if (state === 'loading') return <Skeleton lines={4} testId="store-history-loading" />;
  if (state === 'error')
    return (
      <LoadError
        message={errorText(query.error) ?? t('common:error.description')}
        onRetry={() => query.refetch()}
        testId="store-history-error"
      />
    );
  if (state === 'empty')
    return (
      <EmptyState title={t('store:history.empty.title')} testId="store-history-empty">
        {t('store:history.empty.text')}
      </EmptyState>
    );

  const column = (key: string) => t(`store:history.column.${key}` as 'store:history.column.order');
  return (
    <div data-testid="store-history" data-state={state}>
      <table
        className={tableStyles.table}
        aria-label={t('store:tab.history')}
        aria-busy={query.isFetching || undefined}
      >
        <thead>
          <tr>
            <th scope="col">{column('order')}</th>
            <th scope="col">{column('status')}</th>
            <th scope="col">{column('address')}</th>
            <th scope="col">{column('usdt')}</th>
            <th scope="col">{column('bcnt')}</th>
            <th scope="col">{column('date')}</th>
            <th scope="col">{column('delivery')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((order) => (
            <tr key={order.orderNumber} data-testid="store-history-row" data-state={order.status}>
              <td data-label={column('order')} className={tableStyles.numeric}>
                {order.orderNumber}
              </td>
              <td data-label={column('status')}>
                <StoreStatus status={order.status} />
              </td>
              <td data-label={column('address')} className={styles.reference}>
                <span title={order.depositAddress}>{order.depositAddress}</span>
                {order.txHash ? (
                  <span className={styles.muted} title={order.txHash}>
                    {t('store:history.tx', { hash: `${order.txHash.slice(0, 10)}…` })}
                  </span>
                ) : null}
              </td>
              <td data-label={column('usdt')} className={tableStyles.numeric}>
                {formatUsdt(order.depositedUsdt !== '0' ? order.depositedUsdt : order.usdtAmount)}
              </td>
              <td data-label={column('bcnt')} className={tableStyles.numeric}>
                {formatBcnt(order.bcntAmount)}
              </td>
              <td data-label={column('date')} className={tableStyles.numeric}>
                {formatDate(order.createdAt)}
              </td>
              <td data-label={column('delivery')} className={tableStyles.numeric}>
                {order.deliveredAt
                  ? formatDate(order.deliveredAt)
                  : order.deliverAt
                    ? formatDate(order.deliverAt)
                    : '-'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pagination
        page={page}
        pageSize={STORE_HISTORY_PAGE_SIZE}
        total={query.data?.total ?? 0}
        onPageChange={setPage}
        label={t('store:history.pages')}
        busy={query.isFetching}
        testIdPrefix="store-history"
      />
    </div>
  );
}

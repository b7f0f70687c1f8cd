import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, queryTableState } from '../../../components/data-table';
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

  const column = (key: string) => t(`store:history.column.${key}` as 'store:history.column.order');
  return (
    <div data-testid="store-history" data-state={state}>
      <DataTable
        label={t('store:tab.history')}
        testId="store-history"
        loadingLines={4}
        {...queryTableState(query, (error) => errorText(error) ?? t('common:error.description'))}
        empty={{ title: t('store:history.empty.title'), text: t('store:history.empty.text') }}
        rows={items}
        rowKey={(order) => order.orderNumber}
        rowTestId="store-history-row"
        rowProps={(order) => ({ 'data-state': order.status })}
        columns={[
          {
            id: 'order',
            header: column('order'),
            numeric: true,
            cell: (order) => order.orderNumber,
          },
          {
            id: 'status',
            header: column('status'),
            cell: (order) => <StoreStatus status={order.status} />,
          },
          {
            id: 'address',
            header: column('address'),
            cellClassName: styles.reference,
            cell: (order) => (
              <>
                <span title={order.depositAddress}>{order.depositAddress}</span>
                {order.txHash ? (
                  <span className={styles.muted} title={order.txHash}>
                    {t('store:history.tx', { hash: `${order.txHash.slice(0, 10)}…` })}
                  </span>
                ) : null}
              </>
            ),
          },
          {
            id: 'usdt',
            header: column('usdt'),
            numeric: true,
            cell: (order) =>
              formatUsdt(order.depositedUsdt !== '0' ? order.depositedUsdt : order.usdtAmount),
          },
          {
            id: 'bcnt',
            header: column('bcnt'),
            numeric: true,
            cell: (order) => formatBcnt(order.bcntAmount),
          },
          {
            id: 'date',
            header: column('date'),
            numeric: true,
            cell: (order) => formatDate(order.createdAt),
          },
          {
            id: 'delivery',
            header: column('delivery'),
            numeric: true,
            cell: (order) =>
              order.deliveredAt
                ? formatDate(order.deliveredAt)
                : order.deliverAt
                  ? formatDate(order.deliverAt)
                  : '-',
          },
        ]}
        pagination={
          query.data && {
            page,
            pageSize: STORE_HISTORY_PAGE_SIZE,
            total: query.data.total,
            onPageChange: setPage,
            label: t('store:history.pages'),
            busy: query.isFetching,
            testIdPrefix: 'store-history',
          }
        }
      />
    </div>
  );
}

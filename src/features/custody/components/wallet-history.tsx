import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, queryTableState } from '../../../components/data-table';
import { SectionCard } from '../../../components/section-card';
import { SelectField } from '../../../components/select-field';
import { formatDateTime } from '../../../lib/date-format';
import { formatAmount } from '../../../lib/format-amount';
import { WALLET_CURRENCIES, type WalletCurrency } from '../../../shared/api/wallet';
import { currencyByCode } from '../../../shared/constants/currencies';
import { parseAmount } from '../../../shared/money/decimal';
import { useWalletHistory, WALLET_HISTORY_PAGE_SIZE } from '../api/use-wallet-history';
import { useErrorText } from '../../../hooks/use-error-text';
import styles from './custody.module.css';

/** Ledger movement kinds with their own label; anything else reads "Balance adjustment". */
export const HISTORY_KINDS = [
  'deposit',
  'withdrawal',
  'withdrawal_fee',
  'withdrawal_refund',
  'convert',
  'stake',
  'unstake',
  'store_delivery',
  'store_payment_credited',
  'invest',
  'interest',
  'earn_return',
  'earn_redeem',
  'earn_fee',
  'earn_dca',
  'autotrade_margin',
  'autotrade_margin_release',
  'autotrade_fee',
  'lending_fee',
] as const;
type HistoryKind = (typeof HISTORY_KINDS)[number];
const isHistoryKind = (kind: string): kind is HistoryKind =>
  (HISTORY_KINDS as readonly string[]).includes(kind);

function signedAmount(currency: string, amount: string, transactionType: number): string {
  const decimals = currencyByCode(currency)?.decimals ?? 18;
  const units = parseAmount(amount, decimals) ?? 0n;
  const shown = formatAmount(units, decimals, { currency, type: transactionType });
  return units > 0n ? `+${shown}` : shown;
}

/**
 * The transaction history (spec section 2 `/wallet`): every movement of the available balances,
 * newest first, 10 a page, filterable by currency; amounts with the decimal places of their
 * transaction type (section 3), dates YYYY/MM/DD.
 */
export function WalletHistory() {
  const { t } = useTranslation(['custody', 'common']);
  const errorText = useErrorText();
  const [currency, setCurrency] = useState<WalletCurrency | undefined>(undefined);
  const [page, setPage] = useState(1);
  const query = useWalletHistory(currency, page);
  const items = query.data?.items ?? [];
  const state = query.isPending
    ? 'loading'
    : !query.data
      ? 'error'
      : items.length === 0
        ? 'empty'
        : 'list';

  return (
    <SectionCard title={t('custody:history.title')} data-testid="wallet-history" data-state={state}>
      <div className={styles.filters}>
        <SelectField
          label={t('custody:history.filter.currency')}
          value={currency ?? ''}
          onChange={(event) => {
            const value = event.target.value;
            setCurrency(value ? (value as WalletCurrency) : undefined);
            setPage(1);
          }}
          data-testid="wallet-history-currency"
          options={[
            { value: '', label: t('custody:history.filter.all') },
            ...WALLET_CURRENCIES.map((code) => ({ value: code, label: code })),
          ]}
        />
      </div>
      <DataTable
        label={t('custody:history.title')}
        testId="wallet-history"
        loadingLines={4}
        {...queryTableState(query, (error) => errorText(error) ?? t('common:error.description'))}
        empty={{ title: t('custody:history.empty.title'), text: t('custody:history.empty.text') }}
        rows={items}
        rowKey={(item) => item.id}
        rowTestId="wallet-history-row"
        rowProps={(item) => ({ 'data-kind': item.kind })}
        columns={[
          {
            id: 'time',
            header: t('custody:history.column.time'),
            numeric: true,
            cell: (item) => formatDateTime(item.createdAt),
          },
          {
            id: 'type',
            header: t('custody:history.column.type'),
            cell: (item) =>
              isHistoryKind(item.kind)
                ? t(`custody:history.kind.${item.kind}`)
                : t('custody:history.kind.other'),
          },
          {
            id: 'currency',
            header: t('custody:history.column.currency'),
            cell: (item) => item.currency,
          },
          {
            id: 'amount',
            header: t('custody:history.column.amount'),
            numeric: true,
            cellClassName: (item) =>
              item.amount.startsWith('-') ? styles.negative : styles.positive,
            cell: (item) => signedAmount(item.currency, item.amount, item.transactionType),
          },
          {
            id: 'reference',
            header: t('custody:history.column.reference'),
            cell: (item) => (
              <span className={styles.reference} title={item.reference ?? undefined}>
                {item.reference ?? '—'}
              </span>
            ),
          },
        ]}
        pagination={
          query.data && {
            page,
            pageSize: WALLET_HISTORY_PAGE_SIZE,
            total: query.data.total,
            onPageChange: setPage,
            busy: query.isFetching,
            label: t('custody:history.pages'),
            testIdPrefix: 'wallet-history-pages',
          }
        }
      />
    </SectionCard>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import tableStyles from '../../../components/data-table.module.css';
import { EmptyState, LoadError, Skeleton } from '../../../components/load-states';
import { Pagination } from '../../../components/pagination';
import { SectionCard } from '../../../components/section-card';
import { SelectField } from '../../../components/select-field';
import { formatDateTime } from '../../../lib/date-format';
import { formatAmount } from '../../../lib/format-amount';
import { WALLET_CURRENCIES, type WalletCurrency } from '../../../shared/api/wallet';
import { currencyByCode } from '../../../shared/constants/currencies';
import { parseAmount } from '../../../shared/money/decimal';
import { useWalletHistory, WALLET_HISTORY_PAGE_SIZE } from '../api/use-wallet-history';
import { useErrorText } from '../hooks/use-error-text';
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
      {state === 'loading' ? (
        <Skeleton lines={4} testId="wallet-history-loading" />
      ) : state === 'error' ? (
        <LoadError
          message={errorText(query.error) ?? t('common:error.description')}
          onRetry={() => query.refetch()}
          testId="wallet-history-error"
        />
      ) : state === 'empty' ? (
        <EmptyState title={t('custody:history.empty.title')} testId="wallet-history-empty">
          {t('custody:history.empty.text')}
        </EmptyState>
      ) : (
        <>
          <table
            className={tableStyles.table}
            aria-label={t('custody:history.title')}
            aria-busy={query.isFetching || undefined}
          >
            <thead>
              <tr>
                <th scope="col">{t('custody:history.column.time')}</th>
                <th scope="col">{t('custody:history.column.type')}</th>
                <th scope="col">{t('custody:history.column.currency')}</th>
                <th scope="col">{t('custody:history.column.amount')}</th>
                <th scope="col">{t('custody:history.column.reference')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.id} data-testid="wallet-history-row" data-kind={item.kind}>
                  <td data-label={t('custody:history.column.time')} className={tableStyles.numeric}>
                    {formatDateTime(item.createdAt)}
                  </td>
                  <td data-label={t('custody:history.column.type')}>
                    {isHistoryKind(item.kind)
                      ? t(`custody:history.kind.${item.kind}`)
                      : t('custody:history.kind.other')}
                  </td>
                  <td data-label={t('custody:history.column.currency')}>{item.currency}</td>
                  <td
                    data-label={t('custody:history.column.amount')}
                    className={`${tableStyles.numeric} ${
                      item.amount.startsWith('-') ? styles.negative : styles.positive
                    }`}
                  >
                    {signedAmount(item.currency, item.amount, item.transactionType)}
                  </td>
                  <td data-label={t('custody:history.column.reference')}>
                    <span className={styles.reference} title={item.reference ?? undefined}>
                      {item.reference ?? '—'}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pagination
            page={page}
            pageSize={WALLET_HISTORY_PAGE_SIZE}
            total={query.data?.total ?? 0}
            onPageChange={setPage}
            busy={query.isFetching}
            label={t('custody:history.pages')}
            testIdPrefix="wallet-history-pages"
          />
        </>
      )}
    </SectionCard>
  );
}

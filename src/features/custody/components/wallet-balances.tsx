import { useTranslation } from 'react-i18next';
import tableStyles from '../../../components/data-table.module.css';
import { LoadError, Skeleton } from '../../../components/load-states';
import { SectionCard } from '../../../components/section-card';
import { formatAmount } from '../../../lib/format-amount';
import { currencyByCode } from '../../../shared/constants/currencies';
import { parseAmount } from '../../../shared/money/decimal';
import { useWalletInfo } from '../api/use-wallet-info';
import { useErrorText } from '../hooks/use-error-text';
import styles from './custody.module.css';

/** A wallet amount (decimal string) for display with the balance precision of its currency. */
export function displayBalance(currency: string, amount: string): string {
  const decimals = currencyByCode(currency)?.decimals ?? 18;
  const units = parseAmount(amount, decimals) ?? 0n;
  return formatAmount(units, decimals, { currency, type: 'balance' });
}

/** Total, available and staking balances per currency (spec section 3 "Wallet"). */
export function WalletBalances() {
  const { t } = useTranslation(['custody', 'common']);
  const errorText = useErrorText();
  const query = useWalletInfo();
  return (
    <SectionCard
      title={t('custody:balances.title')}
      data-testid="wallet-balances"
      data-state={query.isPending ? 'loading' : query.data ? 'ready' : 'error'}
    >
      {query.isPending ? (
        <Skeleton lines={5} testId="wallet-balances-loading" />
      ) : !query.data ? (
        <LoadError
          message={errorText(query.error) ?? t('common:error.description')}
          onRetry={() => query.refetch()}
          testId="wallet-balances-error"
        />
      ) : (
        <table className={tableStyles.table} aria-label={t('custody:balances.title')}>
          <thead>
            <tr>
              <th scope="col">{t('custody:balances.column.currency')}</th>
              <th scope="col">{t('custody:balances.column.total')}</th>
              <th scope="col">{t('custody:balances.column.available')}</th>
              <th scope="col">{t('custody:balances.column.staking')}</th>
              <th scope="col">{t('custody:balances.column.pending')}</th>
            </tr>
          </thead>
          <tbody>
            {query.data.balances.map((balance) => (
              <tr
                key={balance.currency}
                data-testid={`wallet-balance-${balance.currency}`}
                data-available={balance.available}
                data-staking={balance.staking}
              >
                <th scope="row" className={styles.currency}>
                  {balance.currency}
                </th>
                <td data-label={t('custody:balances.column.total')} className={tableStyles.numeric}>
                  {displayBalance(balance.currency, balance.total)}
                </td>
                <td
                  data-label={t('custody:balances.column.available')}
                  className={tableStyles.numeric}
                  data-testid={`wallet-available-${balance.currency}`}
                >
                  {displayBalance(balance.currency, balance.available)}
                </td>
                <td
                  data-label={t('custody:balances.column.staking')}
                  className={tableStyles.numeric}
                >
                  {displayBalance(balance.currency, balance.staking)}
                </td>
                <td
                  data-label={t('custody:balances.column.pending')}
                  className={tableStyles.numeric}
                >
                  {displayBalance(balance.currency, balance.pendingWithdrawal)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </SectionCard>
  );
}

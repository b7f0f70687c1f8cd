import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { SectionCard } from '../../../components/section-card';
import { formatAmount } from '../../../lib/format-amount';
import { currencyByCode } from '../../../shared/constants/currencies';
import { parseAmount } from '../../../shared/money/decimal';
import { useWalletInfo } from '../api/use-wallet-info';
import { useErrorText } from '../../../hooks/use-error-text';
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
      <DataTable
        label={t('custody:balances.title')}
        testId="wallet-balances"
        loadingLines={5}
        loading={query.isPending}
        error={
          !query.isPending &&
          !query.data && {
            message: errorText(query.error) ?? t('common:error.description'),
            onRetry: () => query.refetch(),
          }
        }
        rows={query.data?.balances}
        rowKey={(balance) => balance.currency}
        rowProps={(balance) => ({
          'data-testid': `wallet-balance-${balance.currency}`,
          'data-available': balance.available,
          'data-staking': balance.staking,
        })}
        columns={[
          {
            id: 'currency',
            header: t('custody:balances.column.currency'),
            rowHeader: true,
            cellClassName: styles.currency,
            cell: (balance) => balance.currency,
          },
          {
            id: 'total',
            header: t('custody:balances.column.total'),
            numeric: true,
            cell: (balance) => displayBalance(balance.currency, balance.total),
          },
          {
            id: 'available',
            header: t('custody:balances.column.available'),
            numeric: true,
            cellProps: (balance) => ({ 'data-testid': `wallet-available-${balance.currency}` }),
            cell: (balance) => displayBalance(balance.currency, balance.available),
          },
          {
            id: 'staking',
            header: t('custody:balances.column.staking'),
            numeric: true,
            cell: (balance) => displayBalance(balance.currency, balance.staking),
          },
          {
            id: 'pending',
            header: t('custody:balances.column.pending'),
            numeric: true,
            cell: (balance) => displayBalance(balance.currency, balance.pendingWithdrawal),
          },
        ]}
      />
    </SectionCard>
  );
}

import { paths } from '../../../lib/paths';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/button-link';
import { LoadError, Notice, Skeleton } from '../../../components/load-states';
import { PageHeader } from '../../../components/page-header';
import { QueryTabs } from '../../../components/query-tabs';
import { SectionCard } from '../../../components/section-card';
import { useKycVerified } from '../../../hooks/use-kyc-status';
import { useWalletInfo } from '../api/use-wallet-info';
import { WalletBalances } from '../components/wallet-balances';
import { WalletHistory } from '../components/wallet-history';
import { useErrorText } from '../../../hooks/use-error-text';
import styles from '../components/custody.module.css';

/** Tabs of /wallet, synced to `?tab=` (the member menu opens `tab=deposit`). */
export const WALLET_TABS = [
  'deposit',
  'withdrawal',
  'convert',
  'stake',
  'transactions',
  'conversions',
  'stake-history',
  'addresses',
] as const;
export type WalletTab = (typeof WALLET_TABS)[number];

export interface WalletPageProps {
  /** The panels of the other wallet features, composed by the app (features never import each other). */
  panels: Record<Exclude<WalletTab, 'transactions'>, ReactNode>;
}

/**
 * /wallet (spec section 2): the balances, then Deposit, Withdrawal, Convert, Stake, the
 * transaction, conversion and stake histories and the address book. Deposit, withdrawal and
 * convert need identity verification (section 5): before it the page shows the balances and a
 * prompt to verify instead of the tabs.
 *
 * What follows the balances waits for their first answer: on a phone the loaded balances (a
 * card per currency) are much taller than their skeleton, so a verification prompt or tabs
 * shown before them would be pushed down when they arrive (a layout shift of about 0.1 to 0.16
 * in Lighthouse whenever the KYC status answered first). The two calls still run in parallel.
 */
export function WalletPage({ panels }: WalletPageProps) {
  const { t } = useTranslation(['custody', 'common']);
  const errorText = useErrorText();
  const kyc = useKycVerified();
  // the same query as the balances' (one request): only whether it has answered yet
  const balancesPending = useWalletInfo().isPending;

  return (
    <div className={styles.page} data-testid="wallet-page">
      <PageHeader title={t('custody:page.title')} description={t('custody:page.description')} />
      <WalletBalances />
      {balancesPending ? null : kyc.isPending ? (
        <Skeleton lines={4} testId="wallet-kyc-loading" />
      ) : kyc.verified === undefined ? (
        <LoadError
          message={errorText(kyc.error) ?? t('common:error.description')}
          onRetry={() => kyc.refetch()}
          testId="wallet-kyc-error"
        />
      ) : !kyc.verified ? (
        <SectionCard data-testid="wallet-kyc-gate">
          <div className={styles.gate}>
            <Notice tone="warning">{t('custody:gate.text')}</Notice>
            <ButtonLink to={paths.Kyc.getHref()} data-testid="wallet-kyc-link">
              {t('custody:gate.link')}
            </ButtonLink>
          </div>
        </SectionCard>
      ) : (
        <QueryTabs<WalletTab>
          label={t('custody:page.tabs')}
          defaultValue="deposit"
          testIdPrefix="wallet"
          tabs={WALLET_TABS.map((value) => ({
            value,
            label: t(`custody:tab.${value}`),
            content: value === 'transactions' ? <WalletHistory /> : panels[value],
          }))}
        />
      )}
    </div>
  );
}

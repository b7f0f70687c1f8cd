import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ButtonLink } from '../../../components/button-link';
import { EmptyState } from '../../../components/load-states';
import { PageHeader } from '../../../components/page-header';
import { SectionCard } from '../../../components/section-card';
import { WALLET_CURRENCIES, type WalletCurrency } from '../../../shared/api/wallet';
import { AddressBookPanel } from '../components/address-book-panel';
import { paths } from '../../../lib/paths';
import styles from './address-management-page.module.css';

/** The route's currency in upper case when it is one of the wallet's five, else null. */
export function managedCurrency(param: string | undefined): WalletCurrency | null {
  const code = (param ?? '').toUpperCase();
  return (WALLET_CURRENCIES as readonly string[]).includes(code) ? (code as WalletCurrency) : null;
}

/**
 * /wallet/management/{currency} (spec section 2): the saved withdrawal addresses of one currency.
 * The currency is matched case-insensitively ("usdt" is USDT); anything else is not found, with
 * a way back to the wallet's address book.
 */
export default function AddressManagementPage() {
  const { t } = useTranslation('withdraw');
  const { currency: param } = useParams();
  const currency = managedCurrency(param);
  const breadcrumbs = [
    { label: t('management.wallet'), href: paths.Wallet.getHref(undefined, { tab: 'addresses' }) },
    { label: currency ? t('management.title', { currency }) : t('management.notFoundTitle') },
  ];

  return (
    <div className={styles.page} data-testid="address-management-page">
      <PageHeader
        title={currency ? t('management.title', { currency }) : t('management.notFoundTitle')}
        description={currency ? t('management.description', { currency }) : undefined}
        breadcrumbs={breadcrumbs}
      />
      {currency ? (
        <AddressBookPanel currency={currency} />
      ) : (
        <SectionCard data-testid="address-management-not-found">
          <div className={styles.notFound}>
            <EmptyState title={t('management.notFoundTitle')}>
              {t('management.notFound', { currency: param ?? '' })}
            </EmptyState>
            <ButtonLink
              to={paths.Wallet.getHref(undefined, { tab: 'addresses' })}
              variant="secondary"
              data-testid="address-management-back"
            >
              {t('management.back')}
            </ButtonLink>
          </div>
        </SectionCard>
      )}
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { SectionCard } from '../../../components/section-card';
import { paths } from '../../../lib/paths';
import { MyFunds } from '../components/my-funds';
import { useKeepBinfiQuery } from '../hooks/use-keep-binfi-query';
import styles from '../components/binfi.module.css';

/**
 * BinFiMyFund (`/bin-fi/my-fund`): the member's BinFi orders as the indexer has them, with the
 * refund and redemption notices and the wallet's claim and redemption. Read again every few
 * seconds while open: payouts arrive from the operator's jobs, not from this page.
 */
export default function BinfiMyFundPage() {
  const { t } = useTranslation('binfi');
  useKeepBinfiQuery();
  return (
    <div className={styles.page} data-testid="binfi-my-fund">
      <PageHeader
        title={t('myFund.title')}
        description={t('myFund.description')}
        breadcrumbs={[
          { label: t('dashboard.title'), href: paths.BinFiDashboard.getHref() },
          { label: t('myFund.title') },
        ]}
      />
      <SectionCard>
        <MyFunds poll />
      </SectionCard>
    </div>
  );
}

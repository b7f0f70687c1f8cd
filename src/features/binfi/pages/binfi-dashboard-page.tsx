import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/button-link';
import { InlineSkeleton } from '../../../components/load-states';
import { PageHeader } from '../../../components/page-header';
import { QueryTabs } from '../../../components/query-tabs';
import { SectionCard } from '../../../components/section-card';
import { paths } from '../../../lib/paths';
import type { BinfiVariant } from '../../../shared/api/binfi';
import { useHistoryFundList, usePlusInfo } from '../api/use-binfi';
import { BinfiAdvertisement } from '../components/binfi-advertisement';
import { ProcessAndFaq } from '../components/process-faq';
import { RoundList } from '../components/round-list';
import { useKeepBinfiQuery } from '../hooks/use-keep-binfi-query';
import { formatUsdt } from '../utils/format';
import { DASHBOARD_TABS } from '../utils/status';
import styles from '../components/binfi.module.css';

/** Galaxy (the three-month plus variant) at a glance: PlusInfo. */
function PlusSummary() {
  const { t } = useTranslation('binfi');
  const query = usePlusInfo();
  const value = (text: string | number | undefined) => (query.data ? text : <InlineSkeleton />);
  return (
    <SectionCard title={t('galaxy.summaryTitle')} data-testid="binfi-plus-info">
      <dl className={styles.facts}>
        <div>
          <dt>{t('field.term')}</dt>
          <dd>{value(query.data && t('field.months', { count: query.data.termMonths }))}</dd>
        </div>
        <div>
          <dt>{t('status.fundraising')}</dt>
          <dd data-testid="binfi-plus-raising">{value(query.data?.raising)}</dd>
        </div>
        <div>
          <dt>{t('status.running')}</dt>
          <dd>{value(query.data?.running)}</dd>
        </div>
        <div>
          <dt>{t('status.ended')}</dt>
          <dd>{value(query.data?.ended)}</dd>
        </div>
        <div>
          <dt>{t('galaxy.totalMatched')}</dt>
          <dd>{value(query.data && formatUsdt(query.data.totalMatched))}</dd>
        </div>
      </dl>
    </SectionCard>
  );
}

/** The latest ended round of the variant: the way into its history. */
function PastRoundsLink({ variant }: { variant: BinfiVariant }) {
  const { t } = useTranslation('binfi');
  const query = useHistoryFundList(variant, 1);
  const latest = query.data?.list[0];
  if (!query.data || !latest) return null;
  const history = variant === 'galaxy' ? paths.BinFiGalaxyHistory : paths.BinFiHistory;
  return (
    <Link
      className={styles.link}
      to={history.getHref({ id: latest.fundId, type: 'supply' })}
      data-testid="binfi-history-link"
    >
      {t('dashboard.pastRounds', { count: query.data.total })}
    </Link>
  );
}

/**
 * BinFiDashboard (`/bin-fi`) and BinFiGalaxyDashboard (`/bin-fi-galaxy`): what the product is
 * (Ultra Rock supplies, Ultra Flame takes with leverage), the public rounds by status (tabs on
 * `?status=`, kept between BinFi pages), the member's funds, past rounds, the process and FAQ.
 */
export function BinfiDashboard({ variant }: { variant: BinfiVariant }) {
  const { t } = useTranslation('binfi');
  useKeepBinfiQuery();
  const galaxy = variant === 'galaxy';
  return (
    <div className={styles.page} data-testid="binfi-dashboard" data-variant={variant}>
      <PageHeader
        title={t(galaxy ? 'galaxy.title' : 'dashboard.title')}
        description={t(galaxy ? 'galaxy.description' : 'dashboard.description')}
        actions={
          <ButtonLink
            to={paths.BinFiMyFund.getHref()}
            variant="secondary"
            data-testid="binfi-my-fund-link"
          >
            {t('myFund.title')}
          </ButtonLink>
        }
      />
      <BinfiAdvertisement variant={variant} />
      {galaxy ? <PlusSummary /> : null}
      <SectionCard
        title={t('dashboard.roundsTitle')}
        actions={<PastRoundsLink variant={variant} />}
        data-testid="binfi-rounds-section"
      >
        <QueryTabs
          label={t('dashboard.roundsTitle')}
          param="status"
          defaultValue="all"
          testIdPrefix="binfi"
          tabs={DASHBOARD_TABS.map((tab) => ({
            value: tab,
            label: t(`dashboard.tab.${tab}`),
            content: <RoundList variant={variant} tab={tab} />,
          }))}
        />
      </SectionCard>
      <ProcessAndFaq />
    </div>
  );
}

export default function BinfiDashboardPage() {
  return <BinfiDashboard variant="binfi" />;
}

import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EmptyState, LoadError, Skeleton } from '../../../components/load-states';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../lib/paths';
import type { EarnSubscriptionState } from '../../../shared/api/earn';
import { useEarnDetail } from '../api/use-earn-product';
import { EventHistory } from '../components/portfolio/event-history';
import { SmartDcaFacts } from '../components/portfolio/smart-dca-facts';
import { SubscriptionFacts } from '../components/portfolio/subscription-facts';
import { usePortfolioFormat } from '../components/portfolio/use-portfolio-format';
import { useEarnErrorText } from '../hooks/use-earn-error-text';
import { isSerialNumber } from '../utils/products';
import styles from '../components/portfolio/portfolio.module.css';

/** States whose subscription is still managed on MyPremiumDetail. */
const OPEN_STATES: readonly EarnSubscriptionState[] = [
  'raising',
  'running',
  'cancel_pending',
  'asset_return',
];

/**
 * /portfolio/history/earn/{sn} (PremiumHistoryDetail): the record of a subscription, read-only
 * (premium2/Detail): its facts as they ended (return, redemption in BCNT) and every movement
 * (premium2/PremiumHistory). Reached from Subscription history; a subscription still open
 * links to its detail where it is managed.
 */
export default function MyPremiumHistoryPage() {
  const { sn } = useParams();
  return <HistoryDetail key={sn ?? ''} sn={isSerialNumber(sn) ? sn : null} />;
}

function HistoryDetail({ sn }: { sn: string | null }) {
  const { t } = useTranslation('portfolio');
  const format = usePortfolioFormat();
  const errorText = useEarnErrorText();
  const query = useEarnDetail(sn ?? '');
  const historyHref = paths.SubscriptionHistory.getHref();
  const crumbs = (current: string) => [
    { label: t('history.title'), href: historyHref },
    { label: current },
  ];
  const title = sn ?? t('history.title');

  if (sn === null) {
    return (
      <div className={styles.page} data-testid="portfolio-record" data-state="none">
        <PageHeader title={title} breadcrumbs={crumbs(title)} />
        <EmptyState title={t('detail.notFound')} testId="portfolio-record-none">
          <Link to={historyHref}>{t('history.back')}</Link>
        </EmptyState>
      </div>
    );
  }
  if (query.isPending) {
    return (
      <div className={styles.page} data-testid="portfolio-record" data-state="loading">
        <PageHeader title={title} breadcrumbs={crumbs(title)} />
        <Skeleton lines={6} testId="portfolio-record-loading" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className={styles.page} data-testid="portfolio-record" data-state="error">
        <PageHeader title={title} breadcrumbs={crumbs(title)} />
        <LoadError
          message={errorText(query.error) ?? t('error.load')}
          onRetry={() => query.refetch()}
          testId="portfolio-record-error"
        />
      </div>
    );
  }
  const { product, subscription } = query.data;
  const name = format.name(product.name);
  if (!subscription) {
    return (
      <div className={styles.page} data-testid="portfolio-record" data-state="none">
        <PageHeader title={name} breadcrumbs={crumbs(name)} />
        <EmptyState title={t('detail.none')} testId="portfolio-record-none">
          <Link to={historyHref}>{t('history.back')}</Link>
        </EmptyState>
      </div>
    );
  }
  const open = OPEN_STATES.includes(subscription.state);
  return (
    <div className={styles.page} data-testid="portfolio-record" data-state={subscription.state}>
      <PageHeader
        title={name}
        description={
          <span className={styles.headerMeta}>
            <span data-testid="portfolio-record-sn">{sn}</span>
            {open ? (
              <Link
                to={paths.MyPremiumDetail.getHref({ sn })}
                data-testid="portfolio-record-manage"
              >
                {t('history.manage')}
              </Link>
            ) : null}
          </span>
        }
        breadcrumbs={crumbs(name)}
      />
      <SubscriptionFacts subscription={subscription} product={product} />
      {subscription.smartDca ? (
        <SmartDcaFacts dca={subscription.smartDca} premiumId={subscription.premiumId} />
      ) : null}
      <EventHistory premiumId={subscription.premiumId} sn={sn} />
    </div>
  );
}

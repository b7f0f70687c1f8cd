import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { EmptyState, LoadError, Skeleton } from '../../../components/load-states';
import { PageHeader } from '../../../components/page-header';
import { EARN_SETTINGS, paths } from '../../../lib/paths';
import { useEarnDetail } from '../api/use-earn-product';
import { isRateKind } from '../../../shared/constants/earn';
import { EventHistory } from '../components/portfolio/event-history';
import { RewardChartCard } from '../components/portfolio/reward-chart-card';
import { SmartDcaFacts } from '../components/portfolio/smart-dca-facts';
import {
  SubscriptionActions,
  type EarnSetting,
} from '../components/portfolio/subscription-actions';
import { SubscriptionFacts } from '../components/portfolio/subscription-facts';
import { usePortfolioFormat } from '../components/portfolio/use-portfolio-format';
import { useEarnErrorText } from '../hooks/use-earn-error-text';
import { isSerialNumber } from '../utils/products';
import styles from '../components/portfolio/portfolio.module.css';

/**
 * The settings page in the path (/portfolio/earn/{sn}/auto-renew | asset-return | smart-dca). The
 * app's router gives it as a fixed segment of the path (not a param), so it is read from the path.
 */
function settingOf(pathname: string): EarnSetting | undefined {
  const last = pathname.replace(/\/+$/, '').split('/').pop();
  return EARN_SETTINGS.find((setting) => setting === last);
}

/** A settings page opened from the detail (history state): closing it goes back. */
const OPENED_HERE = { settingFrom: 'detail' } as const;

/**
 * /portfolio/earn/{sn}/{setting?} (MyPremiumDetail): the member's subscription of one product
 * (premium2/Detail): the facts, the Smart DCA figures, what they may do now (add more, cancel,
 * auto-renew, Asset Return, Smart DCA, early redemption), the rewards over time (Stable Income,
 * Pro, Flagship) and the movements with the rewards (premium2/PremiumHistory).
 * `setting` opens its settings dialog; closing it goes back to the detail, or replaces the path
 * when the settings page was the entry (a reminder e-mail's link). Without a subscription: a
 * pointer to the product page.
 */
export default function MyPremiumDetailPage() {
  const { sn } = useParams();
  const { t } = useTranslation('portfolio');
  if (!isSerialNumber(sn)) {
    return (
      <div className={styles.page}>
        <EmptyState title={t('detail.notFound')} testId="portfolio-detail-missing">
          <Link to={paths.MyStrategies.getHref(undefined, { tab: 'earn' })}>
            {t('detail.backToList')}
          </Link>
        </EmptyState>
      </div>
    );
  }
  return <SubscriptionDetail key={sn} sn={sn} />;
}

function SubscriptionDetail({ sn }: { sn: string }) {
  const { t } = useTranslation('portfolio');
  const format = usePortfolioFormat();
  const errorText = useEarnErrorText();
  const navigate = useNavigate();
  const { pathname, state } = useLocation();
  const openedHere = (state as { settingFrom?: string } | null)?.settingFrom === 'detail';
  const setting = settingOf(pathname);
  const query = useEarnDetail(sn);
  const listHref = paths.MyStrategies.getHref(undefined, { tab: 'earn' });
  const crumbs = (current: string) => [
    { label: t('page.title'), href: listHref },
    { label: current },
  ];

  if (query.isPending) {
    return (
      <div className={styles.page} data-testid="portfolio-detail" data-state="loading">
        <PageHeader title={sn} breadcrumbs={crumbs(sn)} />
        <Skeleton lines={6} testId="portfolio-detail-loading" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className={styles.page} data-testid="portfolio-detail" data-state="error">
        <PageHeader title={sn} breadcrumbs={crumbs(sn)} />
        <LoadError
          message={errorText(query.error) ?? t('error.load')}
          onRetry={() => query.refetch()}
          testId="portfolio-detail-error"
        />
      </div>
    );
  }
  const { product, subscription } = query.data;
  const name = format.name(product.name);
  const productHref = paths.PremiumDetail.getHref({ type: product.kind, sn });
  if (!subscription) {
    return (
      <div className={styles.page} data-testid="portfolio-detail" data-state="none">
        <PageHeader title={name} breadcrumbs={crumbs(name)} />
        <EmptyState title={t('detail.none')} testId="portfolio-detail-none">
          <Link to={productHref} data-testid="portfolio-detail-product">
            {t('detail.toProduct')}
          </Link>
        </EmptyState>
      </div>
    );
  }
  return (
    <div className={styles.page} data-testid="portfolio-detail" data-state={subscription.state}>
      <PageHeader
        title={name}
        description={
          <span className={styles.headerMeta}>
            <span data-testid="portfolio-detail-sn">{sn}</span>
            <Link to={productHref} data-testid="portfolio-detail-product">
              {t('detail.toProduct')}
            </Link>
          </span>
        }
        breadcrumbs={crumbs(name)}
      />
      <SubscriptionFacts subscription={subscription} product={product} />
      {subscription.smartDca ? (
        <SmartDcaFacts dca={subscription.smartDca} premiumId={subscription.premiumId} />
      ) : null}
      <SubscriptionActions
        subscription={subscription}
        product={product}
        setting={setting}
        onSetting={(next) => {
          if (next) {
            void navigate(paths.MyPremiumDetail.getHref({ sn, setting: next }), {
              state: OPENED_HERE,
            });
          } else if (openedHere) {
            void navigate(-1); // back to the detail it was opened from: Back does not reopen it
          } else {
            void navigate(paths.MyPremiumDetail.getHref({ sn }), { replace: true });
          }
        }}
      />
      {isRateKind(subscription.kind) || subscription.kind === 'flagship' ? (
        <RewardChartCard
          premiumId={subscription.premiumId}
          currency={subscription.currency}
          appliedRate={isRateKind(subscription.kind)}
        />
      ) : null}
      <EventHistory premiumId={subscription.premiumId} sn={sn} />
    </div>
  );
}

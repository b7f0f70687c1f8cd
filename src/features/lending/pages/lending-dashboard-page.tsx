import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/button-link';
import { LoadError, Skeleton } from '../../../components/load-states';
import { PageHeader } from '../../../components/page-header';
import { SectionCard } from '../../../components/section-card';
import { paths } from '../../../lib/paths';
import { useLendingList, useLendingStrategy } from '../api/use-lending';
import { MyLendingList } from '../components/my-lending-panel';
import { SubscriptionBadge } from '../components/subscription-overview';
import { useLendingErrorText } from '../hooks/use-lending-error-text';
import { LENDING_PRODUCT_IDS } from '../utils/lending-constants';
import { bpsPercent, localized, withCurrency } from '../utils/format';
import styles from '../components/lending.module.css';

/** A lending product as a card: asset, exchange, fee, trial; subscribe or manage. */
function ProductCard({ strategyId }: { strategyId: number }) {
  const { t, i18n } = useTranslation(['lending', 'common']);
  const errorText = useLendingErrorText();
  const query = useLendingStrategy(strategyId);
  const mine = useLendingList();
  const subscription = mine.data?.list.find(
    (item) => item.strategy.id === strategyId,
  )?.subscription;

  if (query.isPending) {
    return (
      <li className={styles.card}>
        <Skeleton lines={4} testId="lending-product-loading" />
      </li>
    );
  }
  if (query.isError) {
    return (
      <li className={styles.card}>
        <LoadError
          message={errorText(query.error) ?? t('common:error.description')}
          onRetry={() => query.refetch()}
          testId="lending-product-error"
        />
      </li>
    );
  }
  const strategy = query.data.strategy;
  return (
    <li
      className={styles.card}
      data-testid="lending-product-card"
      data-id={strategy.id}
      data-state={strategy.status}
    >
      <div className={styles.cardHead}>
        <h3 className={styles.cardTitle}>
          <Link className={styles.link} to={paths.LendingDetail.getHref({ id: strategy.id })}>
            {localized(strategy.name, i18n.language)}
          </Link>
        </h3>
        {subscription ? <SubscriptionBadge subscription={subscription} /> : null}
      </div>
      <p className={styles.muted}>{localized(strategy.description, i18n.language)}</p>
      <dl className={styles.facts}>
        <div>
          <dt>{t('lending:field.lendingAsset')}</dt>
          <dd>{strategy.currency}</dd>
        </div>
        <div>
          <dt>{t('lending:product.exchange')}</dt>
          <dd>{strategy.exchange}</dd>
        </div>
        <div>
          <dt>{t('lending:field.subscriptionFee')}</dt>
          <dd data-testid="lending-product-card-fee">
            {t('lending:product.fee', {
              fee: withCurrency(strategy.feeUsdt, 'USDT'),
              days: strategy.periodDays,
            })}
          </dd>
        </div>
        <div>
          <dt>{t('lending:product.trial')}</dt>
          <dd>{t('lending:product.days', { count: strategy.trialDays })}</dd>
        </div>
      </dl>
      <p className={styles.muted}>
        {t('lending:dashboard.discount', { percent: bpsPercent(strategy.bcntDiscountBps) })}
      </p>
      <div className={styles.actions}>
        {strategy.status === 'closed' && !subscription ? (
          <span className={styles.muted}>{t('lending:detail.closed')}</span>
        ) : (
          <ButtonLink
            to={paths.LendingDetail.getHref({ id: strategy.id })}
            data-testid="lending-product-open"
          >
            {subscription ? t('lending:mine.manage') : t('lending:dashboard.start')}
          </ButtonLink>
        )}
      </div>
    </li>
  );
}

/**
 * LendingBotDashboard (`/lending-bot`, members): what the lending bot does (three steps, the
 * free trial), the lending products, and the member's own lending with its figures. Services >
 * Lending Bot in the nav bar opens it.
 */
export default function LendingDashboardPage() {
  const { t } = useTranslation('lending');
  return (
    <div className={styles.page} data-testid="lending-dashboard">
      <PageHeader title={t('dashboard.title')} description={t('dashboard.description')} />
      <SectionCard title={t('dashboard.howTitle')} data-testid="lending-how">
        <ol className={styles.terms}>
          <li>{t('dashboard.how1')}</li>
          <li>{t('dashboard.how2')}</li>
          <li>{t('dashboard.how3')}</li>
        </ol>
        <p className={styles.muted}>
          <Link className={styles.link} to={paths.LendingTermService.getHref()}>
            {t('terms.title')}
          </Link>
        </p>
      </SectionCard>
      <section className={styles.stack} aria-labelledby="lending-products-title">
        <h2 id="lending-products-title" className={styles.cardTitle}>
          {t('dashboard.products')}
        </h2>
        <ul className={styles.grid} data-testid="lending-products">
          {LENDING_PRODUCT_IDS.map((id) => (
            <ProductCard key={id} strategyId={id} />
          ))}
        </ul>
      </section>
      <MyLendingList />
    </div>
  );
}

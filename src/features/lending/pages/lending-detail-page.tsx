import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Button } from '../../../components/button';
import { LoadError, Notice, Skeleton } from '../../../components/load-states';
import { PageHeader } from '../../../components/page-header';
import { SectionCard } from '../../../components/section-card';
import { paths } from '../../../lib/paths';
import type {
  LendingCheckSubscription,
  LendingStrategy,
  LendingSubscription,
} from '../../../shared/api/lending';
import {
  useLendingBalance,
  useLendingCheck,
  useLendingFee,
  useLendingStrategy,
} from '../api/use-lending';
import { IdleAmountForm } from '../components/idle-amount-form';
import { LendingHistory } from '../components/lending-history';
import { ProductFacts } from '../components/product-facts';
import { SubscribeWizard } from '../components/subscribe-wizard';
import { SubscriptionActions } from '../components/subscription-actions';
import {
  isLive,
  SubscriptionBadge,
  SubscriptionFacts,
  SubscriptionNotices,
} from '../components/subscription-overview';
import { useLendingErrorText } from '../hooks/use-lending-error-text';
import { formatDateTime, localized } from '../utils/format';
import styles from '../components/lending.module.css';

/**
 * LendingDetail (`/lending-bot/{id}`, the lending product's id; identity verification required
 * by the route): the product, then what the member does with it. No subscription (or an ended
 * one and "Subscribe again"): the two-step wizard. A subscription: its figures, notices, the
 * idle amount, the actions and the records. This is also the member's lending detail that
 * /portfolio links to (see the feature README: the spec's /portfolio/autotrade/1 is not used).
 */
export default function LendingDetailPage() {
  const { t, i18n } = useTranslation('lending');
  const raw = useParams().id ?? '';
  const id = /^\d+$/.test(raw) ? Number(raw) : 0;
  const errorText = useLendingErrorText();
  const strategy = useLendingStrategy(id);
  const check = useLendingCheck(id, id > 0);
  const name = strategy.data ? localized(strategy.data.strategy.name, i18n.language) : '';

  const header = (
    <PageHeader
      title={name || t('dashboard.title')}
      description={
        strategy.data ? localized(strategy.data.strategy.description, i18n.language) : undefined
      }
      breadcrumbs={[
        { label: t('dashboard.title'), href: paths.LendingBotDashboard.getHref() },
        ...(name ? [{ label: name }] : []),
      ]}
    />
  );

  if (strategy.isError || check.isError) {
    const failed = strategy.isError ? strategy : check;
    return (
      <div className={styles.page} data-testid="lending-detail" data-state="error">
        {header}
        <LoadError
          message={errorText(failed.error)}
          onRetry={() => failed.refetch()}
          testId="lending-detail-error"
        />
      </div>
    );
  }
  if (!strategy.data || !check.data) {
    return (
      <div className={styles.page} data-testid="lending-detail" data-state="loading">
        {header}
        <Skeleton lines={6} testId="lending-detail-loading" />
      </div>
    );
  }
  return (
    <div
      className={styles.page}
      data-testid="lending-detail"
      data-state={check.data.subscription?.state ?? 'none'}
    >
      {header}
      <ProductFacts strategy={strategy.data.strategy} />
      <DetailBody strategy={strategy.data.strategy} check={check.data} />
    </div>
  );
}

function DetailBody({
  strategy,
  check,
}: {
  strategy: LendingStrategy;
  check: LendingCheckSubscription;
}) {
  const { t } = useTranslation('lending');
  const [subscribed, setSubscribed] = useState<LendingSubscription | null>(null);
  const [again, setAgain] = useState(false);
  // after Subscribe the answer stands until the refreshed CheckSubscription has the live one
  const subscription =
    subscribed && !(check.subscription && isLive(check.subscription))
      ? subscribed
      : check.subscription;

  if (subscription && !(again && !isLive(subscription))) {
    return (
      <>
        {subscribed ? (
          <Notice tone="success" testId="lending-subscribed">
            {t('wizard.done', { state: t(`state.${subscribed.state}`) })}
          </Notice>
        ) : null}
        <SubscriptionPanel subscription={subscription} />
        {!isLive(subscription) && strategy.status === 'open' ? (
          <SectionCard title={t('wizard.againTitle')} data-testid="lending-again">
            <p className={styles.muted}>{t('wizard.againText')}</p>
            <div className={styles.actions}>
              <Button
                variant="secondary"
                onClick={() => setAgain(true)}
                data-testid="lending-again-open"
              >
                {t('wizard.againOpen')}
              </Button>
            </div>
          </SectionCard>
        ) : null}
        <LendingHistory strategyId={strategy.id} />
      </>
    );
  }
  if (strategy.status === 'closed') {
    return (
      <Notice tone="info" testId="lending-closed">
        {t('detail.closed')}
      </Notice>
    );
  }
  return (
    <SubscribeWizard
      strategy={strategy}
      check={check}
      onSubscribed={(done) => {
        setSubscribed(done);
        setAgain(false);
      }}
    />
  );
}

/** A subscription (live or ended): notices, figures read now, idle amount, actions. */
function SubscriptionPanel({ subscription }: { subscription: LendingSubscription }) {
  const { t } = useTranslation('lending');
  const live = isLive(subscription);
  const balance = useLendingBalance(subscription.strategyId, live);
  const fee = useLendingFee(subscription.strategyId);
  const readAt = balance.data?.readAt ?? subscription.assetsReadAt;
  return (
    <>
      <SubscriptionNotices subscription={subscription} />
      <SectionCard
        title={t('detail.subscriptionTitle')}
        description={readAt ? t('detail.readAt', { time: formatDateTime(readAt) }) : undefined}
        actions={<SubscriptionBadge subscription={subscription} />}
        data-testid="lending-subscription"
        data-state={subscription.state}
      >
        <SubscriptionFacts subscription={subscription} balance={balance.data} />
      </SectionCard>
      {live ? <IdleAmountForm subscription={subscription} balance={balance.data} /> : null}
      <SubscriptionActions subscription={subscription} fee={fee.data} />
    </>
  );
}

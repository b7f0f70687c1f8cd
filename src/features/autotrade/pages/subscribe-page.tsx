import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ButtonLink } from '../../../components/button-link';
import { KycGatePrompt } from '../../../components/kyc-gate-prompt';
import { LoadError, Notice, Skeleton } from '../../../components/load-states';
import { PageHeader } from '../../../components/page-header';
import { SectionCard } from '../../../components/section-card';
import { useKycVerified } from '../../../hooks/use-kyc-status';
import { paths } from '../../../lib/paths';
import type { AutotradeSubscription } from '../../../shared/api/autotrade-subscriptions';
import { useStrategyDetail } from '../api/use-strategies';
import { useCheckSubscription, useMemberApiKeys } from '../api/use-subscribe';
import { useStrategyName } from '../components/strategy-bits';
import { SubscribeForm, SubscribeSuccess } from '../components/subscribe-form';
import { useAutotradeErrorText } from '../hooks/use-autotrade-error-text';
import styles from '../components/autotrade.module.css';

/**
 * The subscribe flow (`/trading-bot/{id}/subscribe`, members): choose a correct, free API key
 * (or import one on /api-keys and come back: the keys are read again when this tab regains the
 * focus), the exchange balance read through it, the allocation (the strategy's minimum up to
 * the free quote balance), the margin currency (BCNT: 20 % off the performance fee) and amount
 * (at least MinStakeAmount's minimum stake), the source, the summary, the consent, then one
 * idempotent Subscribe. See the feature README for the flow and what the browser-wallet source
 * still lacks.
 */
export default function SubscribePage() {
  const { t } = useTranslation('autotrade');
  const id = Number(useParams().id);
  const detail = useStrategyDetail(id);
  const kyc = useKycVerified();
  const check = useCheckSubscription(id, kyc.verified === true);
  const keys = useMemberApiKeys();
  const errorText = useAutotradeErrorText();
  const [gateOpen, setGateOpen] = useState(true);
  const [subscribed, setSubscribed] = useState<AutotradeSubscription | null>(null);
  const nameOf = useStrategyName();

  const queries = [detail, kyc, ...(kyc.verified ? [check, keys] : [])];
  const failed = queries.find((query) => query.isError);
  let body;
  if (subscribed && detail.data) {
    body = <SubscribeSuccess strategy={detail.data} subscription={subscribed} />;
  } else if (failed) {
    body = (
      <LoadError
        message={errorText(failed.error)}
        onRetry={() => Promise.all(queries.map((query) => query.refetch()))}
        testId="autotrade-flow-error"
      />
    );
  } else if (!detail.data || kyc.isPending) {
    body = <Skeleton lines={6} testId="autotrade-flow-loading" />;
  } else if (!kyc.verified) {
    body = (
      <>
        <Notice tone="warning" testId="autotrade-flow-kyc">
          {t('error.kycRequired')}
        </Notice>
        <KycGatePrompt open={gateOpen} onOpenChange={setGateOpen} action="subscribe" />
      </>
    );
  } else if (check.isPending || keys.isPending) {
    body = <Skeleton lines={6} testId="autotrade-flow-loading" />;
  } else if (detail.data.status === 'closed') {
    body = (
      <Notice tone="info" testId="autotrade-flow-closed">
        {t('error.strategyClosed')}
      </Notice>
    );
  } else if (check.data?.subscription) {
    body = <AlreadySubscribed subscription={check.data.subscription} />;
  } else {
    body = (
      <SubscribeForm
        strategy={detail.data}
        keys={keys.data?.list ?? []}
        check={check.data ?? { strategyId: id, subscription: null, keys: [] }}
        onSubscribed={setSubscribed}
      />
    );
  }
  const name = detail.data ? nameOf(detail.data) : '';
  return (
    <div className={styles.page} data-testid="autotrade-subscribe-page">
      <PageHeader
        title={t('subscribe.title', { name })}
        description={t('subscribe.description')}
        breadcrumbs={[
          { label: t('dashboard.title'), href: paths.StrategyDashboard.getHref() },
          ...(detail.data
            ? [{ label: name, href: paths.StrategyDetail.getHref({ id: String(id) }) }]
            : []),
          { label: t('detail.subscribe') },
        ]}
      />
      {body}
    </div>
  );
}

function AlreadySubscribed({ subscription }: { subscription: AutotradeSubscription }) {
  const { t } = useTranslation('autotrade');
  return (
    <SectionCard data-testid="autotrade-flow-subscribed" data-state={subscription.state}>
      <p className={styles.lead}>
        {t('detail.subscribed', { state: t(`state.${subscription.state}`) })}
      </p>
      <ButtonLink
        to={paths.MyStrategiesDetail.getHref({ id: String(subscription.id) })}
        data-testid="autotrade-flow-subscription-link"
      >
        {t('detail.manage')}
      </ButtonLink>
    </SectionCard>
  );
}

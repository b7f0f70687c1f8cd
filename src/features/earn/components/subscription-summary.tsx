import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/button-link';
import { SectionCard } from '../../../components/section-card';
import { paths } from '../../../lib/paths';
import type { EarnSubscription } from '../../../shared/api/earn';
import { formatEarnAmount, formatRate, formatUtc8Date } from '../utils/amounts';
import { SubscriptionStateBadge } from './state-badge';
import styles from './earn.module.css';

/**
 * The member's subscription to this product: status, units, invested amount, accumulated
 * reward, current rate (with the level it follows), expiry (UTC+8) and auto-renew, with a link
 * to its detail in My Subscriptions (MyPremiumDetail: settings, cancel, redemption, history).
 */
export function SubscriptionSummary({ subscription }: { subscription: EarnSubscription }) {
  const { t, i18n } = useTranslation(['earn', 'portfolio']);
  const { currency } = subscription;
  const rows: { id: string; label: string; value: ReactNode }[] = [
    {
      id: 'state',
      label: t('subscription.state'),
      value: <SubscriptionStateBadge state={subscription.state} />,
    },
    { id: 'units', label: t('subscription.units'), value: String(subscription.units) },
    {
      id: 'invested',
      label: t('subscription.invested'),
      value: t('amount', {
        amount: formatEarnAmount(subscription.investedAmount, currency, 'principal'),
        currency,
      }),
    },
    {
      id: 'reward',
      label: t('subscription.reward'),
      value: t('amount', {
        amount: formatEarnAmount(subscription.accumulatedReward, currency, 'reward'),
        currency,
      }),
    },
    ...(subscription.currentRate !== null
      ? [
          {
            id: 'rate',
            label: t('subscription.rate'),
            value: t('subscription.rateValue', {
              rate: formatRate(subscription.currentRate, i18n.language),
              level: subscription.effectiveLevel,
            }),
          },
        ]
      : []),
    {
      id: 'expiry',
      label: t('subscription.expiry'),
      value: subscription.expiryAt
        ? t('time.utc8', { time: formatUtc8Date(subscription.expiryAt) })
        : t('subscription.notStarted'),
    },
    {
      id: 'renew',
      label: t('subscription.autoRenew'),
      value: subscription.autoRenew ? t('subscription.on') : t('subscription.off'),
    },
  ];
  return (
    <SectionCard
      title={t('subscription.title')}
      data-testid="earn-subscription"
      data-state={subscription.state}
      actions={
        <ButtonLink
          variant="secondary"
          size="sm"
          to={paths.MyPremiumDetail.getHref({ sn: subscription.serialNumber })}
          data-testid="earn-sub-manage"
        >
          {t('portfolio:history.manage')}
        </ButtonLink>
      }
    >
      <dl className={styles.facts}>
        {rows.map((row) => (
          <div key={row.id}>
            <dt>{row.label}</dt>
            <dd data-testid={`earn-sub-${row.id}`}>{row.value}</dd>
          </div>
        ))}
      </dl>
    </SectionCard>
  );
}

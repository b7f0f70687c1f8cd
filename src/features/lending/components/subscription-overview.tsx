import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/button-link';
import { Notice } from '../../../components/load-states';
import { paths } from '../../../lib/paths';
import type { LendingExchangeBalance, LendingSubscription } from '../../../shared/api/lending';
import { formatDate, withCurrency } from '../utils/format';
import styles from './lending.module.css';

/** Whether the service runs (trial or a paid period). */
export function isLive(subscription: LendingSubscription): boolean {
  return subscription.state !== 'ended';
}

/** The badge of a subscription: its state, or why the bot does not lend. */
export function SubscriptionBadge({ subscription }: { subscription: LendingSubscription }) {
  const { t } = useTranslation('lending');
  const paused = isLive(subscription) && subscription.pauseReason !== null;
  const tone =
    subscription.state === 'ended'
      ? undefined
      : paused || subscription.paymentFailed
        ? 'warning'
        : 'positive';
  return (
    <span
      className={styles.badge}
      data-tone={tone}
      data-testid="lending-state"
      data-state={subscription.state}
      data-paused={paused || undefined}
    >
      {paused && subscription.pauseReason
        ? t(`pause.${subscription.pauseReason}`)
        : t(`state.${subscription.state}`)}
    </span>
  );
}

/**
 * The subscription's figures (spec section 3 "Lending": lending asset, payment asset,
 * subscription fee, total, idle and locked idle assets, API key status, auto-renew, renew or
 * end date, recommended minimum), the funding wallet's from `balance` when it has been read
 * now, else from the bot's last read.
 */
export function SubscriptionFacts({
  subscription,
  balance,
}: {
  subscription: LendingSubscription;
  balance?: LendingExchangeBalance | undefined;
}) {
  const { t } = useTranslation('lending');
  const asset = subscription.lendingAsset;
  const figures = balance ?? subscription;
  const renew = subscription.autoRenew && isLive(subscription);
  const date = renew ? subscription.renewDate : (subscription.endDate ?? subscription.periodEndsAt);
  const facts: [string, string, string][] = [
    ['lendingAsset', t('field.lendingAsset'), asset],
    ['paymentAsset', t('field.paymentAsset'), subscription.paymentAsset],
    [
      'subscriptionFee',
      t('field.subscriptionFee'),
      subscription.state === 'trial'
        ? t('fact.feeAfterTrial', {
            fee: withCurrency(subscription.subscriptionFee, subscription.paymentAsset),
          })
        : withCurrency(subscription.subscriptionFee, subscription.paymentAsset),
    ],
    ['totalAssets', t('field.totalAssets'), withCurrency(figures.totalAssets, asset)],
    ['idleAssets', t('field.idleAssets'), withCurrency(figures.idleAssets, asset)],
    [
      'lockedIdleAssets',
      t('field.lockedIdleAssets'),
      withCurrency(figures.lockedIdleAssets, asset),
    ],
    ['idleAmount', t('field.idleAmount'), withCurrency(subscription.idleAmount, asset)],
    ['apiKeyStatus', t('field.apiKeyStatus'), t(`apiKey.${subscription.apiKeyStatus}`)],
    ['autoRenew', t('field.autoRenew'), renew ? t('fact.on') : t('fact.off')],
    ['date', renew ? t('field.renewDate') : t('field.endDate'), date ? formatDate(date) : '-'],
    [
      'recommendedMinimum',
      t('field.recommendedMinimum'),
      withCurrency(subscription.recommendedMinimum, asset),
    ],
    ['interestTotal', t('field.interestTotal'), withCurrency(subscription.interestTotal, asset, 6)],
  ];
  return (
    <dl className={styles.facts} data-testid="lending-facts">
      {facts.map(([id, label, value]) => (
        <div key={id}>
          <dt>{label}</dt>
          <dd data-testid={`lending-fact-${id}`}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * What the member must know about the subscription now: an incorrect key (reset it on the
 * exchange, lending paused), a suspended bot, a renewal that could not be paid, a cancelled
 * service running to its end, an ended one.
 */
export function SubscriptionNotices({ subscription }: { subscription: LendingSubscription }) {
  const { t } = useTranslation('lending');
  const end = subscription.endDate ?? subscription.periodEndsAt;
  if (!isLive(subscription)) {
    return (
      <Notice tone="info" testId="lending-notice-ended">
        {t(subscription.endReason === 'unpaid' ? 'notice.endedUnpaid' : 'notice.ended', {
          date: formatDate(subscription.endedAt ?? end),
        })}
      </Notice>
    );
  }
  return (
    <>
      {subscription.apiKeyStatus === 'incorrect' || subscription.pauseReason === 'api_key' ? (
        <Notice tone="warning" testId="lending-notice-api-key">
          <span className={styles.stack}>
            <span>{t('notice.apiKey')}</span>
            <span>
              <ButtonLink to={paths.ApiKeys.getHref()} variant="secondary" size="sm">
                {t('notice.apiKeyAction')}
              </ButtonLink>
            </span>
          </span>
        </Notice>
      ) : null}
      {subscription.suspended ? (
        <Notice tone="info" testId="lending-notice-suspended">
          {t('notice.suspended')}
        </Notice>
      ) : null}
      {subscription.paymentFailed ? (
        <Notice tone="warning" testId="lending-notice-payment">
          <span className={styles.stack}>
            <span>{t('notice.paymentFailed', { date: formatDate(end) })}</span>
            <span>
              <ButtonLink
                to={paths.Wallet.getHref(undefined, { tab: 'deposit' })}
                variant="secondary"
                size="sm"
              >
                {t('notice.paymentAction')}
              </ButtonLink>
            </span>
          </span>
        </Notice>
      ) : null}
      {!subscription.autoRenew ? (
        <Notice tone="info" testId="lending-notice-cancelled">
          {t('notice.cancelled', { date: formatDate(end) })}
        </Notice>
      ) : null}
      {subscription.state === 'trial' && subscription.autoRenew && !subscription.paymentFailed ? (
        <Notice tone="info" testId="lending-notice-trial">
          {t('notice.trial', {
            date: formatDate(subscription.periodEndsAt),
            fee: withCurrency(subscription.subscriptionFee, subscription.paymentAsset),
          })}
        </Notice>
      ) : null}
    </>
  );
}

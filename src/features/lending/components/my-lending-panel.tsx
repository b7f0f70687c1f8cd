import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/button-link';
import { EmptyState, LoadError, Skeleton } from '../../../components/load-states';
import { paths } from '../../../lib/paths';
import type { LendingStrategyList } from '../../../shared/api/lending';
import { useLendingList } from '../api/use-lending';
import { useLendingErrorText } from '../hooks/use-lending-error-text';
import { formatDate, localized, withCurrency } from '../utils/format';
import { isLive, SubscriptionBadge } from './subscription-overview';
import styles from './lending.module.css';

type Item = LendingStrategyList['list'][number];

/** One of the member's lending subscriptions as a card: state, assets, key, renewal, link. */
function MyLendingCard({ item }: { item: Item }) {
  const { t, i18n } = useTranslation('lending');
  const { strategy, subscription } = item;
  const asset = subscription.lendingAsset;
  const renew = subscription.autoRenew && isLive(subscription);
  const date = renew ? subscription.renewDate : (subscription.endDate ?? subscription.periodEndsAt);
  const facts: [string, string, string][] = [
    ['totalAssets', t('field.totalAssets'), withCurrency(subscription.totalAssets, asset)],
    ['idleAssets', t('field.idleAssets'), withCurrency(subscription.idleAssets, asset)],
    [
      'lockedIdleAssets',
      t('field.lockedIdleAssets'),
      withCurrency(subscription.lockedIdleAssets, asset),
    ],
    ['interestTotal', t('field.interestTotal'), withCurrency(subscription.interestTotal, asset, 6)],
    ['apiKeyStatus', t('field.apiKeyStatus'), t(`apiKey.${subscription.apiKeyStatus}`)],
    ['date', renew ? t('field.renewDate') : t('field.endDate'), date ? formatDate(date) : '-'],
  ];
  return (
    <li
      className={styles.card}
      data-testid="lending-mine-row"
      data-id={strategy.id}
      data-state={subscription.state}
    >
      <div className={styles.cardHead}>
        <h3 className={styles.cardTitle}>{localized(strategy.name, i18n.language)}</h3>
        <SubscriptionBadge subscription={subscription} />
      </div>
      <dl className={styles.facts}>
        {facts.map(([id, label, value]) => (
          <div key={id}>
            <dt>{label}</dt>
            <dd data-testid={`lending-mine-${id}`}>{value}</dd>
          </div>
        ))}
      </dl>
      <div className={styles.actions}>
        <ButtonLink
          to={paths.LendingDetail.getHref({ id: strategy.id })}
          variant="secondary"
          size="sm"
          data-testid="lending-mine-link"
        >
          {t('mine.manage')}
        </ButtonLink>
      </div>
    </li>
  );
}

/**
 * The member's lending (LendingStrategyList): each subscription with its state and figures,
 * linking to its detail (`/lending-bot/{id}`). Shown on the dashboard and as the lending tab of
 * /portfolio; `live` keeps the running ones first and the ended ones after them.
 */
export function MyLendingList({ heading }: { heading?: boolean }) {
  const { t } = useTranslation(['lending', 'common']);
  const errorText = useLendingErrorText();
  const query = useLendingList();
  const list = [...(query.data?.list ?? [])].sort(
    (a, b) => Number(isLive(b.subscription)) - Number(isLive(a.subscription)),
  );
  return (
    <section
      className={styles.stack}
      data-testid="lending-mine"
      aria-labelledby="lending-mine-title"
    >
      {heading === false ? (
        <h2 id="lending-mine-title" className={styles.visuallyHidden}>
          {t('lending:mine.title')}
        </h2>
      ) : (
        <h2 id="lending-mine-title" className={styles.cardTitle}>
          {t('lending:mine.title')}
        </h2>
      )}
      {query.isPending ? (
        <Skeleton lines={3} testId="lending-mine-loading" />
      ) : query.isError ? (
        <LoadError
          message={errorText(query.error) ?? t('common:error.description')}
          onRetry={() => query.refetch()}
          testId="lending-mine-error"
        />
      ) : list.length === 0 ? (
        <EmptyState title={t('lending:mine.empty')} testId="lending-mine-empty">
          {t('lending:mine.emptyText')}
        </EmptyState>
      ) : (
        <ul className={styles.grid}>
          {list.map((item) => (
            <MyLendingCard key={item.subscription.id} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** The lending tab of /portfolio (composed by the app's portfolio screen). */
export function MyLendingPanel() {
  const { t } = useTranslation('lending');
  return (
    <div className={styles.stack} data-testid="lending-portfolio">
      <MyLendingList heading={false} />
      <div className={styles.actions}>
        <ButtonLink
          to={paths.LendingBotDashboard.getHref()}
          variant="secondary"
          data-testid="lending-mine-browse"
        >
          {t('mine.browse')}
        </ButtonLink>
      </div>
    </div>
  );
}

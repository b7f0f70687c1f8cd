import { useTranslation } from 'react-i18next';
import type { EarnProductState, EarnSubscriptionState } from '../../../shared/api/earn';
import styles from './earn.module.css';

/** Where a product stands (Fundraising, Running...) as a translated badge. */
export function ProductStateBadge({ state, testId }: { state: EarnProductState; testId?: string }) {
  const { t } = useTranslation('earn');
  return (
    <span className={styles.badge} data-state={state} data-testid={testId}>
      {t(`state.${state}`)}
    </span>
  );
}

/** A subscription's status (spec section 4 "Premium product statuses") as a badge. */
export function SubscriptionStateBadge({
  state,
  testId,
}: {
  state: EarnSubscriptionState;
  testId?: string;
}) {
  const { t } = useTranslation('earn');
  return (
    <span className={styles.badge} data-state={state} data-testid={testId}>
      {t(`subscriptionState.${state}`)}
    </span>
  );
}

/** The spec's limited label (products flagged limited, BTC and ETH ones aside). */
export function LimitedBadge({ testId }: { testId?: string }) {
  const { t } = useTranslation('earn');
  return (
    <span className={styles.limited} data-testid={testId}>
      {t('card.limited')}
    </span>
  );
}

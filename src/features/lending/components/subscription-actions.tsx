import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { Notice } from '../../../components/load-states';
import { SectionCard } from '../../../components/section-card';
import { SelectField } from '../../../components/select-field';
import type {
  LendingFeeCurrencyId,
  LendingSubscription,
  SubscriptionFee,
} from '../../../shared/api/lending';
import { useLendingAction } from '../api/use-lending-actions';
import { formatDate, withCurrency } from '../utils/format';
import { isLive } from './subscription-overview';
import styles from './lending.module.css';

/**
 * The actions on a subscription (spec section 4 "Lending subscription"): suspend / resume the
 * bot, unsubscribe (the service keeps running to the period end; a confirmation says until
 * when), resubscribe (auto-renew back on while the period runs; after the end a new paid
 * period, refused until the exchange account's open offers are cleared), and the fee currency
 * of the next charge. Each action has its own busy state and its own translated refusal.
 */
export function SubscriptionActions({
  subscription,
  fee,
}: {
  subscription: LendingSubscription;
  fee: SubscriptionFee | undefined;
}) {
  const { t } = useTranslation('lending');
  const live = isLive(subscription);
  return (
    <SectionCard title={t('actions.title')} data-testid="lending-actions">
      {live ? <SuspendAction subscription={subscription} /> : null}
      {live && subscription.autoRenew ? <UnsubscribeAction subscription={subscription} /> : null}
      {!live || !subscription.autoRenew ? <ResubscribeAction subscription={subscription} /> : null}
      {live ? <FeeCurrencyAction subscription={subscription} fee={fee} /> : null}
    </SectionCard>
  );
}

function ActionError({ text, testId }: { text: string | undefined; testId: string }) {
  return text ? (
    <p className={styles.error} role="alert" data-testid={testId}>
      {text}
    </p>
  ) : null;
}

function SuspendAction({ subscription }: { subscription: LendingSubscription }) {
  const { t } = useTranslation('lending');
  const suspend = useLendingAction('Suspend');
  const next = !subscription.suspended;
  return (
    <div className={styles.stack}>
      <p className={styles.muted}>
        {t(subscription.suspended ? 'actions.resumeText' : 'actions.suspendText')}
      </p>
      <div className={styles.actions}>
        <Button
          variant="secondary"
          busy={suspend.isPending}
          onClick={() =>
            suspend
              .run({ strategyId: subscription.strategyId, suspend: next })
              .catch(() => undefined)
          }
          data-testid={subscription.suspended ? 'lending-resume' : 'lending-suspend'}
        >
          {t(subscription.suspended ? 'actions.resume' : 'actions.suspend')}
        </Button>
      </div>
      <ActionError
        text={suspend.state === 'error' ? suspend.errorText : undefined}
        testId="lending-suspend-error"
      />
    </div>
  );
}

function UnsubscribeAction({ subscription }: { subscription: LendingSubscription }) {
  const { t } = useTranslation('lending');
  const unsubscribe = useLendingAction('Unsubscribe');
  const [open, setOpen] = useState(false);
  const end = formatDate(subscription.periodEndsAt);
  return (
    <div className={styles.stack}>
      <p className={styles.muted}>{t('actions.unsubscribeText', { date: end })}</p>
      <div className={styles.actions}>
        <Button
          variant="secondary"
          onClick={() => {
            unsubscribe.newAction();
            setOpen(true);
          }}
          data-testid="lending-unsubscribe-open"
        >
          {t('actions.unsubscribe')}
        </Button>
      </div>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (!unsubscribe.isPending) setOpen(next);
        }}
        title={t('actions.unsubscribeTitle')}
        description={t('actions.unsubscribeConfirm', { date: end })}
        data-testid="lending-unsubscribe-dialog"
      >
        <div className={styles.stack}>
          <ActionError
            text={unsubscribe.state === 'error' ? unsubscribe.errorText : undefined}
            testId="lending-unsubscribe-error"
          />
          <div className={styles.actions}>
            <Button
              variant="secondary"
              onClick={() => setOpen(false)}
              disabled={unsubscribe.isPending}
            >
              {t('actions.keep')}
            </Button>
            <Button
              variant="danger"
              busy={unsubscribe.isPending}
              onClick={async () => {
                const done = await unsubscribe
                  .run({ strategyId: subscription.strategyId })
                  .catch(() => undefined);
                if (done) setOpen(false);
              }}
              data-testid="lending-unsubscribe-confirm"
            >
              {t('actions.unsubscribe')}
            </Button>
          </div>
        </div>
      </Dialog>
    </div>
  );
}

function ResubscribeAction({ subscription }: { subscription: LendingSubscription }) {
  const { t } = useTranslation('lending');
  const resubscribe = useLendingAction('Resubscribe');
  const live = isLive(subscription);
  return (
    <div className={styles.stack}>
      <p className={styles.muted}>
        {live
          ? t('actions.resubscribeText', { date: formatDate(subscription.periodEndsAt) })
          : t('actions.resubscribeEndedText', {
              fee: withCurrency(subscription.subscriptionFee, subscription.paymentAsset),
            })}
      </p>
      <div className={styles.actions}>
        <Button
          busy={resubscribe.isPending}
          onClick={() =>
            resubscribe.run({ strategyId: subscription.strategyId }).catch(() => undefined)
          }
          data-testid="lending-resubscribe"
        >
          {t('actions.resubscribe')}
        </Button>
      </div>
      <ActionError
        text={resubscribe.state === 'error' ? resubscribe.errorText : undefined}
        testId="lending-resubscribe-error"
      />
    </div>
  );
}

function FeeCurrencyAction({
  subscription,
  fee,
}: {
  subscription: LendingSubscription;
  fee: SubscriptionFee | undefined;
}) {
  const { t } = useTranslation('lending');
  const setFee = useLendingAction('FeeCurrency');
  const [choice, setChoice] = useState<number>(subscription.feeCurrencyId);
  const options = fee?.fees ?? [];
  const unchanged = choice === subscription.feeCurrencyId;
  return (
    <div className={styles.stack}>
      <SelectField
        label={t('actions.feeCurrency')}
        value={choice}
        onChange={(event) => {
          setChoice(Number(event.target.value));
          if (!setFee.isPending) setFee.newAction();
        }}
        options={
          options.length > 0
            ? options.map((item) => ({
                value: item.feeCurrencyId,
                label: `${item.currency} (${withCurrency(item.amount, item.currency)})`,
              }))
            : [{ value: subscription.feeCurrencyId, label: subscription.paymentAsset }]
        }
        hint={t('actions.feeCurrencyHint')}
        data-testid="lending-fee-currency"
      />
      <div className={styles.actions}>
        <Button
          variant="secondary"
          disabled={unchanged}
          busy={setFee.isPending}
          onClick={() =>
            setFee
              .run({
                strategyId: subscription.strategyId,
                feeCurrencyId: choice as LendingFeeCurrencyId,
              })
              .catch(() => undefined)
          }
          data-testid="lending-fee-currency-save"
        >
          {t('actions.feeCurrencySave')}
        </Button>
      </div>
      {setFee.state === 'done' && setFee.result ? (
        <Notice tone="success" testId="lending-fee-currency-done">
          {t('actions.feeCurrencyDone', { currency: setFee.result.subscription.paymentAsset })}
        </Notice>
      ) : null}
      <ActionError
        text={setFee.state === 'error' ? setFee.errorText : undefined}
        testId="lending-fee-currency-error"
      />
    </div>
  );
}

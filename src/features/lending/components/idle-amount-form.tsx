import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountField } from '../../../components/amount-field';
import { Button } from '../../../components/button';
import { InlineSkeleton, Notice } from '../../../components/load-states';
import { SectionCard } from '../../../components/section-card';
import { refusalOf } from '../../../hooks/use-error-text';
import type { LendingExchangeBalance, LendingSubscription } from '../../../shared/api/lending';
import { LendingError } from '../../../shared/api/lending';
import { useLendingAction } from '../api/use-lending-actions';
import {
  addAmounts,
  amountAtMost,
  cutToDecimals,
  formatLendingAmount,
  positiveAmountText,
  withCurrency,
} from '../utils/format';
import { IDLE_DECIMALS } from './subscribe-wizard';
import styles from './lending.module.css';

/**
 * Update idle amount (spec sections 4 and 5): the most the bot may have offered and lent at
 * once. It cannot exceed what the funding wallet holds for the bot, the idle assets plus what
 * is lent (`maxIdleAmount` of LendingExchangeBalance): above it "Insufficient Assets", with a
 * Max button that fills it in; the server checks the exchange again ("Insufficient Assets" with
 * its `max`, or "Exchange Insufficient Balance."). While the exchange is read, the bot's last
 * figures of the subscription bound the amount.
 */
export function IdleAmountForm({
  subscription,
  balance,
}: {
  subscription: LendingSubscription;
  balance: LendingExchangeBalance | undefined;
}) {
  const { t } = useTranslation('lending');
  const update = useLendingAction('IdleAmount');
  const [amount, setAmount] = useState('');
  const [tried, setTried] = useState(false);
  const currency = subscription.lendingAsset;
  const idleAssets = balance?.idleAssets ?? subscription.idleAssets;
  const maxIdle =
    balance?.maxIdleAmount ?? addAmounts(subscription.idleAssets, subscription.lentAssets);
  const max = cutToDecimals(maxIdle, IDLE_DECIMALS);

  const text = positiveAmountText(amount, IDLE_DECIMALS);
  const localError = !text
    ? t('idle.required')
    : !amountAtMost(text, maxIdle)
      ? t('error.insufficientAssets')
      : undefined;
  const refusal = update.state === 'error' ? refusalOf(update.error) : null;
  /** "Insufficient Assets" from the server names its limit now: the new max. */
  const serverMax =
    refusal?.message === LendingError.insufficientAssets && typeof refusal.data?.max === 'string'
      ? refusal.data.max
      : undefined;
  const shownError =
    update.state === 'error' ? update.errorText : amount || tried ? localError : undefined;

  function change(next: string) {
    setAmount(next);
    if (update.state !== 'submitting') update.newAction();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (localError || !text) return;
    await update
      .run({ strategyId: subscription.strategyId, idleAmount: text })
      .catch(() => undefined);
  }

  return (
    <SectionCard
      title={t('idle.title')}
      description={t('idle.description')}
      data-testid="lending-idle"
    >
      <form className={styles.form} onSubmit={submit} noValidate>
        <dl className={styles.summary}>
          <dt>{t('idle.current')}</dt>
          <dd data-testid="lending-idle-current">
            {withCurrency(subscription.idleAmount, currency)}
          </dd>
          <dt>{t('field.idleAssets')}</dt>
          <dd data-testid="lending-idle-assets">
            {balance ? withCurrency(idleAssets, currency) : <InlineSkeleton />}
          </dd>
          <dt>{t('idle.max')}</dt>
          <dd data-testid="lending-idle-limit">
            {balance ? withCurrency(maxIdle, currency) : <InlineSkeleton />}
          </dd>
        </dl>
        <AmountField
          label={t('idle.amount')}
          value={amount}
          onChange={change}
          onMax={() => change(serverMax ? cutToDecimals(serverMax, IDLE_DECIMALS) : max)}
          currency={currency}
          decimals={IDLE_DECIMALS}
          hint={t('idle.hint', { max: `${formatLendingAmount(maxIdle)} ${currency}` })}
          error={shownError}
          testId="lending-idle-input"
          maxTestId="lending-idle-max"
        />
        {update.state === 'done' && update.result ? (
          <Notice tone="success" testId="lending-idle-done">
            {t('idle.done', {
              amount: withCurrency(update.result.subscription.idleAmount, currency),
            })}
          </Notice>
        ) : null}
        <div className={styles.actions}>
          <Button type="submit" busy={update.isPending} data-testid="lending-idle-save">
            {t('idle.save')}
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}

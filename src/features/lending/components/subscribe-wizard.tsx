import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AmountField } from '../../../components/amount-field';
import { Button } from '../../../components/button';
import { ButtonLink } from '../../../components/button-link';
import { EmptyState, LoadError, Notice, Skeleton } from '../../../components/load-states';
import { SectionCard } from '../../../components/section-card';
import { TextField } from '../../../components/text-field';
import { refusalOf } from '../../../hooks/use-error-text';
import { paths } from '../../../lib/paths';
import type { ApiKey } from '../../../shared/api/exchange-api-keys';
import {
  LendingError,
  type LendingCheckSubscription,
  type LendingFeeCurrencyId,
  type LendingStrategy,
  type LendingSubscription,
} from '../../../shared/api/lending';
import { useLendingAction } from '../api/use-lending-actions';
import { useLendingApiKeys, useLendingFee } from '../api/use-lending';
import { useLendingErrorText } from '../hooks/use-lending-error-text';
import { amountAtMost, positiveAmountText, withCurrency } from '../utils/format';
import styles from './lending.module.css';

/** Exchange amounts take 8 decimals at most (the contract's idle amount). */
export const IDLE_DECIMALS = 8;
/** The longest referral code the contract accepts. */
const REFERRAL_MAX = 32;
/** USDT's platform currency id: the default fee currency. */
const USDT_ID: LendingFeeCurrencyId = 28;

export type WizardStep = 1 | 2;

/** Why a key cannot be chosen for this product (null: it can). */
export type KeyWhy = 'incorrect' | 'exchange' | 'used' | null;

export interface KeyChoice {
  key: ApiKey;
  available: boolean;
  why: KeyWhy;
}

/** The member's keys with whether each can lend for this product (CheckSubscription.keys). */
export function keyChoices(
  keys: readonly ApiKey[],
  check: LendingCheckSubscription,
  exchange: string,
): KeyChoice[] {
  return keys.map((key) => {
    const state = check.keys.find((item) => item.keyId === key.id);
    const available = state?.available ?? false;
    const why: KeyWhy = available
      ? null
      : (state?.status ?? key.status) === 'incorrect'
        ? 'incorrect'
        : key.exchange !== exchange
          ? 'exchange'
          : 'used';
    return { key, available, why };
  });
}

/**
 * The two-step subscribe wizard (spec section 2 "two-step subscribe wizard"): 1, import or
 * choose an exchange API key; 2, subscribe with the idle amount, the fee currency and an
 * optional referral code. The step is the wizard's own state; the key chosen in step 1 stays
 * when the member goes back.
 */
export function SubscribeWizard({
  strategy,
  check,
  onSubscribed,
}: {
  strategy: LendingStrategy;
  check: LendingCheckSubscription;
  onSubscribed: (subscription: LendingSubscription) => void;
}) {
  const { t } = useTranslation('lending');
  const [step, setStep] = useState<WizardStep>(1);
  const [keyId, setKeyId] = useState<number | undefined>(undefined);
  return (
    <div className={styles.stack} data-testid="lending-wizard" data-step={step}>
      <ol className={styles.steps} aria-label={t('wizard.steps')}>
        <li aria-current={step === 1 ? 'step' : undefined}>{t('wizard.step1')}</li>
        <li aria-current={step === 2 ? 'step' : undefined}>{t('wizard.step2')}</li>
      </ol>
      {step === 1 ? (
        <KeyStep
          strategy={strategy}
          check={check}
          keyId={keyId}
          onKeyId={setKeyId}
          onNext={() => setStep(2)}
        />
      ) : keyId !== undefined ? (
        <SubscribeStep
          strategy={strategy}
          check={check}
          keyId={keyId}
          onBack={() => setStep(1)}
          onSubscribed={onSubscribed}
        />
      ) : null}
    </div>
  );
}

/** Step 1: the member's keys (those that cannot lend say why), import one in a new tab. */
export function KeyStep({
  strategy,
  check,
  keyId,
  onKeyId,
  onNext,
}: {
  strategy: LendingStrategy;
  check: LendingCheckSubscription;
  keyId: number | undefined;
  onKeyId: (keyId: number) => void;
  onNext: () => void;
}) {
  const { t } = useTranslation('lending');
  const errorText = useLendingErrorText();
  const keys = useLendingApiKeys();
  const choices = keys.data ? keyChoices(keys.data.list, check, strategy.exchange) : [];
  const chosen = choices.find((choice) => choice.key.id === keyId && choice.available);
  const [tried, setTried] = useState(false);

  return (
    <SectionCard
      title={t('wizard.key.title')}
      description={t('wizard.key.hint')}
      data-testid="lending-wizard-key"
    >
      {keys.isPending ? (
        <Skeleton lines={2} testId="lending-wizard-keys-loading" />
      ) : keys.isError ? (
        <LoadError
          message={errorText(keys.error)}
          onRetry={() => keys.refetch()}
          testId="lending-wizard-keys-error"
        />
      ) : choices.length === 0 ? (
        <EmptyState title={t('wizard.key.none')} testId="lending-wizard-no-keys">
          {t('wizard.key.noneText')}
        </EmptyState>
      ) : (
        <fieldset className={styles.choices}>
          <legend className={styles.visuallyHidden}>{t('wizard.key.title')}</legend>
          {choices.map(({ key, available, why }) => (
            <label
              key={key.id}
              className={styles.choice}
              data-disabled={!available}
              data-testid="lending-wizard-key-choice"
              data-id={key.id}
            >
              <input
                type="radio"
                name="lendingApiKey"
                value={key.id}
                checked={keyId === key.id}
                disabled={!available}
                onChange={() => onKeyId(key.id)}
              />
              <span>
                <strong>{key.name}</strong> · {key.exchange} ·{' '}
                {key.accountType === 'sub'
                  ? t('wizard.key.subAccount', { name: key.subAccountName ?? '' })
                  : t('wizard.key.mainAccount')}
                <span className={styles.muted}> {key.apiKey}</span>
                {why ? (
                  <span className={styles.error} data-testid="lending-wizard-key-why">
                    {' '}
                    {t(`wizard.key.why.${why}`)}
                  </span>
                ) : null}
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {tried && !chosen ? (
        <p className={styles.error} role="alert" data-testid="lending-wizard-key-required">
          {t('wizard.key.required')}
        </p>
      ) : null}
      <div className={styles.actions}>
        <ButtonLink
          to={paths.ApiKeys.getHref()}
          newTab
          variant="secondary"
          data-testid="lending-wizard-import-key"
        >
          {t('wizard.key.import')}
        </ButtonLink>
        <Button
          onClick={() => {
            setTried(true);
            if (chosen) onNext();
          }}
          data-testid="lending-wizard-next"
        >
          {t('wizard.next')}
        </Button>
      </div>
    </SectionCard>
  );
}

type StepField = 'idleAmount' | 'referralCode';

/** Which field a refusal of Subscribe belongs under (the rest show under the button). */
const FIELD_OF_REFUSAL: Partial<Record<string, StepField>> = {
  [LendingError.exchangeInsufficientBalance]: 'idleAmount',
  [LendingError.idleAmountBelowMinimum]: 'idleAmount',
  [LendingError.referralInvalid]: 'referralCode',
};

/**
 * Step 2: the idle amount the bot may lend (at least the exchange's smallest offer; the server
 * checks the funding wallet: "Exchange Insufficient Balance."), the fee currency (USDT, or BCNT
 * 20 % less), an optional referral code, the trial or the first charge, consent -> Subscribe
 * (idempotent: a retry sends the same key; any change makes it a new action).
 */
export function SubscribeStep({
  strategy,
  check,
  keyId,
  onBack,
  onSubscribed,
}: {
  strategy: LendingStrategy;
  check: LendingCheckSubscription;
  keyId: number;
  onBack: () => void;
  onSubscribed: (subscription: LendingSubscription) => void;
}) {
  const { t } = useTranslation('lending');
  const errorText = useLendingErrorText();
  const fee = useLendingFee(strategy.id);
  const subscribe = useLendingAction('Subscribe');
  const [idleAmount, setIdleAmount] = useState('');
  const [feeCurrencyId, setFeeCurrencyId] = useState<LendingFeeCurrencyId>(USDT_ID);
  const [referralCode, setReferralCode] = useState('');
  const [consent, setConsent] = useState(false);
  const [tried, setTried] = useState(false);
  const currency = strategy.currency;

  const idleText = positiveAmountText(idleAmount, IDLE_DECIMALS);
  const idleError = !idleText
    ? t('wizard.subscribe.idleRequired')
    : !amountAtMost(strategy.minimumOffer, idleText)
      ? t('error.idleAmountBelowMinimum', {
          minimum: withCurrency(strategy.minimumOffer, currency),
        })
      : undefined;
  const consentError = consent ? undefined : t('wizard.subscribe.consentRequired');
  const invalid = idleError ?? consentError;

  const refusal = subscribe.state === 'error' ? refusalOf(subscribe.error) : null;
  const refusalField = refusal
    ? (FIELD_OF_REFUSAL[refusal.message] ??
      (refusal.field === 'idleAmount' || refusal.field === 'referralCode'
        ? refusal.field
        : undefined))
    : undefined;
  const refusalText = subscribe.state === 'error' ? subscribe.errorText : undefined;

  /** Any change makes it another subscription: a new idempotency key, the old refusal gone. */
  function changed<T>(set: (value: T) => void) {
    return (value: T) => {
      set(value);
      if (subscribe.state !== 'submitting') subscribe.newAction();
    };
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (invalid || !idleText) return;
    const code = referralCode.trim();
    const done = await subscribe
      .run({
        strategyId: strategy.id,
        keyId,
        idleAmount: idleText,
        feeCurrencyId,
        ...(code ? { referralCode: code } : {}),
      })
      .catch(() => undefined);
    if (done) onSubscribed(done.subscription);
  }

  const chosenFee = fee.data?.fees.find((item) => item.feeCurrencyId === feeCurrencyId);
  const usdtFee = fee.data?.fees.find((item) => item.currency === 'USDT');
  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="lending-wizard-form">
      <SectionCard title={t('wizard.subscribe.title')} data-testid="lending-wizard-subscribe">
        <AmountField
          label={t('wizard.subscribe.idleAmount')}
          value={idleAmount}
          onChange={changed(setIdleAmount)}
          currency={currency}
          decimals={IDLE_DECIMALS}
          hint={t('wizard.subscribe.idleHint', {
            recommended: withCurrency(strategy.recommendedMinimum, currency),
            minimum: withCurrency(strategy.minimumOffer, currency),
          })}
          error={
            refusalField === 'idleAmount'
              ? refusalText
              : idleAmount || tried
                ? idleError
                : undefined
          }
          testId="lending-wizard-idle"
          maxTestId="lending-wizard-idle-max"
        />

        <fieldset className={styles.choices} data-testid="lending-wizard-fee">
          <legend>{t('wizard.subscribe.feeCurrency')}</legend>
          {fee.isPending ? (
            <Skeleton lines={2} testId="lending-wizard-fee-loading" />
          ) : fee.isError ? (
            <LoadError
              message={errorText(fee.error)}
              onRetry={() => fee.refetch()}
              testId="lending-wizard-fee-error"
            />
          ) : (
            fee.data.fees.map((item) => (
              <label
                key={item.feeCurrencyId}
                className={styles.choice}
                data-testid={`lending-wizard-fee-${item.currency}`}
              >
                <input
                  type="radio"
                  name="lendingFeeCurrency"
                  value={item.feeCurrencyId}
                  checked={feeCurrencyId === item.feeCurrencyId}
                  onChange={() =>
                    changed(setFeeCurrencyId)(item.feeCurrencyId as LendingFeeCurrencyId)
                  }
                />
                <span>
                  <strong>{withCurrency(item.amount, item.currency)}</strong>{' '}
                  {t('wizard.subscribe.perPeriod', { days: fee.data.periodDays })}
                  {item.discountBps > 0 ? (
                    <span className={styles.positive}>
                      {' '}
                      {t('wizard.subscribe.discount', { percent: item.discountBps / 100 })}
                    </span>
                  ) : null}
                </span>
              </label>
            ))
          )}
        </fieldset>

        <TextField
          label={t('wizard.subscribe.referral')}
          value={referralCode}
          maxLength={REFERRAL_MAX}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => changed(setReferralCode)(event.target.value)}
          hint={t('wizard.subscribe.referralHint')}
          error={refusalField === 'referralCode' ? refusalText : undefined}
          data-testid="lending-wizard-referral"
        />

        <Notice tone="info" testId="lending-wizard-billing">
          {check.trialUsed
            ? t('wizard.subscribe.paidNow', {
                fee: chosenFee ? withCurrency(chosenFee.amount, chosenFee.currency) : '-',
                days: strategy.periodDays,
              })
            : t('wizard.subscribe.trial', {
                trial: strategy.trialDays,
                fee: usdtFee
                  ? withCurrency(usdtFee.amount, 'USDT')
                  : withCurrency(strategy.feeUsdt, 'USDT'),
                days: strategy.periodDays,
              })}
        </Notice>

        <label className={styles.check}>
          <input
            type="checkbox"
            checked={consent}
            onChange={(event) => changed(setConsent)(event.target.checked)}
            data-testid="lending-wizard-consent"
          />
          <span>
            {t('wizard.subscribe.consent')}{' '}
            <Link
              className={styles.link}
              to={paths.LendingTermService.getHref()}
              target="_blank"
              rel="noopener"
            >
              {t('terms.title')}
            </Link>
          </span>
        </label>
        {tried && consentError ? (
          <p className={styles.error} data-testid="lending-wizard-consent-error">
            {consentError}
          </p>
        ) : null}
        {refusalText && !refusalField ? (
          <p className={styles.error} role="alert" data-testid="lending-wizard-refusal">
            {refusalText}
          </p>
        ) : null}
        <div className={styles.actions}>
          <Button
            variant="secondary"
            onClick={onBack}
            disabled={subscribe.isPending}
            data-testid="lending-wizard-back"
          >
            {t('wizard.back')}
          </Button>
          <Button type="submit" busy={subscribe.isPending} data-testid="lending-wizard-confirm">
            {t('wizard.subscribe.confirm')}
          </Button>
        </div>
      </SectionCard>
    </form>
  );
}

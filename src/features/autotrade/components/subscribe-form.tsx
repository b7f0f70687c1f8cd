import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AmountField } from '../../../components/amount-field';
import { Button } from '../../../components/button';
import { ButtonLink } from '../../../components/button-link';
import { EmptyState, LoadError, Notice, Skeleton } from '../../../components/load-states';
import { RiskAcknowledgement } from '../../../components/risk-acknowledgement';
import { SectionCard } from '../../../components/section-card';
import { useSuitability } from '../../../hooks/use-suitability';
import { paths } from '../../../lib/paths';
import type { StrategyDetail } from '../../../shared/api/autotrade-strategies';
import type {
  AutotradeMarginCurrencyCode,
  AutotradeSubscription,
  CheckSubscription,
} from '../../../shared/api/autotrade-subscriptions';
import type { ApiKey } from '../../../shared/api/exchange-api-keys';
import {
  useCustodialBalances,
  useExchangeBalance,
  useLinkedWallets,
  useMinStake,
  useSubscribeStrategy,
} from '../api/use-subscribe';
import { SelectField } from '../../../components/select-field';
import { useAutotradeErrorText } from '../hooks/use-autotrade-error-text';
import {
  amountAtMost,
  formatPercent,
  formatTradeAmount,
  positiveAmountText,
} from '../utils/format';
import { useStrategyName } from './strategy-bits';
import styles from './autotrade.module.css';

/** Decimals the allocation (quote: the exchange's 8 at most) and the margins accept. */
const QUOTE_DECIMALS = 8;
const MARGIN_DECIMALS: Record<AutotradeMarginCurrencyCode, number> = { BCNT: 18, USDT: 6 };

type KeyChoice = ApiKey & { available: boolean; why: 'incorrect' | 'used' | null };

/** The member's keys with whether each can be chosen for this strategy (CheckSubscription). */
function keyChoices(keys: readonly ApiKey[], check: CheckSubscription): KeyChoice[] {
  return keys.map((key) => {
    const state = check.keys.find((item) => item.apiKeyId === key.id);
    const incorrect = (state?.status ?? key.status) === 'incorrect';
    const used = state?.usedBySubscriptionId != null;
    return {
      ...key,
      available: state?.available ?? false,
      why: incorrect ? 'incorrect' : used ? 'used' : null,
    };
  });
}

export function SubscribeForm({
  strategy,
  keys,
  check,
  onSubscribed,
}: {
  strategy: StrategyDetail;
  keys: readonly ApiKey[];
  check: CheckSubscription;
  /** The subscription the call answered (the page then shows the success screen). */
  onSubscribed: (subscription: AutotradeSubscription) => void;
}) {
  const { t } = useTranslation('autotrade');
  const errorText = useAutotradeErrorText();
  const name = useStrategyName()(strategy);
  const quote = strategy.quote;
  const choices = keyChoices(keys, check);
  const [apiKeyId, setApiKeyId] = useState<number | undefined>(
    () => choices.find((choice) => choice.available)?.id,
  );
  const [allocation, setAllocation] = useState('');
  const [marginCurrency, setMarginCurrency] = useState<AutotradeMarginCurrencyCode>(
    strategy.marginCurrencies.includes('BCNT') ? 'BCNT' : 'USDT',
  );
  const [margin, setMargin] = useState('');
  const [autoTopUp, setAutoTopUp] = useState(false);
  const [source, setSource] = useState<'custodial' | 'chain'>('custodial');
  const [wallet, setWallet] = useState('');
  const linked = useLinkedWallets();
  const linkedList = linked.data ?? [];
  const [consent, setConsent] = useState(false);
  // above the member's risk type, or no valid questionnaire: an acknowledgement is required
  const suitability = useSuitability('autotrade', strategy.id);
  const [riskAcknowledged, setRiskAcknowledged] = useState(false);
  const [tried, setTried] = useState(false);
  const subscribe = useSubscribeStrategy();

  const balance = useExchangeBalance(apiKeyId);
  const free = balance.data?.balances.find((item) => item.currency === quote)?.free ?? '0';
  const allocationText = positiveAmountText(allocation, QUOTE_DECIMALS);
  const minStake = useMinStake(strategy.id, allocationText, marginCurrency);
  const balances = useCustodialBalances();
  const available =
    balances.data?.balances.find((item) => item.currency === marginCurrency)?.available ?? '0';
  const marginText = positiveAmountText(margin, MARGIN_DECIMALS[marginCurrency]);

  const allocationError = !allocationText
    ? t('subscribe.allocationRequired')
    : !amountAtMost(strategy.minInvest, allocationText)
      ? t('error.belowMinimum', {
          minimum: `${formatTradeAmount(strategy.minInvest, quote)} ${quote}`,
        })
      : balance.data && !amountAtMost(allocationText, free)
        ? t('error.exchangeInsufficientBalance')
        : undefined;
  const minimum = minStake.data?.minStake;
  const marginError = !marginText
    ? t('subscribe.marginRequired')
    : minimum && !amountAtMost(minimum, marginText)
      ? t('error.marginBelowMinimum', {
          minimum: formatTradeAmount(minimum, marginCurrency),
          currency: marginCurrency,
        })
      : source === 'custodial' && balances.data && !amountAtMost(marginText, available)
        ? t('error.insufficientBalance')
        : undefined;
  const walletError =
    source === 'chain' && !linkedList.some((item) => item.address === wallet)
      ? t('subscribe.walletRequired')
      : undefined;
  const keyError = apiKeyId === undefined ? t('subscribe.keyRequired') : undefined;
  const consentError = consent ? undefined : t('error.consentRequired');
  const unacknowledged = suitability.needsAcknowledgement && !riskAcknowledged;
  const invalid =
    keyError ?? allocationError ?? marginError ?? walletError ?? consentError ?? unacknowledged;

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
    if (invalid || apiKeyId === undefined || !allocationText || !marginText) return;
    const done = await subscribe
      .run({
        strategyId: strategy.id,
        apiKeyId,
        allocation: allocationText,
        marginCurrency,
        marginSource: source,
        margin: marginText,
        ...(source === 'chain' ? { wallet } : { autoTopUp }),
        consent,
        ...(suitability.needsAcknowledgement ? { riskAcknowledged: true } : {}),
      })
      .catch(() => undefined);
    if (done) onSubscribed(done);
  }

  const chosenKey = choices.find((choice) => choice.id === apiKeyId);
  const discount = marginCurrency === 'BCNT';
  const feeRate = discount ? strategy.performanceFee * 0.8 : strategy.performanceFee;
  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="autotrade-flow">
      <SectionCard
        title={t('subscribe.step.key')}
        description={t('subscribe.keyHint')}
        data-testid="autotrade-flow-keys"
      >
        {choices.length === 0 ? (
          <EmptyState title={t('subscribe.noKeys')} testId="autotrade-flow-no-keys">
            {t('subscribe.noKeysText')}
          </EmptyState>
        ) : (
          <fieldset className={styles.choices}>
            <legend className={styles.visuallyHidden}>{t('subscribe.step.key')}</legend>
            {choices.map((choice) => (
              <label
                key={choice.id}
                className={styles.choice}
                data-disabled={!choice.available}
                data-testid="autotrade-flow-key"
                data-id={choice.id}
              >
                <input
                  type="radio"
                  name="apiKey"
                  value={choice.id}
                  checked={apiKeyId === choice.id}
                  disabled={!choice.available}
                  onChange={() => changed(setApiKeyId)(choice.id)}
                />
                <span>
                  <strong>{choice.name}</strong> · {choice.exchange} ·{' '}
                  {choice.accountType === 'sub'
                    ? t('subscribe.subAccount', { name: choice.subAccountName ?? '' })
                    : t('subscribe.mainAccount')}
                  <span className={styles.muted}> {choice.apiKey}</span>
                  {choice.why ? (
                    <span className={styles.error} data-testid="autotrade-flow-key-why">
                      {' '}
                      {t(
                        choice.why === 'incorrect' ? 'subscribe.keyIncorrect' : 'subscribe.keyUsed',
                      )}
                    </span>
                  ) : null}
                </span>
              </label>
            ))}
          </fieldset>
        )}
        <div className={styles.actions}>
          <ButtonLink
            to={paths.ApiKeys.getHref()}
            newTab
            variant="secondary"
            data-testid="autotrade-flow-import-key"
          >
            {t('subscribe.importKey')}
          </ButtonLink>
        </div>
        {tried && keyError ? <p className={styles.error}>{keyError}</p> : null}
      </SectionCard>

      <SectionCard title={t('subscribe.step.allocation')} data-testid="autotrade-flow-allocation">
        {apiKeyId === undefined ? (
          <p className={styles.muted}>{t('subscribe.chooseKeyFirst')}</p>
        ) : balance.isPending ? (
          <Skeleton lines={1} testId="autotrade-flow-balance-loading" />
        ) : balance.isError ? (
          <LoadError
            message={errorText(balance.error)}
            onRetry={() => balance.refetch()}
            testId="autotrade-flow-balance-error"
          />
        ) : (
          <p className={styles.lead} data-testid="autotrade-flow-balance">
            {t('subscribe.exchangeBalance', {
              amount: `${formatTradeAmount(free, quote)} ${quote}`,
            })}
          </p>
        )}
        <AmountField
          label={t('subscribe.allocation')}
          value={allocation}
          onChange={changed(setAllocation)}
          onMax={balance.data ? () => changed(setAllocation)(free) : undefined}
          currency={quote}
          decimals={QUOTE_DECIMALS}
          hint={t('subscribe.allocationHint', {
            minimum: `${formatTradeAmount(strategy.minInvest, quote)} ${quote}`,
          })}
          error={allocation || tried ? allocationError : undefined}
          testId="autotrade-flow-allocation-input"
          maxTestId="autotrade-flow-allocation-max"
        />
      </SectionCard>

      <SectionCard
        title={t('subscribe.step.margin')}
        description={t('subscribe.marginHint')}
        data-testid="autotrade-flow-margin"
      >
        <fieldset className={styles.choices}>
          <legend>{t('subscribe.marginCurrency')}</legend>
          {strategy.marginCurrencies.map((currency) => (
            <label
              key={currency}
              className={styles.choice}
              data-testid={`autotrade-flow-currency-${currency}`}
            >
              <input
                type="radio"
                name="marginCurrency"
                value={currency}
                checked={marginCurrency === currency}
                onChange={() => {
                  changed(setMarginCurrency)(currency);
                  setMargin('');
                }}
              />
              <span>
                <strong>{currency}</strong>{' '}
                {currency === 'BCNT' ? (
                  <span className={styles.positive}>{t('subscribe.bcntDiscount')}</span>
                ) : null}
              </span>
            </label>
          ))}
        </fieldset>
        {allocationText && minStake.data ? (
          <p className={styles.lead} data-testid="autotrade-flow-min-stake">
            {t('subscribe.minStake', {
              amount: `${formatTradeAmount(minStake.data.minStake, marginCurrency)} ${marginCurrency}`,
              warning: `${formatTradeAmount(minStake.data.warningBelow, marginCurrency)} ${marginCurrency}`,
            })}
          </p>
        ) : minStake.isError ? (
          <p className={styles.error} data-testid="autotrade-flow-min-stake-error">
            {errorText(minStake.error)}
          </p>
        ) : (
          <p className={styles.muted}>{t('subscribe.allocationFirst')}</p>
        )}
        <AmountField
          label={t('subscribe.margin')}
          value={margin}
          onChange={changed(setMargin)}
          onMax={minStake.data ? () => changed(setMargin)(minStake.data.minStake) : undefined}
          currency={marginCurrency}
          decimals={MARGIN_DECIMALS[marginCurrency]}
          hint={
            source === 'custodial'
              ? t('subscribe.marginSource', {
                  amount: `${formatTradeAmount(available, marginCurrency)} ${marginCurrency}`,
                })
              : undefined
          }
          error={margin || tried ? marginError : undefined}
          testId="autotrade-flow-margin-input"
          maxTestId="autotrade-flow-margin-min"
        />
        <fieldset className={styles.choices}>
          <legend>{t('subscribe.source')}</legend>
          <label className={styles.choice} data-testid="autotrade-flow-source-custodial">
            <input
              type="radio"
              name="marginSource"
              checked={source === 'custodial'}
              onChange={() => changed(setSource)('custodial')}
            />
            <span>{t('subscribe.sourceCustodial')}</span>
          </label>
          <label
            className={styles.choice}
            data-disabled={linkedList.length === 0}
            data-testid="autotrade-flow-source-chain"
          >
            <input
              type="radio"
              name="marginSource"
              checked={source === 'chain'}
              disabled={linkedList.length === 0}
              onChange={() => {
                changed(setSource)('chain');
                if (!wallet && linkedList[0]) setWallet(linkedList[0].address);
              }}
            />
            <span>
              {t('subscribe.sourceChain')}
              {linkedList.length === 0 && linked.isSuccess ? (
                <span className={styles.muted}> {t('subscribe.noLinkedWallet')}</span>
              ) : null}
            </span>
          </label>
        </fieldset>
        {source === 'chain' ? (
          <SelectField
            label={t('subscribe.wallet')}
            value={wallet}
            onChange={(event) => changed(setWallet)(event.target.value)}
            options={linkedList.map((item) => ({ value: item.address, label: item.address }))}
            hint={t('subscribe.chainNext')}
            error={tried ? walletError : undefined}
            data-testid="autotrade-flow-wallet"
          />
        ) : null}
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={autoTopUp}
            onChange={(event) => changed(setAutoTopUp)(event.target.checked)}
            data-testid="autotrade-flow-auto-top-up"
            disabled={source !== 'custodial'}
          />
          <span>{t('subscribe.autoTopUp')}</span>
        </label>
      </SectionCard>

      <SectionCard title={t('subscribe.step.summary')} data-testid="autotrade-flow-summary">
        <dl className={styles.summary}>
          <dt>{t('field.strategy')}</dt>
          <dd>{name}</dd>
          <dt>{t('subscribe.apiKey')}</dt>
          <dd data-testid="autotrade-summary-key">{chosenKey ? chosenKey.name : '-'}</dd>
          <dt>{t('subscribe.allocation')}</dt>
          <dd data-testid="autotrade-summary-allocation">
            {allocationText ? `${formatTradeAmount(allocationText, quote)} ${quote}` : '-'}
          </dd>
          <dt>{t('subscribe.margin')}</dt>
          <dd data-testid="autotrade-summary-margin">
            {marginText
              ? `${formatTradeAmount(marginText, marginCurrency)} ${marginCurrency}`
              : '-'}
          </dd>
          <dt>{t('subscribe.source')}</dt>
          <dd data-testid="autotrade-summary-source">
            {source === 'chain'
              ? `${t('subscribe.sourceChain')} ${wallet}`
              : t('subscribe.sourceCustodial')}
          </dd>
          <dt>{t('field.performanceFee')}</dt>
          <dd data-testid="autotrade-summary-fee">
            {discount
              ? t('subscribe.feeDiscounted', {
                  fee: formatPercent(feeRate),
                  full: formatPercent(strategy.performanceFee),
                })
              : formatPercent(feeRate)}
          </dd>
        </dl>
        <p className={styles.muted}>{t('subscribe.summaryNote')}</p>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={consent}
            onChange={(event) => changed(setConsent)(event.target.checked)}
            data-testid="autotrade-flow-consent"
          />
          <span>
            {t('subscribe.consent')}{' '}
            <Link
              className={styles.link}
              to={paths.TermsAutotrade.getHref()}
              target="_blank"
              rel="noopener"
            >
              {t('subscribe.terms')}
            </Link>
          </span>
        </label>
        {tried && consentError ? <p className={styles.error}>{consentError}</p> : null}
        {suitability.data ? (
          <RiskAcknowledgement
            suitability={suitability.data}
            checked={riskAcknowledged}
            onCheckedChange={changed(setRiskAcknowledged)}
            showError={tried}
            testIdPrefix="autotrade-risk-ack"
          />
        ) : null}
        {subscribe.state === 'error' && subscribe.errorText ? (
          <p className={styles.error} role="alert" data-testid="autotrade-flow-refusal">
            {subscribe.errorText}
          </p>
        ) : null}
        <div className={styles.actions}>
          <Button type="submit" busy={subscribe.isPending} data-testid="autotrade-flow-confirm">
            {t('subscribe.confirm')}
          </Button>
        </div>
      </SectionCard>
    </form>
  );
}

/**
 * After Subscribe: what happened and what next. The page keeps it on screen although the
 * refreshed CheckSubscription now reports the live subscription.
 */
export function SubscribeSuccess({
  strategy,
  subscription: done,
}: {
  strategy: StrategyDetail;
  subscription: AutotradeSubscription;
}) {
  const { t } = useTranslation('autotrade');
  const name = useStrategyName()(strategy);
  const quote = strategy.quote;
  return (
    <SectionCard
      title={t('subscribe.successTitle')}
      data-testid="autotrade-flow-success"
      data-state={done.state}
    >
      <Notice tone="success" testId="autotrade-flow-success-text">
        {t('subscribe.successText', {
          name,
          allocation: `${formatTradeAmount(done.allocation, quote)} ${quote}`,
          margin: `${formatTradeAmount(done.margin, done.marginCurrency)} ${done.marginCurrency}`,
          state: t(`state.${done.state}`),
        })}
      </Notice>
      {done.marginSource === 'chain' ? (
        <p className={styles.lead}>{t('subscribe.chainNext')}</p>
      ) : null}
      <div className={styles.actions}>
        <ButtonLink
          to={paths.MyStrategiesDetail.getHref({ id: String(done.id) })}
          data-testid="autotrade-flow-success-link"
        >
          {t('detail.manage')}
        </ButtonLink>
        <ButtonLink to={paths.StrategyDashboard.getHref()} variant="secondary">
          {t('detail.backToDashboard')}
        </ButtonLink>
      </div>
    </SectionCard>
  );
}

import { useIdempotentAction } from '../../../hooks/use-idempotent-action';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { LoadError, Notice, Skeleton } from '../../../components/load-states';
import { SectionCard } from '../../../components/section-card';
import { formatDateTime } from '../../../lib/date-format';
import { ApiError } from '../../../services/http-client';
import { convertCurrency } from '../../../services/wallet-convert';
import {
  bcntQuoteSchema,
  type BcntQuote,
  type Conversion,
  ConvertError,
  type ConvertInfo,
} from '../../../shared/api/wallet-convert';
import { CONVERT_DIRECTIONS } from '../../../shared/constants/convert-rules';
import { WALLET_AND_LEVEL } from '../api/wallet-queries';
import { useConvertInfo } from '../api/use-convert-info';
import { useConvertErrorText } from '../hooks/use-convert-error-text';
import { amountUnits, unitsToText } from '../utils/amount-text';
import { convertPreview, decimalsOf } from '../utils/convert-preview';
import { showAmount, showUnits } from '../utils/format';
import { AmountField } from '../../../components/amount-field';
import styles from './convert.module.css';

const show = showUnits;
const showText = showAmount;

/**
 * Convert between USDT and BCNT (custodial wallet): direction, amount with Max, the quote and
 * what the member receives (the server's exact rounding), the minimum and today's quotas. A
 * refused conversion shows the translated reason; when the price moved, the new price is shown
 * and the member resends. The idempotency key belongs to one action: it is kept for a resend
 * or a retry of the same action and replaced when the member changes it or it succeeded.
 */
export function ConvertPanel() {
  const { t } = useTranslation('convert');
  const info = useConvertInfo();
  return (
    <SectionCard
      title={t('panel.title')}
      description={t('panel.description')}
      data-testid="convert-panel"
      data-state={info.isPending ? 'loading' : info.isError ? 'error' : 'ready'}
    >
      {info.isPending ? (
        <Skeleton lines={4} testId="convert-loading" />
      ) : info.isError ? (
        <LoadError message={t('panel.loadError')} onRetry={() => info.refetch()} />
      ) : (
        <ConvertForm info={info.data} />
      )}
    </SectionCard>
  );
}

function ConvertForm({ info }: { info: ConvertInfo }) {
  const { t } = useTranslation('convert');
  const errorText = useConvertErrorText();
  const convert = useIdempotentAction({ call: convertCurrency, invalidate: WALLET_AND_LEVEL });
  const [directionIndex, setDirectionIndex] = useState(0);
  const [amount, setAmount] = useState('');
  const [done, setDone] = useState<Conversion | null>(null);
  /** a newer quote than ConvertInfo's, from a "price updated" refusal */
  const [newQuote, setNewQuote] = useState<BcntQuote | null>(null);

  const direction = CONVERT_DIRECTIONS[directionIndex] ?? CONVERT_DIRECTIONS[0];
  const { from, to } = direction;
  const quote = newQuote ?? info.quote;
  const units = amountUnits(amount, decimalsOf(from));
  const preview = convertPreview(info, quote, direction, units ?? 0n);

  // ConvertInfo caught up with (or passed) the refusal's quote: use it again.
  useEffect(() => {
    if (newQuote && info.quote.quotedAt >= newQuote.quotedAt) setNewQuote(null);
  }, [info.quote, newQuote]);

  const newAction = () => {
    convert.newAction();
    setDone(null);
  };
  const changeAmount = (text: string) => {
    if (text !== amount) newAction();
    setAmount(text);
  };
  const changeDirection = (index: number) => {
    if (index === directionIndex) return;
    newAction();
    setDirectionIndex(index);
    setAmount('');
  };

  const priceUpdated =
    convert.error instanceof ApiError && convert.error.message === ConvertError.priceUpdated;
  const previewError =
    // zero typed is below the minimum too: the disabled Convert says why
    units !== undefined && preview.problem
      ? t(`preview.${preview.problem}`, {
          minimum: show(preview.minimum, from),
          currency: from,
        })
      : undefined;

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (units === undefined || units <= 0n || preview.problem) return;
    setDone(null);
    try {
      const result = await convert.run({
        from,
        to,
        amount: unitsToText(units, decimalsOf(from)),
        priceVersion: quote.version,
      });
      setDone(result);
      setAmount('');
    } catch (error) {
      if (error instanceof ApiError && error.message === ConvertError.priceUpdated) {
        const parsed = bcntQuoteSchema.safeParse(error.data);
        if (parsed.success) setNewQuote(parsed.data);
      }
    }
  };

  const state = convert.isPending
    ? 'submitting'
    : done
      ? 'done'
      : convert.state === 'error'
        ? priceUpdated
          ? 'price-updated'
          : 'error'
        : 'idle';

  return (
    <form className={styles.form} onSubmit={submit} noValidate data-state={state}>
      <div
        role="radiogroup"
        aria-label={t('form.direction')}
        className={styles.direction}
        data-testid="convert-direction"
        data-state={`${from}-${to}`}
      >
        {CONVERT_DIRECTIONS.map((d, index) => (
          <button
            key={`${d.from}-${d.to}`}
            type="button"
            role="radio"
            aria-checked={index === directionIndex}
            className={styles.directionOption}
            onClick={() => changeDirection(index)}
            data-testid={`convert-direction-${d.from}-${d.to}`}
          >
            {t('form.directionOption', { from: d.from, to: d.to })}
          </button>
        ))}
      </div>

      <AmountField
        label={t('form.amount', { currency: from })}
        value={amount}
        onChange={changeAmount}
        decimals={decimalsOf(from)}
        currency={from}
        onMax={() => changeAmount(unitsToText(preview.available, decimalsOf(from)))}
        hint={t('form.available', { amount: show(preview.available, from), currency: from })}
        error={previewError}
        disabled={convert.isPending}
        testId="convert-amount"
        maxTestId="convert-max"
      />

      <dl className={styles.facts}>
        <dt>{t('form.price')}</dt>
        <dd data-testid="convert-price">{t('form.priceValue', { price: quote.price })}</dd>
        <dt>{t('form.receive')}</dt>
        <dd className={styles.receive} data-testid="convert-receive">
          {t('form.amountValue', { amount: show(preview.receive, to), currency: to })}
        </dd>
        <dt>{t('form.minimum')}</dt>
        <dd>{t('form.amountValue', { amount: show(preview.minimum, from), currency: from })}</dd>
        <dt>{t('form.memberRemaining')}</dt>
        <dd data-testid="convert-member-remaining">
          {t('form.amountValue', {
            amount: showText(info.memberRemainingUsdt, 'USDT'),
            currency: 'USDT',
          })}
        </dd>
        <dt>{t('form.platformRemaining')}</dt>
        <dd data-testid="convert-platform-remaining">
          {t('form.amountValue', {
            amount: showText(info.platformRemaining, 'BCNT'),
            currency: 'BCNT',
          })}
        </dd>
      </dl>
      <p className={styles.note}>{t('form.resetNote', { time: formatDateTime(info.resetsAt) })}</p>

      {convert.state === 'error' ? (
        <div className={styles.error} role="alert" data-testid="convert-error">
          <span>{errorText(convert.error)}</span>
          {priceUpdated && newQuote ? (
            <span data-testid="convert-new-price">
              {t('error.newPrice', { price: newQuote.price })}
            </span>
          ) : null}
        </div>
      ) : null}
      {done ? (
        <Notice tone="success" testId="convert-success">
          {t('form.success', {
            fromAmount: showText(done.fromAmount, done.from),
            from: done.from,
            toAmount: showText(done.toAmount, done.to),
            to: done.to,
          })}
        </Notice>
      ) : null}

      <Button
        type="submit"
        busy={convert.isPending}
        disabled={units === undefined || units <= 0n || Boolean(preview.problem)}
        data-testid="convert-submit"
      >
        {priceUpdated ? t('form.resend') : t('form.submit')}
      </Button>
    </form>
  );
}

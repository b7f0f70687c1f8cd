import { useIdempotentAction } from '../../../hooks/use-idempotent-action';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { EmptyState, LoadError, Notice, Skeleton } from '../../../components/load-states';
import { SectionCard } from '../../../components/section-card';
import { formatDate } from '../../../lib/date-format';
import { custodialStake } from '../../../services/wallet-convert';
import type { StakeAction, StakeSummary } from '../../../shared/api/wallet-convert';
import { WALLET_AND_LEVEL } from '../api/wallet-queries';
import { useStakeRecord } from '../api/use-stake-record';
import { useConvertErrorText } from '../hooks/use-convert-error-text';
import { amountUnits, unitsToText } from '../utils/amount-text';
import { showAmount, showUnits } from '../utils/format';
import { AmountField } from '../../../components/amount-field';
import styles from './convert.module.css';

const BCNT_DECIMALS = 18;
const bcnt = (text: string) => amountUnits(text, BCNT_DECIMALS) ?? 0n;

/**
 * Stake custodial BCNT for the loyalty level: available and staking balances, a stake form and
 * an unstake form (14 days, during which the amount keeps counting for the level), and the
 * unstake requests still cooling with their unlock dates.
 */
export function CustodialStakePanel() {
  const { t } = useTranslation('convert');
  // the first page carries the summary and the latest requests
  const record = useStakeRecord({ page: 1, pageSize: 10 });
  return (
    <SectionCard
      title={t('stake.title')}
      description={t('stake.description')}
      data-testid="custodial-stake-panel"
      data-state={record.isPending ? 'loading' : record.isError ? 'error' : 'ready'}
    >
      {record.isPending ? (
        <Skeleton lines={4} testId="custodial-stake-loading" />
      ) : record.isError ? (
        <LoadError message={t('stake.loadError')} onRetry={() => record.refetch()} />
      ) : (
        <>
          <dl className={styles.facts}>
            <dt>{t('stake.available')}</dt>
            <dd data-testid="custodial-stake-available">
              {t('form.amountValue', {
                amount: showAmount(record.data.summary.available, 'BCNT'),
                currency: 'BCNT',
              })}
            </dd>
            <dt>{t('stake.staking')}</dt>
            <dd data-testid="custodial-stake-staking">
              {t('form.amountValue', {
                amount: showAmount(record.data.summary.staking, 'BCNT'),
                currency: 'BCNT',
              })}
            </dd>
            <dt>{t('stake.cooling')}</dt>
            <dd data-testid="custodial-stake-cooling">
              {t('form.amountValue', {
                amount: showAmount(record.data.summary.cooling, 'BCNT'),
                currency: 'BCNT',
              })}
            </dd>
          </dl>
          <div className={styles.forms}>
            <StakeForm action="stake" summary={record.data.summary} />
            <StakeForm action="unstake" summary={record.data.summary} />
          </div>
          <CoolingRequests requests={record.data.items.filter((row) => row.state === 'cooling')} />
        </>
      )}
    </SectionCard>
  );
}

const TEST_IDS = {
  stake: { amount: 'custodial-stake-amount', submit: 'custodial-stake-submit' },
  unstake: { amount: 'custodial-unstake-amount', submit: 'custodial-unstake-submit' },
} as const;

function StakeForm({ action, summary }: { action: StakeAction; summary: StakeSummary }) {
  const { t } = useTranslation('convert');
  const errorText = useConvertErrorText();
  const mutation = useIdempotentAction({ call: custodialStake, invalidate: WALLET_AND_LEVEL });
  const [amount, setAmount] = useState('');
  const [done, setDone] = useState<string | null>(null);

  const limit = bcnt(action === 'stake' ? summary.available : summary.unstakable);
  const minimum = bcnt(summary.minimum);
  const units = amountUnits(amount, BCNT_DECIMALS);
  const problem =
    units === undefined
      ? undefined
      : units < minimum
        ? t('stake.belowMinimum', { minimum: showUnits(minimum, 'BCNT') })
        : units > limit
          ? t(action === 'stake' ? 'stake.overAvailable' : 'stake.overStaked')
          : undefined;

  const change = (text: string) => {
    if (text !== amount) {
      mutation.newAction();
      setDone(null);
    }
    setAmount(text);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (units === undefined || units <= 0n || problem) return;
    try {
      await mutation.run({ action, amount: unitsToText(units, BCNT_DECIMALS) });
      setDone(showUnits(units, 'BCNT'));
      setAmount('');
    } catch {
      // shown below from mutation.error; the same key is kept for a retry of this action
    }
  };

  const ids = TEST_IDS[action];
  return (
    <form
      className={styles.form}
      onSubmit={submit}
      noValidate
      data-state={
        mutation.isPending
          ? 'submitting'
          : done
            ? 'done'
            : mutation.state === 'error'
              ? 'error'
              : 'idle'
      }
    >
      <h3 className={styles.subtitle}>{t(`stake.${action}Title`)}</h3>
      <AmountField
        label={t('stake.amount')}
        value={amount}
        onChange={change}
        decimals={BCNT_DECIMALS}
        currency="BCNT"
        onMax={() => change(unitsToText(limit, BCNT_DECIMALS))}
        hint={
          action === 'stake'
            ? t('stake.availableHint', { amount: showUnits(limit, 'BCNT') })
            : t('stake.unstakableHint', { amount: showUnits(limit, 'BCNT') })
        }
        error={problem}
        disabled={mutation.isPending}
        testId={ids.amount}
        maxTestId={`${ids.amount}-max`}
      />
      {action === 'unstake' ? (
        <p className={styles.note}>{t('stake.unstakeNote', { days: summary.unstakeDays })}</p>
      ) : null}
      {mutation.state === 'error' ? (
        <div className={styles.error} role="alert" data-testid={`${ids.amount}-error`}>
          {errorText(mutation.error)}
        </div>
      ) : null}
      {done ? (
        <Notice tone="success" testId={`${ids.amount}-success`}>
          {t(`stake.${action}Done`, { amount: done, days: summary.unstakeDays })}
        </Notice>
      ) : null}
      <Button
        type="submit"
        variant={action === 'stake' ? 'primary' : 'secondary'}
        busy={mutation.isPending}
        disabled={units === undefined || units <= 0n || Boolean(problem)}
        data-testid={ids.submit}
      >
        {t(`stake.${action}Submit`)}
      </Button>
    </form>
  );
}

function CoolingRequests({
  requests,
}: {
  requests: { id: number; amount: string; unlockAt: string | null }[];
}) {
  const { t } = useTranslation('convert');
  return (
    <section aria-label={t('stake.requests')}>
      <h3 className={styles.subtitle}>{t('stake.requests')}</h3>
      {requests.length === 0 ? (
        <EmptyState title={t('stake.noRequests')} testId="custodial-unstake-empty" />
      ) : (
        <ul className={styles.note} data-testid="custodial-unstake-requests">
          {requests.map((request) => (
            <li key={request.id} data-testid="custodial-unstake-request" data-state="cooling">
              {t('stake.requestLine', {
                amount: showAmount(request.amount, 'BCNT'),
                date: request.unlockAt ? formatDate(request.unlockAt) : '-',
              })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

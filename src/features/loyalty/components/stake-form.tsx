import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { BCNT_SYMBOL } from '../../../web3/bcnt-token';
import { TxFlowProgress } from '../../../web3/tx/tx-flow-progress';
import { useStake } from '../hooks/use-stake';
import type { Loadable } from '../hooks/use-wallet-stake';
import { amountProblem, amountToInputText, parseBcntAmount } from '../utils/bcnt-amount';
import { AmountField } from './amount-field';
import { useAmountError } from '../hooks/use-amount-error';
import styles from './staking-panel.module.css';

export interface StakeFormProps {
  /** The wallet's BCNT balance: the upper limit. */
  balance: Loadable<bigint>;
}

/**
 * Stake BCNT: amount (positive, not above the wallet balance, at most 8 decimals, Max), then
 * approve (when the allowance is short) -> stake, each step shown with its own progress.
 */
export function StakeForm({ balance }: StakeFormProps) {
  const { t } = useTranslation('loyalty');
  const [text, setText] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const action = useStake(parseBcntAmount(text) ?? 0n);
  const limit = balance.status === 'success' ? balance.value : undefined;
  const problem = amountProblem(text, limit);
  const error = useAmountError(problem, submitted, text, 'exceedsBalance');
  const busy = pending || action.busy;
  const unavailable = limit === undefined || action.allowanceLoading;

  async function submit() {
    setSubmitted(true);
    if (problem || unavailable || busy) return;
    setPending(true);
    try {
      if (await action.stake()) {
        setText('');
        setSubmitted(false);
      }
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      data-testid="stake-form"
    >
      <h3 className={styles.formTitle}>{t('stake.title')}</h3>
      <AmountField
        label={t('stake.amount')}
        value={text}
        onChange={setText}
        onMax={limit === undefined ? undefined : () => setText(amountToInputText(limit))}
        error={error}
        hint={t('stake.hint')}
        currency={BCNT_SYMBOL}
        disabled={busy}
        testId="stake-amount"
        maxTestId="stake-max"
      />
      <Button type="submit" busy={busy} disabled={unavailable} fullWidth data-testid="stake-submit">
        {action.needsApprove && !problem ? t('stake.submitWithApprove') : t('stake.submit')}
      </Button>
      <TxFlowProgress
        flow={action.approveFlow}
        label={t('stake.approveProgress')}
        onRetry={() => void submit()}
        testId="stake-approve-progress"
      />
      <TxFlowProgress
        flow={action.stakeFlow}
        label={t('stake.progress')}
        onRetry={() => void submit()}
        testId="stake-progress"
      />
    </form>
  );
}

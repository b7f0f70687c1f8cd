import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { BCNT_SYMBOL } from '../../../web3/bcnt-token';
import { TxFlowProgress } from '../../../web3/tx/tx-flow-progress';
import { useRequestUnstake } from '../hooks/use-request-unstake';
import type { Loadable } from '../hooks/use-wallet-stake';
import { amountProblem, amountToInputText, parseBcntAmount } from '../utils/bcnt-amount';
import { AmountField } from './amount-field';
import { useAmountError } from '../hooks/use-amount-error';
import styles from './staking-panel.module.css';

export interface UnstakeFormProps {
  /** The wallet's staked amount (not yet requested): the upper limit. */
  staked: Loadable<bigint>;
}

/** Request unstake: an amount not above the staked one; it unlocks 14 days later. */
export function UnstakeForm({ staked }: UnstakeFormProps) {
  const { t } = useTranslation('loyalty');
  const [text, setText] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const action = useRequestUnstake();
  const limit = staked.status === 'success' ? staked.value : undefined;
  const problem = amountProblem(text, limit);
  const error = useAmountError(problem, submitted, text, 'exceedsStaked');
  const busy = pending || action.flow.busy;

  async function submit() {
    setSubmitted(true);
    const amount = parseBcntAmount(text);
    if (problem || limit === undefined || amount === undefined || busy) return;
    setPending(true);
    try {
      if (await action.requestUnstake(amount)) {
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
      data-testid="unstake-form"
    >
      <h3 className={styles.formTitle}>{t('unstake.title')}</h3>
      <AmountField
        label={t('unstake.amount')}
        value={text}
        onChange={setText}
        onMax={limit === undefined ? undefined : () => setText(amountToInputText(limit))}
        error={error}
        hint={t('unstake.hint')}
        currency={BCNT_SYMBOL}
        disabled={busy}
        testId="unstake-amount"
        maxTestId="unstake-max"
      />
      <Button
        type="submit"
        variant="secondary"
        busy={busy}
        disabled={limit === undefined}
        fullWidth
        data-testid="unstake-submit"
      >
        {t('unstake.submit')}
      </Button>
      <TxFlowProgress
        flow={action.flow}
        label={t('unstake.progress')}
        onRetry={() => void submit()}
        testId="unstake-progress"
      />
    </form>
  );
}

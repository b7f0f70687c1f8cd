import { useTranslation } from 'react-i18next';
import { TxFlowProgress } from '../../../web3/tx/tx-flow-progress';
import { useAmountForm } from '../hooks/use-amount-form';
import { useStake } from '../hooks/use-stake';
import type { Loadable } from '../hooks/use-wallet-stake';
import { parseBcntAmount } from '../utils/bcnt-amount';
import { AmountForm } from './amount-form';

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
  const form = useAmountForm(
    balance.status === 'success' ? balance.value : undefined,
    'exceedsBalance',
  );
  const action = useStake(parseBcntAmount(form.text) ?? 0n);
  const busy = form.pending || action.busy;
  const unavailable = form.limit === undefined || action.allowanceLoading;

  function submit() {
    void form.submit(unavailable || busy, () => action.stake());
  }

  return (
    <AmountForm
      form={form}
      testIdPrefix="stake"
      title={t('stake.title')}
      label={t('stake.amount')}
      hint={t('stake.hint')}
      submitLabel={
        action.needsApprove && !form.problem ? t('stake.submitWithApprove') : t('stake.submit')
      }
      busy={busy}
      submitDisabled={unavailable}
      onSubmit={submit}
    >
      <TxFlowProgress
        flow={action.approveFlow}
        label={t('stake.approveProgress')}
        onRetry={submit}
        testId="stake-approve-progress"
      />
      <TxFlowProgress
        flow={action.stakeFlow}
        label={t('stake.progress')}
        onRetry={submit}
        testId="stake-progress"
      />
    </AmountForm>
  );
}

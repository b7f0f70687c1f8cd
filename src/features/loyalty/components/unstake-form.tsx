import { useTranslation } from 'react-i18next';
import { TxFlowProgress } from '../../../web3/tx/tx-flow-progress';
import { useAmountForm } from '../hooks/use-amount-form';
import { useRequestUnstake } from '../hooks/use-request-unstake';
import type { Loadable } from '../hooks/use-wallet-stake';
import { AmountForm } from './amount-form';

export interface UnstakeFormProps {
  /** The wallet's staked amount (not yet requested): the upper limit. */
  staked: Loadable<bigint>;
}

/** Request unstake: an amount not above the staked one; it unlocks 14 days later. */
export function UnstakeForm({ staked }: UnstakeFormProps) {
  const { t } = useTranslation('loyalty');
  const form = useAmountForm(
    staked.status === 'success' ? staked.value : undefined,
    'exceedsStaked',
  );
  const action = useRequestUnstake();
  const busy = form.pending || action.flow.busy;

  function submit() {
    void form.submit(form.limit === undefined || busy, (amount) => action.requestUnstake(amount));
  }

  return (
    <AmountForm
      form={form}
      testIdPrefix="unstake"
      title={t('unstake.title')}
      label={t('unstake.amount')}
      hint={t('unstake.hint')}
      submitLabel={t('unstake.submit')}
      submitVariant="secondary"
      busy={busy}
      submitDisabled={form.limit === undefined}
      onSubmit={submit}
    >
      <TxFlowProgress
        flow={action.flow}
        label={t('unstake.progress')}
        onRetry={submit}
        testId="unstake-progress"
      />
    </AmountForm>
  );
}

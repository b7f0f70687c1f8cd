import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { TxProgress, type TxProgressTexts } from '../../components/tx-progress';
import type txTexts from '../../i18n/locales/en-US/tx.json';
import type { TxFlow } from './use-tx-flow';

type TxKey = keyof typeof txTexts;

export interface TxFlowProgressProps {
  flow: TxFlow;
  /** What the transaction does (e.g. "Stake 10,000 BCNT"), above the steps. */
  label?: string;
  /** Retry on Failed/Cancelled; default: send the last request again (`flow.retry`). */
  onRetry?: () => void;
  /** Root test id (default 'tx-progress'); the switch button is `<testId>-switch`. */
  testId?: string;
}

/**
 * TxProgress (src/components) with the tx namespace's texts, the explorer-less short hash with
 * copy, a Retry on Failed/Cancelled and a Switch network button on wrong-chain. Renders nothing
 * while the flow is idle. The `tx` namespace must be loaded by the route.
 */
export function TxFlowProgress({
  flow,
  label,
  onRetry,
  testId = 'tx-progress',
}: TxFlowProgressProps) {
  const { t, i18n } = useTranslation('tx');
  const { state } = flow;
  if (state.status === 'idle') return null;

  const texts: TxProgressTexts = {
    steps: t('steps.label'),
    stepWaiting: t('step.waiting'),
    stepPending: t('step.pending'),
    stepDone: t('step.done'),
    stepFailed: t('step.failed'),
    stepCancelled: t('step.cancelled'),
    hashLabel: t('hash.label'),
    copy: t('hash.copy'),
    copyLabel: t('hash.copyLabel'),
    copied: t('hash.copied'),
    copyFailed: t('hash.copyFailed'),
    retry: t('button.retry'),
  };

  const message = (() => {
    switch (state.status) {
      case 'waiting':
        return t('status.waiting');
      case 'pending':
        return t('status.pending');
      case 'done':
        return t('status.done');
      case 'failed':
        return t('status.failed');
      case 'cancelled':
        return state.hash ? t('status.cancelledOnChain') : t('status.cancelled');
      case 'wrong-chain':
        return t('status.wrongChain');
    }
  })();

  const errorKey: TxKey | undefined = state.errorKey
    ? i18n.exists(state.errorKey, { ns: 'tx' })
      ? (state.errorKey as TxKey)
      : 'error.generic'
    : undefined;
  const error = errorKey
    ? (t as (key: string, values?: Record<string, string>) => string)(errorKey, state.errorValues)
    : undefined;

  const chain = flow.chainName ?? '';
  const retry = onRetry ?? flow.retry ?? flow.reset;

  return (
    <TxProgress
      status={state.status}
      label={label}
      message={message}
      error={error}
      hash={state.hash}
      texts={texts}
      onRetry={retry}
      testId={testId}
      actions={
        state.status === 'wrong-chain' ? (
          <Button onClick={flow.switchChain} data-testid={`${testId}-switch`}>
            {t('button.switchNetwork', { chain })}
          </Button>
        ) : null
      }
    />
  );
}

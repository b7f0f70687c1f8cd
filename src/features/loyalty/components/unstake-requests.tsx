import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { formatDateTime } from '../../../lib/date-format';
import { BCNT_DECIMALS, BCNT_SYMBOL } from '../../../web3/bcnt-token';
import { formatTokenAmount } from '../../../web3/format-token-amount';
import { TxFlowProgress } from '../../../web3/tx/tx-flow-progress';
import { useChainNow, useChainTimeAnchor } from '../hooks/use-chain-time';
import { useWithdraw } from '../hooks/use-withdraw';
import type { Loadable, WalletUnstakeRequest } from '../hooks/use-wallet-stake';
import { countdownParts, unstakeRequestState } from '../utils/countdown';
import { EmptyState, InlineSkeleton, LoadError, Skeleton } from '../../../components/load-states';
import styles from './staking-panel.module.css';

export interface UnstakeRequestsProps {
  requests: Loadable<WalletUnstakeRequest[]>;
  /** The chain whose block time decides when a request unlocks. */
  chainId: number;
}

/**
 * The connected wallet's unstake requests, newest first: amount, unlock time (UTC+8) and a live
 * countdown on chain time; Withdraw once unlocked.
 */
export function UnstakeRequests({ requests, chainId }: UnstakeRequestsProps) {
  const { t } = useTranslation('loyalty');
  const anchor = useChainTimeAnchor(chainId);
  const chainTime = useChainNow(anchor);
  const titleId = useId();

  return (
    <section className={styles.requests} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.formTitle}>
        {t('requests.title')}
      </h3>
      {requests.status === 'loading' ? (
        <Skeleton lines={2} testId="unstake-requests-loading" />
      ) : requests.status === 'error' ? (
        <LoadError
          message={t('wallet.readError')}
          onRetry={requests.retry}
          testId="unstake-requests-error"
        />
      ) : requests.value.length === 0 ? (
        <EmptyState title={t('requests.empty')} testId="unstake-requests-empty">
          {t('requests.emptyHint')}
        </EmptyState>
      ) : (
        <ul className={styles.requestList} data-testid="unstake-requests">
          {requests.value.map((request) => (
            <UnstakeRequestRow
              key={request.id.toString()}
              request={request}
              chainTime={chainTime}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function UnstakeRequestRow({
  request,
  chainTime,
}: {
  request: WalletUnstakeRequest;
  chainTime: number | undefined;
}) {
  const { t } = useTranslation('loyalty');
  const id = request.id.toString();
  const state = unstakeRequestState(request, chainTime);
  const { flow, withdraw } = useWithdraw(request.id);
  const amount = t('amount.bcnt', {
    amount: formatTokenAmount(request.amount, { decimals: BCNT_DECIMALS, maxFractionDigits: 8 }),
    symbol: BCNT_SYMBOL,
  });

  return (
    <li className={styles.request} data-testid={`unstake-request-${id}`} data-state={state}>
      <div className={styles.requestMain}>
        <span className={styles.requestId}>{t('requests.id', { id })}</span>
        <span className={styles.requestAmount} data-numeric="">
          {amount}
        </span>
        <span className={styles.requestMeta}>
          {t('requests.unlocksAt', { time: formatDateTime(Number(request.unlockAt) * 1000) })}
        </span>
      </div>
      <div className={styles.requestSide}>
        {state === 'locked' ? (
          <span className={styles.countdown}>
            <span className={styles.requestMeta}>{t('requests.state.locked')}</span>
            {chainTime === undefined ? (
              <InlineSkeleton testId={`unstake-countdown-${id}`} />
            ) : (
              <span role="timer" data-numeric="" data-testid={`unstake-countdown-${id}`}>
                {t('requests.countdown', { ...countdownParts(request.unlockAt, chainTime) })}
              </span>
            )}
          </span>
        ) : state === 'unlocked' ? (
          <Button
            size="sm"
            busy={flow.busy}
            onClick={() => withdraw()}
            aria-label={t('requests.withdrawNamed', { id, amount })}
            data-testid={`withdraw-${id}`}
          >
            {t('requests.withdraw')}
          </Button>
        ) : (
          <span className={styles.withdrawn}>{t('requests.state.withdrawn')}</span>
        )}
      </div>
      <div className={styles.requestProgress}>
        <TxFlowProgress
          flow={flow}
          label={t('requests.withdrawProgress', { id })}
          onRetry={() => void withdraw()}
          testId={`withdraw-progress-${id}`}
        />
      </div>
    </li>
  );
}

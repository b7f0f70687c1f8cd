import { lazy, Suspense, useState, type JSX } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { formatDate } from '../../../lib/date-format';
import { hasWalletSession } from '../../../web3/wallet-session';
import { useAllianceStatus } from '../api/use-alliance-status';
import { useErrorText } from '../../../hooks/use-error-text';
import { useTransferredRegistration } from '../hooks/use-transferred-registration';
import { AllianceVerified } from './alliance-verified';
import { AllianceWalletSection } from './alliance-wallet-section';
import { LoadError, Notice, Skeleton } from '../../../components/load-states';
import { PanelCard } from './panel-parts';
import { VerifyStatus, type VerifyFlow } from './verify-status';
import styles from './alliance-panel.module.css';

/**
 * The wallet code (wagmi, viem, RainbowKit) loads only when it is needed: at once for a
 * returning wallet (wagmi reconnects it), otherwise when the member presses "Connect wallet".
 * A member with an active registration never loads it (cancelling needs no wallet).
 */
const AllianceVerify = lazy(() => import('../../../web3/alliance-verify'));

/**
 * Alliance NFT verification (Account page; spec: level 3 by verifying an Alliance NFT).
 * Test ids: `alliance-panel` (data-state disconnected | checking | not-holder | holder |
 * verifying | verified | error), `alliance-connect`, `alliance-verify`,
 * `alliance-verify-status` (data-state preparing | waiting | submitting | done | cancelled |
 * failed), `alliance-verified`, `alliance-cancel`, `alliance-cancel-dialog`,
 * `alliance-cancel-confirm`, `alliance-transferred-notice`, `alliance-kyc-note`.
 */
export function AlliancePanel(): JSX.Element {
  const { t } = useTranslation(['alliance', 'common']);
  const errorText = useErrorText();
  const statusQuery = useAllianceStatus();
  const status = statusQuery.data;
  /** null: the wallet code is not loaded; 'connect': the member asked to connect. */
  const [walletWanted, setWalletWanted] = useState<'session' | 'connect' | null>(() =>
    hasWalletSession() ? 'session' : null,
  );
  const [flow, setFlow] = useState<VerifyFlow | null>(null);
  const [cancelledHere, setCancelledHere] = useState(false);
  const transferred = useTransferredRegistration(status, cancelledHere);

  if (statusQuery.isPending) {
    return (
      <PanelCard state="checking">
        <Skeleton lines={2} testId="alliance-loading" />
      </PanelCard>
    );
  }
  if (!status) {
    return (
      <PanelCard state="error">
        <LoadError
          message={errorText(statusQuery.error) ?? t('common:error.description')}
          onRetry={() => statusQuery.refetch()}
          testId="alliance-status-error"
        />
      </PanelCard>
    );
  }

  const notes = (
    <>
      {!status.kycVerified ? (
        <Notice tone="info" testId="alliance-kyc-note">
          {t('alliance:kycNote')}
        </Notice>
      ) : null}
      {transferred ? (
        <Notice tone="warning" testId="alliance-transferred-notice">
          {transferred.endedAt
            ? t('alliance:transferred.notice', {
                tokenId: transferred.tokenId,
                address: transferred.address,
                date: formatDate(transferred.endedAt),
              })
            : t('alliance:transferred.noticeNoDate', {
                tokenId: transferred.tokenId,
                address: transferred.address,
              })}
        </Notice>
      ) : null}
    </>
  );

  if (status.alliance) {
    const registration = status.alliance;
    return (
      <PanelCard state="verified">
        {notes}
        {flow?.phase === 'done' ? <VerifyStatus flow={flow} /> : null}
        <AllianceVerified
          registration={registration}
          status={status}
          onCancelled={() => {
            setCancelledHere(true);
            setFlow(null);
          }}
        />
      </PanelCard>
    );
  }

  const disconnected = (busy: boolean) => (
    <PanelCard state="disconnected">
      {notes}
      <p className={styles.text}>{t('alliance:connect.text')}</p>
      <div className={styles.actions}>
        <Button
          busy={busy}
          onClick={() => setWalletWanted('connect')}
          data-testid="alliance-connect"
        >
          {t('alliance:connect.button')}
        </Button>
      </div>
    </PanelCard>
  );

  if (!walletWanted) return disconnected(false);
  return (
    <Suspense fallback={disconnected(true)}>
      <AllianceVerify openConnectModalOnMount={walletWanted === 'connect'}>
        {(wallet) => (
          <AllianceWalletSection
            wallet={wallet}
            notes={notes}
            flow={flow}
            onFlow={(next) => {
              if (next?.phase === 'done') setCancelledHere(false);
              setFlow(next);
            }}
            onStaleStatus={() => void statusQuery.refetch()}
          />
        )}
      </AllianceVerify>
    </Suspense>
  );
}

import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { showProgressBar } from '../../../components/progress-bar-store';
import { VisuallyHidden } from '../../../components/visually-hidden';
import { errorMessageKey } from '../../../i18n/error-keys';
import { ApiError, isIgnoredError } from '../../../services/http-client';
import type { AllianceWallet } from '../../../web3/alliance-verify';
import { shortAddress } from '../../../web3/short-address';
import { useAllianceCheck } from '../api/use-alliance-check';
import { useRegisterAlliance } from '../api/use-register-alliance';
import { useErrorText } from '../../../hooks/use-error-text';
import { LoadError, Notice, Skeleton } from '../../../components/load-states';
import { PanelCard, type AlliancePanelState } from './panel-parts';
import { isVerifying, VerifyStatus, type VerifyFlow } from './verify-status';
import styles from './alliance-panel.module.css';

/** "#1, #4" */
export function tokenList(tokenIds: readonly string[]): string {
  return tokenIds.map((id) => `#${id}`).join(', ');
}

export interface AllianceWalletSectionProps {
  wallet: AllianceWallet;
  /** Notes shown above the wallet part in every state (KYC note, transfer notice). */
  notes: ReactNode;
  flow: VerifyFlow | null;
  onFlow: (flow: VerifyFlow | null) => void;
  /** Asks the status again (the check says registered here, the status does not yet). */
  onStaleStatus: () => void;
}

/**
 * The panel while no registration is active: connect a wallet, check it, and verify an NFT it
 * holds with a signature. States: disconnected -> checking -> not-holder | holder; holder ->
 * verifying (preparing, waiting, submitting) -> done (the panel then shows the registration),
 * cancelled (refused in the wallet) or failed (translated reason; "Try again").
 */
export function AllianceWalletSection({
  wallet,
  notes,
  flow,
  onFlow,
  onStaleStatus,
}: AllianceWalletSectionProps) {
  const { t } = useTranslation(['alliance', 'common', 'errors']);
  const errorText = useErrorText();
  const check = useAllianceCheck(wallet.address);
  const register = useRegisterAlliance();
  const running = useRef(false);
  const address = wallet.address;
  // a flow belongs to the wallet it ran with: another account starts afresh
  const ownFlow = flow && address && flow.address === address ? flow : null;
  const verifying = isVerifying(ownFlow);

  const registeredHere = check.data?.registered === true;
  useEffect(() => {
    if (registeredHere) onStaleStatus();
    // once per check answer that says "registered for you"
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [registeredHere]);

  async function verify(account: string) {
    if (running.current) return;
    running.current = true;
    onFlow({ address: account, phase: 'preparing' });
    const outcome = await wallet.verify({
      submit: (signed) => register.mutateAsync(signed),
      onPhase: (phase) => onFlow({ address: account, phase }),
    });
    running.current = false;
    if (outcome.kind === 'done') {
      onFlow({ address: account, phase: 'done' });
      showProgressBar({
        type: 'success',
        text: t('alliance:verify.success', { tokenId: outcome.result.tokenId }),
        autoClose: 5000,
      });
    } else if (outcome.kind === 'cancelled') {
      onFlow({ address: account, phase: 'cancelled' });
    } else if (isIgnoredError(outcome.error)) {
      // the HTTP client reloads or leaves the page itself
      onFlow(null);
    } else {
      const reason =
        outcome.error instanceof ApiError
          ? t(`errors:${errorMessageKey(outcome.error.message)}`)
          : t('alliance:verify.walletError');
      onFlow({ address: account, phase: 'failed', reason });
    }
  }

  const accountLine = address ? (
    <p className={styles.account}>
      <span aria-hidden="true">
        {t('alliance:wallet.account', { address: shortAddress(address) })}
      </span>
      <VisuallyHidden>{t('alliance:wallet.account', { address })}</VisuallyHidden>
    </p>
  ) : null;

  let state: AlliancePanelState;
  let content: ReactNode;
  if (!address) {
    const connecting = wallet.status === 'connecting' || wallet.status === 'reconnecting';
    state = 'disconnected';
    content = (
      <>
        <p className={styles.text}>{t('alliance:connect.text')}</p>
        <div className={styles.actions}>
          <Button
            onClick={() => wallet.connect?.()}
            busy={connecting || !wallet.connect}
            data-testid="alliance-connect"
          >
            {t('alliance:connect.button')}
          </Button>
        </div>
      </>
    );
  } else if (verifying) {
    state = 'verifying';
    content = (
      <>
        {accountLine}
        {ownFlow ? <VerifyStatus flow={ownFlow} /> : null}
        <div className={styles.actions}>
          <Button busy data-testid="alliance-verify">
            {t('alliance:verify.button')}
          </Button>
        </div>
      </>
    );
  } else if (check.isPending) {
    state = 'checking';
    content = (
      <>
        {accountLine}
        <p className={styles.account} role="status">
          {t('alliance:check.checking')}
        </p>
        <Skeleton lines={1} testId="alliance-loading" />
      </>
    );
  } else if (!check.data) {
    state = 'error';
    content = (
      <>
        {accountLine}
        <LoadError
          message={errorText(check.error) ?? t('common:error.description')}
          onRetry={() => check.refetch()}
          testId="alliance-check-error"
        />
      </>
    );
  } else if (!check.data.holdsNft) {
    state = 'not-holder';
    content = (
      <>
        {accountLine}
        <p className={styles.text} data-testid="alliance-not-holder">
          {t('alliance:check.notHolder')}
        </p>
        <div className={styles.actions}>
          <Button
            variant="secondary"
            onClick={() => check.refetch()}
            busy={check.isFetching}
            data-testid="alliance-check-again"
          >
            {t('alliance:check.again')}
          </Button>
        </div>
      </>
    );
  } else {
    state = 'holder';
    const taken = check.data.registeredElsewhere;
    content = (
      <>
        {accountLine}
        <p className={styles.text} data-testid="alliance-holder">
          {t('alliance:check.holder', { tokenIds: tokenList(check.data.tokenIds) })}
        </p>
        {taken ? (
          <Notice tone="warning" testId="alliance-taken-notice">
            {t('alliance:check.taken')}
          </Notice>
        ) : (
          <>
            <p className={styles.description}>{t('alliance:verify.intro')}</p>
            {ownFlow ? <VerifyStatus flow={ownFlow} /> : null}
            <div className={styles.actions}>
              <Button onClick={() => verify(address)} data-testid="alliance-verify">
                {ownFlow?.phase === 'cancelled' || ownFlow?.phase === 'failed'
                  ? t('alliance:verify.retry')
                  : t('alliance:verify.button')}
              </Button>
            </div>
          </>
        )}
      </>
    );
  }

  return (
    <PanelCard state={state}>
      {notes}
      {content}
    </PanelCard>
  );
}

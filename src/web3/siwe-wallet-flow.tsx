import { useConnectModal } from '@rainbow-me/rainbowkit';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount, useSignMessage } from 'wagmi';
import { Button } from '../components/button';
import { errorMessageKey } from '../i18n/error-keys';
import { ApiError, isIgnoredError } from '../services/http-client';
import { siweNonce, type SiweSignedBody } from '../services/member-security';
import { runSiweFlow, type SiwePhase, type SiwePurpose } from './siwe-flow';
import { shortAddress } from './short-address';
import styles from './siwe-wallet-flow.module.css';

export interface SiweWalletFlowProps<T> {
  purpose: SiwePurpose;
  /** The signed message goes here (siwe/link or siwe/login). */
  submit: (body: SiweSignedBody) => Promise<T>;
  onDone: (result: T) => void;
  /** Told the translated message when the flow fails (the flow shows it too). */
  onFailed?: (message: string) => void;
  /** Shows a Close button (the link panel). */
  onClose?: () => void;
  /** Test ids: `<prefix>-status` (data-state = phase), `-connect`, `-sign`, `-retry`, `-close`. */
  testIdPrefix: string;
}

/**
 * The wallet part of linking and of signing in with a wallet. Must sit inside Web3Provider.
 * Mounting it is the member's request, so it connects a wallet if none is (RainbowKit's
 * connect modal opens by itself, once) and, as soon as one is connected, asks it to sign the
 * server's EIP-4361 message (once; afterwards "Try again"). States: Waiting (the wallet asks),
 * Cancelled (refused in the wallet, code 4001), Failed (translated reason), Done.
 */
export function SiweWalletFlow<T>({
  purpose,
  submit,
  onDone,
  onFailed,
  onClose,
  testIdPrefix,
}: SiweWalletFlowProps<T>) {
  const { t } = useTranslation(['security', 'errors', 'common']);
  const { address, status } = useAccount();
  const { signMessageAsync } = useSignMessage();
  const { openConnectModal } = useConnectModal();
  const [phase, setPhase] = useState<SiwePhase>('idle');
  const [failure, setFailure] = useState<string | undefined>();
  const running = useRef(false);
  const connectOpened = useRef(false);
  const autoStarted = useRef(false);
  const connected = status === 'connected' && address !== undefined;

  async function start(account: `0x${string}`) {
    if (running.current) return;
    running.current = true;
    setFailure(undefined);
    const outcome = await runSiweFlow({
      purpose,
      address: account,
      requestNonce: siweNonce,
      sign: (message) => signMessageAsync({ message, account }),
      submit,
      onPhase: setPhase,
    });
    running.current = false;
    if (outcome.kind === 'done') {
      setPhase('done');
      onDone(outcome.result);
    } else if (outcome.kind === 'cancelled') {
      setPhase('cancelled');
    } else if (isIgnoredError(outcome.error)) {
      // the HTTP client reloads or leaves the page itself
      setPhase('idle');
    } else {
      const message =
        outcome.error instanceof ApiError
          ? t(`errors:${errorMessageKey(outcome.error.message)}`)
          : t('security:siwe.walletError');
      setFailure(message);
      setPhase('failed');
      onFailed?.(message);
    }
  }

  // No wallet yet: open RainbowKit's connect modal once (the member asked for this flow).
  useEffect(() => {
    if (status !== 'disconnected' || !openConnectModal || connectOpened.current) return;
    connectOpened.current = true;
    openConnectModal();
  }, [status, openConnectModal]);

  // A wallet is connected: ask it to sign, once without a click.
  useEffect(() => {
    if (!connected || autoStarted.current) return;
    autoStarted.current = true;
    void start(address);
    // start reads the latest props; it must run once per connection, not per render
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [connected, address]);

  const busy = phase === 'preparing' || phase === 'waiting' || phase === 'submitting';

  return (
    <div className={styles.flow} data-testid={`${testIdPrefix}-flow`}>
      {connected ? (
        <p className={styles.account}>
          {t('security:siwe.account', { address: shortAddress(address) })}
        </p>
      ) : null}

      <p
        className={`${styles.status} ${styles[phase] ?? ''}`}
        role="status"
        data-testid={`${testIdPrefix}-status`}
        data-state={connected ? phase : 'disconnected'}
      >
        {!connected
          ? t('security:siwe.connectFirst')
          : phase === 'preparing'
            ? t('security:siwe.phase.preparing')
            : phase === 'waiting'
              ? t('security:siwe.phase.waiting')
              : phase === 'submitting'
                ? t('security:siwe.phase.submitting')
                : phase === 'done'
                  ? t(`security:siwe.phase.done.${purpose}`)
                  : phase === 'cancelled'
                    ? t('security:siwe.phase.cancelled')
                    : phase === 'failed'
                      ? t('security:siwe.phase.failed', { reason: failure ?? '' })
                      : t(`security:siwe.phase.ready.${purpose}`)}
      </p>

      <div className={styles.actions}>
        {onClose && !busy ? (
          <Button variant="ghost" onClick={onClose} data-testid={`${testIdPrefix}-close`}>
            {phase === 'done' ? t('common:button.close') : t('common:button.cancel')}
          </Button>
        ) : null}
        {!connected ? (
          <Button
            onClick={() => openConnectModal?.()}
            busy={status === 'connecting' || status === 'reconnecting'}
            data-testid={`${testIdPrefix}-connect`}
          >
            {t('security:siwe.connect')}
          </Button>
        ) : phase === 'done' ? null : (
          <Button
            busy={busy}
            onClick={() => start(address)}
            data-testid={
              phase === 'cancelled' || phase === 'failed'
                ? `${testIdPrefix}-retry`
                : `${testIdPrefix}-sign`
            }
          >
            {phase === 'cancelled' || phase === 'failed'
              ? t('security:siwe.retry')
              : t(`security:siwe.sign.${purpose}`)}
          </Button>
        )}
      </div>
    </div>
  );
}

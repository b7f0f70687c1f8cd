import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { showProgressBar } from '../../../components/progress-bar-store';
import { VisuallyHidden } from '../../../components/visually-hidden';
import { formatDateTime } from '../../../lib/date-format';
import type { LinkedWallet } from '../../../shared/api/auth';
import { shortAddress } from '../../../web3/short-address';
import { securityKeys } from '../api/security-query-keys';
import { useLinkedWallets } from '../api/use-linked-wallets';
import { useErrorText } from '../../../hooks/use-error-text';
import { useTwoFactorSettings } from '../../../hooks/use-two-factor-settings';
import type { SiweLinkConfirmation } from '../../../services/member-security';
import { CODE_LENGTH } from '../../../shared/validation/account';
import { ReauthFields } from './reauth-fields';
import { CopyButton } from '../../../components/copy-button';
import { EmptyState, LoadError, Skeleton } from '../../../components/load-states';
import { SectionCard } from '../../../components/section-card';
import { UnlinkWalletDialog } from './unlink-wallet-dialog';
import styles from './linked-wallets.module.css';

/**
 * The wallet code (wagmi, RainbowKit) loads only when the member starts linking: the
 * Security page itself stays light.
 */
const SiweLink = lazy(() => import('../../../web3/siwe-link'));

/**
 * Linked wallets (EIP-4361): the member's linked addresses (short form, copy, unlink with the
 * second-factor code) and "Link connected wallet": first the password (and the current two-step
 * code when one is on: a linked wallet signs in, so a session alone may not add one), then the
 * wallet code loads, connects a wallet if none is, and asks it to sign the server's message.
 */
export function LinkedWallets() {
  const { t } = useTranslation(['security', 'common']);
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const query = useLinkedWallets();
  const twoFactor = useTwoFactorSettings();
  const method = twoFactor.data?.method ?? 'none';
  const [linking, setLinking] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [confirmError, setConfirmError] = useState<string | undefined>();
  const [confirmation, setConfirmation] = useState<SiweLinkConfirmation | null>(null);

  function stopLinking() {
    setLinking(false);
    setConfirmation(null);
    setPassword('');
    setCode('');
    setConfirmError(undefined);
  }
  const confirmReady =
    password.length > 0 &&
    (method === 'none' || code.length === CODE_LENGTH) &&
    !twoFactor.isPending;
  const [unlinkTarget, setUnlinkTarget] = useState<LinkedWallet | null>(null);

  function linked(wallet: LinkedWallet) {
    void queryClient.invalidateQueries({ queryKey: securityKeys.wallets() });
    void queryClient.invalidateQueries({ queryKey: securityKeys.logs.all });
    showProgressBar({
      type: 'success',
      text: t('security:wallets.linked', { address: shortAddress(wallet.address) }),
      autoClose: 5000,
    });
  }

  const list = query.data ?? [];

  return (
    <SectionCard
      title={t('security:wallets.title')}
      description={t('security:wallets.description')}
      actions={
        linking ? null : (
          <Button onClick={() => setLinking(true)} data-testid="link-wallet">
            {t('security:wallets.link')}
          </Button>
        )
      }
      data-testid="linked-wallets"
    >
      {linking ? (
        <div className={styles.linkPanel}>
          {confirmation ? (
            <Suspense
              fallback={
                <p className={styles.loadingWallet} role="status" data-testid="link-wallet-loading">
                  {t('security:wallets.loadingWallet')}
                </p>
              }
            >
              <SiweLink onLinked={linked} onClose={stopLinking} confirmation={confirmation} />
            </Suspense>
          ) : (
            <form
              noValidate
              data-testid="link-wallet-confirm"
              onSubmit={(event) => {
                event.preventDefault();
                if (!confirmReady) return;
                setConfirmation(method === 'none' ? { password } : { password, code });
              }}
            >
              <p className={styles.meta}>{t('security:wallets.confirmIntro')}</p>
              <ReauthFields
                method={method}
                mobile={twoFactor.data?.mobile ?? null}
                password={password}
                onPassword={setPassword}
                code={code}
                onCode={setCode}
                onSendError={(failure) => setConfirmError(errorText(failure))}
                testId="link-wallet"
              />
              {confirmError ? (
                <p role="alert" data-testid="link-wallet-confirm-error">
                  {confirmError}
                </p>
              ) : null}
              <div className={styles.rowActions}>
                <Button variant="ghost" onClick={stopLinking} data-testid="link-wallet-cancel">
                  {t('common:button.cancel')}
                </Button>
                <Button type="submit" disabled={!confirmReady} data-testid="link-wallet-continue">
                  {t('common:button.next')}
                </Button>
              </div>
            </form>
          )}
        </div>
      ) : null}

      {query.isPending ? (
        <Skeleton lines={2} testId="linked-wallets-loading" />
      ) : query.isError && !query.data ? (
        <LoadError
          message={errorText(query.error) ?? t('common:error.description')}
          onRetry={() => query.refetch()}
          testId="linked-wallets-error"
        />
      ) : list.length === 0 ? (
        <EmptyState title={t('security:wallets.empty')} testId="linked-wallets-empty">
          {t('security:wallets.emptyHint')}
        </EmptyState>
      ) : (
        <ul className={styles.list}>
          {list.map((wallet) => (
            <li
              key={wallet.address}
              className={styles.row}
              data-testid="linked-wallet-row"
              data-address={wallet.address}
            >
              <div className={styles.address}>
                <span className={styles.short} title={wallet.address} aria-hidden="true">
                  {shortAddress(wallet.address)}
                </span>
                <VisuallyHidden>{wallet.address}</VisuallyHidden>
                <span className={styles.meta}>
                  {t('security:wallets.linkedAt', { time: formatDateTime(wallet.linkedAt) })}
                </span>
              </div>
              <div className={styles.rowActions}>
                <CopyButton
                  value={wallet.address}
                  label={t('security:wallets.copy', { address: shortAddress(wallet.address) })}
                  data-testid="linked-wallet-copy"
                />
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => setUnlinkTarget(wallet)}
                  aria-label={t('security:wallets.unlinkNamed', {
                    address: shortAddress(wallet.address),
                  })}
                  data-testid="linked-wallet-unlink"
                >
                  {t('security:wallets.unlink')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}

      <UnlinkWalletDialog wallet={unlinkTarget} onClose={() => setUnlinkTarget(null)} />
    </SectionCard>
  );
}

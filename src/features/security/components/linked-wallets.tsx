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
 * second-factor code) and "Link connected wallet", which loads the wallet code, connects a
 * wallet if none is, and asks it to sign the server's message.
 */
export function LinkedWallets() {
  const { t } = useTranslation(['security', 'common']);
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const query = useLinkedWallets();
  const [linking, setLinking] = useState(false);
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
          <Suspense
            fallback={
              <p className={styles.loadingWallet} role="status" data-testid="link-wallet-loading">
                {t('security:wallets.loadingWallet')}
              </p>
            }
          >
            <SiweLink onLinked={linked} onClose={() => setLinking(false)} />
          </Suspense>
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

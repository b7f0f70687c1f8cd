import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import type { LoginResult } from '../../../services/member-auth';
import styles from './auth.module.css';

/**
 * Sign-in with a linked wallet (EIP-4361). The wallet code (wagmi, RainbowKit, the SIWE
 * component) loads only when the member asks for it. Its answer is the same as login step 1
 * and goes through the same handling (second factor, device authorisation, success). The
 * component shows its own failures (translated) and a Cancel/Close that folds it again.
 */
const SiweLogin = lazy(() => import('../../../web3/siwe-login'));

export interface WalletLoginProps {
  onResult: (result: LoginResult) => void;
  /** Start with the wallet sign-in open (`/login?method=wallet`, from the connected-wallet offer). */
  defaultOpen?: boolean;
}

export function WalletLogin({ onResult, defaultOpen = false }: WalletLoginProps) {
  const { t } = useTranslation('auth');
  const [open, setOpen] = useState(defaultOpen);

  return (
    <section
      className={styles.section}
      aria-labelledby="login-wallet-title"
      data-testid="login-wallet"
    >
      <h2 id="login-wallet-title" className={styles.sectionTitle}>
        {t('login.wallet.title')}
      </h2>
      <p className={styles.muted}>{t('login.wallet.intro')}</p>
      {open ? (
        <Suspense
          fallback={
            <div className={styles.skeleton} aria-busy="true" data-testid="login-wallet-loading">
              <span className={styles.muted}>{t('login.wallet.loading')}</span>
            </div>
          }
        >
          <SiweLogin onResult={onResult} onClose={() => setOpen(false)} />
        </Suspense>
      ) : (
        <Button
          variant="secondary"
          fullWidth
          onClick={() => setOpen(true)}
          data-testid="login-wallet-open"
        >
          {t('login.wallet.open')}
        </Button>
      )}
    </section>
  );
}

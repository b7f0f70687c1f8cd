import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAccount } from 'wagmi';
import { ButtonLink } from '../components/button-link';
import { VisuallyHidden } from '../components/visually-hidden';
import styles from './visitor-wallet-prompt.module.css';

export interface VisitorWalletLinks {
  /** Login with the wallet sign-in opened (`/login?method=wallet`). */
  walletSignIn: string;
  /** Login (e-mail and password). */
  login: string;
  /** Registration. */
  signUp: string;
}

/**
 * A visitor (no session) who connects a browser wallet is told what the connection gives
 * them and offered the two ways in: sign in with that wallet (works when it is linked to an
 * account) or log in / sign up with e-mail. Whether the address is linked is not asked
 * before the signature: the server does not tell anyone which addresses belong to members.
 * Shown while connected, until closed.
 */
export function VisitorWalletPrompt({ links }: { links: VisitorWalletLinks }) {
  const { t } = useTranslation('wallet');
  const { isConnected } = useAccount();
  const [closed, setClosed] = useState(false);
  const titleId = `visitor-wallet-${useId()}`;
  if (!isConnected || closed) return null;
  return (
    <section
      className={styles.prompt}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      data-testid="visitor-wallet-prompt"
    >
      <h2 id={titleId} className={styles.title}>
        {t('visitor.title')}
      </h2>
      <p className={styles.body}>{t('visitor.body')}</p>
      <div className={styles.actions}>
        <ButtonLink
          to={links.walletSignIn}
          size="sm"
          onClick={() => setClosed(true)}
          data-testid="visitor-wallet-sign-in"
        >
          {t('visitor.walletSignIn')}
        </ButtonLink>
        <ButtonLink
          to={links.login}
          size="sm"
          variant="secondary"
          onClick={() => setClosed(true)}
          data-testid="visitor-wallet-login"
        >
          {t('visitor.login')}
        </ButtonLink>
      </div>
      <p className={styles.body}>
        {t('visitor.noAccount')}{' '}
        <Link
          to={links.signUp}
          className={styles.link}
          onClick={() => setClosed(true)}
          data-testid="visitor-wallet-sign-up"
        >
          {t('visitor.signUp')}
        </Link>
      </p>
      <button
        type="button"
        className={styles.close}
        onClick={() => setClosed(true)}
        data-testid="visitor-wallet-close"
      >
        <span aria-hidden="true">×</span>
        <VisuallyHidden>{t('visitor.close')}</VisuallyHidden>
      </button>
    </section>
  );
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/button';
import { ApiError } from '../../../services/http-client';
import { confirmWalletLogin } from '../../../services/member-auth';
import { AuthError } from '../../../shared/api/auth';
import { AuthCard, AuthNotice } from '../components/auth-card';
import { paths } from '../../../lib/paths';
import { useErrorText } from '../hooks/use-error-text';
import styles from '../components/auth.module.css';

/** The link itself was refused (unknown, used, malformed), not the network. */
function isLinkRefusal(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.message === AuthError.linkInvalid) return true;
  const http = error.httpStatus ?? 0;
  return http >= 400 && http < 500 && http !== 429;
}

type Outcome =
  { kind: 'working' } | { kind: 'done' } | { kind: 'invalid' } | { kind: 'failed'; error: unknown };

/**
 * /confirm-wallet-login?token=: the link e-mailed by a password reset that kept the account's
 * wallets. Opening it (once, on load) lets those wallets sign in again.
 */
export default function ConfirmWalletLoginPage() {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const [query] = useSearchParams();
  const token = query.get('token') ?? '';
  const [outcome, setOutcome] = useState<Outcome>(
    token.length >= 16 ? { kind: 'working' } : { kind: 'invalid' },
  );
  // The token is single-use: one call per page, also under StrictMode's double effects.
  const started = useRef(false);

  const confirm = useCallback(async () => {
    setOutcome({ kind: 'working' });
    try {
      await confirmWalletLogin(token);
      setOutcome({ kind: 'done' });
    } catch (error) {
      setOutcome(isLinkRefusal(error) ? { kind: 'invalid' } : { kind: 'failed', error });
    }
  }, [token]);

  useEffect(() => {
    if (started.current || token.length < 16) return;
    started.current = true;
    void confirm();
  }, [confirm, token]);

  const loginLink = (
    <Link to={paths.Login.getHref()} className={styles.link} data-testid="confirm-wallet-login">
      {t('walletConfirm.goLogin')}
    </Link>
  );

  return (
    <AuthCard title={t('walletConfirm.title')} data-testid="confirm-wallet-page">
      {outcome.kind === 'working' ? (
        <div
          className={styles.skeleton}
          aria-busy="true"
          role="status"
          data-testid="confirm-wallet-working"
        >
          <span className={styles.muted}>{t('walletConfirm.working')}</span>
        </div>
      ) : outcome.kind === 'done' ? (
        <AuthNotice tone="success" data-testid="confirm-wallet-success">
          <p>{t('walletConfirm.done')}</p>
          {loginLink}
        </AuthNotice>
      ) : (
        <AuthNotice tone="error" data-testid="confirm-wallet-invalid">
          <p>
            {outcome.kind === 'failed'
              ? (errorText(outcome.error) ?? t('walletConfirm.invalid'))
              : t('walletConfirm.invalid')}
          </p>
          {outcome.kind === 'failed' ? (
            <Button variant="secondary" onClick={confirm} data-testid="confirm-wallet-retry">
              {t('walletConfirm.retry')}
            </Button>
          ) : null}
          {loginLink}
        </AuthNotice>
      )}
    </AuthCard>
  );
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/button';
import { ApiError } from '../../../services/http-client';
import { authorizeLoginDevice } from '../../../services/member-auth';
import { AuthError } from '../../../shared/api/auth';
import { AuthCard, AuthNotice } from '../components/auth-card';
import { paths } from '../../../lib/paths';
import { useErrorText } from '../hooks/use-error-text';
import styles from '../components/auth.module.css';

/** The link itself was refused (unknown, used, expired, malformed), not the network. */
function isLinkRefusal(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.message === AuthError.linkInvalid) return true;
  const http = error.httpStatus ?? 0;
  return http >= 400 && http < 500 && http !== 429;
}

type Outcome =
  { kind: 'working' } | { kind: 'done' } | { kind: 'invalid' } | { kind: 'failed'; error: unknown };

/**
 * /authorizeLoginDevice?token=: the link e-mailed for a login from a new device. Opened on that
 * device, it authorises it (once, on load) and the member logs in again.
 */
export default function AuthorizeLoginDevicePage() {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const [query] = useSearchParams();
  const token = query.get('token') ?? '';
  const [outcome, setOutcome] = useState<Outcome>(
    token.length >= 16 ? { kind: 'working' } : { kind: 'invalid' },
  );
  // The token is single-use: one call per page, also under StrictMode's double effects.
  const started = useRef(false);

  const authorize = useCallback(async () => {
    setOutcome({ kind: 'working' });
    try {
      await authorizeLoginDevice(token);
      setOutcome({ kind: 'done' });
    } catch (error) {
      setOutcome(isLinkRefusal(error) ? { kind: 'invalid' } : { kind: 'failed', error });
    }
  }, [token]);

  useEffect(() => {
    if (started.current || token.length < 16) return;
    started.current = true;
    void authorize();
  }, [authorize, token]);

  return (
    <AuthCard title={t('device.title')} data-testid="authorize-device-page">
      {outcome.kind === 'working' ? (
        <div
          className={styles.skeleton}
          aria-busy="true"
          role="status"
          data-testid="authorize-device-working"
        >
          <span className={styles.muted}>{t('device.working')}</span>
        </div>
      ) : outcome.kind === 'done' ? (
        <AuthNotice tone="success" data-testid="authorize-device-success">
          <p>{t('device.done')}</p>
          <Link
            to={paths.Login.getHref()}
            className={styles.link}
            data-testid="authorize-device-login"
          >
            {t('device.goLogin')}
          </Link>
        </AuthNotice>
      ) : (
        <AuthNotice tone="error" data-testid="authorize-device-invalid">
          <p>
            {outcome.kind === 'failed'
              ? (errorText(outcome.error) ?? t('device.invalid'))
              : t('device.invalid')}
          </p>
          {outcome.kind === 'failed' ? (
            <Button variant="secondary" onClick={authorize} data-testid="authorize-device-retry">
              {t('device.retry')}
            </Button>
          ) : null}
          <Link
            to={paths.Login.getHref()}
            className={styles.link}
            data-testid="authorize-device-login"
          >
            {t('device.goLogin')}
          </Link>
        </AuthNotice>
      )}
    </AuthCard>
  );
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/button';
import { paths } from '../../../lib/paths';
import { ApiError } from '../../../services/http-client';
import { AuthError } from '../../../shared/api/auth';
import { useErrorText } from '../hooks/use-error-text';
import { AuthCard, AuthNotice } from './auth-card';
import styles from './auth.module.css';

/** The link itself was refused (unknown, used, expired, malformed), not the network. */
function isLinkRefusal(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.message === AuthError.linkInvalid) return true;
  const http = error.httpStatus ?? 0;
  return http >= 400 && http < 500 && http !== 429;
}

type Outcome =
  { kind: 'working' } | { kind: 'done' } | { kind: 'invalid' } | { kind: 'failed'; error: unknown };

export interface OneTimeLinkCardProps {
  /** what opening the link does on the server, with the link's `token` */
  open: (token: string) => Promise<unknown>;
  /** the auth texts: `<texts>.title`, `.working`, `.done`, `.invalid`, `.goLogin`, `.retry` */
  texts: 'device' | 'walletConfirm';
  /** test ids `<prefix>-page`, `-working`, `-success`, `-invalid`, `-retry`, `-login` */
  testIdPrefix: string;
}

/**
 * A page opened from an e-mailed one-time link (`?token=`): it spends the token once, on load
 * (also under StrictMode's double effects), then says it is done, or that the link is not valid,
 * or what failed with a retry; each ends with the way to Login.
 */
export function OneTimeLinkCard({ open, texts, testIdPrefix }: OneTimeLinkCardProps) {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const [query] = useSearchParams();
  const token = query.get('token') ?? '';
  const [outcome, setOutcome] = useState<Outcome>(
    token.length >= 16 ? { kind: 'working' } : { kind: 'invalid' },
  );
  const started = useRef(false);

  const spend = useCallback(async () => {
    setOutcome({ kind: 'working' });
    try {
      await open(token);
      setOutcome({ kind: 'done' });
    } catch (error) {
      setOutcome(isLinkRefusal(error) ? { kind: 'invalid' } : { kind: 'failed', error });
    }
  }, [open, token]);

  useEffect(() => {
    if (started.current || token.length < 16) return;
    started.current = true;
    void spend();
  }, [spend, token]);

  const loginLink = (
    <Link to={paths.Login.getHref()} className={styles.link} data-testid={`${testIdPrefix}-login`}>
      {t(`${texts}.goLogin`)}
    </Link>
  );

  return (
    <AuthCard title={t(`${texts}.title`)} data-testid={`${testIdPrefix}-page`}>
      {outcome.kind === 'working' ? (
        <div
          className={styles.skeleton}
          aria-busy="true"
          role="status"
          data-testid={`${testIdPrefix}-working`}
        >
          <span className={styles.muted}>{t(`${texts}.working`)}</span>
        </div>
      ) : outcome.kind === 'done' ? (
        <AuthNotice tone="success" data-testid={`${testIdPrefix}-success`}>
          <p>{t(`${texts}.done`)}</p>
          {loginLink}
        </AuthNotice>
      ) : (
        <AuthNotice tone="error" data-testid={`${testIdPrefix}-invalid`}>
          <p>
            {outcome.kind === 'failed'
              ? (errorText(outcome.error) ?? t(`${texts}.invalid`))
              : t(`${texts}.invalid`)}
          </p>
          {outcome.kind === 'failed' ? (
            <Button variant="secondary" onClick={spend} data-testid={`${testIdPrefix}-retry`}>
              {t(`${texts}.retry`)}
            </Button>
          ) : null}
          {loginLink}
        </AuthNotice>
      )}
    </AuthCard>
  );
}

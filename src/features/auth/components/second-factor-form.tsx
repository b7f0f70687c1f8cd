import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { CodeInput, ResendButton, useSecondsLeft } from '../../../components/code-input';
import { CODE_LENGTH } from '../../../shared/validation/account';
import { useErrorText } from '../hooks/use-error-text';
import type { SecondFactorMethod } from '../utils/login-flow';
import styles from './auth.module.css';
import { formatDateTime } from '../../../lib/date-format';
import { loginRetryAt } from '../../../services/member-auth';

export interface SecondFactorFormProps {
  method: SecondFactorMethod;
  /** masked mobile the SMS went to */
  sentTo: string | null;
  onSubmit: (code: string) => Promise<void>;
  /** undefined: no resend (a wallet sign-in signs again instead) */
  onResend?: () => Promise<void>;
  resendAt: number | null;
  error: unknown;
  delayedUntil: number | null;
  onCancel: () => void;
}

/** Step 2: the SMS or authenticator code; submits itself when the sixth digit is entered. */
export function SecondFactorForm({
  method,
  sentTo,
  onSubmit,
  onResend,
  resendAt,
  error,
  delayedUntil,
  onCancel,
}: SecondFactorFormProps) {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const delaySeconds = useSecondsLeft(delayedUntil);
  const delayed = delaySeconds > 0;
  // the per-account code limit says when the wait ends: "try again at 12:15 (UTC+8)"
  const retryAt = delayed ? loginRetryAt(error) : null;

  async function submit(value: string) {
    if (busy || delayed || value.length !== CODE_LENGTH) return;
    setBusy(true);
    try {
      await onSubmit(value);
    } finally {
      setBusy(false);
    }
  }

  const message = delayed ? undefined : errorText(error);

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit(code);
      }}
      data-testid="login-2fa-form"
      data-method={method}
    >
      <p className={styles.muted} data-testid="login-2fa-intro">
        {method === 'sms'
          ? sentTo
            ? t('login.twoFactor.smsSentTo', { mobile: sentTo })
            : t('login.twoFactor.sms')
          : t('login.twoFactor.totp')}
      </p>
      <CodeInput
        label={method === 'sms' ? t('login.twoFactor.smsLabel') : t('login.twoFactor.totpLabel')}
        value={code}
        onChange={setCode}
        onComplete={(value) => void submit(value)}
        error={message}
        disabled={busy}
        autoFocus
        data-testid="login-2fa-code"
      />
      {delayed ? (
        <p className={styles.formError} role="alert" data-testid="login-delay">
          {retryAt
            ? t('login.delayedUntil', { time: formatDateTime(retryAt) })
            : t('login.delayed', { seconds: delaySeconds })}
        </p>
      ) : null}
      {method === 'sms' && onResend ? (
        <div className={styles.row}>
          <span className={styles.muted}>{t('login.twoFactor.noCode')}</span>
          <ResendButton
            availableAt={resendAt}
            onResend={onResend}
            disabled={busy}
            data-testid="login-2fa-resend"
          />
        </div>
      ) : null}
      <Button
        type="submit"
        size="lg"
        fullWidth
        busy={busy}
        disabled={code.length !== CODE_LENGTH || delayed}
        data-testid="login-2fa-submit"
      >
        {t('login.twoFactor.submit')}
      </Button>
      <Button variant="ghost" onClick={onCancel} disabled={busy} data-testid="login-2fa-cancel">
        {t('login.twoFactor.cancel')}
      </Button>
    </form>
  );
}

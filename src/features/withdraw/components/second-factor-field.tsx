import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { CodeInput, ResendButton } from '../../../components/code-input';
import styles from './withdraw.module.css';

export interface SentCode {
  /** the masked mobile the code went to */
  sentTo: string;
  /** seconds until another code may be requested */
  resendAfter: number;
}

export interface SecondFactorFieldProps {
  method: 'sms' | 'totp';
  value: string;
  onChange: (code: string) => void;
  /** Sends an SMS code (SMS members); a failure is reported through `onSendError`. */
  onSend: () => Promise<SentCode>;
  onSendError: (error: unknown) => void;
  disabled?: boolean;
  /** test id of the code boxes (`<id>-0`..`<id>-5`); `<id>-send` / `<id>-resend` for SMS */
  'data-testid': string;
}

/**
 * The second factor of a withdrawal or a new address: the authenticator's 6-digit code, or for
 * SMS members a "Send code" button, then the code with the resend countdown (the pattern of the
 * two-step change on the Security page).
 */
export function SecondFactorField({
  method,
  value,
  onChange,
  onSend,
  onSendError,
  disabled = false,
  'data-testid': testId,
}: SecondFactorFieldProps) {
  const { t } = useTranslation('withdraw');
  const [sent, setSent] = useState<{ sentTo: string; availableAt: number } | null>(null);

  async function send() {
    try {
      const result = await onSend();
      setSent({ sentTo: result.sentTo, availableAt: Date.now() + result.resendAfter * 1000 });
    } catch (failure) {
      onSendError(failure);
    }
  }

  if (method === 'totp') {
    return (
      <CodeInput
        value={value}
        onChange={onChange}
        label={t('code.totpLabel')}
        disabled={disabled}
        autoFocus
        data-testid={testId}
      />
    );
  }
  return (
    <div className={styles.stack}>
      <div className={styles.smsRow}>
        {sent ? (
          <>
            <p className={styles.muted} data-testid={`${testId}-sent`}>
              {t('code.sentTo', { mobile: sent.sentTo })}
            </p>
            <ResendButton
              availableAt={sent.availableAt}
              onResend={send}
              disabled={disabled}
              data-testid={`${testId}-resend`}
            />
          </>
        ) : (
          <Button
            variant="secondary"
            onClick={send}
            disabled={disabled}
            data-testid={`${testId}-send`}
          >
            {t('code.send')}
          </Button>
        )}
      </div>
      {sent ? (
        <CodeInput
          value={value}
          onChange={onChange}
          label={t('code.smsLabel')}
          disabled={disabled}
          autoFocus
          data-testid={testId}
        />
      ) : null}
    </div>
  );
}

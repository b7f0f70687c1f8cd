import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { CodeInput, ResendButton } from '../../../components/code-input';
import { TextField } from '../../../components/text-field';
import type { TwoFactorMethod } from '../../../shared/api/auth';
import { useSetTwoFactor } from '../api/use-set-two-factor';
import styles from './two-step.module.css';

export interface ReauthFieldsProps {
  /** the member's two-step method: a code field appears when one is on */
  method: TwoFactorMethod;
  mobile: string | null;
  password: string;
  onPassword: (password: string) => void;
  code: string;
  onCode: (code: string) => void;
  /** shown under the password (a refusal naming the password) */
  passwordError?: string | undefined;
  onSendError: (error: unknown) => void;
  disabled?: boolean;
  /** test ids: `<id>-password`, `<id>-code`, `<id>-sms-send`, `<id>-sms-resend` */
  testId: string;
}

/**
 * Re-authentication before a change that could keep someone else in the account (linking a
 * wallet): the password, and the current two-step code when two-step is on (an SMS is sent on
 * request, purpose two_factor). The server checks both; a session alone is not enough.
 */
export function ReauthFields({
  method,
  mobile,
  password,
  onPassword,
  code,
  onCode,
  passwordError,
  onSendError,
  disabled = false,
  testId,
}: ReauthFieldsProps) {
  const { t } = useTranslation('security');
  const setTwoFactor = useSetTwoFactor();
  const [smsAvailableAt, setSmsAvailableAt] = useState<number | null>(null);

  async function sendSms() {
    try {
      const result = await setTwoFactor.mutateAsync({ action: 'send-sms' });
      setSmsAvailableAt(Date.now() + (result.sms?.resendAfter ?? 0) * 1000);
    } catch (failure) {
      onSendError(failure);
    }
  }

  return (
    <div className={styles.stepBody}>
      <TextField
        label={t('reauth.password')}
        hint={t('reauth.hint')}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => onPassword(event.target.value)}
        error={passwordError}
        disabled={disabled}
        required
        data-testid={`${testId}-password`}
      />
      {method === 'sms' ? (
        <div className={styles.smsRow}>
          {smsAvailableAt === null ? (
            <Button
              variant="secondary"
              onClick={sendSms}
              disabled={disabled}
              data-testid={`${testId}-sms-send`}
            >
              {t('twoStep.sms.send', { mobile: mobile ?? '' })}
            </Button>
          ) : (
            <ResendButton
              availableAt={smsAvailableAt}
              onResend={sendSms}
              data-testid={`${testId}-sms-resend`}
            />
          )}
        </div>
      ) : null}
      {method === 'totp' || (method === 'sms' && smsAvailableAt !== null) ? (
        <CodeInput
          value={code}
          onChange={onCode}
          label={method === 'totp' ? t('twoStep.verify.totpLabel') : t('twoStep.verify.smsLabel')}
          disabled={disabled}
          data-testid={`${testId}-code`}
        />
      ) : null}
    </div>
  );
}

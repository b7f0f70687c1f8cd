import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { CodeInput, ResendButton } from '../../../components/code-input';
import { TextField } from '../../../components/text-field';
import { isIgnoredError } from '../../../services/http-client';
import type { Set2FAResult, TwoFactorSettings } from '../../../shared/api/auth';
import { CODE_LENGTH } from '../../../shared/validation/account';
import { useSetTwoFactor } from '../api/use-set-two-factor';
import { useErrorText } from '../../../hooks/use-error-text';
import { errorField } from '../utils/error-field';
import { ConfirmDialog } from './confirm-dialog';
import { LoadError, Notice, Skeleton } from '../../../components/load-states';
import { TotpSecret } from './totp-secret';
import styles from './two-step.module.css';

/** The three changes a member can make (set2FASettings actions). */
export type TwoStepChangeKind = 'enable-totp' | 'enable-sms' | 'disable';

export interface TwoStepChangeProps {
  change: TwoStepChangeKind;
  settings: TwoFactorSettings;
  /** The change was applied; the new settings (with the withdrawal lock) are in the answer. */
  onDone: (settings: TwoFactorSettings) => void;
  onCancel: () => void;
}

interface SentCode {
  sentTo: string;
  /** ms since epoch when another code may be requested */
  availableAt: number;
}

type Step = 'verify' | 'setup';

const isComplete = (code: string) => code.length === CODE_LENGTH;

/**
 * One change of two-step verification, as a short flow inside the two-step card:
 *
 *   verify  (only when a factor is on) the current factor's code: SMS (send, then enter) or
 *           the authenticator's code. "Every change asks for the current factor first."
 *   setup   enable-totp: a new secret (QR + text) and the first code from the app;
 *           enable-sms: a code sent to the verified mobile.
 *           The last step also asks for the password (re-authentication).
 *   confirm a dialog explaining the 24-hour withdrawal lock, then the change is applied
 *           (enable-totp / enable-sms / disable with `currentCode` and `password`).
 *
 * The server checks both codes only when the change is applied; a refusal comes back here with
 * its translated message and the codes can be entered again.
 */
export function TwoStepChange({ change, settings, onDone, onCancel }: TwoStepChangeProps) {
  const { t } = useTranslation(['security', 'common']);
  const errorText = useErrorText();
  const setTwoFactor = useSetTwoFactor();
  const current = settings.method;
  const needsVerify = current !== 'none';

  const [step, setStep] = useState<Step>(needsVerify ? 'verify' : 'setup');
  const [currentCode, setCurrentCode] = useState('');
  const [currentSms, setCurrentSms] = useState<SentCode | null>(null);
  const [newCode, setNewCode] = useState('');
  const [newSms, setNewSms] = useState<SentCode | null>(null);
  const [totp, setTotp] = useState<Set2FAResult['totp']>(null);
  const [totpFailed, setTotpFailed] = useState<unknown>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  // re-authentication: every change also needs the password (checked by the server)
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();

  async function run(body: Parameters<typeof setTwoFactor.mutateAsync>[0]) {
    return setTwoFactor.mutateAsync(body);
  }

  async function sendSms(target: 'current' | 'new') {
    setError(undefined);
    try {
      const result = await run({ action: 'send-sms' });
      const sent: SentCode = {
        sentTo: result.sms?.sentTo ?? settings.mobile ?? '',
        availableAt: Date.now() + (result.sms?.resendAfter ?? 0) * 1000,
      };
      if (target === 'current') setCurrentSms(sent);
      else setNewSms(sent);
    } catch (failure) {
      setError(errorText(failure));
    }
  }

  // A new authenticator secret once the setup step of enable-totp is reached (once: a second
  // call would replace the pending secret on the server).
  const totpRequested = useRef(false);
  async function requestTotp() {
    setTotpFailed(null);
    try {
      const result = await run({ action: 'totp-setup' });
      setTotp(result.totp);
    } catch (failure) {
      if (!isIgnoredError(failure)) setTotpFailed(failure);
    }
  }
  useEffect(() => {
    if (change !== 'enable-totp' || step !== 'setup' || totpRequested.current) return;
    totpRequested.current = true;
    void requestTotp();
    // requestTotp is stable enough for a one-shot request
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [change, step]);

  async function apply() {
    setError(undefined);
    setPasswordError(undefined);
    const currentPart = needsVerify ? { currentCode } : {};
    try {
      const result =
        change === 'disable'
          ? await run({ action: 'disable', currentCode, password })
          : await run({ action: change, code: newCode, password, ...currentPart });
      onDone(result.settings);
    } catch (failure) {
      const message = errorText(failure);
      if (errorField(failure) === 'password') {
        // the codes were not spent: only the password is asked again
        setPassword('');
        setPasswordError(t('security:reauth.wrong'));
        return;
      }
      if (needsVerify && errorField(failure) === 'currentCode') {
        // the current factor's code was refused: back to it (an SMS code may be resent there)
        setCurrentCode('');
        setStep('verify');
      } else {
        setNewCode('');
      }
      setError(message);
    }
  }

  const busy = setTwoFactor.isPending;
  const verifyReady = isComplete(currentCode);
  const setupReady =
    isComplete(newCode) && (change === 'enable-totp' ? totp !== null : newSms !== null);
  const finalStep = change === 'disable' ? step === 'verify' : step === 'setup';

  const title = t(`security:twoStep.change.${change}`);
  const confirmDescription = [
    t('security:twoStep.confirm.lock'),
    change === 'enable-totp' && current === 'sms' ? t('security:twoStep.totpTurnsSmsOff') : null,
    change === 'disable' ? t('security:twoStep.confirm.disableRisk') : null,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div
      className={styles.change}
      data-testid="two-step-change"
      data-change={change}
      data-step={step}
    >
      <h3 className={styles.changeTitle}>{title}</h3>

      {step === 'verify' ? (
        <div className={styles.stepBody} data-testid="two-step-verify">
          <p className={styles.stepIntro}>{t('security:twoStep.verify.intro')}</p>
          {current === 'sms' ? (
            <div className={styles.smsRow}>
              {currentSms ? (
                <>
                  <p className={styles.sentTo}>
                    {t('security:twoStep.sms.sentTo', { mobile: currentSms.sentTo })}
                  </p>
                  <ResendButton
                    availableAt={currentSms.availableAt}
                    onResend={() => sendSms('current')}
                    data-testid="current-sms-resend"
                  />
                </>
              ) : (
                <Button
                  variant="secondary"
                  onClick={() => sendSms('current')}
                  data-testid="current-sms-send"
                >
                  {t('security:twoStep.sms.send', { mobile: settings.mobile ?? '' })}
                </Button>
              )}
            </div>
          ) : null}
          {current === 'totp' || currentSms ? (
            <CodeInput
              value={currentCode}
              onChange={setCurrentCode}
              label={
                current === 'totp'
                  ? t('security:twoStep.verify.totpLabel')
                  : t('security:twoStep.verify.smsLabel')
              }
              autoFocus
              data-testid="current-code"
            />
          ) : null}
        </div>
      ) : null}

      {step === 'setup' && change === 'enable-totp' ? (
        <div className={styles.stepBody} data-testid="two-step-setup">
          <ol className={styles.instructions}>
            <li>{t('security:totp.step.install')}</li>
            <li>{t('security:totp.step.scan')}</li>
            <li>{t('security:totp.step.enter')}</li>
          </ol>
          {totp ? (
            <TotpSecret secret={totp.secret} otpauthUrl={totp.otpauthUrl} />
          ) : totpFailed ? (
            <LoadError
              message={errorText(totpFailed) ?? ''}
              onRetry={requestTotp}
              testId="totp-setup-error"
            />
          ) : (
            <Skeleton lines={4} testId="totp-setup-loading" />
          )}
          {current === 'sms' ? (
            <Notice tone="info">{t('security:twoStep.totpTurnsSmsOff')}</Notice>
          ) : null}
          <CodeInput
            value={newCode}
            onChange={setNewCode}
            label={t('security:totp.codeLabel')}
            disabled={!totp}
            data-testid="totp-code"
          />
        </div>
      ) : null}

      {step === 'setup' && change === 'enable-sms' ? (
        <div className={styles.stepBody} data-testid="two-step-setup">
          <div className={styles.smsRow}>
            {newSms ? (
              <>
                <p className={styles.sentTo}>
                  {t('security:twoStep.sms.sentTo', { mobile: newSms.sentTo })}
                </p>
                <ResendButton
                  availableAt={newSms.availableAt}
                  onResend={() => sendSms('new')}
                  data-testid="sms-resend"
                />
              </>
            ) : (
              <Button variant="secondary" onClick={() => sendSms('new')} data-testid="sms-send">
                {t('security:twoStep.sms.send', { mobile: settings.mobile ?? '' })}
              </Button>
            )}
          </div>
          {newSms ? (
            <CodeInput
              value={newCode}
              onChange={setNewCode}
              label={t('security:twoStep.sms.codeLabel')}
              autoFocus
              data-testid="sms-code"
            />
          ) : null}
        </div>
      ) : null}

      {finalStep ? (
        <TextField
          label={t('security:reauth.password')}
          hint={t('security:reauth.hint')}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setPasswordError(undefined);
          }}
          error={passwordError}
          required
          data-testid="two-step-password"
        />
      ) : null}

      {error ? (
        <p role="alert" className={styles.error} data-testid="two-step-error">
          {error}
        </p>
      ) : null}

      <div className={styles.changeActions}>
        <Button variant="ghost" onClick={onCancel} data-testid="two-step-cancel">
          {t('common:button.cancel')}
        </Button>
        {step === 'setup' && needsVerify ? (
          <Button
            variant="secondary"
            onClick={() => {
              setError(undefined);
              setStep('verify');
            }}
            data-testid="two-step-back"
          >
            {t('common:button.back')}
          </Button>
        ) : null}
        {step === 'verify' && change !== 'disable' ? (
          <Button
            disabled={!verifyReady}
            onClick={() => {
              setError(undefined);
              setStep('setup');
            }}
            data-testid="two-step-continue"
          >
            {t('common:button.next')}
          </Button>
        ) : (
          <Button
            variant={change === 'disable' ? 'danger' : 'primary'}
            disabled={(change === 'disable' ? !verifyReady : !setupReady) || password === ''}
            busy={busy && confirmOpen}
            onClick={() => setConfirmOpen(true)}
            data-testid="two-step-submit"
          >
            {change === 'disable'
              ? t('security:twoStep.action.turnOff')
              : t('security:twoStep.action.turnOn')}
          </Button>
        )}
      </div>

      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title={t('security:twoStep.confirm.title')}
        description={confirmDescription}
        confirmLabel={
          change === 'disable'
            ? t('security:twoStep.action.turnOff')
            : t('security:twoStep.action.turnOn')
        }
        confirmVariant={change === 'disable' ? 'danger' : 'primary'}
        onConfirm={apply}
        data-testid="two-step-confirm"
      />
    </div>
  );
}

import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { CodeInput, ResendButton } from '../../../components/code-input';
import { Dialog } from '../../../components/dialog';
import { ApiError } from '../../../services/http-client';
import { AuthError } from '../../../shared/api/auth';
import { CODE_LENGTH } from '../../../shared/validation/account';
import {
  useActivateContact,
  useSendContactCode,
  type ContactChannel,
} from '../api/use-verify-contact';
import { useErrorText } from '../hooks/use-error-text';
import { StatusBadge } from './status-badge';
import styles from './account.module.css';

export interface ContactVerificationProps {
  channel: ContactChannel;
  verified: boolean;
  /** the account's login e-mail: names the account for the code calls */
  userName: string;
  /** the address the code goes to, shown until the send answers with its masked form */
  address: string;
}

/** Seconds to wait when a send was refused with `resend_too_soon` (data `{ resendAfter }`). */
function resendWaitSeconds(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.message !== AuthError.resendTooSoon) return null;
  const wait = (error.data as { resendAfter?: unknown } | null)?.resendAfter;
  return typeof wait === 'number' && wait > 0 ? Math.ceil(wait) : null;
}

/**
 * One contact detail's verification (spec section 4 "Contact verification: Not yet verified,
 * Verified"): the state, and while not verified a Verify button. Verify sends a 6-digit code
 * (`sendVerifyEmailCode` / `sendVerifySmsCode`) and opens a dialog with the code input (the code
 * is confirmed with `PUT /member/activation` when the sixth digit is entered, or with its
 * button) and the resend countdown. A refused send that says "wait" (`resend_too_soon`: a code
 * went out moments ago) opens the dialog with the countdown, so the member enters that code. On
 * success the member info is fetched again and the state turns Verified.
 */
export function ContactVerification({
  channel,
  verified,
  userName,
  address,
}: ContactVerificationProps) {
  const { t } = useTranslation('account');
  const errorText = useErrorText();
  const send = useSendContactCode(channel);
  const activate = useActivateContact(channel);
  const [open, setOpen] = useState(false);
  const [sentTo, setSentTo] = useState(address);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState(false);
  const confirming = useRef(false);
  const state = verified ? 'verified' : 'unverified';

  async function sendCode() {
    setError(null);
    try {
      const result = await send.mutateAsync({ userName });
      setSentTo(result.sentTo);
      setResendAt(Date.now() + result.resendAfter * 1000);
      setCode('');
    } catch (failure) {
      const wait = resendWaitSeconds(failure);
      if (wait === null) {
        setError(failure);
      } else {
        // a code went out moments ago: enter that one, or wait for the countdown
        setResendAt(Date.now() + wait * 1000);
      }
    }
  }

  async function startVerification() {
    setDone(false);
    setCode('');
    await sendCode();
    setOpen(true);
  }

  async function confirm(value: string) {
    if (confirming.current || value.length !== CODE_LENGTH) return;
    confirming.current = true;
    setError(null);
    try {
      await activate.mutateAsync({ userName, code: value });
      setOpen(false);
      setDone(true);
    } catch (failure) {
      setError(failure);
      setCode('');
    } finally {
      confirming.current = false;
    }
  }

  const email = channel === 'email';
  const message = errorText(error);
  return (
    <>
      <span data-testid={`account-${channel}-status`} data-state={state}>
        <StatusBadge tone={verified ? 'positive' : 'warning'}>
          {verified ? t('contact.verified') : t('contact.unverified')}
        </StatusBadge>
      </span>
      {verified ? null : (
        <Button
          variant="secondary"
          size="sm"
          aria-label={email ? t('contact.verifyEmail') : t('contact.verifyMobile')}
          onClick={startVerification}
          data-testid={`account-verify-${channel}`}
        >
          {t('contact.verify')}
        </Button>
      )}
      {done && verified ? (
        <span className={styles.success} role="status" data-testid={`account-${channel}-done`}>
          {email ? t('contact.done.email') : t('contact.done.mobile')}
        </span>
      ) : null}

      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setError(null);
        }}
        title={email ? t('contact.dialog.titleEmail') : t('contact.dialog.titleMobile')}
        description={t('contact.dialog.sentTo', { address: sentTo })}
        size="sm"
        data-testid="contact-code-dialog"
      >
        <div className={styles.dialogBody} data-channel={channel}>
          <CodeInput
            label={t('contact.dialog.codeLabel')}
            value={code}
            onChange={setCode}
            onComplete={(value) => void confirm(value)}
            error={message}
            disabled={activate.isPending}
            autoFocus
            data-testid="contact-code-input"
          />
          <div className={styles.row}>
            <ResendButton
              availableAt={resendAt}
              onResend={sendCode}
              disabled={activate.isPending}
              data-testid="contact-code-resend"
            />
            <Button
              busy={activate.isPending}
              disabled={code.length !== CODE_LENGTH}
              onClick={() => confirm(code)}
              data-testid="contact-code-submit"
            >
              {t('contact.dialog.submit')}
            </Button>
          </div>
        </div>
      </Dialog>
    </>
  );
}

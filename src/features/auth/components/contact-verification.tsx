import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { CodeInput, ResendButton } from '../../../components/code-input';
import { ApiError } from '../../../services/http-client';
import { activation, sendVerifyEmailCode, sendVerifySmsCode } from '../../../services/member-auth';
import { AuthError } from '../../../shared/api/auth';
import { CODE_LENGTH } from '../../../shared/validation/account';
import { useErrorText } from '../hooks/use-error-text';
import styles from './auth.module.css';

export type ContactChannel = 'email' | 'mobile';

interface ChannelState {
  code: string;
  error: unknown;
  verified: boolean;
  busy: boolean;
  /** when another code may be requested (ms since epoch) */
  resendAt: number | null;
  sentTo: string;
}

export interface ContactVerificationProps {
  /** the account's e-mail (identifies the account for the guest calls) */
  account: string;
  /** where the codes went (masked mobile from the registration answer) */
  email: string;
  mobile: string;
  /** seconds until the codes sent at registration may be sent again */
  resendAfter: number;
  onVerified: () => void;
}

function resendWaitSeconds(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.message !== AuthError.resendTooSoon) return null;
  const wait = (error.data as { resendAfter?: unknown } | null)?.resendAfter;
  return typeof wait === 'number' && wait > 0 ? Math.ceil(wait) : null;
}

const send = (channel: 'email' | 'mobile', body: { userName: string }) =>
  channel === 'email' ? sendVerifyEmailCode(body) : sendVerifySmsCode(body);

/**
 * Contact verification right after registering: a 6-digit code for the e-mail and one for the
 * mobile, each confirmed with `PUT /member/activation` (submitted when the sixth digit is
 * entered, or with its button), each with a resend button and a countdown. When both are
 * verified, `onVerified` runs.
 */
export function ContactVerification({
  account,
  email,
  mobile,
  resendAfter,
  onVerified,
}: ContactVerificationProps) {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const [channels, setChannels] = useState<Record<ContactChannel, ChannelState>>(() => {
    const resendAt = Date.now() + resendAfter * 1000;
    const initial = { code: '', error: null, verified: false, busy: false, resendAt };
    return {
      email: { ...initial, sentTo: email },
      mobile: { ...initial, sentTo: mobile },
    };
  });
  const inFlight = useRef<Record<ContactChannel, boolean>>({ email: false, mobile: false });
  const done = useRef(false);

  function update(channel: ContactChannel, patch: Partial<ChannelState>) {
    setChannels((current) => ({ ...current, [channel]: { ...current[channel], ...patch } }));
  }

  const allVerified = channels.email.verified && channels.mobile.verified;
  useEffect(() => {
    if (allVerified && !done.current) {
      done.current = true;
      onVerified();
    }
  }, [allVerified, onVerified]);

  async function verify(channel: ContactChannel, code: string) {
    if (inFlight.current[channel] || code.length !== CODE_LENGTH) return;
    inFlight.current[channel] = true;
    update(channel, { busy: true, error: null });
    try {
      const result = await activation({ actionType: channel, userName: account, code });
      update(channel, {
        busy: false,
        verified: channel === 'email' ? result.emailVerified : result.mobileVerified,
      });
    } catch (error) {
      update(channel, { busy: false, error });
    } finally {
      inFlight.current[channel] = false;
    }
  }

  async function resend(channel: ContactChannel) {
    try {
      const result = await send(channel, { userName: account });
      update(channel, {
        code: '',
        error: null,
        resendAt: Date.now() + result.resendAfter * 1000,
        sentTo: result.sentTo,
      });
    } catch (error) {
      // resend_too_soon says how long to wait: the countdown shows it
      const wait = resendWaitSeconds(error);
      update(channel, wait === null ? { error } : { error, resendAt: Date.now() + wait * 1000 });
    }
  }

  const section = (channel: ContactChannel) => {
    const state = channels[channel];
    const testId = channel === 'email' ? 'verify-email' : 'verify-mobile';
    return (
      <section className={styles.section} data-testid={testId} aria-labelledby={`${testId}-title`}>
        <h2 id={`${testId}-title`} className={styles.sectionTitle}>
          {channel === 'email' ? t('verify.emailTitle') : t('verify.mobileTitle')}
        </h2>
        {state.verified ? (
          <p className={styles.verified} role="status" data-testid={`${testId}-done`}>
            <span aria-hidden="true">✓</span>
            {t('verify.verified')}
          </p>
        ) : (
          <>
            <p className={styles.muted}>{t('verify.sentTo', { address: state.sentTo })}</p>
            <CodeInput
              label={channel === 'email' ? t('verify.emailCode') : t('verify.mobileCode')}
              value={state.code}
              onChange={(code) => update(channel, { code })}
              onComplete={(code) => void verify(channel, code)}
              error={errorText(state.error)}
              disabled={state.busy}
              autoFocus={channel === 'email'}
              data-testid={`${testId}-code`}
            />
            <div className={styles.row}>
              <ResendButton
                availableAt={state.resendAt}
                onResend={() => resend(channel)}
                disabled={state.busy}
                data-testid={`${testId}-resend`}
              />
              <Button
                busy={state.busy}
                disabled={state.code.length !== CODE_LENGTH}
                onClick={() => verify(channel, state.code)}
                data-testid={`${testId}-submit`}
              >
                {t('verify.submit')}
              </Button>
            </div>
          </>
        )}
      </section>
    );
  };

  return (
    <div className={styles.form} data-testid="register-verify">
      <p className={styles.muted}>{t('verify.intro')}</p>
      {section('email')}
      {section('mobile')}
    </div>
  );
}

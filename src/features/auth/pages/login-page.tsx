import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/button';
import { AuthCard, AuthNotice } from '../components/auth-card';
import { InvestorOfferDialog } from '../components/investor-offer-dialog';
import { LoginForm } from '../components/login-form';
import { SecondFactorForm } from '../components/second-factor-form';
import { WalletLogin } from '../components/wallet-login';
import { useAfterLogin } from '../hooks/use-after-login';
import { paths } from '../../../lib/paths';
import { useLoginFlow, type LoggedIn } from '../hooks/use-login-flow';
import styles from '../components/auth.module.css';
import { fullLoad } from '../../../lib/full-load';

function emailFromState(state: unknown): string {
  if (typeof state !== 'object' || state === null) return '';
  const email = (state as { email?: unknown }).email;
  return typeof email === 'string' ? email : '';
}

/** `/login?method=wallet` opens the wallet sign-in at once (the nav's connected-wallet offer). */
const WALLET_METHOD_PARAM = 'method';
const WALLET_METHOD_VALUE = 'wallet';

/**
 * /login (queries `back`, `id` from the guards; `method=wallet`). E-mail + password + captcha, then the second
 * factor when the account has one, or the device-authorisation notice; a wallet can sign in
 * too. After success: the Investor role offer when the account lacks it, then `afterLogin`
 * (back, else the stored backTo, else Landing).
 */
export default function LoginPage() {
  const { t } = useTranslation('auth');
  const afterLogin = useAfterLogin();
  const navigate = useNavigate();
  const location = useLocation();
  const [query] = useSearchParams();

  const onLoggedIn = useCallback(
    ({ languageChanged }: LoggedIn) => {
      const destination = afterLogin(query);
      // the member's own language (stored on the server) starts with a fresh load
      if (languageChanged) fullLoad(destination);
      else void navigate(destination, { replace: true });
    },
    [afterLogin, navigate, query],
  );

  const flow = useLoginFlow({ onLoggedIn });
  const { state } = flow;

  let body;
  if (state.step === 'second_factor') {
    body = (
      <SecondFactorForm
        key={state.method}
        method={state.method}
        sentTo={state.sentTo}
        resendAt={state.resendAt}
        onSubmit={flow.submitCode}
        onResend={flow.canResendSms ? flow.resendSms : undefined}
        error={state.error}
        delayedUntil={state.delayedUntil}
        onCancel={flow.restart}
      />
    );
  } else if (state.step === 'device_authorization') {
    body = (
      <AuthNotice tone="info" data-testid="login-device-authorization">
        <p>{t('login.device.sent', { email: state.sentTo })}</p>
        <p>{t('login.device.next')}</p>
        <Button variant="secondary" onClick={flow.restart} data-testid="login-device-again">
          {t('login.device.again')}
        </Button>
      </AuthNotice>
    );
  } else if (state.step === 'investor_offer' || state.step === 'done') {
    body = (
      <AuthNotice tone="success" data-testid="login-success">
        <p>{t('login.success')}</p>
      </AuthNotice>
    );
  } else {
    body = (
      <>
        {query.has('back') ? <p className={styles.muted}>{t('login.membersOnly')}</p> : null}
        <LoginForm
          defaultEmail={emailFromState(location.state)}
          onSubmit={flow.submitCredentials}
          error={state.error}
          delayedUntil={state.delayedUntil}
          captcha={flow.captcha}
        />
        <p className={styles.divider}>{t('login.or')}</p>
        <WalletLogin
          onResult={flow.walletResult}
          defaultOpen={query.get(WALLET_METHOD_PARAM) === WALLET_METHOD_VALUE}
        />
      </>
    );
  }

  return (
    <AuthCard
      title={state.step === 'second_factor' ? t('login.twoFactor.title') : t('login.title')}
      data-testid="login-page"
      footer={
        <>
          <span>{t('login.noAccount')}</span>
          <Link
            to={paths.Register.getHref()}
            className={styles.link}
            data-testid="login-register-link"
          >
            {t('login.register')}
          </Link>
        </>
      }
    >
      {body}
      <InvestorOfferDialog
        open={state.step === 'investor_offer'}
        error={state.step === 'investor_offer' ? state.error : null}
        onAccept={flow.acceptInvestor}
        onDecline={flow.declineInvestor}
      />
    </AuthCard>
  );
}

import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AuthCard, AuthNotice } from '../components/auth-card';
import { ContactVerification } from '../components/contact-verification';
import { RegisterForm, type Registered } from '../components/register-form';
import { paths } from '../../../lib/paths';
import styles from '../components/auth.module.css';

type Step =
  { name: 'form' } | { name: 'verify'; registered: Registered } | { name: 'done'; account: string };

/**
 * /register (query `refer` pre-fills the referral code): the form, then the contact
 * verification on the same page, then the way to Login.
 */
export default function RegisterPage() {
  const { t } = useTranslation('auth');
  const [query] = useSearchParams();
  const [step, setStep] = useState<Step>({ name: 'form' });

  const account = step.name === 'verify' ? step.registered.account : null;
  const onVerified = useCallback(() => {
    if (account) setStep({ name: 'done', account });
  }, [account]);

  const title =
    step.name === 'form'
      ? t('register.title')
      : step.name === 'verify'
        ? t('verify.title')
        : t('register.doneTitle');

  return (
    <AuthCard
      title={title}
      data-testid="register-page"
      footer={
        step.name === 'form' ? (
          <>
            <span>{t('register.haveAccount')}</span>
            <Link
              to={paths.Login.getHref()}
              className={styles.link}
              data-testid="register-login-link"
            >
              {t('register.login')}
            </Link>
          </>
        ) : undefined
      }
    >
      {step.name === 'form' ? (
        <RegisterForm
          referralCode={query.get('refer') ?? ''}
          onRegistered={(registered) => setStep({ name: 'verify', registered })}
        />
      ) : step.name === 'verify' ? (
        <ContactVerification
          account={step.registered.account}
          email={step.registered.email}
          mobile={step.registered.mobile}
          resendAfter={step.registered.resendAfter}
          onVerified={onVerified}
        />
      ) : (
        <AuthNotice tone="success" data-testid="register-success">
          <p>{t('register.done')}</p>
          <Link
            to={paths.Login.getHref()}
            state={{ email: step.account }}
            className={styles.link}
            data-testid="register-success-login"
          >
            {t('register.goLogin')}
          </Link>
        </AuthNotice>
      )}
    </AuthCard>
  );
}

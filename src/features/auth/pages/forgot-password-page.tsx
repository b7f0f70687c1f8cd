import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { forgotPwd } from '../../../services/member-auth';
import { CaptchaProgress } from '../captcha/captcha-progress';
import { useCaptcha } from '../captcha/use-captcha';
import { AuthCard, AuthNotice } from '../components/auth-card';
import { paths } from '../../../lib/paths';
import { useErrorText } from '../hooks/use-error-text';
import { useFieldError } from '../hooks/use-field-error';
import { forgotPasswordFormSchema, type ForgotPasswordFormValues } from '../utils/login-form';
import styles from '../components/auth.module.css';

/**
 * /forgot-password: the e-mail and the captcha. The answer is the same whether or not the
 * e-mail has an account, and so is the confirmation.
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const captcha = useCaptcha();
  const fieldError = useFieldError();
  const errorText = useErrorText();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordFormValues>({
    resolver: zodResolver(forgotPasswordFormSchema),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    setError(null);
    try {
      const solution = await captcha.solve();
      await forgotPwd({ email, captcha: solution });
      setSentTo(email);
    } catch (failure) {
      setError(failure);
    }
  });

  const message = errorText(error);

  return (
    <AuthCard
      title={t('forgot.title')}
      intro={sentTo === null ? t('forgot.intro') : undefined}
      data-testid="forgot-page"
      footer={
        <Link to={paths.Login.getHref()} className={styles.link} data-testid="forgot-login-link">
          {t('forgot.backToLogin')}
        </Link>
      }
    >
      {sentTo !== null ? (
        <AuthNotice tone="success" data-testid="forgot-sent">
          <p>{t('forgot.sent', { email: sentTo })}</p>
          <p>{t('forgot.sentNext')}</p>
        </AuthNotice>
      ) : (
        <form className={styles.form} noValidate onSubmit={onSubmit} data-testid="forgot-form">
          <TextField
            label={t('field.email')}
            type="email"
            autoComplete="username"
            inputMode="email"
            required
            error={fieldError(errors.email?.message)}
            data-testid="forgot-email"
            {...register('email')}
          />
          <CaptchaProgress
            phase={captcha.phase}
            progress={captcha.progress}
            onCancel={captcha.cancel}
          />
          {message ? (
            <p className={styles.formError} role="alert" data-testid="forgot-error">
              {message}
            </p>
          ) : null}
          <Button type="submit" size="lg" fullWidth busy={isSubmitting} data-testid="forgot-submit">
            {t('forgot.submit')}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}

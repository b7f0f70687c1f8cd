import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { useSecondsLeft } from '../../../components/code-input';
import { TextField } from '../../../components/text-field';
import { CaptchaProgress } from '../captcha/captcha-progress';
import type { CaptchaPhase } from '../captcha/use-captcha';
import { paths } from '../../../lib/paths';
import { useErrorText } from '../hooks/use-error-text';
import { useFieldError } from '../hooks/use-field-error';
import { loginFormSchema, type LoginFormValues } from '../utils/login-form';
import styles from './auth.module.css';
import { formatDateTime } from '../../../lib/date-format';
import { loginRetryAt } from '../../../services/member-auth';

export interface LoginFormProps {
  defaultEmail?: string;
  onSubmit: (values: LoginFormValues) => Promise<void>;
  error: unknown;
  /** login_delayed: no submit before this time (ms since epoch) */
  delayedUntil: number | null;
  captcha: { phase: CaptchaPhase; progress: number; cancel: () => void };
}

/** Step 1: e-mail, password, then the captcha runs by itself on submit. */
export function LoginForm({
  defaultEmail = '',
  onSubmit,
  error,
  delayedUntil,
  captcha,
}: LoginFormProps) {
  const { t } = useTranslation(['auth', 'errors']);
  const errorText = useErrorText();
  const delaySeconds = useSecondsLeft(delayedUntil);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginFormValues>({
    resolver: zodResolver(loginFormSchema),
    mode: 'onTouched',
    defaultValues: { email: defaultEmail, password: '' },
  });

  const fieldError = useFieldError();

  const delayed = delaySeconds > 0;
  // the per-account code limit says when the wait ends: "try again at 12:15 (UTC+8)"
  const retryAt = delayed ? loginRetryAt(error) : null;
  // While delayed the countdown replaces the refusal text.
  const formError = delayed ? undefined : errorText(error);

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={handleSubmit(async (values) => {
        if (delayed) return;
        await onSubmit(values);
      })}
      data-testid="login-form"
    >
      <TextField
        label={t('auth:field.email')}
        type="email"
        autoComplete="username"
        inputMode="email"
        required
        error={fieldError(errors.email?.message)}
        data-testid="login-email"
        {...register('email')}
      />
      <TextField
        label={t('auth:field.password')}
        type="password"
        autoComplete="current-password"
        required
        error={fieldError(errors.password?.message)}
        data-testid="login-password"
        {...register('password')}
      />
      <div className={styles.row}>
        <span />
        <Link
          to={paths.ForgotPwd.getHref()}
          className={styles.link}
          data-testid="login-forgot-link"
        >
          {t('auth:login.forgot')}
        </Link>
      </div>
      <CaptchaProgress
        phase={captcha.phase}
        progress={captcha.progress}
        onCancel={captcha.cancel}
      />
      {delayed ? (
        <p className={styles.formError} role="alert" data-testid="login-delay">
          {retryAt
            ? t('auth:login.delayedUntil', { time: formatDateTime(retryAt) })
            : t('auth:login.delayed', { seconds: delaySeconds })}
        </p>
      ) : null}
      {formError ? (
        <p className={styles.formError} role="alert" data-testid="login-error">
          {formError}
        </p>
      ) : null}
      <Button
        type="submit"
        size="lg"
        fullWidth
        busy={isSubmitting}
        disabled={delayed}
        data-testid="login-submit"
      >
        {t('auth:login.submit')}
      </Button>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { ApiError } from '../../../services/http-client';
import { resetPwd, type ResetPwdResult } from '../../../services/member-auth';
import { AuthError } from '../../../shared/api/auth';
import { MESSAGE_KEYS } from '../../../i18n/error-keys';
import { AuthCard, AuthNotice } from '../components/auth-card';
import { paths } from '../../../lib/paths';
import { useErrorText } from '../hooks/use-error-text';
import { useFieldError } from '../hooks/use-field-error';
import { newPasswordFormSchema, type NewPasswordFormValues } from '../utils/password-form';
import styles from '../components/auth.module.css';

/** Tokens of e-mailed links (contract: 16 to 512 characters). */
const TOKEN_PATTERN = /^[A-Za-z0-9._~-]{16,512}$/;

type Outcome = 'form' | 'done' | 'invalid';
type WalletChoice = 'unlink' | 'keep';
const WALLET_CHOICES: readonly WalletChoice[] = ['unlink', 'keep'];

/**
 * /reset-password?token=: a new password and its confirmation (spec messages, live), and what
 * to do with the wallets linked to the account: unlink them (the default: whoever got in may
 * have linked their own) or keep them, with wallet sign-in paused until the member opens the
 * link e-mailed with the reset. Success says which and leads to Login; an invalid, used or
 * expired link says "Please confirm that the link is valid" and offers a new one.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const [query] = useSearchParams();
  const token = query.get('token') ?? '';
  const fieldError = useFieldError();
  const errorText = useErrorText();
  const [outcome, setOutcome] = useState<Outcome>(TOKEN_PATTERN.test(token) ? 'form' : 'invalid');
  const [error, setError] = useState<unknown>(null);
  const [walletChoice, setWalletChoice] = useState<WalletChoice>('unlink');
  const [result, setResult] = useState<ResetPwdResult | null>(null);
  const {
    register,
    handleSubmit,
    trigger,
    getValues,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<NewPasswordFormValues>({
    resolver: zodResolver(newPasswordFormSchema),
    mode: 'onTouched',
    defaultValues: { password: '', confirmPassword: '' },
  });

  const livePassword = () => {
    void trigger(
      getValues('confirmPassword') === '' ? ['password'] : ['password', 'confirmPassword'],
    );
  };

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      setResult(await resetPwd({ token, ...values, unlinkWallets: walletChoice === 'unlink' }));
      setOutcome('done');
    } catch (failure) {
      if (failure instanceof ApiError && failure.message === AuthError.linkInvalid) {
        setOutcome('invalid');
        return;
      }
      const data =
        failure instanceof ApiError
          ? (failure.data as { field?: unknown; issues?: { message?: unknown }[] } | null)
          : null;
      const field =
        data?.field === 'password' || data?.field === 'confirmPassword' ? data.field : null;
      const issue = data?.issues?.[0]?.message;
      if (field && typeof issue === 'string' && MESSAGE_KEYS[issue]) {
        setFieldError(field, { message: issue }, { shouldFocus: true });
        return;
      }
      if (data?.field === 'token') {
        setOutcome('invalid');
        return;
      }
      setError(failure);
    }
  });

  const message = errorText(error);

  return (
    <AuthCard
      title={t('reset.title')}
      intro={outcome === 'form' ? t('reset.intro') : undefined}
      data-testid="reset-page"
    >
      {outcome === 'done' ? (
        <AuthNotice tone="success" data-testid="reset-success">
          <p>{t('reset.done')}</p>
          {result && result.unlinkedWallets > 0 ? (
            <p data-testid="reset-wallets-unlinked">
              {t('reset.wallets.unlinked', { count: result.unlinkedWallets })}
            </p>
          ) : null}
          {result?.walletLoginSuspended ? (
            <p data-testid="reset-wallets-suspended">{t('reset.wallets.suspended')}</p>
          ) : null}
          <Link to={paths.Login.getHref()} className={styles.link} data-testid="reset-login-link">
            {t('reset.goLogin')}
          </Link>
        </AuthNotice>
      ) : outcome === 'invalid' ? (
        <AuthNotice tone="error" data-testid="reset-invalid">
          <p>{t('reset.invalid')}</p>
          <Link
            to={paths.ForgotPwd.getHref()}
            className={styles.link}
            data-testid="reset-forgot-link"
          >
            {t('reset.requestNew')}
          </Link>
        </AuthNotice>
      ) : (
        <form className={styles.form} noValidate onSubmit={onSubmit} data-testid="reset-form">
          <TextField
            label={t('field.newPassword')}
            type="password"
            autoComplete="new-password"
            required
            hint={t('field.passwordHint')}
            error={fieldError(errors.password?.message)}
            data-testid="reset-password"
            {...register('password', { onChange: livePassword })}
          />
          <TextField
            label={t('field.confirmPassword')}
            type="password"
            autoComplete="new-password"
            required
            error={fieldError(errors.confirmPassword?.message)}
            data-testid="reset-confirm-password"
            {...register('confirmPassword', { onChange: livePassword })}
          />
          <fieldset className={styles.fieldset} data-testid="reset-wallets">
            <legend className={styles.legend}>{t('reset.wallets.legend')}</legend>
            <p className={styles.hint}>{t('reset.wallets.why')}</p>
            <div className={`${styles.choices} ${styles.choicesStacked}`}>
              {WALLET_CHOICES.map((choice) => (
                <label key={choice} className={styles.choice}>
                  <input
                    type="radio"
                    name="walletChoice"
                    value={choice}
                    checked={walletChoice === choice}
                    onChange={() => setWalletChoice(choice)}
                    data-testid={`reset-wallets-${choice}`}
                  />
                  {t(`reset.wallets.${choice}`)}
                </label>
              ))}
            </div>
          </fieldset>
          {message ? (
            <p className={styles.formError} role="alert" data-testid="reset-error">
              {message}
            </p>
          ) : null}
          <Button type="submit" size="lg" fullWidth busy={isSubmitting} data-testid="reset-submit">
            {t('reset.submit')}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}

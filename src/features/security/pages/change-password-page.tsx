import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { PageHeader } from '../../../components/page-header';
import { TextField } from '../../../components/text-field';
import { useUpdatePassword } from '../api/use-update-password';
import { Notice } from '../../../components/load-states';
import { SectionCard } from '../../../components/section-card';
import { useErrorText } from '../../../hooks/use-error-text';
import { useFieldErrorText } from '../hooks/use-field-error-text';
import { changePasswordFormSchema, type ChangePasswordForm } from '../utils/account-forms';
import { errorField } from '../utils/error-field';
import { paths } from '../../../lib/paths';
import styles from './security-page.module.css';

/** The server refused the current password (`invalid_credentials` naming `oldPassword`). */
const CURRENT_WRONG = 'current_wrong';

const EMPTY: ChangePasswordForm = { oldPassword: '', password: '', confirmPassword: '' };

/**
 * /account/change-password: current password, new password and its confirmation (spec
 * section 5 messages). On success the server has ended the member's other sessions; the page
 * says so and the form is cleared.
 */
export default function ChangePasswordPage() {
  const { t } = useTranslation(['security', 'common']);
  const fieldError = useFieldErrorText();
  const errorText = useErrorText();
  const mutation = useUpdatePassword();
  const [ended, setEnded] = useState<number | null>(null);
  const [serverError, setServerError] = useState<string | undefined>();

  const {
    register,
    handleSubmit,
    reset,
    control,
    trigger,
    setError,
    formState: { errors, touchedFields },
  } = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordFormSchema),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });

  // The confirmation is checked again when the new password changes (once it was visited).
  const newPassword = useWatch({ control, name: 'password' });
  const confirmVisited = Boolean(touchedFields.confirmPassword);
  useEffect(() => {
    if (confirmVisited) void trigger('confirmPassword');
  }, [newPassword, confirmVisited, trigger]);

  const onSubmit = handleSubmit(async (body) => {
    if (mutation.isPending) return;
    setServerError(undefined);
    setEnded(null);
    try {
      const result = await mutation.mutateAsync(body);
      reset(EMPTY);
      setEnded(result.endedSessions);
    } catch (failure) {
      if (errorField(failure) === 'oldPassword') {
        setError('oldPassword', { message: CURRENT_WRONG }, { shouldFocus: true });
      } else {
        setServerError(errorText(failure));
      }
    }
  });

  return (
    <div className={`${styles.page} ${styles.narrow}`} data-testid="change-password-page">
      <PageHeader
        title={t('security:password.title')}
        breadcrumbs={[
          { label: t('security:breadcrumb.account') },
          { label: t('security:password.title') },
        ]}
      />
      <SectionCard
        title={t('security:password.cardTitle')}
        description={t('security:password.description')}
      >
        {ended !== null ? (
          <Notice tone="success" testId="change-password-success">
            {t('security:password.done', { count: ended })}{' '}
            <Link
              className={styles.link}
              to={paths.Security.getHref(undefined, { tab: 'activity' })}
            >
              {t('security:password.reviewDevices')}
            </Link>
          </Notice>
        ) : null}
        <form
          className={styles.form}
          onSubmit={onSubmit}
          noValidate
          data-testid="change-password-form"
        >
          <TextField
            label={t('security:password.current')}
            type="password"
            autoComplete="current-password"
            required
            error={
              errors.oldPassword?.message === CURRENT_WRONG
                ? t('security:password.currentWrong')
                : fieldError(errors.oldPassword)
            }
            data-testid="password-current"
            {...register('oldPassword')}
          />
          <TextField
            label={t('security:password.new')}
            type="password"
            autoComplete="new-password"
            required
            hint={t('security:password.rule')}
            error={fieldError(errors.password)}
            data-testid="password-new"
            {...register('password')}
          />
          <TextField
            label={t('security:password.confirm')}
            type="password"
            autoComplete="new-password"
            required
            error={fieldError(errors.confirmPassword)}
            data-testid="password-confirm"
            {...register('confirmPassword')}
          />
          {serverError ? (
            <p role="alert" className={styles.serverError} data-testid="change-password-error">
              {serverError}
            </p>
          ) : null}
          <div className={styles.formActions}>
            <Button
              type="submit"
              size="lg"
              busy={mutation.isPending}
              data-testid="change-password-submit"
            >
              {t('security:password.submit')}
            </Button>
          </div>
        </form>
      </SectionCard>
    </div>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { PageHeader } from '../../../components/page-header';
import { TextField } from '../../../components/text-field';
import { getLoginInfo } from '../../../services/session';
import { USERNAME_MAX } from '../../../shared/validation/account';
import { useModifyNickname } from '../api/use-modify-nickname';
import { Notice } from '../../../components/load-states';
import { SectionCard } from '../../../components/section-card';
import { useErrorText } from '../../../hooks/use-error-text';
import { useFieldErrorText } from '../hooks/use-field-error-text';
import {
  editUsernameFormSchema,
  type EditUsernameForm,
  type EditUsernameFormInput,
} from '../utils/account-forms';
import styles from './security-page.module.css';

function storedNickname(): string {
  const nickname = getLoginInfo()?.nickname;
  return typeof nickname === 'string' ? nickname : '';
}

/**
 * /account/edit-user-name: the member's display name (`nickname`; the login e-mail never
 * changes here). On success the stored loginInfo carries the new nickname (the nav bar shows
 * it at once) and the page says so.
 */
export default function EditUsernamePage() {
  const { t } = useTranslation(['security', 'common']);
  const fieldError = useFieldErrorText();
  const errorText = useErrorText();
  const mutation = useModifyNickname();
  const [saved, setSaved] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | undefined>();

  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<EditUsernameFormInput, unknown, EditUsernameForm>({
    resolver: zodResolver(editUsernameFormSchema),
    mode: 'onTouched',
    defaultValues: { nickname: storedNickname() },
  });

  const onSubmit = handleSubmit(async (body) => {
    if (mutation.isPending) return;
    setServerError(undefined);
    setSaved(null);
    try {
      const result = await mutation.mutateAsync(body);
      reset({ nickname: result.nickname });
      setSaved(result.nickname);
    } catch (failure) {
      setServerError(errorText(failure));
    }
  });

  return (
    <div className={`${styles.page} ${styles.narrow}`} data-testid="edit-username-page">
      <PageHeader
        title={t('security:username.title')}
        breadcrumbs={[
          { label: t('security:breadcrumb.account') },
          { label: t('security:username.title') },
        ]}
      />
      <SectionCard
        title={t('security:username.cardTitle')}
        description={t('security:username.description')}
      >
        {saved ? (
          <Notice tone="success" testId="edit-username-success">
            {t('security:username.done', { nickname: saved })}
          </Notice>
        ) : null}
        <form
          className={styles.form}
          onSubmit={onSubmit}
          noValidate
          data-testid="edit-username-form"
        >
          <TextField
            label={t('security:username.label')}
            autoComplete="nickname"
            required
            maxLength={USERNAME_MAX}
            hint={t('security:username.hint', { max: USERNAME_MAX })}
            error={fieldError(errors.nickname)}
            data-testid="username-input"
            {...register('nickname')}
          />
          {serverError ? (
            <p role="alert" className={styles.serverError} data-testid="edit-username-error">
              {serverError}
            </p>
          ) : null}
          <div className={styles.formActions}>
            <Button
              type="submit"
              size="lg"
              busy={mutation.isPending}
              data-testid="edit-username-submit"
            >
              {t('security:username.submit')}
            </Button>
          </div>
        </form>
      </SectionCard>
    </div>
  );
}

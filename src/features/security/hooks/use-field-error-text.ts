import { useCallback } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../i18n/error-keys';
import { USERNAME_MAX } from '../../../shared/validation/account';
import { REQUIRED } from '../utils/account-forms';

/** A form field's error (a spec message or `required`) as translated text. */
export function useFieldErrorText(): (error: FieldError | undefined) => string | undefined {
  const { t } = useTranslation(['errors', 'security']);
  return useCallback(
    (error: FieldError | undefined) => {
      if (!error) return undefined;
      if (error.message === REQUIRED) return t('errors:validation.required');
      if (error.message === 'too_long') return t('security:form.tooLong', { max: USERNAME_MAX });
      return t(`errors:${errorMessageKey(error.message)}`);
    },
    [t],
  );
}

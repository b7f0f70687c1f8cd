import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../i18n/error-keys';
import { FormMessage } from '../utils/form-message';

/**
 * A field's validation message -> translated text. The forms' schemas use the spec's English
 * messages (`AccountMessage`), server keys, or `FormMessage`.
 */
export function useFieldError(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation(['errors', 'auth']);
  return useCallback(
    (message: string | undefined) => {
      if (message === undefined || message === '') return undefined;
      if (message === FormMessage.required) return t('errors:validation.required');
      if (message === FormMessage.tooLong) return t('auth:field.tooLong');
      return t(`errors:${errorMessageKey(message)}`);
    },
    [t],
  );
}

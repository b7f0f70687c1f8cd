import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../i18n/error-keys';
import { ApiError, isIgnoredError } from '../../../services/http-client';

/**
 * A failed server call -> translated text (the `errors` namespace); undefined for failures the
 * HTTP client handles itself (503, a reload or a trip to Landing under way).
 */
export function useErrorText(): (error: unknown) => string | undefined {
  const { t } = useTranslation('errors');
  return useCallback(
    (error: unknown) => {
      if (error === null || error === undefined || isIgnoredError(error)) return undefined;
      return t(errorMessageKey(error instanceof ApiError ? error.message : undefined));
    },
    [t],
  );
}

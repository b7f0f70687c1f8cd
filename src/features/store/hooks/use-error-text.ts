import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../i18n/error-keys';
import { ApiError, isIgnoredError } from '../../../services/http-client';

/**
 * Error -> translated text through the `errors` namespace; nothing for failures the HTTP client
 * handles itself (503, a reload or a trip to Landing under way).
 */
export function useErrorText(): (error: unknown) => string | undefined {
  const { t } = useTranslation('errors');
  return useCallback(
    (error: unknown) => {
      if (error === null || error === undefined || isIgnoredError(error)) return undefined;
      const message = error instanceof ApiError ? error.message : undefined;
      return t(errorMessageKey(message));
    },
    [t],
  );
}

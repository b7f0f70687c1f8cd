import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../i18n/error-keys';
import { ApiError, isIgnoredError } from '../../../services/http-client';
import { CONVERT_ERROR_KEYS } from '../utils/convert-errors';

/**
 * A failed conversion or stake call -> translated text; undefined for failures the HTTP client
 * handles itself. The refusal's data fills the message ({{minimum}}, {{currency}}...).
 */
export function useConvertErrorText(): (error: unknown) => string | undefined {
  const { t } = useTranslation(['convert', 'errors']);
  return useCallback(
    (error: unknown) => {
      if (error === null || error === undefined || isIgnoredError(error)) return undefined;
      const message = error instanceof ApiError ? error.message : undefined;
      const key = message ? CONVERT_ERROR_KEYS[message] : undefined;
      if (key) {
        const data = error instanceof ApiError && error.data && typeof error.data === 'object';
        return t(key as never, {
          ns: 'convert',
          ...(data ? (error.data as Record<string, unknown>) : {}),
        }) as string;
      }
      return t(errorMessageKey(message), { ns: 'errors' }) as string;
    },
    [t],
  );
}

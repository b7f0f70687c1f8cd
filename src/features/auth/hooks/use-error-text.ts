import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../i18n/error-keys';
import { ApiError, isIgnoredError } from '../../../services/http-client';
import { isCaptchaCancelled } from '../captcha/use-captcha';
import { CaptchaUnsolvableError } from '../captcha/solve-challenge';

/**
 * Error -> translated text for the identity screens: server messages (stable keys or the spec's
 * English texts) through the `errors` namespace. Nothing (undefined) for failures the HTTP
 * client handles itself and for a cancelled captcha.
 */
export function useErrorText(): (error: unknown) => string | undefined {
  const { t } = useTranslation(['errors', 'auth']);
  return useCallback(
    (error: unknown) => {
      if (error === null || error === undefined) return undefined;
      if (isIgnoredError(error) || isCaptchaCancelled(error)) return undefined;
      if (error instanceof CaptchaUnsolvableError) return t('auth:captcha.failed');
      const message = error instanceof ApiError ? error.message : undefined;
      return t(`errors:${errorMessageKey(message)}`);
    },
    [t],
  );
}

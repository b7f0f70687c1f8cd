import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText as useSharedErrorText } from '../../../hooks/use-error-text';
import { isCaptchaCancelled } from '../captcha/use-captcha';
import { CaptchaUnsolvableError } from '../captcha/solve-challenge';

/**
 * Error -> translated text for the identity screens: the shared way (their refusals are in the
 * `errors` namespace), plus the captcha: nothing for a cancelled one, its own text when it could
 * not be solved.
 */
export function useErrorText(): (error: unknown) => string | undefined {
  const { t } = useTranslation('auth');
  const shared = useSharedErrorText();
  return useCallback(
    (error: unknown) => {
      if (isCaptchaCancelled(error)) return undefined;
      if (error instanceof CaptchaUnsolvableError) return t('captcha.failed');
      return shared(error);
    },
    [t, shared],
  );
}

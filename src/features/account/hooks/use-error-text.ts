import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../i18n/error-keys';
import { ApiError, isIgnoredError } from '../../../services/http-client';
import { KycError, UPLOAD_MAX_MB } from '../../../shared/api/kyc';
import { KycMessage } from '../../../shared/validation/kyc';

/**
 * Error -> translated text: server refusals (stable keys or the spec's English texts)
 * through the `errors` namespace; nothing for failures the HTTP client
 * handles itself (503, a reload or a trip to Landing under way).
 *
 * The refusals of the premier calls and of the upload (contract `shared/api/kyc.ts`) are
 * translated here first: the `errors` namespace does not know them (yet).
 */
export function useErrorText(): (error: unknown) => string | undefined {
  const { t } = useTranslation(['errors', 'account']);
  return useCallback(
    (error: unknown) => {
      if (error === null || error === undefined || isIgnoredError(error)) return undefined;
      const message = error instanceof ApiError ? error.message : undefined;
      switch (message) {
        case KycError.premierState:
          return t('account:error.premierState');
        case KycError.kycRequired:
          return t('account:error.kycRequired');
        case KycError.unknownImage:
          return t('account:error.unknownImage');
        case KycMessage.declarationRequired:
          return t('account:premier.form.declarationRequired');
        case KycError.fileType:
          return t('errors:validation.fileType');
        case KycError.fileSize:
          return t('errors:validation.fileSize', { size: UPLOAD_MAX_MB });
        default:
          return t(`errors:${errorMessageKey(message)}`);
      }
    },
    [t],
  );
}

import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../i18n/error-keys';
import { ApiError, isIgnoredError } from '../../../services/http-client';
import { KycError, UPLOAD_MAX_MB } from '../../../shared/api/kyc';

/** The server's limit in the refusal (`data.maxMb`), else the contract's. */
function maxMb(error: unknown): number {
  const data = error instanceof ApiError ? (error.data as { maxMb?: unknown } | null) : null;
  return typeof data?.maxMb === 'number' ? data.maxMb : UPLOAD_MAX_MB;
}

/**
 * A failed KYC call -> translated text: the KYC refusals of the contract (`KycError`) from
 * this feature's namespace, the upload limits with the spec's texts, everything else through
 * the `errors` namespace. Nothing for failures the HTTP client handles itself.
 */
export function useKycErrorText(): (error: unknown) => string | undefined {
  const { t } = useTranslation(['kyc', 'errors']);
  return useCallback(
    (error: unknown) => {
      if (error === null || error === undefined || isIgnoredError(error)) return undefined;
      const message = error instanceof ApiError ? error.message : undefined;
      switch (message) {
        case KycError.locked:
          return t('kyc:error.locked');
        case KycError.incomplete:
          return t('kyc:error.incomplete');
        case KycError.wrongAccountType:
          return t('kyc:error.wrongAccountType');
        case KycError.unknownImage:
          return t('kyc:error.unknownImage');
        case KycError.fileType:
          return t('errors:validation.fileType');
        case KycError.fileSize:
          return t('errors:validation.fileSize', { size: maxMb(error) });
        default:
          return t(`errors:${errorMessageKey(message)}`);
      }
    },
    [t],
  );
}

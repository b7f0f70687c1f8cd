import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { KycMessage } from '../../../shared/validation/kyc';

/** Form-only message: a document is missing. */
export const DOCUMENT_REQUIRED = 'kyc_document_required';

/**
 * A field's validation message (the contract's `KycMessage`, the spec's "Incorrect ID No.
 * format", or a server issue's message) -> translated text. `max` fills the "too long" text.
 */
export function useFieldMessage(): (
  message: string | undefined,
  max?: number,
) => string | undefined {
  const { t } = useTranslation(['kyc', 'errors']);
  return useCallback(
    (message: string | undefined, max?: number) => {
      if (!message) return undefined;
      switch (message) {
        case KycMessage.required:
          return t('errors:validation.required');
        case KycMessage.idNumberFormat:
          return t('errors:validation.idFormat');
        case KycMessage.dateFormat:
          return t('kyc:validation.dateFormat');
        case KycMessage.dateInFuture:
          return t('kyc:validation.dateInFuture');
        case KycMessage.dateExpired:
          return t('kyc:validation.dateExpired');
        case KycMessage.passportFormat:
          return t('kyc:validation.passportFormat');
        case KycMessage.declarationRequired:
          return t('kyc:validation.declarationRequired');
        case KycMessage.restrictedCountry:
          return t('kyc:validation.restrictedCountry');
        case KycMessage.unknownCode:
          return t('kyc:validation.unknownCode');
        case KycMessage.tooLong:
          return max === undefined
            ? t('kyc:validation.tooLongNoMax')
            : t('kyc:validation.tooLong', { max });
        case DOCUMENT_REQUIRED:
          return t('kyc:validation.documentRequired');
        default:
          return t('kyc:validation.invalid');
      }
    },
    [t],
  );
}

import { useErrorText as useSharedErrorText, type ErrorText } from '../../../hooks/use-error-text';
import { KycError, UPLOAD_MAX_MB } from '../../../shared/api/kyc';
import { KycMessage } from '../../../shared/validation/kyc';

/** The refusals of the premier calls and of the upload (contract `shared/api/kyc.ts`). */
type AccountRefusal =
  | typeof KycError.premierState
  | typeof KycError.kycRequired
  | typeof KycError.unknownImage
  | typeof KycError.fileType
  | typeof KycError.fileSize
  | typeof KycMessage.declarationRequired;

const ACCOUNT_ERROR_TEXTS = {
  [KycError.premierState]: 'account:error.premierState',
  [KycError.kycRequired]: 'account:error.kycRequired',
  [KycError.unknownImage]: 'account:error.unknownImage',
  [KycMessage.declarationRequired]: 'account:premier.form.declarationRequired',
  [KycError.fileType]: 'errors:validation.fileType',
  [KycError.fileSize]: (_refusal, t) => t('errors:validation.fileSize', { size: UPLOAD_MAX_MB }),
} as const satisfies Record<AccountRefusal, ErrorText>;

/** Error -> translated text: the account's refusals, everything else the shared way. */
export function useErrorText(): (error: unknown) => string | undefined {
  return useSharedErrorText(ACCOUNT_ERROR_TEXTS, ['account']);
}

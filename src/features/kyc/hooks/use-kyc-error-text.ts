import { useErrorText, type ErrorText } from '../../../hooks/use-error-text';
import { KycError, UPLOAD_MAX_MB } from '../../../shared/api/kyc';

type KycRefusal = Exclude<
  (typeof KycError)[keyof typeof KycError],
  typeof KycError.premierState | typeof KycError.kycRequired | typeof KycError.premierRequired
>;

/** The KYC refusals of the contract (`KycError`); the premier ones belong to the Account page. */
const KYC_ERROR_TEXTS = {
  [KycError.locked]: 'kyc:error.locked',
  [KycError.incomplete]: 'kyc:error.incomplete',
  [KycError.wrongAccountType]: 'kyc:error.wrongAccountType',
  [KycError.unknownImage]: 'kyc:error.unknownImage',
  [KycError.fileType]: 'errors:validation.fileType',
  // the server's limit in the refusal (`data.maxMb`), else the contract's
  [KycError.fileSize]: ({ data }, t) =>
    t('errors:validation.fileSize', {
      size: typeof data?.maxMb === 'number' ? data.maxMb : UPLOAD_MAX_MB,
    }),
} as const satisfies Record<KycRefusal, ErrorText>;

/**
 * A failed KYC call -> translated text: the KYC refusals from this feature's namespace, the
 * upload limits with the spec's texts, everything else the shared way.
 */
export function useKycErrorText(): (error: unknown) => string | undefined {
  return useErrorText(KYC_ERROR_TEXTS, ['kyc']);
}

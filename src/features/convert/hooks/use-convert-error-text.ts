import { useErrorText, type ErrorText } from '../../../hooks/use-error-text';
import { KycError } from '../../../shared/api/kyc';
import { WalletError } from '../../../shared/api/wallet';
import { ConvertError } from '../../../shared/api/wallet-convert';

type ConvertRefusal =
  | (typeof ConvertError)[keyof typeof ConvertError]
  | typeof WalletError.insufficientBalance
  | typeof WalletError.idempotencyKeyReused
  | typeof KycError.kycRequired;

/**
 * Refusals of the conversion and stake calls -> the `convert` namespace, filled with the
 * refusal's data ({{minimum}}, {{currency}}...).
 */
export const CONVERT_ERROR_TEXTS = {
  [ConvertError.priceUpdated]: 'convert:error.priceUpdated',
  [ConvertError.quotaInsufficient]: 'convert:error.quotaInsufficient',
  [ConvertError.allConverted]: 'convert:error.allConverted',
  [ConvertError.belowMinimum]: 'convert:error.belowMinimum',
  [ConvertError.unsupportedPair]: 'convert:error.unsupportedPair',
  [ConvertError.tooManyDecimals]: 'convert:error.tooManyDecimals',
  [ConvertError.nothingToReceive]: 'convert:error.nothingToReceive',
  [ConvertError.stakeBelowMinimum]: 'convert:error.stakeBelowMinimum',
  [ConvertError.unstakeExceedsStaked]: 'convert:error.unstakeExceedsStaked',
  [WalletError.insufficientBalance]: 'convert:error.insufficientBalance',
  [WalletError.idempotencyKeyReused]: 'convert:error.idempotencyKeyReused',
  [KycError.kycRequired]: 'convert:error.kycRequired',
} as const satisfies Record<ConvertRefusal, ErrorText>;

/** A failed conversion or stake call -> translated text (undefined when nothing to say). */
export function useConvertErrorText(): (error: unknown) => string | undefined {
  return useErrorText(CONVERT_ERROR_TEXTS, ['convert']);
}

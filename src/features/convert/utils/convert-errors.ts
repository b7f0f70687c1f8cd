import { ConvertError } from '../../../shared/api/wallet-convert';
import { WalletError } from '../../../shared/api/wallet';

/**
 * Refusals of the conversion and stake calls -> keys of the `convert` namespace; anything else
 * goes to the shared `errors` namespace (see hooks/use-convert-error-text.ts).
 */
export const CONVERT_ERROR_KEYS: Record<string, string> = {
  [ConvertError.priceUpdated]: 'error.priceUpdated',
  [ConvertError.quotaInsufficient]: 'error.quotaInsufficient',
  [ConvertError.allConverted]: 'error.allConverted',
  [ConvertError.belowMinimum]: 'error.belowMinimum',
  [ConvertError.unsupportedPair]: 'error.unsupportedPair',
  [ConvertError.tooManyDecimals]: 'error.tooManyDecimals',
  [ConvertError.nothingToReceive]: 'error.nothingToReceive',
  [ConvertError.stakeBelowMinimum]: 'error.stakeBelowMinimum',
  [ConvertError.unstakeExceedsStaked]: 'error.unstakeExceedsStaked',
  [WalletError.insufficientBalance]: 'error.insufficientBalance',
  [WalletError.idempotencyKeyReused]: 'error.idempotencyKeyReused',
  kyc_required: 'error.kycRequired',
};

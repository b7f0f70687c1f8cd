import { useErrorText, type ErrorText, type NamespacedKey } from '../../../hooks/use-error-text';
import { KycError } from '../../../shared/api/kyc';
import { StoreError } from '../../../shared/api/store';
import { STORE_MIN_USDT, STORE_USDT_DECIMALS } from '../../../shared/constants/store';
import { AmountMessage, formatAtomic } from '../../../shared/money/decimal';

type StoreMessage =
  | (typeof StoreError)[keyof typeof StoreError]
  | (typeof AmountMessage)[keyof typeof AmountMessage]
  | typeof KycError.kycRequired;

/** Store refusals and amount messages (the server's and the form's) -> the `store` namespace. */
export const STORE_MESSAGE_KEYS = {
  [StoreError.purchaseFailed]: 'store:error.purchaseFailed',
  [StoreError.belowMinimum]: 'store:error.belowMinimum',
  [StoreError.aboveMaximum]: 'store:error.aboveMaximum',
  [StoreError.tooManyUnpaidOrders]: 'store:error.tooManyUnpaidOrders',
  [StoreError.unavailable]: 'store:error.unavailable',
  [AmountMessage.format]: 'store:error.amountFormat',
  [AmountMessage.tooManyDecimals]: 'store:error.amountDecimals',
  [AmountMessage.notPositive]: 'store:error.amountFormat',
  [AmountMessage.belowMin]: 'store:error.belowMinimum',
  [AmountMessage.aboveMax]: 'store:error.aboveMaximum',
  [KycError.kycRequired]: 'store:error.kycRequired',
} as const satisfies Record<StoreMessage, NamespacedKey>;

/** The values the store's messages name. */
export const STORE_MESSAGE_VALUES = {
  minimum: formatAtomic(STORE_MIN_USDT, STORE_USDT_DECIMALS),
};

const STORE_ERROR_TEXTS: Readonly<Record<string, ErrorText>> = Object.fromEntries(
  Object.entries(STORE_MESSAGE_KEYS).map(([message, key]) => [
    message,
    ((_refusal, t) => t(key, STORE_MESSAGE_VALUES)) satisfies ErrorText,
  ]),
);

/**
 * Error -> translated text: store messages from the `store` namespace (a validation refusal by
 * its field's message), everything else the shared way.
 */
export function useStoreErrorText(): (error: unknown) => string | undefined {
  return useErrorText(STORE_ERROR_TEXTS, ['store']);
}

import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../shared/api/envelope';
import { StoreError } from '../../../shared/api/store';
import { STORE_MIN_USDT, STORE_USDT_DECIMALS } from '../../../shared/constants/store';
import { AmountMessage, formatAtomic } from '../../../shared/money/decimal';
import { ApiError } from '../../../services/http-client';
import { useErrorText } from './use-error-text';

/** Store refusals and amount messages with their own text in the `store` namespace. */
export const STORE_ERROR_KEYS: Record<string, string> = {
  [StoreError.purchaseFailed]: 'error.purchaseFailed',
  [StoreError.belowMinimum]: 'error.belowMinimum',
  [StoreError.aboveMaximum]: 'error.aboveMaximum',
  [StoreError.tooManyUnpaidOrders]: 'error.tooManyUnpaidOrders',
  [StoreError.unavailable]: 'error.unavailable',
  [AmountMessage.format]: 'error.amountFormat',
  [AmountMessage.tooManyDecimals]: 'error.amountDecimals',
  [AmountMessage.notPositive]: 'error.amountFormat',
  [AmountMessage.belowMin]: 'error.belowMinimum',
  [AmountMessage.aboveMax]: 'error.aboveMaximum',
  kyc_required: 'error.kycRequired',
};

/** The message key of a refused call: the field's message for a validation failure. */
function messageOf(error: ApiError): string {
  if (error.message === ErrorMessage.validation) {
    const issue = (error.data as { issues?: { message?: string }[] } | null)?.issues?.[0];
    if (issue?.message) return issue.message;
  }
  return error.message;
}

/**
 * Error -> translated text: store messages from the `store` namespace, everything else through
 * the `errors` namespace; nothing for failures the HTTP client handles itself.
 */
export function useStoreErrorText(): (error: unknown) => string | undefined {
  const { t } = useTranslation('store');
  const generic = useErrorText();
  return useCallback(
    (error: unknown) => {
      if (error instanceof ApiError && !error.ignored) {
        const key = STORE_ERROR_KEYS[messageOf(error)];
        if (key)
          return t(key as 'error.purchaseFailed', {
            minimum: formatAtomic(STORE_MIN_USDT, STORE_USDT_DECIMALS),
          });
      }
      return generic(error);
    },
    [t, generic],
  );
}

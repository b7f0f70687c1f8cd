import { useErrorText, type ErrorText } from '../../../hooks/use-error-text';
import type { KycError } from '../../../shared/api/kyc';
import { LendingError } from '../../../shared/api/lending';
import { formatLendingAmount } from '../utils/format';

type LendingMessage = LendingError | (typeof KycError)['kycRequired'];

/** The amount a refusal's data names (`max`, `minimum`), for display. */
function dataAmount(data: Record<string, unknown> | null, name: string): string {
  const value = data?.[name];
  return typeof value === 'string' ? formatLendingAmount(value) : '-';
}

/**
 * Every lending refusal (contract `shared/api/lending.ts`, spec section 8) and the identity
 * refusal of the writes -> the `lending` namespace. A refusal added to the contract without a
 * text fails the typecheck.
 */
export const LENDING_MESSAGE_TEXTS = {
  [LendingError.strategyNotFound]: 'lending:error.strategyNotFound',
  [LendingError.subscriptionNotFound]: 'lending:error.subscriptionNotFound',
  [LendingError.alreadySubscribed]: 'lending:error.alreadySubscribed',
  [LendingError.apiKeyNotFound]: 'lending:error.apiKeyNotFound',
  [LendingError.apiKeyWrongExchange]: 'lending:error.apiKeyWrongExchange',
  [LendingError.apiKeyIncorrect]: 'lending:error.apiKeyIncorrect',
  [LendingError.oneProductPerAccount]: 'lending:error.oneProductPerAccount',
  [LendingError.insufficientBalance]: 'lending:error.insufficientBalance',
  [LendingError.exchangeInsufficientBalance]: 'lending:error.exchangeInsufficientBalance',
  [LendingError.insufficientAssets]: 'lending:error.insufficientAssets',
  [LendingError.idleAmountBelowMinimum]: (refusal, t) =>
    t('lending:error.idleAmountBelowMinimum', { minimum: dataAmount(refusal.data, 'minimum') }),
  [LendingError.referralInvalid]: 'lending:error.referralInvalid',
  [LendingError.clearOpenOrders]: 'lending:error.clearOpenOrders',
  [LendingError.wrongState]: 'lending:error.wrongState',
  [LendingError.exchangeUnavailable]: 'lending:error.exchangeUnavailable',
  kyc_required: 'lending:error.kycRequired',
} as const satisfies Record<LendingMessage, ErrorText>;

const LENDING_ERROR_TEXTS: Readonly<Record<string, ErrorText>> = LENDING_MESSAGE_TEXTS;

/** Error -> translated text: lending refusals from `lending`, the rest the shared way. */
export function useLendingErrorText(): (error: unknown) => string | undefined {
  return useErrorText(LENDING_ERROR_TEXTS, ['lending']);
}

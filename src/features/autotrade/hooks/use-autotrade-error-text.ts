import { useErrorText, type ErrorText, type NamespacedKey } from '../../../hooks/use-error-text';
import { AutotradeStrategyError } from '../../../shared/api/autotrade-strategies';
import { AutotradeSubscriptionError } from '../../../shared/api/autotrade-subscriptions';
import type { KycError } from '../../../shared/api/kyc';

type AutotradeMessage =
  | (typeof AutotradeSubscriptionError)[keyof typeof AutotradeSubscriptionError]
  | (typeof AutotradeStrategyError)[keyof typeof AutotradeStrategyError]
  | (typeof KycError)['kycRequired'];

/**
 * Every Smart Autotrade refusal (contracts `shared/api/autotrade-subscriptions.ts` and
 * `autotrade-strategies.ts`) and the identity refusal of Subscribe -> the `autotrade` namespace.
 * A refusal added to a contract without a text fails the typecheck.
 */
export const AUTOTRADE_MESSAGE_KEYS = {
  [AutotradeSubscriptionError.strategyNotFound]: 'autotrade:error.strategyNotFound',
  [AutotradeSubscriptionError.strategyClosed]: 'autotrade:error.strategyClosed',
  [AutotradeSubscriptionError.subscriptionNotFound]: 'autotrade:error.subscriptionNotFound',
  [AutotradeSubscriptionError.apiKeyNotFound]: 'autotrade:error.apiKeyNotFound',
  [AutotradeSubscriptionError.apiKeyIncorrect]: 'autotrade:error.apiKeyIncorrect',
  [AutotradeSubscriptionError.oneProductPerAccount]: 'autotrade:error.oneProductPerAccount',
  [AutotradeSubscriptionError.exchangeInsufficientBalance]:
    'autotrade:error.exchangeInsufficientBalance',
  [AutotradeSubscriptionError.insufficientBalance]: 'autotrade:error.insufficientBalance',
  [AutotradeSubscriptionError.belowMinimum]: 'autotrade:error.belowMinimum',
  [AutotradeSubscriptionError.marginBelowMinimum]: 'autotrade:error.marginBelowMinimum',
  [AutotradeSubscriptionError.marginCurrencyNotAccepted]:
    'autotrade:error.marginCurrencyNotAccepted',
  [AutotradeSubscriptionError.walletNotLinked]: 'autotrade:error.walletNotLinked',
  [AutotradeSubscriptionError.consentRequired]: 'autotrade:error.consentRequired',
  [AutotradeSubscriptionError.tooManyDecimals]: 'autotrade:error.tooManyDecimals',
  [AutotradeSubscriptionError.wrongState]: 'autotrade:error.wrongState',
  [AutotradeSubscriptionError.marginSourceMismatch]: 'autotrade:error.marginSourceMismatch',
  [AutotradeSubscriptionError.exchangeUnavailable]: 'autotrade:error.exchangeUnavailable',
  [AutotradeStrategyError.notFound]: 'autotrade:error.strategyNotFound',
  [AutotradeStrategyError.subscriptionNotFound]: 'autotrade:error.subscriptionNotFound',
  [AutotradeStrategyError.reviewNotAllowed]: 'autotrade:error.reviewNotAllowed',
  kyc_required: 'autotrade:error.kycRequired',
} as const satisfies Record<AutotradeMessage, NamespacedKey>;

const AUTOTRADE_ERROR_TEXTS: Readonly<Record<string, ErrorText>> = AUTOTRADE_MESSAGE_KEYS;

/** Error -> translated text: Smart Autotrade refusals from `autotrade`, the rest the shared way. */
export function useAutotradeErrorText(): (error: unknown) => string | undefined {
  return useErrorText(AUTOTRADE_ERROR_TEXTS, ['autotrade']);
}

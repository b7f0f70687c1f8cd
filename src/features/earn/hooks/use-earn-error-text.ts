import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useErrorText,
  type ErrorText,
  type NamespacedKey,
  type Translate,
} from '../../../hooks/use-error-text';
import { EarnDcaError, EarnError, type EarnErrorKey } from '../../../shared/api/earn';
import type { KycError } from '../../../shared/api/kyc';

type EarnMessage =
  | EarnErrorKey
  | (typeof EarnDcaError)[keyof typeof EarnDcaError]
  | (typeof KycError)['kycRequired']
  | (typeof KycError)['premierRequired'];

/**
 * Every earn refusal (contract `shared/api/earn.ts`: EarnError and Smart DCA's EarnDcaError) and
 * the two membership refusals of Join -> the `earn` namespace. A refusal added to the contract without a text fails the typecheck.
 */
export const EARN_MESSAGE_KEYS = {
  [EarnError.productNotFound]: 'earn:error.productNotFound',
  [EarnError.notRaising]: 'earn:error.notRaising',
  [EarnError.belowMinUnits]: 'earn:error.belowMinUnits',
  [EarnError.aboveMaxUnits]: 'earn:error.aboveMaxUnits',
  [EarnError.soldOut]: 'earn:error.soldOut',
  [EarnError.insufficientBalance]: 'earn:error.insufficientBalance',
  [EarnError.consentMissing]: 'earn:error.consentMissing',
  [EarnError.premierOnly]: 'earn:error.premierOnly',
  [EarnError.noSubscription]: 'earn:error.noSubscription',
  [EarnError.cannotCancel]: 'earn:error.cannotCancel',
  [EarnError.redemptionClosed]: 'earn:error.redemptionClosed',
  [EarnError.returnAboveMax]: 'earn:error.returnAboveMax',
  [EarnError.notPro]: 'earn:error.notPro',
  [EarnError.renewOnTooLate]: 'earn:error.renewOnTooLate',
  [EarnError.settingClosed]: 'earn:error.settingClosed',
  [EarnDcaError.notAvailable]: 'earn:error.dcaNotAvailable',
  [EarnDcaError.sameCurrency]: 'earn:error.dcaSameCurrency',
  kyc_required: 'earn:error.kycRequired',
  premier_required: 'earn:error.premierOnly',
} as const satisfies Record<EarnMessage, NamespacedKey>;

const EARN_ERROR_TEXTS: Readonly<Record<string, ErrorText>> = EARN_MESSAGE_KEYS;

/**
 * Error -> translated text: earn refusals from the `earn` namespace (a validation refusal by its
 * first field's message, e.g. a missing consent), everything else the shared way.
 */
export function useEarnErrorText(): (error: unknown) => string | undefined {
  return useErrorText(EARN_ERROR_TEXTS, ['earn']);
}

/**
 * Why CheckJoin says the member may not join (an earn refusal key or `kyc_required`), in words;
 * an unknown reason reads as the general "not now".
 */
export function useJoinReasonText(): (reason: string | null) => string {
  const { t } = useTranslation('earn');
  return useCallback(
    (reason: string | null) => {
      const key = reason ? (EARN_MESSAGE_KEYS as Record<string, NamespacedKey>)[reason] : undefined;
      return key ? (t as unknown as Translate)(key) : t('join.unavailable');
    },
    [t],
  );
}

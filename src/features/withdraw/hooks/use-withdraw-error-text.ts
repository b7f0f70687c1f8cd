import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../i18n/error-keys';
import type withdrawLocale from '../../../i18n/locales/en-US/withdraw.json';
import { formatDateTime } from '../../../lib/date-format';
import { refusalOf } from '../../../hooks/use-error-text';
import { isIgnoredError } from '../../../services/http-client';
import { WalletError } from '../../../shared/api/wallet';
import {
  ADDRESS_NAME_MAX,
  AddressNameMessage,
  WithdrawError,
} from '../../../shared/api/wallet-withdraw';
import { AmountMessage } from '../../../shared/money/decimal';
import { MAX_SAVED_ADDRESSES } from '../../../shared/validation/address';
import { currencyDecimals, displayExactText } from '../utils/withdraw-math';

/** Context the messages may name: the currency, and the figures a refusal carries in `data`. */
export interface MessageContext {
  currency?: string | undefined;
  /** data of the refusal (minimum, remaining, withdrawable, lockedUntil, max) */
  data?: Record<string, unknown> | null | undefined;
}

type WithdrawKey = keyof typeof withdrawLocale;

/** Messages of this feature's calls -> keys of the `withdraw` namespace. */
const WITHDRAW_MESSAGE_KEYS: Readonly<Record<string, WithdrawKey>> = {
  [WithdrawError.minimum]: 'error.minimum',
  [WithdrawError.limitExceeded]: 'error.limitExceeded',
  [WithdrawError.insufficientBalance]: 'error.insufficientBalance',
  [WithdrawError.locked]: 'error.locked',
  [WithdrawError.twoFactorNotEnabled]: 'error.twoFactorNotEnabled',
  [WithdrawError.networkNotAllowed]: 'error.networkNotAllowed',
  [WithdrawError.bcntKycRequired]: 'error.bcntKycRequired',
  [WithdrawError.bcntKycUnderReview]: 'error.bcntKycUnderReview',
  [WithdrawError.bcntRewardLocked]: 'error.bcntRewardLocked',
  [WithdrawError.addressNotFound]: 'error.addressNotFound',
  [WithdrawError.addressBookFull]: 'error.addressBookFull',
  [WithdrawError.addressDuplicate]: 'error.addressDuplicate',
  [WithdrawError.withdrawalNotFound]: 'error.withdrawalNotFound',
  [AddressNameMessage.required]: 'error.nameRequired',
  [AddressNameMessage.tooLong]: 'error.nameTooLong',
  [AmountMessage.format]: 'error.amountFormat',
  [AmountMessage.tooManyDecimals]: 'error.amountTooManyDecimals',
  [AmountMessage.notPositive]: 'error.amountNotPositive',
  [AmountMessage.belowMin]: 'error.minimum',
  [AmountMessage.aboveMax]: 'error.amountAboveMax',
  [WalletError.idempotencyKeyReused]: 'error.idempotencyKeyReused',
  [WalletError.idempotencyKeyRequired]: 'error.idempotencyKeyReused',
};

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * Message keys of withdrawals and the address book (the server's, and the same keys checked in
 * the browser) -> translated text; other messages through the shared `errors` namespace.
 */
export function useWithdrawMessage(): (message: string, context?: MessageContext) => string {
  const { t } = useTranslation(['withdraw', 'errors']);
  return useCallback(
    (message: string, { currency = '', data }: MessageContext = {}) => {
      const key = WITHDRAW_MESSAGE_KEYS[message];
      if (!key) return t(`errors:${errorMessageKey(message)}`);
      const amount = (field: string) =>
        currency && text(data?.[field]) ? displayExactText(text(data?.[field]), currency) : '';
      return t(`withdraw:${key}`, {
        currency,
        minimum: amount('minimum'),
        remaining: amount('remaining'),
        withdrawable: amount('withdrawable'),
        time: data?.lockedUntil ? formatDateTime(text(data.lockedUntil)) : '',
        decimals: currency ? currencyDecimals(currency) : '',
        max: MAX_SAVED_ADDRESSES,
        nameMax: ADDRESS_NAME_MAX,
      });
    },
    [t],
  );
}

/**
 * A failed call -> translated text (undefined for failures the HTTP client handles itself:
 * 503, a reload or a trip to Landing under way).
 */
export function useWithdrawErrorText(): (error: unknown, currency?: string) => string | undefined {
  const message = useWithdrawMessage();
  return useCallback(
    (error: unknown, currency?: string) => {
      if (error === null || error === undefined || isIgnoredError(error)) return undefined;
      const refusal = refusalOf(error);
      return message(refusal?.message ?? 'unexpected', { currency, data: refusal?.data });
    },
    [message],
  );
}

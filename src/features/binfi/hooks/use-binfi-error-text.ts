import { useErrorText, type ErrorText } from '../../../hooks/use-error-text';
import { BINFI_JOIN_REFUSALS, BinfiError } from '../../../shared/api/binfi';

/**
 * Every refusal of Supply / Take (contract `shared/api/binfi.ts`, spec section 8) -> the `binfi`
 * namespace. A refusal added to the contract without a text fails the typecheck.
 */
export const BINFI_MESSAGE_TEXTS = {
  [BinfiError.unitsMax]: 'binfi:error.unitsMax',
  [BinfiError.referralInvalid]: 'binfi:error.referralInvalid',
  [BinfiError.walletNotLinked]: 'binfi:error.walletNotLinked',
  [BinfiError.cannotJoin]: (refusal, t) => {
    const reason = refusal.data?.reason;
    return (BINFI_JOIN_REFUSALS as readonly unknown[]).includes(reason)
      ? t(`binfi:join.gate.${reason as (typeof BINFI_JOIN_REFUSALS)[number]}`)
      : t('binfi:error.cannotJoin');
  },
  [BinfiError.unitsOver]: (refusal, t) =>
    t('binfi:join.unitsError.available', { max: String(refusal.data?.maxUnits ?? 0) }),
  [BinfiError.hodlBalanceShort]: 'binfi:error.hodlBalanceShort',
  [BinfiError.passUsed]: 'binfi:error.passUsed',
  [BinfiError.snapshotUnavailable]: 'binfi:error.snapshotUnavailable',
} as const satisfies Record<BinfiError, ErrorText>;

const TEXTS: Readonly<Record<string, ErrorText>> = BINFI_MESSAGE_TEXTS;

export function useBinfiErrorText(): (error: unknown) => string | undefined {
  return useErrorText(TEXTS, ['binfi']);
}

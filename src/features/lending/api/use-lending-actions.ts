import { useIdempotentAction } from '../../../hooks/use-idempotent-action';
import {
  lendingWrite,
  type LendingWrite,
  type LendingWriteBodies,
} from '../../../services/lending';
import { queryKeys } from '../../../services/query-keys';
import { useLendingErrorText } from '../hooks/use-lending-error-text';
import { lendingKeys } from './query-keys';

/** What a lending write refreshes: the feature's member reads and the wallet (a charge). */
const AFTER_WRITE = [lendingKeys.member(), queryKeys.member.wallet()] as const;

/**
 * One lending write (Subscribe, Unsubscribe, Resubscribe, IdleAmount, Suspend, FeeCurrency) on
 * the idempotent-action hook: one Idempotency-Key per member action, the same on a retry, the
 * refusal translated.
 */
export function useLendingAction<W extends LendingWrite>(write: W) {
  const errorText = useLendingErrorText();
  return useIdempotentAction({
    call: (body: LendingWriteBodies[W], key) => lendingWrite(write, body, key),
    invalidate: AFTER_WRITE,
    errorText,
  });
}

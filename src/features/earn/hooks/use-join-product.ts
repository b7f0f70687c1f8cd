import { useIdempotentAction } from '../../../hooks/use-idempotent-action';
import { joinEarnProduct } from '../../../services/earn';
import { queryKeys } from '../../../services/query-keys';
import { useEarnErrorText } from './use-earn-error-text';

/**
 * A join moves money from the wallet into the product: the wallet, everything the member reads
 * of earn products (detail, CheckJoin, subscriptions) and the public catalog (units sold) change.
 */
const JOIN_CHANGES = [
  queryKeys.member.wallet(),
  queryKeys.member.earn(),
  queryKeys.products.earn(),
] as const;

/**
 * POST premium2/Join as one idempotent action: the same Idempotency-Key on every retry of a
 * join (a lost answer never subscribes twice), a new one after a success or when the member
 * changes the join (`newAction`).
 */
export function useJoinProduct() {
  const errorText = useEarnErrorText();
  return useIdempotentAction({ call: joinEarnProduct, invalidate: JOIN_CHANGES, errorText });
}
